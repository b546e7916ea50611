import { endpoints } from '@funnelwork/domain/api/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema/index.ts';
import { apiClient, createFunnel, typedClient } from '../../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey } from './checkout.fixtures.ts';
import { addPublishedCheckout } from './published-checkout.fixtures.ts';

// Issue 35, item 3: "A product with variants (Small $24.99, Large $34.50) showed 'Lavender candle · 1 pcs ·
// 24.99' in the product list and was charged $34.50 for 'Large'. A shopper pays exactly what the page
// showed … where a product has variants the shopper chooses one and sees its price."
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const host = 'candles.localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const post = (url: string, payload: Json) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host, 'content-type': 'application/json' } });

it('a checkout of a chosen variant shows and charges its price, and refuses a variant of another product', async () => {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  expect((await api.post('change-subdomain', { subdomain: 'candles' })).statusCode).toBe(200);
  const funnel = await createFunnel(api, { name: 'Candles', path: 'candles' });
  const client = typedClient(t.app, owner.token);
  const { main, bump } = await addPublishedCheckout(client, funnel.id, {
    main: { name: 'Lavender candle', price: 20 },
    bump: { name: 'Matches', price: 2 },
    offer: { name: 'Candle club', price: 9 },
  });
  const variant = (productId: number, name: string, price: number) =>
    client.call(endpoints.store.createProductVariant, {
      body: { data: { product_id: productId, name, price } },
    });
  const small = await variant(main.id, 'Small', 24.99);
  const large = await variant(main.id, 'Large', 34.5);
  const boxOfMatches = await variant(bump.id, 'Box', 3);

  // The list offers the variants and shows the first one's price, with the currency symbol.
  const page = await t.app.inject({
    method: 'GET',
    url: '/candles/buy',
    headers: { host, 'user-agent': BROWSER },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(
    `<option value="${small.id}" data-price="24.99" selected="">Small</option><option value="${large.id}" data-price="34.50">Large</option>`,
  );
  expect(page.body).toContain('data-price="24.99" data-currency="USD">$24.99</span>');
  const data = JSON.parse(/id="fw-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}');
  const cart = (items: Json[]) => ({ step_id: data.stepId, page_id: data.pageId, items });

  // The summary's lines are the chosen variant's, and the total is their sum.
  const quote = await post('/_fw/quote', cart([{ product_id: main.id, variant_id: large.id }]));
  expect(quote.statusCode, quote.body).toBe(200);
  expect(quote.json().data).toMatchObject({
    currency: 'USD',
    lines: [{ name: 'Lavender candle', variant_title: 'Large', amount: 34.5, qty: 1 }],
    total: 34.5,
  });

  // A variant of another product, or none for a product the list offers variants of: refused, named.
  const wrong = await post('/_fw/quote', cart([{ product_id: main.id, variant_id: boxOfMatches.id }]));
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().error).toMatchObject({
    message: 'This option is not available for this product',
    field: 'items.0.variant_id',
  });
  const none = await post('/_fw/quote', cart([{ product_id: main.id }]));
  expect(none.statusCode).toBe(422);
  expect(none.json().error).toMatchObject({
    message: 'Choose an option of Lavender candle',
    field: 'items.0.variant_id',
  });

  const bought = await post('/_fw/checkout', {
    ...cart([{ product_id: main.id, variant_id: large.id }]),
    customer: { email: 'wick@example.test', first_name: 'Wick' },
    payment: CARD_OK,
    idempotency_key: newKey(),
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const orderId = bought.json().data.order_id as number;
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order?.amountMinor).toBe(3450);
  const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  expect(items.map((item) => [item.name, item.variantTitle, item.amountMinor])).toEqual([
    ['Lavender candle', 'Large', 3450],
  ]);

  const refused = await post('/_fw/checkout', {
    ...cart([{ product_id: main.id, variant_id: boxOfMatches.id }]),
    customer: { email: 'wick@example.test' },
    payment: CARD_OK,
    idempotency_key: newKey(),
  });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().error.field).toBe('items.0.variant_id');
  const after = await t.database.db.select().from(orders).where(eq(orders.accountId, owner.accountId));
  expect(after).toHaveLength(1);

  // The order bump offers no choice: it is sold as its first variant, at the price it shows.
  const withBump = await post('/_fw/quote', {
    ...cart([{ product_id: main.id, variant_id: small.id }]),
    order_bump: true,
  });
  expect(withBump.json().data).toMatchObject({
    lines: [
      { name: 'Lavender candle', variant_title: 'Small', amount: 24.99 },
      { name: 'Matches', variant_title: 'Box', amount: 3 },
    ],
    total: 27.99,
  });
});
