import { PassThrough } from 'node:stream';
import { SHOPIFY_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIntegrations } from '../../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../../test/harness.ts';
import { type ApiClient, apiClient } from '../../funnels/funnels.fixtures.ts';
import { retryAfterMs, shopDomainOf, shopifyBase } from './shopify.adapter.ts';
import {
  SHOPIFY_GOOD_TOKEN,
  SHOPIFY_READONLY_TOKEN,
  SHOPIFY_SHOP,
  SHOPIFY_VARIANT_ID,
  startFakeShopify,
} from './shopify.fixtures.ts';

const RETRY_CAP_MS = 300;
const logLines: string[] = [];
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeShopify>>;

beforeAll(async () => {
  fake = await startFakeShopify();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  t = await createTestApp({
    logStream,
    config: {
      logLevel: 'trace',
      shopifyApiBase: fake.apiBase,
      shopifyRetryAfterMaxMs: RETRY_CAP_MS,
      outboundAllowHosts: [fake.host],
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ID = SHOPIFY_INTEGRATION_ID;
const ORDERS_PATH = `/${SHOPIFY_SHOP}/admin/api/2024-10/orders.json`;

async function connected(token = SHOPIFY_GOOD_TOKEN): Promise<{ api: ApiClient; id: number }> {
  const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
  const res = await api.post('connect', {
    integration_id: ID,
    fields: { shop_domain: 'funnel-test', access_token: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { api, id: res.json().data.id };
}

let sharedConnection: ReturnType<typeof connected> | undefined;
/** One connected account for the tests that do not change the connection (sign-ups are slow). */
const shared = () => {
  sharedConnection ??= connected();
  return sharedConnection;
};

const order = {
  email: 'bea@example.com',
  line_items: [
    { variant_id: SHOPIFY_VARIANT_ID, quantity: 2 },
    { title: 'Bonus workbook', price: 9.5, quantity: 1 },
  ],
  shipping_address: {
    first_name: 'Bea',
    last_name: 'Low',
    address1: '2 Low Road',
    city: 'Leeds',
    zip: 'LS1 1AA',
    country_code: 'gb',
  },
  tags: ['funnelwork', 'funnel-7'],
  source_identifier: 'order-123',
};

describe('Shopify addresses', () => {
  it('takes the store domain however it is typed, and puts it into the API address', () => {
    expect(shopDomainOf('my-store')).toBe('my-store.myshopify.com');
    expect(shopDomainOf(' https://My-Store.myshopify.com/admin ')).toBe('my-store.myshopify.com');
    for (const bad of ['evil.example.com', 'my-store.myshopify.com.evil.test', '127.0.0.1', 'a b', '']) {
      expect(shopDomainOf(bad), bad).toBeNull();
    }
    expect(shopifyBase('https://{shop}', 'my-store.myshopify.com')).toBe('https://my-store.myshopify.com');
    expect(retryAfterMs('2.0')).toBe(2000);
    expect(retryAfterMs('0.05')).toBe(50);
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('connecting Shopify', () => {
  it('checks the form, naming the field, before asking Shopify', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const before = fake.requests.length;
    for (const [fields, field, message] of [
      [{ access_token: SHOPIFY_GOOD_TOKEN }, 'shop_domain', 'shop_domain is required'],
      [
        { shop_domain: 'shop.evil.example', access_token: SHOPIFY_GOOD_TOKEN },
        'shop_domain',
        '.myshopify.com',
      ],
      [{ shop_domain: SHOPIFY_SHOP }, 'access_token', 'access_token is required'],
      [{ shop_domain: SHOPIFY_SHOP, access_token: 'has spaces in it' }, 'access_token', 'access_token:'],
    ] as const) {
      const res = await api.post('connect', { integration_id: ID, fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toContain(message);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('a refused token or an unknown store is a 422 naming the field; nothing is stored', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const badToken = await api.post('connect', {
      integration_id: ID,
      fields: { shop_domain: SHOPIFY_SHOP, access_token: 'shpat_wrongwrongwrong' },
    });
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json().error).toMatchObject({ field: 'access_token' });
    expect(badToken.json().error.message).toBe(
      'Shopify refused the access token ([API] Invalid API key or access token (unrecognized login or wrong password)); copy the Admin API access token of your app again',
    );
    const noStore = await api.post('connect', {
      integration_id: ID,
      fields: { shop_domain: 'nobody-here', access_token: SHOPIFY_GOOD_TOKEN },
    });
    expect(noStore.statusCode).toBe(422);
    expect(noStore.json().error).toMatchObject({
      field: 'shop_domain',
      message: 'Shopify has no store at nobody-here.myshopify.com',
    });
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('reads shop.json with the token header, keeps the store name, seals the token', async () => {
    const { api, id } = await connected();
    const check = fake.requests.at(-1);
    expect(check).toMatchObject({ method: 'GET', path: `/${SHOPIFY_SHOP}/admin/api/2024-10/shop.json` });
    expect(check?.headers['x-shopify-access-token']).toBe(SHOPIFY_GOOD_TOKEN);
    const mine = await api.get(`user-integrations/${id}`);
    expect(mine.json().data).toMatchObject({
      connected: true,
      settings: { shop_domain: SHOPIFY_SHOP, shop_name: 'Funnel Test Store', currency: 'USD' },
      secrets: ['access_token'],
    });
    for (const res of [mine, await api.get('user-integrations'), await api.get('integrations')]) {
      expect(res.body).not.toContain(SHOPIFY_GOOD_TOKEN);
    }
    const [row] = await t.database.db.select().from(userIntegrations).where(eq(userIntegrations.id, id));
    expect(row?.secretsSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SHOPIFY_GOOD_TOKEN);
    const test = await api.post(`call-integration-method/${id}/test`, {});
    expect(test.json().data).toEqual({ ok: true, message: 'Connected to Funnel Test Store' });
  });
});

describe('create-order', () => {
  it('POSTs a paid order with line items, e-mail and shipping address', async () => {
    const { api, id } = await shared();
    const res = await api.post(`call-integration-method/${id}/create-order`, order);
    expect(res.statusCode, res.body).toBe(200);
    const created = fake.orders.at(-1);
    expect(res.json().data).toEqual({
      order_id: created?.id,
      name: created?.name,
      order_number: created?.order_number,
      admin_url: `https://${SHOPIFY_SHOP}/admin/orders/${created?.id}`,
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: ORDERS_PATH });
    expect(sent?.headers['x-shopify-access-token']).toBe(SHOPIFY_GOOD_TOKEN);
    expect(sent?.json).toEqual({
      order: {
        email: 'bea@example.com',
        line_items: [
          { variant_id: SHOPIFY_VARIANT_ID, quantity: 2 },
          { title: 'Bonus workbook', price: '9.5', quantity: 1 },
        ],
        shipping_address: { ...order.shipping_address, country_code: 'GB' },
        financial_status: 'paid',
        tags: 'funnelwork, funnel-7',
        source_name: 'funnelwork',
        source_identifier: 'order-123',
        send_receipt: false,
        send_fulfillment_receipt: false,
        inventory_behaviour: 'decrement_obeying_policy',
      },
    });
  });

  it("maps Shopify's refusals: its field errors name the field (400), the rest are 422", async () => {
    const { api, id } = await shared();
    const unknownVariant = await api.post(`call-integration-method/${id}/create-order`, {
      ...order,
      line_items: [{ variant_id: 12345, quantity: 1 }],
    });
    expect(unknownVariant.statusCode).toBe(400);
    expect(unknownVariant.json().error).toMatchObject({
      field: 'line_items',
      message: 'line_items: Unable to find variant with id 12345',
    });
    const blocked = await api.post(`call-integration-method/${id}/create-order`, {
      ...order,
      email: 'someone@blocked.test',
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.message).toBe('Shopify refused: Customer is blocked from placing orders');
    const readonly = await connected(SHOPIFY_READONLY_TOKEN);
    const scope = await readonly.api.post(`call-integration-method/${readonly.id}/create-order`, order);
    expect(scope.statusCode).toBe(422);
    expect(scope.json().error.message).toBe(
      'Shopify refused: [API] This action requires merchant approval for write_orders scope. (the app needs the read_orders and write_orders scopes)',
    );
  });

  it('bad input is a 400 naming the field; Shopify is not asked', async () => {
    const { api, id } = await shared();
    const before = fake.requests.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...order, email: 'nope' }, 'email'],
      [{ ...order, line_items: [] }, 'line_items'],
      [{ ...order, line_items: [{ quantity: 1 }] }, 'line_items.0.variant_id'],
      [{ ...order, line_items: [{ title: 'X', price: '1,00', quantity: 1 }] }, 'line_items.0.price'],
      [{ ...order, line_items: [{ variant_id: 1, quantity: 0 }] }, 'line_items.0.quantity'],
      [{ ...order, shipping_address: { city: 'Leeds', country: 'GB' } }, 'shipping_address.address1'],
      [{ ...order, shipping_address: { address1: '2 Low Road', city: 'Leeds' } }, 'shipping_address.country'],
      [{ ...order, shipping_address: undefined }, 'shipping_address'],
    ];
    for (const [data, field] of cases) {
      const res = await api.post(`call-integration-method/${id}/create-order`, data);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('a 429 is retried once after its Retry-After', async () => {
    const { api, id } = await shared();
    const ordersBefore = fake.orders.length;
    const before = fake.requests.length;
    fake.state.throttle = 1;
    fake.state.retryAfter = '0.1';
    const started = Date.now();
    const res = await api.post(`call-integration-method/${id}/create-order`, order);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([ORDERS_PATH, ORDERS_PATH]);
    expect(fake.orders.length).toBe(ordersBefore + 1);
  });

  it('a second 429 fails clearly after one retry; a Retry-After beyond the cap fails at once', async () => {
    const { api, id } = await shared();
    const ordersBefore = fake.orders.length;
    let before = fake.requests.length;
    fake.state.throttle = 2;
    fake.state.retryAfter = '0.05';
    const twice = await api.post(`call-integration-method/${id}/create-order`, order);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.message).toBe(
      "Shopify is rate-limiting this store's API calls; try again in 1 s",
    );
    expect(fake.requests.length - before).toBe(2);

    before = fake.requests.length;
    fake.state.throttle = 1;
    fake.state.retryAfter = '30.0';
    const started = Date.now();
    const long = await api.post(`call-integration-method/${id}/create-order`, order);
    expect(long.statusCode).toBe(422);
    expect(long.json().error.message).toBe(
      "Shopify is rate-limiting this store's API calls; try again in 30 s",
    );
    expect(Date.now() - started).toBeLessThan(RETRY_CAP_MS * 5);
    expect(fake.requests.length - before).toBe(1);
    expect(fake.orders.length).toBe(ordersBefore);
    fake.state.throttle = 0;
  });

  it('disconnect forgets the token; the method then refuses without calling Shopify', async () => {
    const { api, id } = await connected();
    const gone = await api.post('disconnect', { id });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toMatchObject({ connected: false, secrets: [] });
    expect(gone.body).not.toContain(SHOPIFY_GOOD_TOKEN);
    const before = fake.requests.length;
    const after = await api.post(`call-integration-method/${id}/create-order`, order);
    expect(after.statusCode).toBe(422);
    expect(fake.requests.length).toBe(before);
  });

  it('the token is never written to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(SHOPIFY_GOOD_TOKEN);
  });
});
