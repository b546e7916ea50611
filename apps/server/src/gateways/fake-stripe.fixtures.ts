import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeStripeJs, fakeStripeJsFrames } from './fake-stripe-js.fixtures.ts';

/** One request the fake received, as Stripe would see it. */
export type StripeRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw form-encoded body. */
  rawBody: string;
  form: URLSearchParams;
  query: URLSearchParams;
};

export const GOOD_KEY = 'sk_test_51FakeGoodKey4242';
export const LIVE_KEY = 'sk_live_51FakeLiveKey9876';
/** The publishable keys of the same two accounts (Stripe.js sends them from the shopper's browser). */
export const GOOD_PUBLISHABLE_KEY = 'pk_test_51FakeGoodKey4242';
export const LIVE_PUBLISHABLE_KEY = 'pk_live_51FakeLiveKey9876';

/** Stripe's test cards, as the fake (and its Stripe.js) treat them. */
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  challenge: '4000002760003184',
  declined: '4000000000000002',
  offSessionAuthentication: '4000002500003155',
} as const;

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const stripeError = (status: number, error: Record<string, unknown>) => ({ status, body: { error } });

/** Stripe's signature header: `t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<payload>")`. */
export function signStripePayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  metadata: Record<string, string>;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
  livemode: boolean;
  created: number;
  /** Not Stripe's: the secret key of the account that made it. */
  _key: string;
  /** Not Stripe's: the card a challenge is pending for. */
  _card?: string;
  /** Not Stripe's: the saved payment method a challenge is pending for (confirmed on-session again). */
  _pm?: string;
};

type Endpoint = { id: string; url: string; secret: string; key: string; enabled_events: string[] };

/** The form's nested `metadata[x]` fields as an object. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** Luhn's check digit test, as Stripe.js runs it before anything is sent. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/**
 * A local stand-in for the Stripe endpoints the adapter and Stripe.js call: balance, customers,
 * payment intents (create, retrieve, confirm with `requires_action`, cancel, off-session), refunds and
 * webhook endpoints; a confirmed payment sends a signed `payment_intent.succeeded` to the account's
 * endpoints (with `deliver`, or by HTTP to their URLs). It also serves a small Stripe.js under /v3/
 * (fake-stripe-js.fixtures.ts). pm_card_visa succeeds, pm_card_chargeDeclined is declined,
 * pm_card_authenticationRequired needs 3-D Secure; pm_rate_limited and pm_api_error give a 429 and a 500.
 */
