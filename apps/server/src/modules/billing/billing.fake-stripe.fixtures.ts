import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe endpoints the platform's subscriptions call: payment methods,
 * customers, products, subscriptions (create and update). pm_card_visa subscribes; the
 * pm_card_chargeDeclined card is declined when the first invoice is paid, as at Stripe.
 */
export async function startFakeStripeBilling() {
  const requests: Array<{ method: string; path: string; form: URLSearchParams; authorization: string }> = [];
  const products = new Set<string>();
  const customers = new Map<string, string>();
  let counter = 0;
  const DAY = 86_400;

  function answer(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
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
      const interval = form.get('items[0][price_data][recurring][interval]');
      const now = Math.floor(Date.now() / 1000);
      const n = ++counter;
      return {
        status: 200,
        body: {
          id: `sub_fake_${n}`,
          object: 'subscription',
          status: 'active',
          customer: form.get('customer'),
          items: {
            object: 'list',
            data: [{ id: `si_fake_${n}`, current_period_end: now + (interval === 'year' ? 365 : 30) * DAY }],
          },
          latest_invoice: {
            id: `in_fake_${n}`,
            object: 'invoice',
            amount_paid: Number(form.get('items[0][price_data][unit_amount]')),
          },
        },
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
