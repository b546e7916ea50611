import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import {
  GOOD_KEY,
  GOOD_PUBLISHABLE_KEY,
  STRIPE_TEST_CARDS,
  startFakeStripe,
} from '../../gateways/fake-stripe.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey, postJson, shopWithFunnel } from './checkout.fixtures.ts';
import { ORDER_ALREADY_PLACED } from './checkout.placed-order.ts';

let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ config: { stripeApiBase: stripe.apiBase } });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;
const customer = { email: 'back@example.test', first_name: 'Bea', last_name: 'Back' };

/** How each gateway is paid with on the checkout page. */
const GATEWAYS = {
  Sandbox: { gateway_id: 14, payment: CARD_OK },
  'Cash On Delivery': { gateway_id: 5, payment: { kind: 'none' } },
  Stripe: { gateway_id: 1, payment: { kind: 'token', token: 'pm_card_visa' } },
} as const;
type GatewayName = keyof typeof GATEWAYS;

async function shopPaidWith(name: GatewayName) {
  const shop = await shopWithFunnel(t);
  if (name === 'Stripe') {
    const connect = await shop.api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
    });
    expect(connect.statusCode, connect.body).toBe(200);
  }
  return shop;
}

/**
 * A checkout of the shop's checkout page with a fresh idempotency key (a new form load). With Stripe the
 * page then confirms the intent with Stripe.js (here the fake, as its card frame does) and reports back.
 */
async function buy(
  shop: Shop,
  name: GatewayName,
  cookie: string | null,
  extra: Record<string, unknown> = {},
) {
  const key = newKey();
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const ids = { step_id: shop.checkout.id, page_id: shop.checkoutPage };
  const body = { ...ids, items: [{ product_id: shop.main.id }], customer, idempotency_key: key };
  const res = await postJson(t.app, '/_fw/checkout', { ...body, ...GATEWAYS[name], ...extra }, headers);
  if (res.statusCode !== 202) return res;
  const secret = res.json().data.client_secret as string;
  stripe.confirmWithCard(secret.split('_secret_')[0] as string, STRIPE_TEST_CARDS.succeeds);
  return postJson(t.app, '/_fw/checkout/complete', { ...ids, idempotency_key: key }, headers);
}

const ordersOf = (shop: Shop) =>
  t.database.db.select().from(orders).where(eq(orders.accountId, shop.owner.accountId));
const stripeCharges = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;

describe('a second checkout of a step by a browser that bought on it', () => {
  for (const name of Object.keys(GATEWAYS) as GatewayName[]) {
    it(`is refused before any charge unless it says it is a new purchase (${name})`, async () => {
      const shop = await shopPaidWith(name);
      const first = await buy(shop, name, null);
      expect(first.statusCode, first.body).toBe(201);
      const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
      const { order_number } = first.json().data as { order_number: string };
      const charges = stripeCharges();

      // Back, a refresh or a second tab: a new form load (new key), the same browser (its cookie).
      const again = await buy(shop, name, cookie);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error).toMatchObject({
        message: ORDER_ALREADY_PLACED,
        code: 'order_already_placed',
        field: 'new_purchase',
        placed_order: { order_number, next_url: 'special-offer' },
      });
      expect(await ordersOf(shop)).toHaveLength(1);
      expect(stripeCharges()).toBe(charges);

      // What the page asks on load and on a return from the history.
      const placed = await postJson(
        t.app,
        '/_fw/checkout/placed',
        { step_id: shop.checkout.id, page_id: shop.checkoutPage },
        { cookie },
      );
      expect(placed.json()).toEqual({ data: { order_number, next_url: 'special-offer' } });

      // The shopper's explicit 'Buy again': a second order, charged once more.
      const second = await buy(shop, name, cookie, { new_purchase: true });
      expect(second.statusCode, second.body).toBe(201);
      expect(await ordersOf(shop)).toHaveLength(2);
      if (name === 'Stripe') expect(stripeCharges()).toBe(charges + 1);
    });
  }

  it('still answers a repeat of the same request with its stored answer', async () => {
    const shop = await shopPaidWith('Sandbox');
    const body = {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      items: [{ product_id: shop.main.id }],
      customer,
      idempotency_key: newKey(),
      payment: CARD_OK,
    };
    const first = await postJson(t.app, '/_fw/checkout', body);
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    const repeat = await postJson(t.app, '/_fw/checkout', body, { cookie });
    expect(repeat.statusCode).toBe(first.statusCode);
    expect(repeat.json()).toEqual(first.json());
    expect(await ordersOf(shop)).toHaveLength(1);
  });

  it('does not hold back another browser, another step, or a browser whose order session ended', async () => {
    const shop = await shopPaidWith('Sandbox');
    const first = await buy(shop, 'Sandbox', null);
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    // Another shopper (no cookie) buys as usual.
    expect((await buy(shop, 'Sandbox', null)).statusCode).toBe(201);
    // A cookie of an unknown or ended session is no placed order.
    expect((await buy(shop, 'Sandbox', 'fw_order=not-a-live-session-token-at-all')).statusCode).toBe(201);
    // The same browser on another shop's checkout.
    const other = await shopPaidWith('Sandbox');
    expect((await buy(other, 'Sandbox', cookie)).statusCode).toBe(201);
    const placed = await postJson(
      t.app,
      '/_fw/checkout/placed',
      { step_id: other.checkout.id, page_id: other.checkoutPage },
      { cookie },
    );
    expect(placed.json()).toEqual({ data: null });
  });
});