export async function startFakeStripe(
  options: {
    port?: number;
    /** Sends an event to the app instead of POSTing it to the endpoint's URL (an API test's inject). */
    deliver?: (url: string, payload: string, signature: string) => Promise<unknown>;
    /**
     * Awaited before a request is answered (and before Stripe acts on it): a crash test kills the
     * calling server while its request is at Stripe.
     */
    hold?: (req: StripeRequest) => Promise<void> | undefined;
  } = {},
) {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, Intent>();
  const customers = new Map<string, { id: string; email: string; key: string }>();
  /** Saved payment methods: their card and the customer they are attached to. */
  const paymentMethods = new Map<string, { card: string; customer: string | null }>();
  const endpoints: Endpoint[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const events: Array<{ id: string; type: string; url: string; payload: string }> = [];
  let counter = 0;
  let paused = false;
  const deliveries: Promise<unknown>[] = [];

  const publicIntent = ({ _key, _card, _pm, ...intent }: Intent) => intent;

  function sendEvent(key: string, type: string, object: Record<string, unknown>) {
    const event = {
      id: `evt_fake_${++counter}`,
      object: 'event',
      type,
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    for (const endpoint of endpoints) {
      if (endpoint.key !== key || !endpoint.enabled_events.includes(type)) continue;
      events.push({ id: event.id, type, url: endpoint.url, payload });
      if (paused) continue;
      const signature = signStripePayload(payload, endpoint.secret);
      const delivery = options.deliver
        ? options.deliver(endpoint.url, payload, signature)
        : fetch(endpoint.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          }).catch(() => undefined);
      deliveries.push(delivery);
    }
  }

  function succeed(intent: Intent, card: string, savedMethod?: string) {
    const pm = savedMethod ?? `pm_fake_${++counter}`;
    if (!savedMethod)
      paymentMethods.set(pm, { card, customer: intent.setup_future_usage ? intent.customer : null });
    intent.status = 'succeeded';
    intent.payment_method = pm;
    intent.next_action = null;
    intent.last_payment_error = null;
    sendEvent(intent._key, 'payment_intent.succeeded', publicIntent(intent));
  }

  function fail(intent: Intent, error: Record<string, unknown>) {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = error;
    sendEvent(intent._key, 'payment_intent.payment_failed', publicIntent(intent));
  }

  /**
   * A confirmation with a card (from Stripe.js's frame) or a saved payment method (`savedMethod`:
   * off-session, or on-session again when the shopper authenticates a declined off-session charge).
   * 4000 0027 6000 3184 and 4000 0025 0000 3155 ask for 3-D Secure on-session; off-session both answer
   * `authentication_required` (402, the intent in the error, its payment method in `last_payment_error`).
   */
  function confirm(intent: Intent, card: string, offSession: boolean, savedMethod?: string) {
    const declined = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
    if (!luhnValid(card)) {
      fail(intent, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    } else if (card === STRIPE_TEST_CARDS.declined) {
      fail(intent, declined);
    } else if (
      !offSession &&
      (card === STRIPE_TEST_CARDS.challenge || card === STRIPE_TEST_CARDS.offSessionAuthentication)
    ) {
      intent.status = 'requires_action';
      intent._card = card;
      intent._pm = savedMethod;
      intent.payment_method = savedMethod ?? null;
      intent.last_payment_error = null;
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    } else if (
      offSession &&
      (card === STRIPE_TEST_CARDS.challenge || card === STRIPE_TEST_CARDS.offSessionAuthentication)
    ) {
      // Stripe keeps the declined method in the error, for the on-session confirmation that follows.
      intent.payment_method = null;
      fail(intent, {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        ...(savedMethod
          ? { payment_method: { id: savedMethod, object: 'payment_method', type: 'card' } }
          : {}),
      });
    } else if (card === STRIPE_TEST_CARDS.succeeds) {
      succeed(intent, card, savedMethod);
    } else {
      fail(intent, declined);
    }
    if (intent.last_payment_error) {
      return {
        status: 402,
        body: { error: { ...intent.last_payment_error, payment_intent: publicIntent(intent) } },
      };
    }
    return { status: 200, body: publicIntent(intent) };
  }

  /** The secret key behind a request: the bearer secret key, or a publishable key with Stripe.js's `key`. */
  function keyOf(req: StripeRequest): { key: string; publishable: boolean } | null {
    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (bearer === GOOD_KEY || bearer === LIVE_KEY) return { key: bearer, publishable: false };
    const pk = req.form.get('key') ?? req.query.get('key') ?? bearer;
    if (pk === GOOD_PUBLISHABLE_KEY) return { key: GOOD_KEY, publishable: true };
    if (pk === LIVE_PUBLISHABLE_KEY) return { key: LIVE_KEY, publishable: true };
    return null;
  }

  function answer(req: StripeRequest): { status: number; body: unknown } {
    const account = keyOf(req);
    if (!account) {
      const auth = req.headers.authorization ?? '';
      const key = auth.startsWith('Bearer ') ? auth.slice(7) : (req.form.get('key') ?? '');
      return stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      });
    }
    const { key, publishable } = account;
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel|\/fake_challenge)?$/.exec(
      req.path,
    );
    if (intentPath) {
      const intent = intents.get(intentPath[1] ?? '');
      const secret = req.form.get('client_secret') ?? req.query.get('client_secret');
      if (!intent || intent._key !== key || (publishable && secret !== intent.client_secret)) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${intentPath[1]}'`,
        });
      }
      const action = intentPath[2];
      if (req.method === 'GET' && !action) return { status: 200, body: publicIntent(intent) };
      if (req.method !== 'POST')
        return stripeError(405, { type: 'invalid_request_error', message: 'Method not allowed' });
      if (action === '/cancel' && !publishable) {
        if (intent.status === 'succeeded') {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          });
        }
        intent.status = 'canceled';
        return { status: 200, body: publicIntent(intent) };
      }
      if (action === '/fake_challenge') {
        // The bank's challenge page (not Stripe's API): the shopper completes or fails 3-D Secure.
        if (intent.status !== 'requires_action' || !intent._card)
          return { status: 200, body: publicIntent(intent) };
        if (req.form.get('result') === 'complete') succeed(intent, intent._card, intent._pm);
        else
          fail(intent, {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: AUTHENTICATION_FAILED,
          });
        return { status: 200, body: publicIntent(intent) };
      }
      if (action === '/confirm') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
            payment_intent: publicIntent(intent),
          });
        }
        const card = (req.form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
        const method = req.form.get('payment_method') ?? '';
        const saved = paymentMethods.get(method);
        return confirm(
          intent,
          card || saved?.card || '',
          req.form.get('off_session') === 'true',
          !card && saved ? method : undefined,
        );
      }
    }
    if (publishable) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    if (req.method === 'GET' && req.path === '/v1/balance') {
      return {
        status: 200,
        body: { object: 'balance', livemode: key === LIVE_KEY, available: [], pending: [] },
      };
    }
    if (req.method === 'GET' && req.path === '/v1/customers') {
      const email = req.query.get('email');
      const data = [...customers.values()]
        .filter((c) => c.key === key && (!email || c.email === email))
        .map(({ key: _k, ...c }) => ({ ...c, object: 'customer' }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/customers' } };
    }
    if (req.method === 'POST' && req.path === '/v1/customers') {
      const customer = { id: `cus_fake_${++counter}`, email: req.form.get('email') ?? '', key };
      customers.set(customer.id, customer);
      return {
        status: 200,
        body: { id: customer.id, object: 'customer', email: customer.email, metadata: metadataOf(req.form) },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/webhook_endpoints') {
      const endpoint: Endpoint = {
        id: `we_fake_${++counter}`,
        url: req.form.get('url') ?? '',
        secret: `whsec_${randomBytes(16).toString('hex')}`,
        key,
        enabled_events: req.form
          .getAll('enabled_events[]')
          .concat(
            [...req.form.entries()].filter(([n]) => /^enabled_events\[\d+\]$/.test(n)).map(([, v]) => v),
          ),
      };
      endpoints.push(endpoint);
      const { key: _k, ...shown } = endpoint;
      return { status: 200, body: { ...shown, object: 'webhook_endpoint', status: 'enabled' } };
    }
    const endpointPath = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(req.path);
    if (req.method === 'DELETE' && endpointPath) {
      const index = endpoints.findIndex((e) => e.id === endpointPath[1] && e.key === key);
      if (index >= 0) endpoints.splice(index, 1);
      return { status: 200, body: { id: endpointPath[1], object: 'webhook_endpoint', deleted: true } };
    }
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const pm = req.form.get('payment_method');
      if (pm === 'pm_card_chargeDeclined') {
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        });
      }
      if (pm === 'pm_rate_limited') {
        return stripeError(429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests.',
        });
      }
      if (pm === 'pm_api_error')
        return stripeError(500, { type: 'api_error', message: 'Something went wrong.' });
      const id = `pi_fake_${++counter}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(req.form.get('amount')),
        currency: req.form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        customer: req.form.get('customer'),
        payment_method: pm,
        setup_future_usage: req.form.get('setup_future_usage'),
        metadata: metadataOf(req.form),
        last_payment_error: null,
        next_action: null,
        livemode: key === LIVE_KEY,
        created: Math.floor(Date.now() / 1000),
        _key: key,
      };
      intents.set(id, intent);
      if (req.form.get('confirm') === 'true' && pm) {
        const saved = paymentMethods.get(pm);
        if (saved) return confirm(intent, saved.card, req.form.get('off_session') === 'true', pm);
        // Stripe's test payment methods (pm_card_visa, pm_card_authenticationRequired).
        if (pm === 'pm_card_authenticationRequired') {
          intent.status = 'requires_action';
          intent.next_action = { type: 'use_stripe_sdk' };
        } else {
          intent.status = 'succeeded';
        }
      }
      return { status: 200, body: publicIntent(intent) };
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const intent = req.form.get('payment_intent') ?? '';
      if (!intent.startsWith('pi_fake_')) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${intent}'`,
        });
      }
      return {
        status: 200,
        body: {
          id: `re_fake_${++counter}`,
          object: 'refund',
          amount: Number(req.form.get('amount')),
          payment_intent: intent,
          status: 'succeeded',
        },
      };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.path})`,
    });
  }

  let origin = '';
  const server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(incoming.url ?? '/', 'http://fake');
      // Stripe.js calls the API from the shopper's page: cross-origin, as at api.stripe.com.
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      if (incoming.method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      const asset =
        fakeStripeJsFrames(origin)[url.pathname] ??
        (url.pathname === '/v3/' ? { type: 'text/javascript', body: fakeStripeJs(origin) } : undefined);
      if (incoming.method === 'GET' && asset) {
        res.writeHead(200, { 'content-type': `${asset.type}; charset=utf-8`, 'cache-control': 'no-store' });
        res.end(asset.body);
        return;
      }
      const req: StripeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        headers: incoming.headers,
        rawBody,
        form: new URLSearchParams(rawBody),
        query: url.searchParams,
      };
      requests.push(req);
      await options.hold?.(req);
      // Like Stripe: a repeated Idempotency-Key answers the first answer again.
      const idempotencyKey = req.headers['idempotency-key'];
      const scope =
        typeof idempotencyKey === 'string' ? `${req.headers.authorization}:${idempotencyKey}` : null;
      const known = scope ? idempotent.get(scope) : undefined;
      const { status, body } = known ?? answer(req);
      if (scope && !known && status < 500) idempotent.set(scope, { status, body });
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
        ...cors,
      });
      res.end(JSON.stringify(body));
    });
  });
  // A fixed port for the browser tests, whose server is told the address before the fake starts.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    apiBase: origin,
    /** Where the fake serves its Stripe.js (STRIPE_JS_URL). */
    jsUrl: `${origin}/v3/`,
    requests,
    intents,
    endpoints,
    events,
    customers,
    /** What Stripe.js does in the shopper's browser: confirms an intent with a card (by client secret). */
    confirmWithCard(intentId: string, card: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return confirm(intent, card.replace(/\D/g, ''), false);
    },
    /**
     * What Stripe.js's `confirmCardPayment(clientSecret, { payment_method })` does in the shopper's
     * browser: confirms an intent on-session with a saved payment method (a 3-D Secure challenge follows).
     */
    confirmWithSavedMethod(intentId: string, paymentMethod: string) {
      const intent = intents.get(intentId);
      const saved = paymentMethods.get(paymentMethod);
      if (!intent || !saved) throw new Error(`no intent ${intentId} or method ${paymentMethod}`);
      return confirm(intent, saved.card, false, paymentMethod);
    },
    /** The bank declines a saved card from now on (an expired or blocked card at renewal). */
    declineSavedMethod(paymentMethod: string) {
      const saved = paymentMethods.get(paymentMethod);
      if (!saved) throw new Error(`no payment method ${paymentMethod}`);
      saved.card = STRIPE_TEST_CARDS.declined;
    },
    /** The shopper completes (or fails) the 3-D Secure challenge of an intent. */
    finishChallenge(intentId: string, result: 'complete' | 'fail') {
      const intent = intents.get(intentId);
      if (!intent?._card) throw new Error(`no challenge for ${intentId}`);
      if (result === 'complete') succeed(intent, intent._card, intent._pm);
      else
        fail(intent, {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: AUTHENTICATION_FAILED,
        });
    },
    /** While paused, events are recorded but not sent (Stripe retries them later: `resend`). */
    pauseWebhooks(value: boolean) {
      paused = value;
    },
    /** Sends a recorded event (again), as Stripe's retries do. */
    async resend(eventId: string) {
      for (const event of events.filter((e) => e.id === eventId)) {
        const endpoint = endpoints.find((e) => e.url === event.url);
        if (!endpoint) continue;
        const signature = signStripePayload(event.payload, endpoint.secret);
        await (options.deliver
          ? options.deliver(event.url, event.payload, signature)
          : fetch(event.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'stripe-signature': signature },
              body: event.payload,
            }));
      }
    },
    /** Waits for the webhooks sent so far to be answered. */
    settled: () => Promise.all(deliveries),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
