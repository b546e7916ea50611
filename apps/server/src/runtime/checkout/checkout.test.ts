import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityItems,
  checkoutRequests,
  customers,
  discounts,
  funnelDailyStats,
  orderEvents,
  orderItems,
  orders,
  products,
  subscriptions,
} from '../../db/schema/index.ts';
import type { EventMap, EventName } from '../../events/bus.ts';
import { createCashOnDeliveryGateway } from '../../gateways/cash-on-delivery.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  CARD_DECLINED,
  CARD_OK,
  CARD_RETRYABLE,
  newKey,
  postJson,
  shopWithFunnel,
} from './checkout.fixtures.ts';
import { KEY_REUSED } from './idempotency.ts';

const sandbox = createSandboxGateway();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    gateways: createGatewayRegistry({ adapters: [sandbox, createCashOnDeliveryGateway()] }),
  });
});
afterAll(() => t.close());

const customer = {
  email: 'Shopper@Example.test',
  first_name: 'Sam',
  last_name: 'Shopper',
  phone: '+44 20 7946 0000',
  shipping_address: '1 High Street',
  shipping_city: 'London',
  shipping_zip: 'N1 1AA',
  shipping_country: 'GB',
};

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;

/** The shop's checkout page, as its page script names it in every post. */
const onCheckoutPage = (shop: Shop) => ({ step_id: shop.checkout.id, page_id: shop.checkoutPage });

/**
 * A checkout post from the shop's checkout page: the customer above, the test card and a new key,
 * unless `body` says otherwise.
 */
const checkoutBody = (shop: Shop, body: Record<string, unknown>) => ({
  ...onCheckoutPage(shop),
  customer,
  payment: CARD_OK,
  idempotency_key: newKey(),
  ...body,
});
const buy = (shop: Shop, body: Record<string, unknown>) =>
  postJson(t.app, '/_fw/checkout', checkoutBody(shop, body));

/** The shop account's orders and activity items. */
const ordersOf = (shop: Shop) =>
  t.database.db.select().from(orders).where(eq(orders.accountId, shop.owner.accountId));
const activityOf = (shop: Shop) =>
  t.database.db.select().from(activityItems).where(eq(activityItems.accountId, shop.owner.accountId));

/** Collects the events of one name published while `run` runs (and its handlers finished). */
async function collect<K extends EventName>(name: K, run: () => Promise<unknown>): Promise<EventMap[K][]> {
  const seen: EventMap[K][] = [];
  const off = t.app.services.events.subscribe(name, (payload) => {
    seen.push(payload);
  });
  try {
    await run();
    await t.app.services.events.idle();
  } finally {
    off();
  }
  return seen;
}

