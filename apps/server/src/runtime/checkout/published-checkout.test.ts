import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderItems, pages } from '../../db/schema/index.ts';
import { apiClient, createFunnel, createStep } from '../../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey } from './checkout.fixtures.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const host = 'shop-checkout.localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

/** Points every product list entry, order bump and yes-link of a stored document at real products. */
function withProducts(
  config: unknown,
  listIds: number[],
  bumpId: number | null,
  offerId: number | null,
): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const object = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, walk(v)])) as Json;
    if (object.type === 'productList' && typeof object.attributes === 'object') {
      const basic = (object.attributes as { basic: Json }).basic;
      basic.entries = (basic.entries as Json[])
        .slice(0, listIds.length)
        .map((entry, index) => ({ ...entry, productId: listIds[index] }));
    }
    if (object.type === 'orderBump' && typeof object.attributes === 'object')
      (object.attributes as { basic: Json }).basic.productId = bumpId;
    if (object.type === 'yes-link') object.productId = offerId ?? undefined;
    return object;
  };
  return walk(config);
}

it('a published checkout page carries its ids and commerce blocks, and its page script posts work end to end', async () => {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  expect((await api.post('change-subdomain', { subdomain: 'shop-checkout' })).statusCode).toBe(200);
  const funnel = await createFunnel(api, { name: 'Shop', path: 'shop' });
  const checkout = await createStep(api, funnel.id, {
    name: 'Checkout',
    type: 1,
    url: 'buy',
    template_id: 'checkout-two-step',
  });
  const upsell = await createStep(api, funnel.id, {
    name: 'Upsell',
    type: 2,
    url: 'offer',
    template_id: 'upsell-one-click',
  });
  await createStep(api, funnel.id, {
    name: 'Thanks',
    type: 3,
    url: 'thanks',
    template_id: 'thank-you-next-steps',
  });
  const product = async (data: Json) =>
    (await api.post('products', { currency: 'USD', funnel_id: funnel.id, ...data })).json().data as {
      id: number;
    };
  const main = await product({ name: 'Course', price: 49, step_id: checkout.id });
  const bump = await product({ name: 'Workbook', price: 9 });
  const offer = await product({ name: 'Masterclass', price: 97, step_id: upsell.id });
  for (const [step, list, b, o] of [
    [checkout, [main.id], bump.id, null],
    [upsell, [], null, offer.id],
  ] as const) {
    const pageId = step.pages[0]?.id as number;
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, pageId));
    await t.database.db
      .update(pages)
      .set({ config: withProducts(row?.config, [...list], b, o) as Json, version: (row?.version ?? 1) + 1 })
      .where(eq(pages.id, pageId));
  }

  const page = await t.app.inject({
    method: 'GET',
    url: '/shop/buy',
    headers: { host, 'user-agent': BROWSER },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('data-payment-form');
  expect(page.body).toContain('data-order-bump');
  expect(page.body).toContain(`data-product-id="${main.id}"`);
  const data = JSON.parse(
    /<script type="application\/json" id="fw-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
  );
  expect(data).toMatchObject({ stepId: checkout.id, pageId: checkout.pages[0]?.id, nextUrl: '/shop/offer' });

  const post = (url: string, payload: Json, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { host, 'content-type': 'application/json', ...headers },
    });
  const quote = await post('/_fw/quote', {
    step_id: data.stepId,
    page_id: data.pageId,
    items: [{ product_id: main.id }],
    order_bump: true,
  });
  expect(quote.json().data).toMatchObject({ total: 58, lines: [{ name: 'Course' }, { name: 'Workbook' }] });
  const bought = await post('/_fw/checkout', {
    step_id: data.stepId,
    page_id: data.pageId,
    items: [{ product_id: main.id }],
    order_bump: true,
    customer: { email: 'buyer@example.test', first_name: 'Bea' },
    payment: CARD_OK,
    idempotency_key: newKey(),
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const cookie = String(bought.headers['set-cookie']).split(';')[0] as string;

  const offerPage = await t.app.inject({
    method: 'GET',
    url: '/shop/offer',
    headers: { host, 'user-agent': BROWSER },
  });
  expect(offerPage.body).toContain('data-action="yes-link"');
  const offerData = JSON.parse(/id="fw-data">(.*?)<\/script>/s.exec(offerPage.body)?.[1] ?? '{}');
  const yes = await post(
    '/_fw/upsell',
    { step_id: offerData.stepId, page_id: offerData.pageId, answer: 'yes', product_id: offer.id },
    { cookie },
  );
  expect(yes.statusCode, yes.body).toBe(200);
  expect(yes.json().data).toMatchObject({ accepted: true, amount: 155, next_url: 'thanks' });
  const items = await t.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, bought.json().data.order_id));
  expect(items.map((item) => item.name)).toEqual(['Course', 'Workbook', 'Masterclass']);
});
