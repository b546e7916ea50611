import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema/index.ts';
import {
  type FakePayPal,
  GOOD_CLIENT_ID,
  GOOD_CLIENT_SECRET,
  startFakePayPal,
} from '../../gateways/fake-paypal.fixtures.ts';
import { apiClient, createFunnel, typedClient } from '../../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { PAGE_CSP } from '../runtime.ts';
import {
  backdateOrders,
  newKey,
  paidRecords,
  paymentFailures,
  postJson,
  shopWithFunnel,
} from './checkout.fixtures.ts';
import {
  LATE_PAYMENT_REFUND_EVENT,
  LATE_PAYMENT_REFUNDED,
  PAYMENT_ABANDONED,
  PAYMENT_CANCELLED,
  PAYMENT_MISMATCH,
} from './checkout.intents.ts';
import { PAYPAL_UPSELL_NEEDS_APPROVAL } from './checkout.upsells.ts';
import { PAYPAL_SIGNATURE_REFUSED } from './paypal-webhook.routes.ts';
import { addPublishedCheckout } from './published-checkout.fixtures.ts';

/**
 * PayPal Checkout on published checkouts (issue 34 item 6): connected with a client id and secret
 * checked by a token call, the checkout creates the PayPal order for the priced cart, the shopper
 * approves it with PayPal's buttons (here: the fake's `approve`), the server captures it for that
 * amount only, and the order is refunded through the capture.
 */
let fake: FakePayPal;
let t: TestApp;
const SDK_URL = 'https://www.paypal.com/sdk/js';

/** Webhook answers, in order. */
const delivered: Array<{ url: string; status: number; body: string }> = [];

beforeAll(async () => {
  fake = await startFakePayPal({
    deliver: async (url, payload, headers) => {
      const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload, headers });
      delivered.push({ url: new URL(url).pathname, status: res.statusCode, body: res.body });
    },
  });
  t = await createTestApp({ config: { paypalApiBase: fake.apiBase, paypalSdkUrl: SDK_URL } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;

async function paypalShop(): Promise<Shop> {
  const shop = await shopWithFunnel(t);
  const res = await shop.api.post('gateways/18/connect', {
    credentials: { client_id: GOOD_CLIENT_ID, client_secret: GOOD_CLIENT_SECRET },
  });
  expect(res.json().data).toMatchObject({ status: 'connected', is_default: true, mode: 'test' });
  return shop;
}

function checkout(shop: Shop, key: string, extra: object = {}) {
  return postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    items: [{ product_id: shop.main.id }],
    customer: { email: 'ada@example.test', first_name: 'Ada', last_name: 'Lovelace' },
    gateway_id: 18,
    payment: { kind: 'intent' },
    idempotency_key: key,
    ...extra,
  });
}

const complete = (shop: Shop, key: string, cancelled = false) =>
  postJson(t.app, '/_fw/checkout/complete', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    idempotency_key: key,
    cancelled,
  });

const ordersOf = (shop: Shop) =>
  t.database.db.select().from(orders).where(eq(orders.accountId, shop.owner.accountId));

/**
 * The captures PayPal made of an order: one per PayPal-Request-Id, since PayPal answers a repeated id with
 * the first capture (the webhook and the page's report may both ask, on several processes at once). Every
 * capture request must carry one.
 */
const captures = (paypalOrder: string) => {
  const asked = fake.requests.filter((r) => r.path === `/v2/checkout/orders/${paypalOrder}/capture`);
  const ids = asked.map((r) => r.headers['paypal-request-id']);
  expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
  return [...new Set(ids)];
};

