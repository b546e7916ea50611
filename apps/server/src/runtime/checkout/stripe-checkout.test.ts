import { AUTOMATION_TRIGGERS } from '@funnelwork/domain/automations/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityItems, orderEvents, orderItems, orders, subscriptions } from '../../db/schema/index.ts';
import {
  type FakeStripe,
  GOOD_KEY,
  GOOD_PUBLISHABLE_KEY,
  STRIPE_TEST_CARDS,
  signStripePayload,
  startFakeStripe,
} from '../../gateways/fake-stripe.fixtures.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createStripeAdapter } from '../../gateways/stripe.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  backdateOrders,
  CARD_OK,
  newKey,
  paidRecords,
  paymentFailures,
  postJson,
  shopWithFunnel,
} from './checkout.fixtures.ts';
import { PAYMENT_ABANDONED } from './checkout.intents.ts';
import { UPSELL_METADATA, UPSELL_NEEDS_AUTHENTICATION, UPSELL_NOT_CONFIRMED } from './checkout.upsells.ts';
import { INVALID_SIGNATURE } from './stripe-webhook.routes.ts';

/**
 * Stripe on published checkouts (issue 34 item 1): the checkout opens a PaymentIntent for the priced
 * cart, the page confirms it with Stripe.js (here: the fake's `confirmWithCard`, as its frame does),
 * and the order is paid once Stripe says so, reported by the page or by the webhook, exactly once.
 */
let fake: FakeStripe;
let t: TestApp;
/** Webhook answers, in order. */
const delivered: Array<{ url: string; status: number; body: string }> = [];

beforeAll(async () => {
  fake = await startFakeStripe({
    deliver: async (url, payload, signature) => {
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      delivered.push({ url: new URL(url).pathname, status: res.statusCode, body: res.body });
    },
  });
  t = await createTestApp({ config: { stripeApiBase: fake.apiBase } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;

/** A shop whose default gateway is Stripe, connected with the fake's test keys. */
async function stripeShop(options: { recurring?: boolean } = {}): Promise<Shop> {
  const shop = await shopWithFunnel(t, options);
  const res = await shop.api.post('gateways/1/connect', {
    credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
  });
  expect(res.json().data).toMatchObject({ status: 'connected', is_default: true });
  return shop;
}

function checkout(shop: Shop, key: string, payment: object = { kind: 'intent' }) {
  return postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    items: [{ product_id: shop.main.id }],
    customer: { email: 'ada@example.test', first_name: 'Ada', last_name: 'Lovelace' },
    payment,
    idempotency_key: key,
  });
}

const complete = (shop: Shop, key: string) =>
  postJson(t.app, '/_fw/checkout/complete', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    idempotency_key: key,
  });

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] as string;

async function ordersOf(shop: Shop) {
  return t.database.db.select().from(orders).where(eq(orders.accountId, shop.owner.accountId));
}

