import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as Stripe would see it. */
export type StripeRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw form-encoded body. */
  rawBody: string;
  form: URLSearchParams;
};

export const GOOD_KEY = 'sk_test_51FakeGoodKey4242';
export const LIVE_KEY = 'sk_live_51FakeLiveKey9876';

const stripeError = (status: number, error: Record<string, string>) => ({ status, body: { error } });

/**
 * A local stand-in for the three Stripe endpoints the adapter calls: POST /v1/payment_intents,
 * POST /v1/refunds and GET /v1/balance. Behaviour follows Stripe's test payment methods:
 * pm_card_visa succeeds, pm_card_chargeDeclined is declined, pm_card_authenticationRequired needs
 * 3-D Secure; pm_rate_limited and pm_api_error give a 429 and a 500.
 */
export async function startFakeStripe(options: { port?: number } = {}) {
  const requests: StripeRequest[] = [];
  let counter = 0;

  function answer(req: StripeRequest): { status: number; body: unknown } {
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (key !== GOOD_KEY && key !== LIVE_KEY) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      });
    }
    if (req.method === 'GET' && req.path === '/v1/balance') {
      return {
        status: 200,
        body: { object: 'balance', livemode: key === LIVE_KEY, available: [], pending: [] },
      };
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
      const status = pm === 'pm_card_authenticationRequired' ? 'requires_action' : 'succeeded';
      return {
        status: 200,
        body: {
          id: `pi_fake_${++counter}`,
          object: 'payment_intent',
          amount: Number(req.form.get('amount')),
          currency: req.form.get('currency'),
          status,
          livemode: false,
        },
      };
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

  const server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const req: StripeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        headers: incoming.headers,
        rawBody,
        form: new URLSearchParams(rawBody),
      };
      requests.push(req);
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    });
  });
  // A fixed port for the browser tests, whose server is told the address before the fake starts.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