describe('connecting PayPal', () => {
  it('checks the client id and secret with PayPal, names the field on a wrong pair and stores the secret sealed', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const wrong = await api.post('gateways/18/connect', {
      credentials: { client_id: GOOD_CLIENT_ID, client_secret: 'EWrongSecretWrongSecret00' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      message: 'PayPal refused the client ID and secret: Client Authentication failed',
      field: 'data.credentials.client_id',
    });
    expect((await api.get('user-gateways')).json().data).toEqual([]);

    const good = await api.post('gateways/18/connect', {
      credentials: { client_id: GOOD_CLIENT_ID, client_secret: GOOD_CLIENT_SECRET },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({
      gateway_id: 18,
      name: 'PayPal Card Payments',
      status: 'connected',
      mode: 'test',
      credentials_hint: {
        client_id: `••••${GOOD_CLIENT_ID.slice(-4)}`,
        client_secret: `••••${GOOD_CLIENT_SECRET.slice(-4)}`,
      },
    });
    expect(good.body).not.toContain(GOOD_CLIENT_SECRET);
    const { rows } = await t.database.executeSql('select * from user_gateways where account_id = $1', [
      owner.accountId,
    ]);
    expect(JSON.stringify(rows)).not.toContain(GOOD_CLIENT_SECRET);
  });
});

describe('a PayPal checkout: order, approval, capture, paid', () => {
  it('creates the PayPal order for the server’s price with the checkout’s key, and captures it once after approval', async () => {
    const shop = await paypalShop();
    const key = newKey();
    // The page's own amounts are not part of the request: the server prices the cart.
    const opened = await checkout(shop, key, { amount: 0.01, total: 0.01 });
    expect(opened.statusCode, opened.body).toBe(202);
    const data = opened.json().data;
    expect(data).toMatchObject({ gateway_id: 18, requires_confirmation: true });
    const paypalOrder = fake.orders.get(data.client_secret);
    expect(paypalOrder).toMatchObject({
      status: 'CREATED',
      amount: { currency_code: 'USD', value: '49.99' },
      customId: expect.stringMatching(new RegExp(`^${shop.owner.accountId}/`)),
    });
    const create = fake.requests.find(
      (r) =>
        r.path === '/v2/checkout/orders' &&
        r.headers['paypal-request-id'] === `checkout-${shop.owner.accountId}-${key}`,
    );
    expect(create?.body).toMatchObject({ intent: 'CAPTURE' });
    let [order] = await ordersOf(shop);
    expect(order).toMatchObject({
      paymentStatus: 'processing',
      gatewayId: 18,
      // The timeline says 'via PayPal Card Payments' (orders spec: app_id 8 names the gateway).
      appId: 8,
      reference: paypalOrder?.id,
      amountMinor: 4999,
    });

    // The same attempt again (a double click): the same PayPal order, no second one.
    const again = await checkout(shop, key);
    expect(again.json().data.client_secret).toBe(paypalOrder?.id);
    expect([...fake.orders.values()].filter((o) => o.customId === paypalOrder?.customId)).toHaveLength(1);

    // Not approved yet: the page is told to wait, nothing is captured.
    expect((await complete(shop, key)).statusCode).toBe(409);
    expect(captures(paypalOrder?.id as string)).toHaveLength(0);

    fake.approve(paypalOrder?.id as string);
    const done = await complete(shop, key);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data).toMatchObject({
      order_id: order?.id,
      amount: 49.99,
      next_url: 'special-offer',
      order_token: expect.any(String),
    });
    [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBeNull();
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });

    // A second onApprove (two tabs, a retry): the same paid answer, no second capture.
    const twice = await Promise.all([complete(shop, key), complete(shop, key)]);
    expect(twice.map((r) => r.json().data.order_token)).toEqual([
      done.json().data.order_token,
      done.json().data.order_token,
    ]);
    expect(captures(paypalOrder?.id as string)).toHaveLength(1);
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
  });

  it('says a one-click offer after PayPal needs a new PayPal approval, charging nothing', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const paypalOrder = (await checkout(shop, key)).json().data.client_secret as string;
    fake.approve(paypalOrder);
    const token = (await complete(shop, key)).json().data.order_token as string;
    const before = fake.requests.length;
    const yes = await postJson(t.app, '/_fw/upsell', {
      order_token: token,
      step_id: shop.upsell.id,
      answer: 'yes',
      product_id: shop.offer.id,
    });
    expect(yes.statusCode).toBe(422);
    expect(yes.json().error).toMatchObject({
      code: 'paypal_approval_required',
      message: PAYPAL_UPSELL_NEEDS_APPROVAL,
    });
    expect(fake.requests.length).toBe(before);
    const [order] = await ordersOf(shop);
    expect(order).toMatchObject({ amountMinor: 4999, upsellsTaken: 0 });
  });

  it('refuses a PayPal order whose amount was changed at PayPal: not captured, not paid', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const id = (await checkout(shop, key)).json().data.client_secret as string;
    fake.tamper(id, '0.01');
    fake.approve(id);
    const res = await complete(shop, key);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(PAYMENT_MISMATCH);
    expect(captures(id)).toHaveLength(0);
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBe('failed');
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 0, purchases: 0 });
  });

  it('records nothing paid when the shopper cancels in PayPal’s window, and a new attempt pays', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const id = (await checkout(shop, key)).json().data.client_secret as string;
    const cancelled = await complete(shop, key, true);
    expect(cancelled.statusCode).toBe(402);
    expect(cancelled.json().error.message).toBe(PAYMENT_CANCELLED);
    expect(captures(id)).toHaveLength(0);
    expect((await ordersOf(shop)).map((o) => o.paymentStatus)).toEqual(['failed']);

    const retry = newKey();
    const second = (await checkout(shop, retry)).json().data.client_secret as string;
    expect(second).not.toBe(id);
    fake.approve(second);
    expect((await complete(shop, retry)).statusCode).toBe(201);
  });

  it('refunds a paid PayPal order through its capture, once', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const id = (await checkout(shop, key)).json().data.client_secret as string;
    fake.approve(id);
    const orderId = (await complete(shop, key)).json().data.order_id as number;
    const refunded = await shop.api.put(`orders/${orderId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const captureId = fake.orders.get(id)?.capture?.id;
    expect(fake.refunds.filter((r) => r.captureId === captureId)).toEqual([
      expect.objectContaining({ amount: { currency_code: 'USD', value: '49.99' } }),
    ]);
    expect((await shop.api.put(`orders/${orderId}/refund`)).statusCode).not.toBe(200);
    expect(fake.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect((await shop.api.get(`orders/${orderId}`)).json().data).toMatchObject({
      gateway_id: 18,
      is_refunded: true,
    });
  });
});

describe('the PayPal webhook', () => {
  it('captures and records the order of a shopper who approved in PayPal and closed the tab, once with the page’s report', async () => {
    const shop = await paypalShop();
    const own = `/api/gateways/paypal/webhooks/${shop.owner.accountId}`;
    // Registered at connect, for the two events.
    expect(fake.webhooks.find((w) => w.url.endsWith(own))?.events).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    const key = newKey();
    const paypalOrder = (await checkout(shop, key)).json().data.client_secret as string;
    delivered.length = 0;
    // Approved in PayPal's window; the page never reports (the tab was closed).
    fake.approve(paypalOrder);
    await fake.settled();
    const mine = () => delivered.filter((d) => d.url === own);
    expect(mine().map((d) => [d.status, JSON.parse(d.body).outcome])).toEqual([[200, 'paid']]);
    // Other accounts connected with the same PayPal app ignore this payment.
    expect(
      delivered.filter((d) => d.url !== own).every((d) => JSON.parse(d.body).outcome === 'ignored'),
    ).toBe(true);
    let [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBeNull();
    expect(captures(paypalOrder)).toHaveLength(1);

    // PayPal's capture event, a retry of it, and the page's late report: still one capture, one order paid.
    const captured = {
      id: 'CAPTURE-1',
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: paypalOrder } },
    };
    fake.sendEvent('PAYMENT.CAPTURE.COMPLETED', captured);
    fake.sendEvent('PAYMENT.CAPTURE.COMPLETED', captured);
    const [late] = await Promise.all([complete(shop, key), fake.settled()]);
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data).toMatchObject({ order_id: order?.id, order_token: expect.any(String) });
    expect(mine().map((d) => JSON.parse(d.body).outcome)).toEqual(['paid', 'paid', 'paid']);
    [order] = await ordersOf(shop);
    expect(captures(paypalOrder)).toHaveLength(1);
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
  });

  it('refuses a delivery PayPal does not confirm as its own with 400, capturing nothing', async () => {
    const shop = await paypalShop();
    const own = `/api/gateways/paypal/webhooks/${shop.owner.accountId}`;
    const paypalOrder = (await checkout(shop, newKey())).json().data.client_secret as string;
    const atPayPal = fake.orders.get(paypalOrder);
    if (atPayPal) atPayPal.status = 'APPROVED';
    delivered.length = 0;
    // A forged body under a real delivery's headers.
    fake.sendEvent('CHECKOUT.ORDER.APPROVED', { id: paypalOrder }, (payload) =>
      payload.replace('"event_version":"1.0"', '"event_version":"1.1"'),
    );
    await fake.settled();
    const answer = delivered.find((d) => d.url === own);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '{}').error.message).toBe(PAYPAL_SIGNATURE_REFUSED);
    expect(captures(paypalOrder)).toHaveLength(0);
    expect((await ordersOf(shop))[0]?.paymentStatus).toBe('processing');
  });
});

describe('the published checkout with PayPal connected', () => {
  it('names PayPal’s SDK and client id to the page, never the secret, and its CSP allows exactly PayPal’s origins', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    expect((await api.post('change-subdomain', { subdomain: 'shop-paypal' })).statusCode).toBe(200);
    const funnel = await createFunnel(api, { name: 'Shop', path: 'shop' });
    await addPublishedCheckout(typedClient(t.app, owner.token), funnel.id);
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: '/shop/buy',
        headers: {
          host: 'shop-paypal.localhost:3000',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
        },
      });
    expect((await get()).headers['content-security-policy']).toBe(PAGE_CSP);
    await api.post('gateways/18/connect', {
      credentials: { client_id: GOOD_CLIENT_ID, client_secret: GOOD_CLIENT_SECRET },
    });
    const page = await get();
    const data = JSON.parse(/id="fw-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}');
    expect(data.gateway).toEqual({
      id: 18,
      publishableKey: null,
      scriptUrl: null,
      paypal: { clientId: GOOD_CLIENT_ID, sdkUrl: SDK_URL },
    });
    expect(data.paymentNotice).toBeNull();
    expect(page.body).not.toContain(GOOD_CLIENT_SECRET);
    expect(page.headers['content-security-policy']).toBe(
      `${PAGE_CSP}; script-src 'self' https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com; frame-src 'self' https://www.paypal.com https://*.paypal.com https://www.youtube-nocookie.com https://player.vimeo.com; connect-src 'self' https://www.paypal.com https://*.paypal.com`,
    );
    // Cash On Delivery made the default: its form, with PayPal's buttons beside it.
    await api.post('user-gateways', { gateway_id: 5, is_default: true });
    const beside = JSON.parse(/id="fw-data">(.*?)<\/script>/s.exec((await get()).body)?.[1] ?? '{}');
    expect(beside.gateway).toMatchObject({ id: 5, paypal: { clientId: GOOD_CLIENT_ID, sdkUrl: SDK_URL } });
  });

  it('shows PayPal beside the card gateway the account charges, and each payment names its gateway', async () => {
    const shop = await shopWithFunnel(t);
    expect((await shop.api.post('user-gateways', { gateway_id: 5 })).json().data).toMatchObject({
      is_default: true,
    });
    await shop.api.post('gateways/18/connect', {
      credentials: { client_id: GOOD_CLIENT_ID, client_secret: GOOD_CLIENT_SECRET },
    });
    // Cash On Delivery stays the default: the card path charges it, PayPal's buttons charge PayPal.
    const cash = await checkout(shop, newKey(), { gateway_id: 5, payment: { kind: 'none' } });
    expect(cash.statusCode, cash.body).toBe(201);
    const viaPayPal = await checkout(shop, newKey());
    expect(viaPayPal.statusCode).toBe(202);
    expect((await ordersOf(shop)).map((o) => o.gatewayId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      5, 18,
    ]);
    // PayPal takes no card numbers: the page's card form never posts to it.
    const card = await checkout(shop, newKey(), {
      payment: { kind: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    expect(card.statusCode).toBe(422);
    expect(card.json().error.field).toBe('payment');
  });
});

describe('PayPal payments nobody reported (the hourly reconciliation)', () => {
  const age = (shop: Shop, hours: number) => backdateOrders(t.database.db, shop.owner.accountId, hours);
  const reconcile = () => t.app.services.checkout.reconcilePayments();

  it('captures an approval whose page and webhook never came, once, and pays the order', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const id = (await checkout(shop, key)).json().data.client_secret as string;
    fake.approve(id, { webhook: false });
    // Within the hour the page and the webhook come first: not asked yet.
    await reconcile();
    expect(captures(id)).toHaveLength(0);
    await age(shop, 2);
    await reconcile();
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBeNull();
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
    // The page that reports late, and the next run: the same capture, the same paid order.
    expect((await complete(shop, key)).statusCode).toBe(201);
    await reconcile();
    expect(captures(id)).toHaveLength(1);
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
  });

  it('records a PayPal order never approved for a day as not paid, and an approval after that captures nothing', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const id = (await checkout(shop, key)).json().data.client_secret as string;
    // Waiting for its shopper for two hours: still theirs to finish.
    await age(shop, 2);
    await reconcile();
    expect((await ordersOf(shop)).map((o) => o.paymentStatus)).toEqual(['processing']);

    await age(shop, 25);
    await reconcile();
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBe('failed');
    expect(await paymentFailures(t.database.db, order?.id as number)).toEqual([PAYMENT_ABANDONED]);

    // The shopper comes back to an old tab and approves: PayPal's webhook and the page's report both find
    // the order settled, so PayPal's order is never captured.
    fake.approve(id);
    await fake.settled();
    const late = await complete(shop, key);
    expect(late.statusCode).toBe(402);
    expect(late.json().error.message).toBe(PAYMENT_ABANDONED);
    expect(captures(id)).toHaveLength(0);
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 0, purchases: 0 });
  });

  it('refunds in full, once, a payment captured in the moment the run closed its order, and tells the shopper', async () => {
    const shop = await paypalShop();
    const key = newKey();
    const id = (await checkout(shop, key)).json().data.client_secret as string;
    await age(shop, 25);
    // The shopper approves in a day-old tab and the page reports it: the server asks PayPal to capture. In
    // that moment the hourly run, which found the order still waiting for its shopper, records it failed
    // (settled as the run settles it: the gateway's report of an abandoned payment).
    fake.approve(id, { webhook: false });
    fake.onceBeforeCapture(async () => {
      const closed = await t.app.services.checkout.gatewayEvent(shop.owner.accountId, 18, id, {
        status: 'failed',
        message: PAYMENT_ABANDONED,
        code: 'payer_abandoned',
      });
      expect(closed).toBe('failed');
    });
    const late = await complete(shop, key);
    expect(late.statusCode).toBe(402);
    expect(late.json().error.message).toBe(LATE_PAYMENT_REFUNDED);
    const captureId = fake.orders.get(id)?.capture?.id;
    expect(captures(id)).toHaveLength(1);
    const refunds = () => fake.refunds.filter((r) => r.captureId === captureId);
    expect(refunds()).toEqual([
      expect.objectContaining({ amount: { currency_code: 'USD', value: '49.99' } }),
    ]);
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBe('failed');
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 0, purchases: 0 });
    const timeline = () =>
      t.database.db
        .select({ type: orderEvents.type, name: orderEvents.name, value: orderEvents.value })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order?.id as number));
    expect((await timeline()).filter((event) => event.name === LATE_PAYMENT_REFUND_EVENT)).toEqual([
      {
        type: 4,
        name: LATE_PAYMENT_REFUND_EVENT,
        value: expect.objectContaining({ amount: 49.99, gatewayId: 18 }),
      },
    ]);

    // The page's report again, PayPal's capture event and the next run: nothing more is refunded or written.
    expect((await complete(shop, key)).json().error.message).toBe(LATE_PAYMENT_REFUNDED);
    await t.app.services.checkout.gatewayEvent(shop.owner.accountId, 18, id, {
      status: 'succeeded',
      amountMinor: 4999,
      currency: 'USD',
    });
    await reconcile();
    expect(refunds()).toHaveLength(1);
    expect((await timeline()).filter((event) => event.name === LATE_PAYMENT_REFUND_EVENT)).toHaveLength(1);
  });
});