describe('a Stripe checkout: intent, confirmation in the browser, verification, paid', () => {
  it('opens a PaymentIntent for exactly the priced cart with the checkout’s key, then pays when Stripe says so', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const key = newKey();
    const opened = await checkout(shop, key);
    expect(opened.statusCode).toBe(202);
    const data = opened.json().data;
    expect(data).toMatchObject({ gateway_id: 1, requires_confirmation: true });
    expect(opened.body).not.toContain('order_token');

    const intent = fake.intents.get(intentIdOf(data.client_secret));
    expect(intent).toMatchObject({
      amount: 4999,
      currency: 'usd',
      status: 'requires_payment_method',
      setup_future_usage: 'off_session',
      customer: expect.stringMatching(/^cus_fake_/),
      metadata: { funnelwork_account: String(shop.owner.accountId) },
    });
    const create = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form.get('amount') === '4999',
    );
    expect(create?.headers['idempotency-key']).toBe(`checkout-${shop.owner.accountId}-${key}`);
    // One Stripe customer per shopper e-mail in the merchant's Stripe account.
    expect([...fake.customers.values()].filter((c) => c.email === 'ada@example.test')).toHaveLength(1);

    let [order] = await ordersOf(shop);
    expect(order).toMatchObject({
      paymentStatus: 'processing',
      gatewayId: 1,
      reference: intent?.id,
      amountMinor: 4999,
    });

    // Not confirmed yet: nothing is paid, the page is told to wait.
    const early = await complete(shop, key);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('payment_in_progress');

    expect(fake.confirmWithCard(intent?.id as string, STRIPE_TEST_CARDS.succeeds).status).toBe(200);
    const done = await complete(shop, key);
    expect(done.statusCode).toBe(201);
    expect(done.json().data).toMatchObject({
      order_id: order?.id,
      order_number: order?.orderNumber,
      amount: 49.99,
      next_url: 'special-offer',
      order_token: expect.any(String),
    });
    expect(String(done.headers['set-cookie'])).toMatch(/^fw_order=[^;]+; Path=\/_fw; HttpOnly/);
    [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBeNull();
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });

    // The same key again (a reload, a double click) answers the paid order, not a second payment.
    const again = await checkout(shop, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.order_id).toBe(order?.id);
    expect((await complete(shop, key)).json().data.order_token).toBe(done.json().data.order_token);
    expect(await ordersOf(shop)).toHaveLength(1);
    fake.pauseWebhooks(false);
  });

  it('charges a one-click upsell off-session on the card the checkout saved to the shopper’s customer', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    fake.confirmWithCard(id, STRIPE_TEST_CARDS.succeeds);
    const token = (await complete(shop, key)).json().data.order_token as string;
    const yes = await postJson(t.app, '/_fw/upsell', {
      order_token: token,
      step_id: shop.upsell.id,
      answer: 'yes',
      product_id: shop.offer.id,
    });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().data.accepted).toBe(true);
    const charge = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    const intent = fake.intents.get(id);
    expect(charge?.form.get('amount')).toBe('9700');
    expect(charge?.form.get('off_session')).toBe('true');
    expect(charge?.form.get('customer')).toBe(intent?.customer);
    expect(charge?.form.get('payment_method')).toBe(intent?.payment_method);
    fake.pauseWebhooks(false);
  });

  it('asks the shopper to confirm an upsell the bank declined off-session, and adds it once when they do', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    // 4000 0025 0000 3155 asks for 3-D Secure at the checkout, then again for any off-session charge.
    expect(fake.confirmWithCard(id, STRIPE_TEST_CARDS.offSessionAuthentication).body).toMatchObject({
      status: 'requires_action',
    });
    fake.finishChallenge(id, 'complete');
    const token = (await complete(shop, key)).json().data.order_token as string;
    const [order] = await ordersOf(shop);
    const yes = () =>
      postJson(t.app, '/_fw/upsell', {
        order_token: token,
        step_id: shop.upsell.id,
        answer: 'yes',
        product_id: shop.offer.id,
      });
    const chargesBefore = fake.requests.filter((r) => r.path === '/v1/payment_intents').length;
    // A double click: one off-session charge, the same answer twice.
    const [asked, again] = await Promise.all([yes(), yes()]);
    expect(asked.statusCode, asked.body).toBe(402);
    expect(again.json()).toEqual(asked.json());
    const error = asked.json().error;
    expect(error).toMatchObject({
      code: 'authentication_required',
      message: UPSELL_NEEDS_AUTHENTICATION,
      requires_action: true,
      client_secret: expect.stringMatching(/^pi_fake_\d+_secret_/),
      payment_method: fake.intents.get(id)?.payment_method,
      next_url: 'thank-you',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents').length - chargesBefore).toBe(1);
    const upsellIntent = intentIdOf(error.client_secret);
    const report = () =>
      postJson(t.app, '/_fw/upsell/complete', { order_token: token, step_id: shop.upsell.id });
    // Reported before the shopper confirmed: nothing recorded, the page is told to wait.
    expect((await report()).statusCode).toBe(409);

    // Stripe.js's confirmCardPayment with the saved method: a challenge, which the shopper passes.
    expect(fake.confirmWithSavedMethod(upsellIntent, error.payment_method).body).toMatchObject({
      status: 'requires_action',
    });
    fake.finishChallenge(upsellIntent, 'complete');
    const reports = await Promise.all([report(), report(), report()]);
    expect(reports.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(reports[0]?.json().data).toMatchObject({ accepted: true, order_id: order?.id, amount: 146.99 });
    const [after] = await ordersOf(shop);
    expect(after).toMatchObject({ amountMinor: 14699, upsellsTaken: 1 });
    const accepted = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id as number), eq(orderEvents.name, 'Upsell accepted')));
    expect(accepted.map((e) => e.value)).toEqual([expect.objectContaining({ ref: upsellIntent })]);
    // Yes again after all this: the recorded answer, no new charge.
    expect((await yes()).json().data).toMatchObject({ accepted: true });
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents').length - chargesBefore).toBe(1);
    fake.pauseWebhooks(false);
  });

  it('records nothing when the shopper fails the upsell’s challenge, and says so', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    fake.confirmWithCard(id, STRIPE_TEST_CARDS.offSessionAuthentication);
    fake.finishChallenge(id, 'complete');
    const token = (await complete(shop, key)).json().data.order_token as string;
    const yes = () =>
      postJson(t.app, '/_fw/upsell', {
        order_token: token,
        step_id: shop.upsell.id,
        answer: 'yes',
        product_id: shop.offer.id,
      });
    const error = (await yes()).json().error;
    const upsellIntent = intentIdOf(error.client_secret);
    fake.confirmWithSavedMethod(upsellIntent, error.payment_method);
    fake.finishChallenge(upsellIntent, 'fail');
    const report = await postJson(t.app, '/_fw/upsell/complete', {
      order_token: token,
      step_id: shop.upsell.id,
    });
    expect(report.statusCode).toBe(402);
    expect(report.json().error).toMatchObject({
      code: 'payment_not_confirmed',
      message: `${UPSELL_NOT_CONFIRMED} We are unable to authenticate your payment method. Please choose a different payment method and try again.`,
      next_url: 'thank-you',
    });
    const [order] = await ordersOf(shop);
    expect(order).toMatchObject({ amountMinor: 4999, upsellsTaken: 0 });
    expect(fake.intents.get(upsellIntent)?.status).toBe('canceled');
    // Final: a yes or a report again answers the same, and charges nothing.
    expect((await yes()).json().error.code).toBe('payment_not_confirmed');
    const upsells = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.form.get('off_session') === 'true',
    );
    expect(upsells.filter((r) => r.form.get('payment_method') === error.payment_method)).toHaveLength(1);
    fake.pauseWebhooks(false);
  });

  it('never takes card numbers for Stripe: the raw-card request is refused before anything is recorded', async () => {
    const shop = await stripeShop();
    const before = fake.requests.length;
    const res = await checkout(shop, newKey(), CARD_OK);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'card_details_refused',
      message: 'Stripe takes card details through its own form on the page',
    });
    expect(fake.requests.length).toBe(before);
    expect(await ordersOf(shop)).toHaveLength(0);
  });

  it('records a declined card as a failed order with Stripe’s message, and closes the intent', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const key = newKey();
    const secret = (await checkout(shop, key)).json().data.client_secret as string;
    fake.confirmWithCard(intentIdOf(secret), STRIPE_TEST_CARDS.declined);
    const res = await complete(shop, key);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBe('failed');
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 0, purchases: 0 });
    expect(fake.intents.get(intentIdOf(secret))?.status).toBe('canceled');
    // Final for its key: asked again, the same answer.
    expect((await complete(shop, key)).json().error.message).toBe('Your card was declined.');
    fake.pauseWebhooks(false);
  });

  it('waits for a 3-D Secure challenge, and a failed challenge records nothing paid', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const passed = newKey();
    const failed = newKey();
    const first = intentIdOf((await checkout(shop, passed)).json().data.client_secret);
    const second = intentIdOf((await checkout(shop, failed)).json().data.client_secret);
    for (const id of [first, second]) {
      expect(fake.confirmWithCard(id, STRIPE_TEST_CARDS.challenge).body).toMatchObject({
        status: 'requires_action',
      });
    }
    expect((await complete(shop, passed)).statusCode).toBe(409);
    fake.finishChallenge(first, 'complete');
    fake.finishChallenge(second, 'fail');
    expect((await complete(shop, passed)).statusCode).toBe(201);
    const refused = await complete(shop, failed);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    const byId = new Map((await ordersOf(shop)).map((o) => [o.reference, o.paymentStatus]));
    expect(byId.get(first)).toBeNull();
    expect(byId.get(second)).toBe('failed');
    fake.pauseWebhooks(false);
  });

  it('makes one intent and one order from a concurrent double submit', async () => {
    const shop = await stripeShop();
    const key = newKey();
    const intentsBefore = fake.intents.size;
    const answers = await Promise.all([checkout(shop, key), checkout(shop, key), checkout(shop, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.json().data.client_secret)).size).toBe(1);
    expect(fake.intents.size - intentsBefore).toBe(1);
    expect(await ordersOf(shop)).toHaveLength(1);
  });
});