describe('POST /_fw/checkout', () => {
  it('charges the sandbox with prices from the database and records customer, order, timeline, activity and stats', async () => {
    const shop = await shopWithFunnel(t);
    const charges = sandbox.charges.length;
    let cookie = '';
    const paid = await collect('order.paid', async () => {
      const res = await buy(shop, {
        items: [{ product_id: shop.main.id, qty: 1 }],
        order_bump: true,
        fields: { 'How did you hear of us?': 'A friend' },
      });
      expect(res.statusCode, res.body).toBe(201);
      cookie = String(res.headers['set-cookie']).split(';')[0] as string;
      const data = res.json().data;
      expect(data).toMatchObject({ amount: 57.49, currency: 'USD', next_url: 'special-offer' });
      expect(data.order_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(res.headers['set-cookie']).toMatch(/^fw_order=.+; Path=\/_fw; HttpOnly; SameSite=Lax/);
    });
    expect(sandbox.charges.length).toBe(charges + 1);
    expect(sandbox.charges.at(-1)?.amountMinor).toBe(5749);

    const db = t.database.db;
    const [order] = await ordersOf(shop);
    expect(order).toMatchObject({
      amountMinor: 5749,
      currency: 'USD',
      paymentStatus: null,
      gatewayId: 14,
      funnelId: shop.funnel.id,
      stepId: shop.checkout.id,
      pageId: shop.checkoutPage,
      email: 'shopper@example.test',
      firstName: 'Sam',
      itemsCount: 2,
    });
    expect(order?.reference).toMatch(/^sbx_ch_/);
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id as number));
    expect(items.map((i) => [i.name, i.amountMinor, i.qty])).toEqual([
      ['Course', 4999, 1],
      ['Workbook', 750, 1],
    ]);
    const [person] = await db.select().from(customers).where(eq(customers.accountId, shop.owner.accountId));
    expect(person).toMatchObject({
      email: 'shopper@example.test',
      shippingCity: 'London',
      metadata: [{ key: 'How did you hear of us?', value: 'A friend' }],
    });
    const timeline = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order?.id as number));
    expect(timeline.map((e) => e.name)).toEqual(['Order placed', 'Payment succeeded']);
    const activity = await activityOf(shop);
    expect(activity).toMatchObject([
      { eventId: 2, amountMinor: 5749, currency: 'USD', customerId: person?.id },
    ]);
    const [stats] = await db
      .select()
      .from(funnelDailyStats)
      .where(eq(funnelDailyStats.funnelId, shop.funnel.id));
    expect(stats).toMatchObject({ revenueMinor: 5749, orders: 1 });
    // An offer follows: the order is confirmed ('order.paid') once, when its shopper leaves the offers.
    expect(paid).toEqual([]);
    const declined = await collect('order.paid', async () => {
      const no = { step_id: shop.upsell.id, page_id: shop.upsell.pages[0]?.id, answer: 'no' };
      expect((await postJson(t.app, '/_fw/upsell', no, { cookie })).statusCode).toBe(200);
    });
    expect(declined).toEqual([
      expect.objectContaining({
        orderId: order?.id,
        amountMinor: 5749,
        source: 'checkout',
        accountId: shop.owner.accountId,
      }),
    ]);

    // The dashboard shows it as a paid order with the customer.
    const seen = await shop.api.get(`orders/${order?.id}`);
    expect(seen.json().data).toMatchObject({ amount: 57.49, payment_status: null, items_count: 2 });
  });

  it('updates the customer matched by e-mail instead of adding one', async () => {
    const shop = await shopWithFunnel(t);
    for (const [first, city] of [
      ['Sam', 'London'],
      ['Samantha', ''],
    ]) {
      const res = await buy(shop, {
        items: [{ product_id: shop.main.id }],
        customer: { ...customer, first_name: first, shipping_city: city },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.accountId, shop.owner.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Samantha', shippingCity: 'London' });
    const list = await shop.api.get(`customers/${rows[0]?.id}`);
    expect(list.statusCode).toBe(200);
  });

  it('answers a decline with 402 and the gateway message, and records a failed order, no paid one', async () => {
    const shop = await shopWithFunnel(t);
    const charges = sandbox.charges.length;
    const paid = await collect('order.paid', async () => {
      const res = await buy(shop, {
        items: [{ product_id: shop.main.id }],
        payment: CARD_DECLINED,
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({
        message: 'Your card was declined.',
        code: 'card_declined',
        retryable: false,
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    });
    expect(paid).toEqual([]);
    expect(sandbox.charges.length).toBe(charges);
    const rows = await ordersOf(shop);
    expect(rows).toMatchObject([{ paymentStatus: 'failed', reference: null }]);
    const timeline = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, rows[0]?.id as number));
    expect(timeline.at(-1)).toMatchObject({
      type: 1,
      name: 'Payment failed',
      value: { error: 'Your card was declined.' },
    });
    const activity = await activityOf(shop);
    expect(activity.map((a) => a.eventId)).toEqual([10]);
    const stats = await t.database.db
      .select()
      .from(funnelDailyStats)
      .where(eq(funnelDailyStats.funnelId, shop.funnel.id));
    expect(stats).toEqual([]);
    expect((await shop.api.get(`orders/${rows[0]?.id}`)).json().data.payment_status).toBe('failed');
  });

  it('answers a retryable gateway error with 402, retryable true, and its message', async () => {
    const shop = await shopWithFunnel(t);
    const res = await buy(shop, {
      items: [{ product_id: shop.main.id }],
      payment: CARD_RETRYABLE,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      message: 'An error occurred while processing your card. Try again in a little bit.',
      code: 'processing_error',
      retryable: true,
    });
    // A new attempt (a new key, another card) then succeeds.
    const again = await buy(shop, { items: [{ product_id: shop.main.id }] });
    expect(again.statusCode).toBe(201);
  });

  it('makes one order and one charge for 20 concurrent submits with the same idempotency key', async () => {
    const shop = await shopWithFunnel(t);
    const charges = sandbox.charges.length;
    const body = checkoutBody(shop, { items: [{ product_id: shop.second.id }] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson(t.app, '/_fw/checkout', body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.json().data.order_id));
    expect(ids.size).toBe(1);
    expect(sandbox.charges.length).toBe(charges + 1);
    const rows = await ordersOf(shop);
    expect(rows).toHaveLength(1);
    const requests = await t.database.db
      .select()
      .from(checkoutRequests)
      .where(eq(checkoutRequests.accountId, shop.owner.accountId));
    expect(requests).toMatchObject([{ state: 'done', responseStatus: 201, orderId: rows[0]?.id }]);
    // A later resubmit answers the same order; the same key with another body is refused.
    const later = await postJson(t.app, '/_fw/checkout', body);
    expect(later.json().data.order_id).toBe(rows[0]?.id);
    const other = await postJson(t.app, '/_fw/checkout', { ...body, items: [{ product_id: shop.main.id }] });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(KEY_REUSED);
    // The dashboard's order count moved by one.
    expect((await shop.api.get('orders', { page: 0, per_page: 25 })).json().meta.count).toBe(1);
  });

  it('refuses products from elsewhere, a bad selection, a missing key and non-JSON posts', async () => {
    const shop = await shopWithFunnel(t);
    const offer = await buy(shop, { items: [{ product_id: shop.offer.id }] });
    expect(offer.statusCode).toBe(422);
    expect(offer.json().error.message).toBe('This product is not available on this page');
    const two = await buy(shop, { items: [{ product_id: shop.main.id }, { product_id: shop.second.id }] });
    expect(two.json().error.message).toBe('Choose one product');
    const noKey = await postJson(t.app, '/_fw/checkout', {
      ...onCheckoutPage(shop),
      items: [{ product_id: shop.main.id }],
      customer,
      payment: CARD_OK,
    });
    expect(noKey.statusCode).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: '/_fw/checkout',
      payload: 'step_id=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    const missing = await buy(shop, { step_id: 999_999, items: [{ product_id: shop.main.id }] });
    expect(missing.statusCode).toBe(404);
    const rows = await ordersOf(shop);
    expect(rows).toEqual([]);
  });

  it('sells quantities in qty mode and takes a discount code off the total', async () => {
    const shop = await shopWithFunnel(t, { selectionType: 'qty' });
    await t.database.db.insert(discounts).values({
      accountId: shop.owner.accountId,
      code: 'SAVE10',
      kind: 'percent',
      valueMinor: 1000,
    });
    const terms = await postJson(t.app, '/_fw/discount', { ...onCheckoutPage(shop), code: 'save10' });
    expect(terms.json().data).toMatchObject({ code: 'SAVE10', kind: 'percent', value: 10 });
    const bad = await postJson(t.app, '/_fw/discount', { ...onCheckoutPage(shop), code: 'NOPE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe('This discount code is not valid');

    const quote = await postJson(t.app, '/_fw/quote', {
      ...onCheckoutPage(shop),
      items: [
        { product_id: shop.main.id, qty: 2 },
        { product_id: shop.second.id, qty: 3 },
      ],
      discount_code: 'SAVE10',
    });
    expect(quote.json().data).toMatchObject({
      subtotal: 156.98,
      discount: 15.7,
      total: 141.28,
      currency: 'USD',
    });
    const res = await buy(shop, {
      items: [
        { product_id: shop.main.id, qty: 2 },
        { product_id: shop.second.id, qty: 3 },
      ],
      discount_code: 'save10',
    });
    expect(res.statusCode, res.body).toBe(201);
    // (2 × 49.99 + 3 × 19) = 156.98; 10 % off = 15.70 → 141.28
    expect(res.json().data).toMatchObject({ amount: 141.28, discount: 15.7 });
    const [order] = await ordersOf(shop);
    expect(order).toMatchObject({ discountCode: 'SAVE10', discountMinor: 1570, itemsCount: 5 });
    const [discount] = await t.database.db
      .select()
      .from(discounts)
      .where(eq(discounts.accountId, shop.owner.accountId));
    expect(discount?.usedCount).toBe(1);
  });

  it('charges nothing online for cash on delivery when the page offers it', async () => {
    const shop = await shopWithFunnel(t);
    const res = await buy(shop, {
      items: [{ product_id: shop.main.id }],
      gateway_id: 5,
      payment: { kind: 'none' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await ordersOf(shop);
    expect(order).toMatchObject({ gatewayId: 5 });
    expect(order?.reference).toMatch(/^cod_/);
  });
});

describe('POST /_fw/upsell', () => {
  async function boughtCheckout() {
    const shop = await shopWithFunnel(t);
    const res = await buy(shop, { items: [{ product_id: shop.main.id }] });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    return { shop, data: res.json().data as { order_id: number; order_token: string }, cookie };
  }

  it('yes charges the saved card once and adds the offer to the same order', async () => {
    const { shop, data, cookie } = await boughtCheckout();
    const charges = sandbox.charges.length;
    const body = {
      step_id: shop.upsell.id,
      page_id: shop.upsell.pages[0]?.id,
      answer: 'yes',
      product_id: shop.offer.id,
    };
    let paid: Array<{ orderId: number }> = [];
    const accepted = await collect('order.upsell_accepted', async () => {
      paid = await collect('order.paid', async () => {
        const answers = await Promise.all([
          postJson(t.app, '/_fw/upsell', body, { cookie }),
          postJson(t.app, '/_fw/upsell', body, { cookie }),
        ]);
        for (const res of answers) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data).toMatchObject({
            accepted: true,
            order_id: data.order_id,
            amount: 146.99,
            next_url: 'thank-you',
          });
        }
      });
    });
    // The accepted offer is an event of its own, once, for merchants who want one.
    expect(accepted).toMatchObject([
      { orderId: data.order_id, stepId: shop.upsell.id, productId: shop.offer.id, amountMinor: 9700 },
    ]);
    expect(sandbox.charges.length).toBe(charges + 1);
    expect(sandbox.charges.at(-1)?.amountMinor).toBe(9700);
    // Leaving the offers (the thank-you step is next) confirms the order once, with both lines' amount.
    expect(paid).toMatchObject([{ orderId: data.order_id, amountMinor: 14699, source: 'checkout' }]);
    const db = t.database.db;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, data.order_id));
    expect(items.map((i) => i.name)).toEqual(['Course', 'Masterclass']);
    const [order] = await db.select().from(orders).where(eq(orders.id, data.order_id));
    expect(order).toMatchObject({ amountMinor: 14699, itemsCount: 2 });
    const timeline = await db.select().from(orderEvents).where(eq(orderEvents.orderId, data.order_id));
    expect(timeline.map((e) => e.name)).toEqual(['Order placed', 'Payment succeeded', 'Upsell accepted']);
    const [stats] = await db
      .select()
      .from(funnelDailyStats)
      .where(eq(funnelDailyStats.funnelId, shop.funnel.id));
    expect(stats).toMatchObject({ revenueMinor: 14699, orders: 1 });
    const orderList = await shop.api.get('orders', { page: 0, per_page: 25 });
    expect(orderList.json().meta.count).toBe(1);
  });

  it('shows the thank-you page the order its browser placed, and nothing to another browser or funnel', async () => {
    const { shop, cookie } = await boughtCheckout();
    const upsell = { step_id: shop.upsell.id, page_id: shop.upsell.pages[0]?.id, answer: 'yes' };
    expect((await postJson(t.app, '/_fw/upsell', upsell, { cookie })).statusCode).toBe(200);
    const thanks = { step_id: shop.thanks.id, page_id: shop.thanks.pages[0]?.id };
    const res = await postJson(t.app, '/_fw/order', thanks, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      order_number: expect.stringMatching(/^\d+$/),
      created_at: expect.any(String),
      email: 'shopper@example.test',
      currency: 'USD',
      lines: [
        expect.objectContaining({ name: 'Course', amount: 49.99, qty: 1 }),
        expect.objectContaining({ name: 'Masterclass', amount: 97, qty: 1 }),
      ],
      subtotal: 146.99,
      discount: 0,
      total: 146.99,
    });
    // No order cookie, a made-up one, or another merchant's page: no order.
    expect((await postJson(t.app, '/_fw/order', thanks)).json()).toEqual({ data: null });
    expect(
      (await postJson(t.app, '/_fw/order', thanks, { cookie: `fw_order=${'x'.repeat(43)}` })).json(),
    ).toEqual({
      data: null,
    });
    const other = await shopWithFunnel(t);
    const elsewhere = { step_id: other.thanks.id, page_id: other.thanks.pages[0]?.id };
    expect((await postJson(t.app, '/_fw/order', elsewhere, { cookie })).json()).toEqual({ data: null });
  });

  it('a refund gives back the checkout charge and each upsell charge, each at its own amount', async () => {
    const { shop, data, cookie } = await boughtCheckout();
    const upsell = { step_id: shop.upsell.id, page_id: shop.upsell.pages[0]?.id, answer: 'yes' };
    expect((await postJson(t.app, '/_fw/upsell', upsell, { cookie })).statusCode).toBe(200);
    const [first, second] = sandbox.charges.slice(-2);
    const refunds = sandbox.refunds.length;
    const res = await shop.api.put(`orders/${data.order_id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      sandbox.refunds.slice(refunds).map(({ reference, amountMinor }) => ({ reference, amountMinor })),
    ).toEqual([
      { reference: first?.reference, amountMinor: 4999 },
      { reference: second?.reference, amountMinor: 9700 },
    ]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, data.order_id));
    expect(order).toMatchObject({ isRefunded: true, amountMinor: 14699 });
    expect(order?.refundReference).toMatch(/^sbx_re_/);
  });

  it('a blank step is passed over: an offer with nothing to sell and an empty page lead on to the built-in thank-you', async () => {
    const shop = await shopWithFunnel(t);
    // The offer loses its product, the thank-you page its blocks: the checkout's next step is none.
    await t.database.db.delete(products).where(eq(products.id, shop.offer.id));
    const thanksPage = `wfunnels/${shop.funnel.id}/steps/${shop.thanks.id}/pages/${shop.thanks.pages[0]?.id}`;
    expect((await shop.api.patch(thanksPage, { config: null })).statusCode).toBe(200);
    expect((await shop.api.post(`funnels/${shop.funnel.id}/publish`)).statusCode).toBe(200);
    const res = await buy(shop, { items: [{ product_id: shop.main.id }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ next_step_id: null, next_url: null });
  });

  it('no order, no confirmation: a yes without an order says so; the thank-you shows no order', async () => {
    const shop = await shopWithFunnel(t);
    const yes = { step_id: shop.upsell.id, page_id: shop.upsell.pages[0]?.id, answer: 'yes' };
    const res = await postJson(t.app, '/_fw/upsell', yes);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'This offer is for shoppers who have just placed an order. Nothing was charged.',
    });
    const thanks = await t.app.inject({ method: 'GET', url: '/_fw/thank-you' });
    expect(thanks.statusCode).toBe(404);
    expect(thanks.body).not.toContain('Thank you for your order');
    expect(thanks.body).toContain('This order confirmation is no longer available.');
  });

  it('no moves on to the next step without charging; a bad token is refused', async () => {
    const { shop, data } = await boughtCheckout();
    const charges = sandbox.charges.length;
    const res = await postJson(t.app, '/_fw/upsell', {
      order_token: data.order_token,
      step_id: shop.upsell.id,
      answer: 'no',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ accepted: false, next_step_id: shop.thanks.id, next_url: 'thank-you' });
    expect(sandbox.charges.length).toBe(charges);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, data.order_id));
    expect(order?.amountMinor).toBe(4999);
    const bad = await postJson(t.app, '/_fw/upsell', {
      order_token: 'x'.repeat(43),
      step_id: shop.upsell.id,
      answer: 'yes',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe('This offer has expired');
  });

  it('shows the gateway message when the saved card fails, and keeps the order as it was', async () => {
    const { shop, data } = await boughtCheckout();
    const [session] = await t.database.db.select().from(orders).where(eq(orders.id, data.order_id));
    expect(session).toBeTruthy();
    const { orderSessions } = await import('../../db/schema/index.ts');
    const [row] = await t.database.db
      .select()
      .from(orderSessions)
      .where(eq(orderSessions.orderId, data.order_id));
    sandbox.failSavedPaymentMethod(row?.savedPaymentMethod as string, 'declined');
    const res = await postJson(t.app, '/_fw/upsell', {
      order_token: data.order_token,
      step_id: shop.upsell.id,
      answer: 'yes',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ message: 'Your card was declined.', next_url: 'thank-you' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, data.order_id));
    expect(order?.amountMinor).toBe(4999);
  });
});

describe('subscriptions', () => {
  it('a recurring product starts a subscription; the renewal job charges the saved card and makes a new order', async () => {
    const shop = await shopWithFunnel(t, { recurring: true });
    const started = await collect('subscription.started', async () => {
      const res = await buy(shop, { items: [{ product_id: shop.second.id }] });
      expect(res.statusCode, res.body).toBe(201);
    });
    const db = t.database.db;
    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, shop.owner.accountId));
    expect(sub).toMatchObject({
      status: 'active',
      interval: 'month',
      amountMinor: 1900,
      productId: shop.second.id,
    });
    expect(sub?.savedPaymentMethod).toMatch(/^sbx_pm_/);
    expect(started).toMatchObject([{ subscriptionId: sub?.id }]);
    const due = new Date(sub?.nextChargeAt as Date);
    expect(due.getTime() - Date.now()).toBeGreaterThan(27 * 24 * 3600_000);

    const { createSubscriptionsService } = await import('./subscriptions.ts');
    const registry = createGatewayRegistry({ adapters: [sandbox] });
    // A fake clock: one minute after the due date.
    const service = createSubscriptionsService({
      db,
      gateways: registry,
      queue: t.queue,
      events: t.app.services.events,
      clock: () => new Date(due.getTime() + 60_000),
      log: () => {},
    });
    const early = createSubscriptionsService({
      db,
      gateways: registry,
      queue: t.queue,
      events: t.app.services.events,
      log: () => {},
    });
    expect(await early.renew(sub?.id as number, due.toISOString())).toBe('skipped');

    const renewed = await collect('subscription.renewed', async () => {
      expect(await service.renew(sub?.id as number, due.toISOString())).toBe('renewed');
      // The same job again (a retry) does nothing.
      expect(await service.renew(sub?.id as number, due.toISOString())).toBe('skipped');
    });
    const all = await ordersOf(shop);
    expect(all).toHaveLength(2);
    expect(renewed).toMatchObject([{ subscriptionId: sub?.id, orderId: all[1]?.id }]);
    const activity = await activityOf(shop);
    expect(activity.map((a) => a.eventId)).toEqual([2, 4, 11]);
    const [after] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub?.id as number));
    expect(after?.renewals).toBe(1);
    expect(new Date(after?.nextChargeAt as Date).getUTCMonth()).toBe((due.getUTCMonth() + 1) % 12);

    // A declined renewal: 'Subscription failed' activity and event; the subscription fails.
    sandbox.failSavedPaymentMethod(sub?.savedPaymentMethod as string, 'declined');
    const nextDue = new Date(after?.nextChargeAt as Date);
    const later = createSubscriptionsService({
      db,
      gateways: registry,
      queue: t.queue,
      events: t.app.services.events,
      clock: () => new Date(nextDue.getTime() + 1),
      log: () => {},
    });
    const failed = await collect('subscription.failed', async () => {
      expect(await later.renew(sub?.id as number, nextDue.toISOString())).toBe('failed');
    });
    expect(failed).toMatchObject([{ subscriptionId: sub?.id, message: 'Your card was declined.' }]);
    const [dead] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub?.id as number));
    expect(dead?.status).toBe('failed');
    const kinds = await db
      .select({ eventId: activityItems.eventId })
      .from(activityItems)
      .where(and(eq(activityItems.accountId, shop.owner.accountId), eq(activityItems.eventId, 7)));
    expect(kinds).toHaveLength(1);
  });

  it('cancelling stops renewals, records its activity and publishes subscription.cancelled', async () => {
    const shop = await shopWithFunnel(t, { recurring: true });
    await buy(shop, { items: [{ product_id: shop.second.id }] });
    const list = await shop.api.get('subscriptions');
    const [sub] = list.json().data as Array<{ id: number; next_charge_at: string }>;
    expect(sub).toBeTruthy();
    const cancelled = await collect('subscription.cancelled', async () => {
      const res = await shop.api.post(`subscriptions/${sub?.id}/cancel`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('cancelled');
    });
    expect(cancelled).toMatchObject([{ subscriptionId: sub?.id }]);
    expect(await t.app.services.subscriptions.renew(sub?.id as number, sub?.next_charge_at as string)).toBe(
      'skipped',
    );
    const again = await shop.api.post(`subscriptions/${sub?.id}/cancel`);
    expect(again.statusCode).toBe(422);
    const activity = await activityOf(shop);
    expect(activity.map((a) => a.eventId)).toContain(5);
  });
});

describe('order.refunded', () => {
  it('is published after a refund commits, with activity 9 Was refunded', async () => {
    const shop = await shopWithFunnel(t);
    const res = await buy(shop, { items: [{ product_id: shop.main.id }] });
    const orderId = res.json().data.order_id as number;
    const refunded = await collect('order.refunded', async () => {
      const refund = await shop.api.put(`orders/${orderId}/refund`);
      expect(refund.statusCode, refund.body).toBe(200);
    });
    expect(refunded).toMatchObject([{ orderId, amountMinor: 4999, currency: 'USD' }]);
    expect(refunded[0]?.refundReference).toMatch(/^sbx_re_/);
    const activity = await activityOf(shop);
    expect(activity.map((a) => a.eventId)).toEqual([2, 9]);
  });
});
