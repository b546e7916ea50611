import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayAdapter,
  GatewayCredentials,
  GatewayFailure,
  IntentOutcome,
  IntentRequest,
  IntentStart,
  PaymentAction,
  RefundRequest,
  RefundResult,
} from './types.ts';

export const STRIPE_GATEWAY_ID = 1;

export type StripeAdapterOptions = {
  /** e.g. 'http://127.0.0.1:12111' (a local fake); Stripe's own API when unset. */
  apiBase?: string;
  /** Retries of network failures and 5xx answers; safe, since every call has an idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
};

export type KeyCheck =
  | {
      ok: true;
      mode: 'live' | 'test';
      /** More credentials to store sealed with the given ones (Stripe: the webhook's signing secret). */
      stored?: Record<string, string>;
    }
  | (GatewayFailure & { field?: string });

/** The events each merchant's Stripe webhook endpoint receives. */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.dispute.created',
] as const;

export type StripeAdapter = GatewayAdapter & {
  /** Whether Stripe accepts the secret key (GET /v1/balance), before it is stored. */
  verifyCredentials(credentials: GatewayCredentials): Promise<KeyCheck>;
  /**
   * Connecting: the keys checked (the publishable key of the secret key's mode), then the account's
   * webhook endpoint created at Stripe, its signing secret to be stored with the keys.
   */
  connect(credentials: GatewayCredentials, webhookUrl: string): Promise<KeyCheck>;
  /** A webhook's event, when its Stripe-Signature is the endpoint's (else it throws). */
  webhookEvent(payload: string, signature: string, secret: string): Stripe.Event;
};

/** Stripe's saved card for off-session charges: the customer and payment method, as one token. */
export const savedCardToken = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;

const NOT_CONNECTED: GatewayFailure = {
  ok: false,
  message: 'Stripe is not connected: add your secret key in the payment settings',
  retryable: false,
  code: 'not_connected',
};

/** Stripe's error classes, as retryable or not (orders spec: the gateway's own message is shown). */
export function stripeFailure(error: unknown): GatewayFailure {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return { ok: false, message: 'Stripe could not be reached. Try again later.', retryable: true };
  }
  const code = error.code ?? error.type;
  switch (error.type) {
    case 'StripeCardError': {
      // Off-session, the bank asks for the shopper: Stripe's error carries the intent to confirm on-session.
      const action = error.code === 'authentication_required' ? actionOf(error.payment_intent) : undefined;
      return {
        ok: false,
        message: error.message,
        retryable: false,
        code: error.code ?? 'card_error',
        ...(action ? { action } : {}),
      };
    }
    case 'StripeRateLimitError':
    case 'StripeAPIError':
    case 'StripeConnectionError':
      return {
        ok: false,
        message: error.message || 'Stripe is busy. Try again later.',
        retryable: true,
        code,
      };
    case 'StripeInvalidRequestError':
      // Another request on the same object is still running at Stripe: a later try succeeds.
      return { ok: false, message: error.message, retryable: error.code === 'lock_timeout', code };
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return {
        ok: false,
        message: `Stripe refused the secret key: ${error.message}`,
        retryable: false,
        code: error.code ?? 'authentication_error',
      };
    default:
      return { ok: false, message: error.message, retryable: false, code };
  }
}

/** The intent a shopper can still confirm with Stripe.js (its client secret and saved payment method). */
function actionOf(intent: Stripe.PaymentIntent | undefined): PaymentAction | undefined {
  if (!intent?.client_secret || intent.status === 'succeeded' || intent.status === 'canceled')
    return undefined;
  const method = intent.payment_method ?? intent.last_payment_error?.payment_method ?? null;
  return {
    reference: intent.id,
    clientSecret: intent.client_secret,
    paymentMethod: typeof method === 'string' ? method : (method?.id ?? null),
  };
}