describe('subscriptions on Stripe', () => {
  /** The renewal job's service, its clock just after `due`, charging through the fake Stripe. */
  async function renewalAt(due: Date) {
    const { createSubscriptionsService } = await import('./subscriptions.ts');
    return createSubscriptionsService({
      db: t.database.db,
      gateways: createGatewayRegistry({
        adapters: [createStripeAdapter({ apiBase: fake.apiBase, maxNetworkRetries: 0 })],
        credentialsFor: (accountId, gatewayId) =>
          t.app.services.gatewayCredentials.load(accountId, gatewayId),
      }),
      queue: t.queue,
      events: t.app.services.events,
      clock: () => new Date(due.getTime() + 60_000),
      log: () => {},
    });
  }

  /** A Stripe shop's shopper subscribes (the recurring product) paying with `card`. */
  async function subscribe(card: string) {
    const shop = await stripeShop({ recurring: true });
    const key = newKey();
    const res = await postJson(t.app, '/_fw/checkout', {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      items: [{ product_id: shop.second.id }],
      customer: { email: `sub-${key}@example.test`, first_name: 'Sue', last_name: 'Scriber' },
      payment: { kind: 'intent' },
      idempotency_key: key,
    });
    const id = intentIdOf(res.json().data.client_secret);
    const confirmed = fake.confirmWithCard(id, card).body;
    if ('status' in confirmed && confirmed.status === 'requires_action') fake.finishChallenge(id, 'complete');
    expect((await complete(shop, key)).statusCode).toBe(201);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, shop.owner.accountId));
    if (!sub) throw new Error('no subscription');
    return { shop, sub, intent: fake.intents.get(id) };
  }

  it('renews off-session from the Stripe customer and payment method the checkout saved', async () => {
    fake.pauseWebhooks(true);
    const { shop, sub, intent } = await subscribe(STRIPE_TEST_CARDS.succeeds);
    expect(sub.savedPaymentMethod).toBe(`${intent?.customer}/${intent?.payment_method}`);
    expect(intent?.setup_future_usage).toBe('off_session');
    const due = new Date(sub.nextChargeAt);
    const service = await renewalAt(due);
    expect(await service.renew(sub.id, due.toISOString())).toBe('renewed');
    const charge = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(charge?.form.get('amount')).toBe('1900');
    expect(charge?.form.get('off_session')).toBe('true');
    expect(charge?.form.get('confirm')).toBe('true');
    expect(charge?.form.get('customer')).toBe(intent?.customer);
    expect(charge?.form.get('payment_method')).toBe(intent?.payment_method);
    expect(charge?.headers['idempotency-key']).toBe(`subscription-${sub.id}-${due.toISOString()}-0`);
    const all = await ordersOf(shop);
    expect(all).toHaveLength(2);
    expect(all.find((o) => o.id !== sub.orderId)).toMatchObject({ gatewayId: 1, amountMinor: 1900 });
    fake.pauseWebhooks(false);
  });

  it('a renewal Stripe declines, or that needs the shopper’s authentication, fails the subscription and fires Recurring Payment Fails', async () => {
    fake.pauseWebhooks(true);
    const trigger = AUTOMATION_TRIGGERS.find((x) => x.label === 'Recurring Payment Fails');
    expect(trigger?.event).toBe('subscription.failed');
    const declined = await subscribe(STRIPE_TEST_CARDS.succeeds);
    fake.declineSavedMethod(declined.intent?.payment_method as string);
    // 4000 0025 0000 3155: paid at the checkout after its challenge, refused off-session.
    const authentication = await subscribe(STRIPE_TEST_CARDS.offSessionAuthentication);
    const seen: Array<{ subscriptionId: number; message?: string }> = [];
    const off = t.app.services.events.subscribe('subscription.failed', (payload) => {
      seen.push(payload);
    });
    try {
      for (const { sub } of [declined, authentication]) {
        const due = new Date(sub.nextChargeAt);
        expect(await (await renewalAt(due)).renew(sub.id, due.toISOString())).toBe('failed');
      }
      await t.app.services.events.idle();
    } finally {
      off();
    }
    expect(seen).toEqual([
      expect.objectContaining({ subscriptionId: declined.sub.id, message: 'Your card was declined.' }),
      expect.objectContaining({
        subscriptionId: authentication.sub.id,
        message: 'Your card was declined. This transaction requires authentication.',
      }),
    ]);
    for (const { shop, sub } of [declined, authentication]) {
      const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
      expect(after).toMatchObject({ status: 'failed', failedAttempts: 1, renewals: 0 });
      // No renewal order; the first order's timeline says why.
      expect(await ordersOf(shop)).toHaveLength(1);
      const timeline = await t.database.db
        .select()
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, sub.orderId as number),
            eq(orderEvents.name, 'Recurring payment failed'),
          ),
        );
      expect(timeline).toHaveLength(1);
    }
    fake.pauseWebhooks(false);
  });
});

