import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The fake's test cards on its hosted Checkout page: the first pays, the second is declined. */
export const FAKE_CHECKOUT_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer: string | null;
  subscription: string | null;
  currency: string;
  amount_total: number;
  metadata: Record<string, string>;
  interval: string;
  created: number;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local stand-in for the Stripe endpoints the platform's subscriptions call: payment methods,
 * customers, products, subscriptions (create, read, update) and Checkout Sessions with a tiny hosted
 * page. pm_card_visa subscribes; the pm_card_chargeDeclined card is declined when the first invoice is
 * paid, as at Stripe. Paying on the hosted page (FAKE_CHECKOUT_CARDS) starts the subscription, sends the
 * signed `checkout.session.completed` event to `webhookUrl` and sends the browser to the success_url.
 */
export async function startFakeStripeBilling(
  options: {
    port?: number;
    webhookUrl?: string;
    webhookSecret?: string;
    /** Sends an event to the app instead of `webhookUrl` (an API test's app.inject). */
    deliver?: (payload: string, signature: string) => Promise<{ status: number; body: string }>;
  } = {},
) {
  const requests: Array<{ method: string; path: string; form: URLSearchParams; authorization: string }> = [];
  const products = new Set<string>();
  const customers = new Map<string, string>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, CheckoutSession>();
  /** Every event sent to the webhook, with the app's answer. */
  const events: Array<{ event: Record<string, unknown>; status: number; body: string }> = [];
  let counter = 0;
  let base = '';
  const DAY = 86_400;

  function newSubscription(customer: string, amount: number, currency: string, interval: string | null) {
    const now = Math.floor(Date.now() / 1000);
    const n = ++counter;
    const sub = {
      id: `sub_fake_${n}`,
      object: 'subscription',
      status: 'active',
      customer,
      items: {
        object: 'list',
        data: [{ id: `si_fake_${n}`, current_period_end: now + (interval === 'year' ? 365 : 30) * DAY }],
      },
      latest_invoice: {
        id: `in_fake_${n}`,
        object: 'invoice',
        amount_paid: amount,
        currency,
        subscription: `sub_fake_${n}`,
      },
      default_payment_method: {
        id: `pm_fake_${n}`,
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  /** The hosted page's "Pay": the subscription, the signed webhook, then where the browser goes. */
  async function pay(session: CheckoutSession, card: string): Promise<{ redirect?: string; error?: string }> {
    const digits = card.replace(/\D/g, '');
    if (digits === FAKE_CHECKOUT_CARDS.declined.replace(/\D/g, ''))
      return { error: 'Your card was declined.' };
    if (digits !== FAKE_CHECKOUT_CARDS.pays.replace(/\D/g, ''))
      return { error: 'Your card number is invalid.' };
    if (session.status === 'open') {
      const customer = `cus_fake_${++counter}`;
      customers.set(customer, 'pm_card_visa');
      const sub = newSubscription(customer, session.amount_total, session.currency, session.interval);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer,
        subscription: sub.id,
      });
      const { interval: _interval, ...object } = session;
      const event = {
        id: `evt_fake_${++counter}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      };
      const { webhookUrl, webhookSecret, deliver } = options;
      if (webhookSecret && (webhookUrl || deliver)) {
        const payload = JSON.stringify(event);
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        const answered = deliver
          ? await deliver(payload, signature)
          : await fetch(webhookUrl ?? '', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'stripe-signature': signature },
              body: payload,
            }).then(async (response) => ({ status: response.status, body: await response.text() }));
        events.push({ event, ...answered });
      }
    }
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  function page(session: CheckoutSession, error?: string): string {
    const amount = (session.amount_total / 100).toFixed(2);
    return `<!doctype html><html><head><meta charset="utf-8"><title>Pay with Stripe (fake)</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto">
<h1>Fake Stripe Checkout</h1>
<p data-testid="fake-stripe-amount">${escapeHtml(session.metadata.plan_key ?? '')}: ${amount} ${session.currency.toUpperCase()} every ${escapeHtml(session.interval)}</p>
${error ? `<p role="alert" style="color:#b00">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/pay/${session.id}">
<label>Card number <input name="card" autocomplete="off" value=""></label>
<button type="submit">Subscribe</button>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>
</body></html>`;
  }

  function answer(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_fake_${++counter}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(\w+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/pay/${id}`,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        customer: null,
        subscription: null,
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        metadata,
        interval: form.get('line_items[0][price_data][recurring][interval]') ?? 'month',
        created: Math.floor(Date.now() / 1000),
      };
      if (session.mode !== 'subscription' || !session.success_url) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: 'This fake only makes subscription sessions' },
          },
        };
      }
      sessions.set(id, session);
      const { interval: _interval, ...body } = session;
      return { status: 200, body };
    }
    const storedSub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (method === 'GET' && storedSub) {
      const sub = subscriptions.get(storedSub[1] ?? '');
      return sub
        ? { status: 200, body: sub }
        : {
            status: 404,
            body: {
              error: { type: 'invalid_request_error', message: `No such subscription: '${storedSub[1]}'` },
            },
          };
    }
    const pm = /^\/v1\/payment_methods\/([\w]+)$/.exec(path);
    if (method === 'GET' && pm) {
      return {
        status: 200,
        body: {
          id: pm[1],
          object: 'payment_method',
          card: {
            brand: 'visa',
            last4: pm[1] === 'pm_card_chargeDeclined' ? '0002' : '4242',
            exp_month: 12,
            exp_year: 2034,
          },
        },
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_fake_${++counter}`;
      customers.set(id, form.get('payment_method') ?? '');
      return { status: 200, body: { id, object: 'customer', email: form.get('email') } };
    }
    const product = /^\/v1\/products\/([\w-]+)$/.exec(path);
    if (method === 'GET' && product) {
      return products.has(product[1] ?? '')
        ? { status: 200, body: { id: product[1], object: 'product' } }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such product: '${product[1]}'`,
              },
            },
          };
    }
    if (method === 'POST' && path === '/v1/products') {
      products.add(form.get('id') ?? '');
      return { status: 200, body: { id: form.get('id'), object: 'product', name: form.get('name') } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (customers.get(form.get('customer') ?? '') === 'pm_card_chargeDeclined') {
        return {
          status: 402,
          body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
        };
      }
      return {
        status: 200,
        body: newSubscription(
          form.get('customer') ?? '',
          Number(form.get('items[0][price_data][unit_amount]')),
          form.get('items[0][price_data][currency]') ?? 'usd',
          form.get('items[0][price_data][recurring][interval]'),
        ),
      };
    }
    const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (method === 'POST' && sub) {
      return {
        status: 200,
        body: {
          id: sub[1],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(req.method === 'GET' ? url.search : raw);
      const hosted = /^\/pay\/([\w]+)$/.exec(url.pathname);
      if (hosted) {
        const session = sessions.get(hosted[1] ?? '');
        if (!session) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('No such checkout session');
          return;
        }
        if (req.method !== 'POST') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(page(session));
          return;
        }
        pay(session, form.get('card') ?? '').then(
          (paid) => {
            if (paid.redirect) {
              res.writeHead(303, { location: paid.redirect });
              res.end();
            } else {
              res.writeHead(402, { 'content-type': 'text/html; charset=utf-8' });
              res.end(page(session, paid.error));
            }
          },
          (error: Error) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(error.message);
          },
        );
        return;
      }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        form,
        authorization: req.headers.authorization ?? '',
      });
      const { status, body } = answer(req.method ?? '', url.pathname, form);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    sessions,
    events,
    /** Pays an open session on the hosted page as a browser would; answers where it is sent next. */
    async payOnPage(sessionId: string, card: string = FAKE_CHECKOUT_CARDS.pays) {
      const response = await fetch(`${base}/pay/${sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card }).toString(),
        redirect: 'manual',
      });
      return { status: response.status, location: response.headers.get('location') };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
