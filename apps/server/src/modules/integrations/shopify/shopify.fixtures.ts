import { type FakeAnswer, type FakeRequest, startFakeApi } from '../fake-api.fixtures.ts';

export const SHOPIFY_GOOD_TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
/** A token whose app lacks the write_orders scope. */
export const SHOPIFY_READONLY_TOKEN = 'shpat_readonlyreadonlyreadonly0000';
export const SHOPIFY_SHOP = 'funnel-test.myshopify.com';
/** A variant the fake's store has. */
export const SHOPIFY_VARIANT_ID = 40_000_000_001;

const PREFIX = '/admin/api/2024-10';
const NOT_FOUND: FakeAnswer = { status: 404, body: { errors: 'Not Found' } };

type Order = Record<string, unknown> & { id: number };

/**
 * A local stand-in for the Shopify Admin REST API calls the adapter makes: GET /admin/api/2024-10/shop.json
 * and POST …/orders.json, authenticated by X-Shopify-Access-Token, with Shopify's error shapes
 * (`{"errors": "…"}` or `{"errors": {"field": ["…"]}}`). `state.throttle` answers that many next
 * requests 429 with `Retry-After: state.retryAfter`, as Shopify's leaky bucket does. Stores are told
 * apart by the path's first part (`SHOPIFY_API_BASE=http://127.0.0.1:port/{shop}`): only SHOPIFY_SHOP exists.
 */
export async function startFakeShopify(options: { port?: number } = {}) {
  const orders: Order[] = [];
  const state = { throttle: 0, retryAfter: '2.0', calls: 0 };
  let nextNumber = 1001;

  function handle(incoming: FakeRequest): FakeAnswer {
    const [, shop, path = ''] = /^\/([^/]+)(\/.*)$/.exec(incoming.path) ?? [];
    if (shop !== SHOPIFY_SHOP) return NOT_FOUND;
    const request = { ...incoming, path };
    state.calls += 1;
    const headers = { 'x-shopify-shop-api-call-limit': `${Math.min(state.calls, 40)}/40` };
    if (state.throttle > 0) {
      state.throttle -= 1;
      return {
        status: 429,
        headers: { ...headers, 'retry-after': state.retryAfter },
        body: {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
      };
    }
    const token = String(request.headers['x-shopify-access-token'] ?? '');
    if (token !== SHOPIFY_GOOD_TOKEN && token !== SHOPIFY_READONLY_TOKEN) {
      return {
        status: 401,
        headers,
        body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
      };
    }
    if (request.method === 'GET' && request.path === `${PREFIX}/shop.json`) {
      return {
        status: 200,
        headers,
        body: {
          shop: {
            id: 548380009,
            name: 'Funnel Test Store',
            email: 'owner@funnel-test.example',
            domain: 'shop.funnel-test.example',
            myshopify_domain: SHOPIFY_SHOP,
            currency: 'USD',
            plan_name: 'basic',
          },
        },
      };
    }
    if (request.method === 'POST' && request.path === `${PREFIX}/orders.json`) {
      if (token === SHOPIFY_READONLY_TOKEN) {
        return {
          status: 403,
          headers,
          body: { errors: '[API] This action requires merchant approval for write_orders scope.' },
        };
      }
      const order = (request.json as { order?: Record<string, unknown> } | null)?.order;
      if (!order)
        return { status: 400, headers, body: { errors: { order: 'Required parameter missing or invalid' } } };
      const lines = Array.isArray(order.line_items)
        ? (order.line_items as Array<Record<string, unknown>>)
        : [];
      if (lines.length === 0) {
        return {
          status: 422,
          headers,
          body: { errors: { line_items: ['must have at least one line item'] } },
        };
      }
      const unknown = lines.find(
        (line) => line.variant_id !== undefined && line.variant_id !== SHOPIFY_VARIANT_ID,
      );
      if (unknown) {
        return {
          status: 422,
          headers,
          body: { errors: { line_items: [`Unable to find variant with id ${unknown.variant_id}`] } },
        };
      }
      if (typeof order.email === 'string' && order.email.endsWith('@blocked.test')) {
        return {
          status: 422,
          headers,
          body: { errors: { base: ['Customer is blocked from placing orders'] } },
        };
      }
      const number = nextNumber++;
      const created: Order = {
        ...order,
        id: 5_000_000_000 + number,
        name: `#${number}`,
        order_number: number,
        admin_graphql_api_id: `gid://shopify/Order/${5_000_000_000 + number}`,
        fulfillment_status: null,
      };
      orders.push(created);
      return { status: 201, headers, body: { order: created } };
    }
    return NOT_FOUND;
  }

  const server = await startFakeApi(handle, options.port);
  /** SHOPIFY_API_BASE for this fake. */
  const apiBase = `${server.url}/{shop}`;
  return { ...server, apiBase, orders, state };
}