describe('the Stripe webhook', () => {
  it('records the order paid when the shopper closed the tab after paying, once however often Stripe sends it', async () => {
    const shop = await stripeShop();
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    delivered.length = 0;
    fake.confirmWithCard(id, STRIPE_TEST_CARDS.succeeds);
    await fake.settled();
    // Other test shops connected the same Stripe account: their endpoints ignore this shop's payment.
    const own = `/api/gateways/stripe/webhooks/${shop.owner.accountId}`;
    const mine = () => delivered.filter((d) => d.url === own);
    expect(mine().map((d) => d.status)).toEqual([200]);
    expect(JSON.parse(mine()[0]?.body ?? '{}')).toEqual({ received: true, outcome: 'paid' });
    expect(
      delivered.filter((d) => d.url !== own).every((d) => JSON.parse(d.body).outcome === 'ignored'),
    ).toBe(true);
    let [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBeNull();

    // Stripe retries (a replay of the same event) and the page reports too: still one paid record.
    const event = fake.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.payload.includes(id) && e.url.endsWith(own),
    );
    await Promise.all([
      fake.resend(event?.id as string),
      complete(shop, key),
      fake.resend(event?.id as string),
    ]);
    expect(mine().map((d) => JSON.parse(d.body).outcome)).toEqual(['paid', 'paid', 'paid']);
    [order] = await ordersOf(shop);
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
    // The page that comes back still gets its order and cookie.
    expect((await complete(shop, key)).json().data).toMatchObject({
      order_id: order?.id,
      order_token: expect.any(String),
    });
  });

  /**
   * A Stripe shop's shopper pays with 4000 0025 0000 3155 (its challenge passed), says yes to the
   * upsell (declined off-session: 'confirm in place'), then passes the upsell's challenge with the
   * saved card, as Stripe.js does; the page has not reported yet.
   */
  async function upsellConfirmedInPlace() {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    fake.confirmWithCard(id, STRIPE_TEST_CARDS.offSessionAuthentication);
    fake.finishChallenge(id, 'complete');
    const token = (await complete(shop, key)).json().data.order_token as string;
    const [order] = await ordersOf(shop);
    const asked = await postJson(t.app, '/_fw/upsell', {
      order_token: token,
      step_id: shop.upsell.id,
      answer: 'yes',
      product_id: shop.offer.id,
    });
    expect(asked.statusCode, asked.body).toBe(402);
    const error = asked.json().error;
    const upsellIntent = intentIdOf(error.client_secret);
    // The upsell's intent names what it pays for, in Stripe's metadata (kept and sent back by Stripe).
    expect(fake.intents.get(upsellIntent)?.metadata).toEqual({
      funnelwork_account: String(shop.owner.accountId),
      [UPSELL_METADATA]: `upsell:${order?.id}:${shop.upsell.id}`,
    });
    fake.pauseWebhooks(false);
    return { shop, token, order, error, upsellIntent };
  }

  /** The order's lines, total, 'Upsell accepted' events and paid records, to count the offer. */
  async function offerRecords(shop: Shop, orderId: number) {
    const [order] = await ordersOf(shop);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const accepted = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.name, 'Upsell accepted')));
    return {
      amountMinor: order?.amountMinor,
      itemsCount: order?.itemsCount,
      upsellsTaken: order?.upsellsTaken,
      lines: lines.map((l) => l.productId).sort((a, b) => a - b),
      accepted: accepted.map((e) => (e.value as { ref?: string }).ref),
      paid: await paidRecords(t.database.db, orderId),
    };
  }

  it('adds an upsell confirmed in place from the webhook when the page never reports, once however often Stripe sends it', async () => {
    const { shop, order, error, upsellIntent } = await upsellConfirmedInPlace();
    const own = `/api/gateways/stripe/webhooks/${shop.owner.accountId}`;
    delivered.length = 0;
    fake.confirmWithSavedMethod(upsellIntent, error.payment_method);
    fake.finishChallenge(upsellIntent, 'complete');
    await fake.settled();
    // The tab is closed: only Stripe reports. The shop's own endpoint adds the offer; others ignore it.
    const mine = () => delivered.filter((d) => d.url === own);
    expect(mine().map((d) => [d.status, JSON.parse(d.body).outcome])).toEqual([[200, 'paid']]);
    expect(
      delivered.filter((d) => d.url !== own).every((d) => JSON.parse(d.body).outcome === 'ignored'),
    ).toBe(true);
    const once = {
      amountMinor: 14699,
      itemsCount: 2,
      upsellsTaken: 1,
      lines: [shop.main.id, shop.offer.id].sort((a, b) => a - b),
      accepted: [upsellIntent],
      // The checkout's 'Payment succeeded', and a 'Purchase' activity each for the checkout and the offer.
      paid: { succeeded: 1, purchases: 2 },
    };
    expect(await offerRecords(shop, order?.id as number)).toEqual(once);

    // Stripe's retries of the same event, at once: nothing more.
    const event = fake.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.payload.includes(upsellIntent) && e.url.endsWith(own),
    );
    await Promise.all([fake.resend(event?.id as string), fake.resend(event?.id as string)]);
    expect(mine().map((d) => JSON.parse(d.body).outcome)).toEqual(['paid', 'paid', 'paid']);
    expect(await offerRecords(shop, order?.id as number)).toEqual(once);
  });

  it('adds an upsell once whether the webhook or the page reports first', async () => {
    // The webhook first, then the page's report (the tab came back): the recorded answer, once.
    const first = await upsellConfirmedInPlace();
    fake.confirmWithSavedMethod(first.upsellIntent, first.error.payment_method);
    fake.finishChallenge(first.upsellIntent, 'complete');
    await fake.settled();
    const report = (token: string, shop: Shop) =>
      postJson(t.app, '/_fw/upsell/complete', { order_token: token, step_id: shop.upsell.id });
    const late = await report(first.token, first.shop);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toMatchObject({ accepted: true, order_id: first.order?.id, amount: 146.99 });
    expect(await offerRecords(first.shop, first.order?.id as number)).toMatchObject({
      amountMinor: 14699,
      upsellsTaken: 1,
      accepted: [first.upsellIntent],
      paid: { succeeded: 1, purchases: 2 },
    });

    // The page first (its event held at Stripe), then the webhook twice, and both at once.
    const second = await upsellConfirmedInPlace();
    fake.pauseWebhooks(true);
    fake.confirmWithSavedMethod(second.upsellIntent, second.error.payment_method);
    fake.finishChallenge(second.upsellIntent, 'complete');
    const own = `/api/gateways/stripe/webhooks/${second.shop.owner.accountId}`;
    const event = fake.events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        e.payload.includes(second.upsellIntent) &&
        e.url.endsWith(own),
    );
    fake.pauseWebhooks(false);
    delivered.length = 0;
    const [, reported] = await Promise.all([
      fake.resend(event?.id as string),
      report(second.token, second.shop),
      fake.resend(event?.id as string),
    ]);
    expect(reported?.statusCode, reported?.body).toBe(200);
    expect(reported?.json().data).toMatchObject({ accepted: true, amount: 146.99 });
    expect(delivered.filter((d) => d.url === own).map((d) => JSON.parse(d.body).outcome)).toEqual([
      'paid',
      'paid',
    ]);
    expect(await offerRecords(second.shop, second.order?.id as number)).toMatchObject({
      amountMinor: 14699,
      itemsCount: 2,
      upsellsTaken: 1,
      accepted: [second.upsellIntent],
      paid: { succeeded: 1, purchases: 2 },
    });
  });

  it('records a failed upsell challenge from the webhook as the page would: nothing added, the intent closed', async () => {
    const { shop, token, order, error, upsellIntent } = await upsellConfirmedInPlace();
    const own = `/api/gateways/stripe/webhooks/${shop.owner.accountId}`;
    delivered.length = 0;
    fake.confirmWithSavedMethod(upsellIntent, error.payment_method);
    fake.finishChallenge(upsellIntent, 'fail');
    await fake.settled();
    expect(delivered.filter((d) => d.url === own).map((d) => JSON.parse(d.body).outcome)).toEqual(['failed']);
    expect(fake.intents.get(upsellIntent)?.status).toBe('canceled');
    expect(await offerRecords(shop, order?.id as number)).toMatchObject({
      amountMinor: 4999,
      upsellsTaken: 0,
      accepted: [],
      paid: { succeeded: 1, purchases: 1 },
    });
    const report = await postJson(t.app, '/_fw/upsell/complete', {
      order_token: token,
      step_id: shop.upsell.id,
    });
    expect(report.json().error.code).toBe('payment_not_confirmed');
  });

  it('records a dispute Stripe opens on a paid order once: the activity and a timeline event', async () => {
    const shop = await stripeShop();
    const id = intentIdOf((await checkout(shop, newKey())).json().data.client_secret);
    fake.confirmWithCard(id, STRIPE_TEST_CARDS.succeeds);
    await fake.settled();
    const payload = JSON.stringify({
      id: 'evt_dispute_1',
      object: 'event',
      type: 'charge.dispute.created',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `dp_${id}`,
          object: 'dispute',
          amount: 4999,
          currency: 'usd',
          charge: 'ch_fake_1',
          payment_intent: id,
          reason: 'fraudulent',
          status: 'needs_response',
        },
      },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/gateways/stripe/webhooks/${shop.owner.accountId}`,
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(payload, fake.endpoints.at(-1)?.secret as string),
        },
      });
    expect((await send()).json()).toEqual({ received: true, outcome: 'recorded' });
    expect((await send()).statusCode).toBe(200);
    const [order] = await ordersOf(shop);
    const disputes = await t.database.db
      .select()
      .from(activityItems)
      .where(and(eq(activityItems.orderId, order?.id as number), eq(activityItems.eventId, 8)));
    expect(disputes).toHaveLength(1);
    const timeline = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id as number), eq(orderEvents.name, 'Dispute opened')));
    expect(timeline.map((e) => e.value)).toEqual([
      expect.objectContaining({ amount: 49.99, ref: `dp_${id}`, desc: 'Reason: fraudulent' }),
    ]);
  });

  it('refuses an event whose signature is not the endpoint’s with 400, changing nothing', async () => {
    const shop = await stripeShop();
    fake.pauseWebhooks(true);
    const id = intentIdOf((await checkout(shop, newKey())).json().data.client_secret);
    fake.confirmWithCard(id, STRIPE_TEST_CARDS.succeeds);
    const url = `/api/gateways/stripe/webhooks/${shop.owner.accountId}`;
    const event = fake.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.payload.includes(id) && e.url.endsWith(url),
    );
    if (!event) throw new Error('no event for the intent');
    const post = (signature: string, payload = event.payload) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    for (const signature of [
      signStripePayload(event.payload, 'whsec_not_the_endpoints'),
      '',
      signStripePayload(event.payload, fake.endpoints.at(-1)?.secret as string, 1_600_000_000),
    ]) {
      const res = await post(signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(INVALID_SIGNATURE);
    }
    const forged = event.payload.replace('"amount":4999', '"amount":1');
    expect(
      (await post(signStripePayload(event.payload, fake.endpoints.at(-1)?.secret as string), forged))
        .statusCode,
    ).toBe(400);
    expect((await ordersOf(shop))[0]?.paymentStatus).toBe('processing');
    fake.pauseWebhooks(false);
  });
});

describe('Stripe payments nobody reported (the hourly reconciliation)', () => {
  const age = (shop: Shop, hours: number) => backdateOrders(t.database.db, shop.owner.accountId, hours);
  const reconcile = () => t.app.services.checkout.reconcilePayments();

  it('records the order paid when the shopper paid but neither the page nor the webhook reported', async () => {
    const shop = await stripeShop();
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    fake.pauseWebhooks(true);
    try {
      fake.confirmWithCard(id, STRIPE_TEST_CARDS.succeeds);
      await age(shop, 2);
      expect(await reconcile()).toMatchObject({ paid: 1 });
    } finally {
      fake.pauseWebhooks(false);
    }
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBeNull();
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
    // The page that reports late gets its order; the next run finds nothing to do.
    expect((await complete(shop, key)).json().data).toMatchObject({ order_id: order?.id });
    await reconcile();
    expect(await paidRecords(t.database.db, order?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
  });

  it('cancels an intent its shopper left unconfirmed for a day and records the order not paid', async () => {
    const shop = await stripeShop();
    const key = newKey();
    const id = intentIdOf((await checkout(shop, key)).json().data.client_secret);
    await age(shop, 23);
    await reconcile();
    expect(fake.intents.get(id)?.status).toBe('requires_payment_method');
    expect((await ordersOf(shop)).map((o) => o.paymentStatus)).toEqual(['processing']);

    await age(shop, 25);
    await reconcile();
    // Closed at Stripe, so no tab left open can pay it now.
    expect(fake.intents.get(id)?.status).toBe('canceled');
    const [order] = await ordersOf(shop);
    expect(order?.paymentStatus).toBe('failed');
    expect(await paymentFailures(t.database.db, order?.id as number)).toEqual([PAYMENT_ABANDONED]);
    const late = await complete(shop, key);
    expect(late.statusCode).toBe(402);
    expect(late.json().error.message).toBe(PAYMENT_ABANDONED);
  });

  it('leaves a checkout older than a week to the webhook and the merchant', async () => {
    const shop = await stripeShop();
    const id = intentIdOf((await checkout(shop, newKey())).json().data.client_secret);
    await age(shop, 8 * 24);
    await reconcile();
    expect((await ordersOf(shop)).map((o) => o.paymentStatus)).toEqual(['processing']);
    expect(fake.intents.get(id)?.status).toBe('requires_payment_method');
  });

  it('leaves an order it cannot ask about: Stripe disconnected since the checkout', async () => {
    const shop = await stripeShop();
    const id = intentIdOf((await checkout(shop, newKey())).json().data.client_secret);
    const [connection] = (await shop.api.get('user-gateways')).json().data as Array<{ id: number }>;
    expect((await shop.api.post(`gateways/1/disconnect/${connection?.id}`)).statusCode).toBe(200);
    await age(shop, 25);
    await reconcile();
    expect((await ordersOf(shop)).map((o) => o.paymentStatus)).toEqual(['processing']);
    expect(fake.intents.get(id)?.status).toBe('requires_payment_method');
  });
});