/** The Stripe client settings of a configurable API base (shared by the platform billing reconciliation). */
export function clientOptions(options: StripeAdapterOptions): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
    appInfo: { name: 'Funnelwork' },
  };
  if (options.apiBase) {
    const url = new URL(options.apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return config;
}

/** Stripe's default: a signature older than five minutes is refused (a captured request replayed later). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The Stripe customer of a shopper's e-mail in the merchant's Stripe account, created once. */
async function customerOf(stripe: Stripe, email: string): Promise<string> {
  const found = await stripe.customers.list({ email, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const created = await stripe.customers.create(
    { email },
    // Two checkouts of one new shopper at once make one customer.
    { idempotencyKey: `customer-${createHash('sha256').update(email).digest('hex').slice(0, 40)}` },
  );
  return created.id;
}

/**
 * Opens the PaymentIntent of a checkout, unconfirmed: the page confirms it with Stripe.js (3-D Secure
 * in place). Cards only, so a payment never leaves for a redirect; saved on the shopper's Stripe
 * customer for off-session upsells.
 */
async function startPayment(stripe: Stripe | null, request: IntentRequest): Promise<IntentStart> {
  if (!stripe) return NOT_CONNECTED;
  try {
    const customer = await customerOf(stripe, request.customerEmail);
    const intent = await stripe.paymentIntents.create(
      {
        amount: request.amountMinor,
        currency: request.currency.toLowerCase(),
        customer,
        setup_future_usage: 'off_session',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: request.metadata,
        receipt_email: request.customerEmail,
        ...(request.description ? { description: request.description } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!intent.client_secret) {
      return { ok: false, message: 'Stripe answered no client secret', retryable: true, code: 'api_error' };
    }
    return { ok: true, reference: intent.id, clientSecret: intent.client_secret };
  } catch (error) {
    return stripeFailure(error);
  }
}

/** What Stripe says of an intent the page confirmed. */
async function paymentOutcome(
  stripe: Stripe | null,
  reference: string,
): Promise<IntentOutcome | GatewayFailure> {
  if (!stripe) return NOT_CONNECTED;
  try {
    return intentOutcome(await stripe.paymentIntents.retrieve(reference));
  } catch (error) {
    return stripeFailure(error);
  }
}

/** An intent (retrieved, or from a webhook) as the checkout reads it. */
export function intentOutcome(intent: Stripe.PaymentIntent): IntentOutcome {
  const id = (value: string | { id: string } | null) => (typeof value === 'string' ? value : value?.id);
  switch (intent.status) {
    case 'succeeded': {
      const customer = id(intent.customer);
      const method = id(intent.payment_method);
      return {
        status: 'succeeded',
        amountMinor: intent.amount_received || intent.amount,
        currency: intent.currency.toUpperCase(),
        ...(customer && method ? { savedPaymentMethod: savedCardToken(customer, method) } : {}),
      };
    }
    case 'requires_payment_method':
    case 'canceled':
      if (intent.status === 'canceled' || intent.last_payment_error) {
        return {
          status: 'failed',
          message: intent.last_payment_error?.message ?? 'The payment was canceled',
          code: intent.last_payment_error?.code ?? intent.status,
        };
      }
      return { status: 'pending', awaitingPayer: true };
    case 'requires_confirmation':
    case 'requires_action':
      return { status: 'pending', awaitingPayer: true };
    default:
      // 'processing' (a payment method that settles later) and the like: Stripe's to finish.
      return { status: 'pending' };
  }
}

export function createStripeAdapter(options: StripeAdapterOptions = {}): StripeAdapter {
  const config = clientOptions(options);
  const clientFor = (credentials: GatewayCredentials | null) =>
    credentials?.secret_key ? new Stripe(credentials.secret_key, config) : null;

  const adapter: StripeAdapter = {
    gatewayId: STRIPE_GATEWAY_ID,
    capabilities: { charges: true, refunds: true, savedPaymentMethods: true, needsCredentials: true },

    async charge(credentials, request: ChargeRequest): Promise<ChargeResult> {
      const stripe = clientFor(credentials);
      if (!stripe) return NOT_CONNECTED;
      if (request.paymentMethod.kind !== 'token') {
        // Card numbers never reach our server for Stripe: Stripe.js turns them into a payment method.
        return {
          ok: false,
          message: 'Stripe needs a payment method from Stripe.js, not card details',
          retryable: false,
          code: 'payment_method_required',
        };
      }
      // A card saved at the checkout ('cus_…/pm_…') is charged without the shopper (upsells, renewals).
      const [customer, savedMethod] = request.paymentMethod.token.split('/');
      const saved = savedMethod ? { customer, off_session: true } : {};
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            payment_method: savedMethod ?? request.paymentMethod.token,
            ...saved,
            confirm: true,
            // The checkout has no redirect step: methods that need one are refused by Stripe.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(request.description ? { description: request.description } : {}),
            ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
            ...(request.metadata ? { metadata: request.metadata } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        switch (intent.status) {
          case 'succeeded':
          case 'processing':
            return {
              ok: true,
              reference: intent.id,
              ...(savedMethod ? { savedPaymentMethod: request.paymentMethod.token } : {}),
            };
          case 'requires_action': {
            const action = actionOf(intent);
            return {
              ok: false,
              message: 'The card needs an extra confirmation (3-D Secure) that this checkout cannot ask for',
              retryable: false,
              code: 'authentication_required',
              ...(action ? { action } : {}),
            };
          }
          default:
            return {
              ok: false,
              message:
                intent.last_payment_error?.message ?? `The payment is ${intent.status.replaceAll('_', ' ')}`,
              retryable: false,
              code: intent.last_payment_error?.code ?? intent.status,
            };
        }
      } catch (error) {
        return stripeFailure(error);
      }
    },

    async refund(credentials, request: RefundRequest): Promise<RefundResult> {
      const stripe = clientFor(credentials);
      if (!stripe) return NOT_CONNECTED;
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.reference,
            amount: request.amountMinor,
            reason: 'requested_by_customer',
            ...(request.reason ? { metadata: { reason: request.reason.slice(0, 500) } } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return {
            ok: false,
            message: `Stripe could not refund the payment (${refund.failure_reason ?? refund.status})`,
            retryable: false,
            code: refund.failure_reason ?? refund.status,
          };
        }
        return { ok: true, refundReference: refund.id };
      } catch (error) {
        return stripeFailure(error);
      }
    },

    startPayment: (credentials, request) => startPayment(clientFor(credentials), request),
    paymentOutcome: (credentials, reference) => paymentOutcome(clientFor(credentials), reference),

    async cancelPayment(credentials, reference) {
      // Best effort: an intent left open cannot be confirmed by anyone without its client secret.
      await clientFor(credentials)
        ?.paymentIntents.cancel(reference)
        .catch(() => undefined);
    },

    async connect(credentials, webhookUrl) {
      const check = await adapter.verifyCredentials(credentials);
      if (!check.ok) return check;
      const publishable = credentials.publishable_key ?? '';
      if (!publishable.startsWith(`pk_${check.mode}_`)) {
        return {
          ok: false,
          message: `The publishable key must be a ${check.mode} key (pk_${check.mode}_…), as the secret key is`,
          retryable: false,
          code: 'key_mode_mismatch',
          field: 'publishable_key',
        };
      }
      const stripe = clientFor(credentials);
      if (!stripe) return NOT_CONNECTED;
      try {
        const endpoint = await stripe.webhookEndpoints.create({
          url: webhookUrl,
          enabled_events: [...STRIPE_WEBHOOK_EVENTS],
          description: 'Funnelwork checkouts',
        });
        const stored: Record<string, string> = { webhook_endpoint_id: endpoint.id };
        if (endpoint.secret) stored.webhook_secret = endpoint.secret;
        return { ...check, stored };
      } catch (error) {
        // Stripe refuses addresses it cannot reach (localhost): the page still confirms each payment.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return check;
        return stripeFailure(error);
      }
    },

    webhookEvent(payload, signature, secret) {
      return Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
    },

    async verifyCredentials(credentials) {
      const stripe = clientFor(credentials);
      if (!stripe) return NOT_CONNECTED;
      try {
        const balance = await stripe.balance.retrieve();
        return { ok: true, mode: balance.livemode ? 'live' : 'test' };
      } catch (error) {
        return stripeFailure(error);
      }
    },
  };
  return adapter;
}
