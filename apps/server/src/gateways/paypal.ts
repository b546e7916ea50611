import { createHash } from 'node:crypto';
import type { KeyCheck } from './stripe.ts';
import type {
  GatewayAdapter,
  GatewayCredentials,
  GatewayFailure,
  IntentOutcome,
  IntentRequest,
  IntentStart,
  RefundRequest,
  RefundResult,
} from './types.ts';

/**
 * PayPal Checkout through PayPal's REST API: an OAuth2 client-credentials token, Orders v2 (the
 * server creates the order for the priced cart, the shopper approves it with PayPal's JS SDK buttons,
 * the server captures it) and refunds through the order's capture. Catalogue id 18, 'PayPal Card
 * Payments' (refundable, orders spec §3); id 7 'PayPal' stays a catalogue entry of older orders.
 */
export const PAYPAL_GATEWAY_ID = 18;

export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';

export type PayPalAdapterOptions = {
  /** One address for every call (tests: a local fake); else sandbox or live by the connected pair. */
  apiBase?: string;
  timeoutMs?: number;
};

export type PayPalAdapter = GatewayAdapter & {
  /** Asks PayPal for a token with the pair (sandbox first, then live), before it is stored. */
  verifyCredentials(credentials: GatewayCredentials): Promise<KeyCheck>;
  /**
   * Connecting: the pair checked, then the account's webhook registered at PayPal
   * (POST /v1/notifications/webhooks), its id stored with the credentials. PayPal refuses addresses it
   * cannot reach (localhost): the page's own capture still records every payment.
   */
  connect(credentials: GatewayCredentials, webhookUrl: string): Promise<KeyCheck>;
  /** Whether PayPal says a webhook delivery is its own (POST /v1/notifications/verify-webhook-signature). */
  verifyWebhook(
    credentials: GatewayCredentials,
    headers: Record<string, string | string[] | undefined>,
    event: unknown,
  ): Promise<boolean>;
};

/** The events each merchant's PayPal webhook receives. */
export const PAYPAL_WEBHOOK_EVENTS = ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED'] as const;

/** PayPal answers these amounts in whole units (its currency codes page). */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

/** Our minor units (always hundredths here) as PayPal's decimal string. */
export function paypalValue(amountMinor: number, currency: string): string {
  return ZERO_DECIMAL.has(currency.toUpperCase())
    ? String(Math.round(amountMinor / 100))
    : (amountMinor / 100).toFixed(2);
}

export function minorOf(value: string): number {
  return Math.round(Number(value) * 100);
}

const NOT_CONNECTED: GatewayFailure = {
  ok: false,
  message: 'PayPal is not connected: add your client ID and secret in the payment settings',
  retryable: false,
  code: 'not_connected',
};

const UNREACHABLE: GatewayFailure = {
  ok: false,
  message: 'PayPal could not be reached. Try again later.',
  retryable: true,
  code: 'api_connection_error',
};

type PayPalAmount = { currency_code: string; value: string };
type PayPalCapture = { id: string; status: string; amount?: PayPalAmount };
type PayPalOrder = {
  id: string;
  status: string;
  purchase_units?: Array<{ amount?: PayPalAmount; payments?: { captures?: PayPalCapture[] } }>;
};
type PayPalError = {
  name?: string;
  message?: string;
  error?: string;
  error_description?: string;
  details?: Array<{ issue?: string; description?: string }>;
};

type Answer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: PayPalError };

/** PayPal's error as the gateway failure the merchant or shopper reads. */
function failureOf(status: number, error: PayPalError): GatewayFailure {
  const issue = error.details?.[0]?.issue ?? error.name ?? error.error ?? 'paypal_error';
  const message =
    error.details?.[0]?.description ??
    error.message ??
    error.error_description ??
    'PayPal refused the request';
  if (status === 401) {
    return {
      ok: false,
      message: `PayPal refused the client ID and secret: ${message}`,
      retryable: false,
      code: 'authentication_error',
    };
  }
  return { ok: false, message, retryable: status === 429 || status >= 500, code: issue };
}

