import Stripe from 'stripe';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayAdapter,
  GatewayCredentials,
  GatewayFailure,
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

export type KeyCheck = { ok: true; mode: 'live' | 'test' } | GatewayFailure;

export type StripeAdapter = GatewayAdapter & {
  /** Whether Stripe accepts the secret key (GET /v1/balance), before it is stored. */
  verifyCredentials(credentials: GatewayCredentials): Promise<KeyCheck>;
};

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
    case 'StripeCardError':
      return { ok: false, message: error.message, retryable: false, code: error.code ?? 'card_error' };
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

export function createStripeAdapter(options: StripeAdapterOptions = {}): StripeAdapter {
  const config = clientOptions(options);
  const clientFor = (credentials: GatewayCredentials | null) =>
    credentials?.secret_key ? new Stripe(credentials.secret_key, config) : null;

  return {
    gatewayId: STRIPE_GATEWAY_ID,
    capabilities: { charges: true, refunds: true, savedPaymentMethods: false, needsCredentials: true },

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
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            payment_method: request.paymentMethod.token,
            confirm: true,
            // The checkout has no redirect step: methods that need one are refused by Stripe.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(request.description ? { description: request.description } : {}),
            ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        switch (intent.status) {
          case 'succeeded':
          case 'processing':
            return { ok: true, reference: intent.id };
          case 'requires_action':
            return {
              ok: false,
              message: 'The card needs an extra confirmation (3-D Secure) that this checkout cannot ask for',
              retryable: false,
              code: 'authentication_required',
            };
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
}
