import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderItems } from '../../db/schema/index.ts';
import { apiClient, createFunnel, typedClient } from '../../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey } from './checkout.fixtures.ts';
import { addPublishedCheckout } from './published-checkout.fixtures.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const host = 'shop-checkout.localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

it('a published checkout page carries its ids and commerce blocks, and its page script posts work end to end', async () => {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  expect((await api.post('change-subdomain', { subdomain: 'shop-checkout' })).statusCode).toBe(200);
  const funnel = await createFunnel(api, { name: 'Shop', path: 'shop' });
  const { checkout, main, offer } = await addPublishedCheckout(typedClient(t.app, owner.token), funnel.id);

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