export function createPayPalAdapter(options: PayPalAdapterOptions = {}): PayPalAdapter {
  const timeoutMs = options.timeoutMs ?? 30_000;
  /** Tokens by base and client id, until a minute before PayPal says they expire. */
  const tokens = new Map<string, { token: string; until: number }>();

  const baseOf = (credentials: GatewayCredentials) =>
    options.apiBase ?? (credentials.environment === 'live' ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API);

  const tokenKey = (base: string, credentials: GatewayCredentials) =>
    createHash('sha256')
      .update(`${base}|${credentials.client_id}|${credentials.client_secret}`)
      .digest('hex');

  async function fetchToken(
    base: string,
    credentials: GatewayCredentials,
    fresh = false,
  ): Promise<Answer<string>> {
    const key = tokenKey(base, credentials);
    const cached = tokens.get(key);
    if (!fresh && cached && cached.until > Date.now()) return { ok: true, status: 200, body: cached.token };
    const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString('base64');
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as PayPalError & {
      access_token?: string;
      expires_in?: number;
    };
    if (!res.ok || !body.access_token) return { ok: false, status: res.status, error: body };
    tokens.set(key, { token: body.access_token, until: Date.now() + ((body.expires_in ?? 600) - 60) * 1000 });
    return { ok: true, status: res.status, body: body.access_token };
  }

  /** One call of PayPal's REST API with the account's token; a PayPal-Request-Id makes a retry harmless. */
  async function call<T>(
    credentials: GatewayCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<Answer<T>> {
    const base = baseOf(credentials);
    const token = await fetchToken(base, credentials);
    if (!token.ok) return token;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token.body}`,
        'content-type': 'application/json',
        accept: 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId.slice(0, 108) } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await res.json().catch(() => ({}))) as T & PayPalError;
    if (res.status === 401) tokens.delete(tokenKey(base, credentials));
    return res.ok
      ? { ok: true, status: res.status, body: answer }
      : { ok: false, status: res.status, error: answer };
  }

  const connected = (credentials: GatewayCredentials | null): credentials is GatewayCredentials =>
    Boolean(credentials?.client_id && credentials.client_secret);

  /** The order's capture, as the checkout reads it. */
  function outcomeOf(order: PayPalOrder): IntentOutcome {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status === 'COMPLETED' && capture) {
      if (capture.status === 'COMPLETED' && capture.amount) {
        return {
          status: 'succeeded',
          amountMinor: minorOf(capture.amount.value),
          currency: capture.amount.currency_code.toUpperCase(),
        };
      }
      if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
        return { status: 'failed', message: 'PayPal declined the payment', code: 'capture_declined' };
      }
      return { status: 'pending' };
    }
    if (order.status === 'VOIDED') {
      return { status: 'failed', message: 'The PayPal payment was voided', code: 'order_voided' };
    }
    // Created and never approved: the shopper has not finished in PayPal's window.
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'SAVED') {
      return { status: 'pending', awaitingPayer: true };
    }
    return { status: 'pending' };
  }

  async function guarded<T>(work: () => Promise<T | GatewayFailure>): Promise<T | GatewayFailure> {
    try {
      return await work();
    } catch {
      return UNREACHABLE;
    }
  }

  const adapter: PayPalAdapter = {
    gatewayId: PAYPAL_GATEWAY_ID,
    capabilities: { charges: true, refunds: true, savedPaymentMethods: false, needsCredentials: true },

    async charge() {
      // The shopper approves each PayPal payment with PayPal's own buttons on the page.
      return {
        ok: false,
        message: 'PayPal payments are approved with the PayPal button on the page',
        retryable: false,
        code: 'payment_method_required',
      };
    },

    startPayment(credentials, request: IntentRequest): Promise<IntentStart> {
      if (!connected(credentials)) return Promise.resolve(NOT_CONNECTED);
      return guarded(async () => {
        const created = await call<PayPalOrder>(
          credentials,
          'POST',
          '/v2/checkout/orders',
          {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: request.metadata.funnelwork_request ?? 'default',
                custom_id: `${request.metadata.funnelwork_account ?? ''}/${request.metadata.funnelwork_request ?? ''}`,
                ...(request.description ? { description: request.description.slice(0, 127) } : {}),
                amount: {
                  currency_code: request.currency.toUpperCase(),
                  value: paypalValue(request.amountMinor, request.currency),
                },
              },
            ],
          },
          // The checkout's key: a repeat after a crash gets the same PayPal order back.
          request.idempotencyKey,
        );
        if (!created.ok) return failureOf(created.status, created.error);
        return { ok: true as const, reference: created.body.id, clientSecret: created.body.id };
      });
    },

    /**
     * What PayPal says of the order: approved by the shopper, it is captured here (once, by its
     * request id) when its amount is the one we priced; never captured for another amount.
     */
    paymentOutcome(credentials, reference, expected) {
      if (!connected(credentials)) return Promise.resolve(NOT_CONNECTED);
      const id = encodeURIComponent(reference);
      return guarded<IntentOutcome>(async () => {
        const found = await call<PayPalOrder>(credentials, 'GET', `/v2/checkout/orders/${id}`);
        if (!found.ok) return failureOf(found.status, found.error);
        const order = found.body;
        if (order.status !== 'APPROVED') return outcomeOf(order);
        const amount = order.purchase_units?.[0]?.amount;
        if (
          expected &&
          (!amount ||
            minorOf(amount.value) !== expected.amountMinor ||
            amount.currency_code.toUpperCase() !== expected.currency.toUpperCase())
        ) {
          return {
            status: 'failed',
            message: 'The payment does not match the order',
            code: 'amount_mismatch',
          };
        }
        const captured = await call<PayPalOrder>(
          credentials,
          'POST',
          `/v2/checkout/orders/${id}/capture`,
          {},
          `capture-${reference}`,
        );
        if (captured.ok) return outcomeOf(captured.body);
        const issue = captured.error.details?.[0]?.issue;
        if (issue === 'ORDER_ALREADY_CAPTURED') {
          const again = await call<PayPalOrder>(credentials, 'GET', `/v2/checkout/orders/${id}`);
          return again.ok ? outcomeOf(again.body) : failureOf(again.status, again.error);
        }
        if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED') {
          return {
            status: 'failed',
            message: captured.error.details?.[0]?.description ?? 'PayPal declined the payment',
            code: issue.toLowerCase(),
          };
        }
        return failureOf(captured.status, captured.error);
      });
    },

    /** Refunds through the order's capture (the order id is the payment's reference). */
    refund(credentials, request: RefundRequest): Promise<RefundResult> {
      if (!connected(credentials)) return Promise.resolve(NOT_CONNECTED);
      return guarded(async () => {
        const found = await call<PayPalOrder>(
          credentials,
          'GET',
          `/v2/checkout/orders/${encodeURIComponent(request.reference)}`,
        );
        if (!found.ok) return failureOf(found.status, found.error);
        const capture = found.body.purchase_units?.[0]?.payments?.captures?.[0];
        if (!capture) {
          return {
            ok: false,
            message: 'PayPal has no captured payment on this order to refund',
            retryable: false,
            code: 'not_captured',
          };
        }
        const refunded = await call<{ id: string; status: string }>(
          credentials,
          'POST',
          `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
          {
            amount: {
              currency_code: request.currency.toUpperCase(),
              value: paypalValue(request.amountMinor, request.currency),
            },
            ...(request.reason ? { note_to_payer: request.reason.slice(0, 255) } : {}),
          },
          request.idempotencyKey,
        );
        if (!refunded.ok) return failureOf(refunded.status, refunded.error);
        if (refunded.body.status === 'CANCELLED' || refunded.body.status === 'FAILED') {
          return {
            ok: false,
            message: `PayPal could not refund the payment (${refunded.body.status.toLowerCase()})`,
            retryable: false,
            code: refunded.body.status.toLowerCase(),
          };
        }
        return { ok: true, refundReference: refunded.body.id };
      });
    },

    async connect(credentials, webhookUrl) {
      const check = await adapter.verifyCredentials(credentials);
      if (!check.ok || !connected(credentials)) return check;
      const withEnvironment = { ...credentials, ...check.stored };
      const created = await call<{ id: string }>(withEnvironment, 'POST', '/v1/notifications/webhooks', {
        url: webhookUrl,
        event_types: PAYPAL_WEBHOOK_EVENTS.map((name) => ({ name })),
      }).catch(() => null);
      if (!created?.ok) return check;
      return { ...check, stored: { ...check.stored, webhook_id: created.body.id } };
    },

    async verifyWebhook(credentials, headers, event) {
      const header = (name: string) => {
        const value = headers[name];
        return (Array.isArray(value) ? value[0] : value) ?? '';
      };
      if (!connected(credentials) || !credentials.webhook_id) return false;
      const answer = await call<{ verification_status: string }>(
        credentials,
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          auth_algo: header('paypal-auth-algo'),
          cert_url: header('paypal-cert-url'),
          transmission_id: header('paypal-transmission-id'),
          transmission_sig: header('paypal-transmission-sig'),
          transmission_time: header('paypal-transmission-time'),
          webhook_id: credentials.webhook_id,
          webhook_event: event,
        },
      ).catch(() => null);
      return answer?.ok === true && answer.body.verification_status === 'SUCCESS';
    },

    async verifyCredentials(credentials) {
      if (!connected(credentials)) return { ...NOT_CONNECTED, field: 'client_id' };
      // Sandbox and live pairs look alike: the one environment that grants a token is theirs.
      const tries: Array<{ base: string; environment: 'sandbox' | 'live' }> = options.apiBase
        ? [{ base: options.apiBase, environment: 'sandbox' }]
        : [
            { base: PAYPAL_SANDBOX_API, environment: 'sandbox' },
            { base: PAYPAL_LIVE_API, environment: 'live' },
          ];
      let refusal: GatewayFailure | null = null;
      for (const { base, environment } of tries) {
        try {
          const token = await fetchToken(base, credentials, true);
          if (token.ok) {
            return { ok: true, mode: environment === 'live' ? 'live' : 'test', stored: { environment } };
          }
          refusal ??= failureOf(token.status, token.error);
        } catch {
          // An environment out of reach says nothing of the pair: the other one may still grant it.
        }
      }
      return refusal ? { ...refusal, field: 'client_id' } : UNREACHABLE;
    },
  };
  return adapter;
}
