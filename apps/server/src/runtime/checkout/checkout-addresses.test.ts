import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey, postJson, shopWithFunnel } from './checkout.fixtures.ts';

// Issue 19: "The shipping address cannot be shipped to: the form presets name the street
// `shipping_address` but the city, country, state and zip `city`, `country`, `state`, `zip` …
// A shopper's shipping and billing address are stored whole, shown on the order and the customer."
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }) });
});
afterAll(() => t.close());

const springfield = { address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' };

async function buyAs(customer: Record<string, string>) {
  const shop = await shopWithFunnel(t);
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    items: [{ product_id: shop.main.id, qty: 1 }],
    customer: { email: 'ann@example.test', first_name: 'Ann', ...customer },
    payment: CARD_OK,
    idempotency_key: newKey(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.order_id as number;
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [customerRow] = await db
    .select()
    .from(customers)
    .where(eq(customers.accountId, shop.owner.accountId));
  return { shop, orderId, order, customer: customerRow };
}

/** The address columns of an order or customer row (both use the same names). */
const addressColumns = (row: Record<string, unknown> | undefined) => ({
  shipping: {
    address: row?.shippingAddress,
    city: row?.shippingCity,
    state: row?.shippingState,
    zip: row?.shippingZip,
    country: row?.shippingCountry,
  },
  billing: {
    address: row?.address,
    city: row?.city,
    state: row?.state,
    zip: row?.zip,
    country: row?.country,
  },
});

describe('checkout stores the shopper’s addresses whole', () => {
  it('with the old preset names (shipping_address + city, state, zip, country): on the order and the customer, billing the same', async () => {
    const { shop, orderId, order, customer } = await buyAs({
      shipping_address: springfield.address,
      city: springfield.city,
      state: springfield.state,
      zip: springfield.zip,
      country: springfield.country,
    });
    const whole = { shipping: springfield, billing: springfield };
    expect(addressColumns(order)).toEqual(whole);
    expect(addressColumns(customer)).toEqual(whole);

    const fulfillment = await shop.api.get(`orders/${orderId}/fulfillment`);
    expect(fulfillment.statusCode, fulfillment.body).toBe(200);
    expect(fulfillment.json().data).toMatchObject({
      order_id: orderId,
      shipping_address: springfield,
      billing_address: springfield,
    });
    const shown = await shop.api.get(`customers/${customer?.id}`);
    expect(shown.json().data).toMatchObject({
      shipping_address: '1 Main St',
      shipping_city: 'Springfield',
      shipping_state: 'IL',
      shipping_zip: '62701',
      shipping_country: 'US',
      address: '1 Main St',
      city: 'Springfield',
      country: 'US',
    });
  });

  it('with the new preset names (shipping_city, shipping_state, shipping_zip, shipping_country) the same', async () => {
    const { shop, orderId, order, customer } = await buyAs({
      shipping_address: springfield.address,
      shipping_city: springfield.city,
      shipping_state: springfield.state,
      shipping_zip: springfield.zip,
      shipping_country: springfield.country,
    });
    const whole = { shipping: springfield, billing: springfield };
    expect(addressColumns(order)).toEqual(whole);
    expect(addressColumns(customer)).toEqual(whole);
    const fulfillment = (await shop.api.get(`orders/${orderId}/fulfillment`)).json().data;
    expect(fulfillment.shipping_address).toEqual(springfield);
    expect(fulfillment.billing_address).toEqual(springfield);
  });

  it('keeps a billing address of its own, and answers blank addresses for a page that asked none', async () => {
    const billing = { address: '9 Bill Rd', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' };
    const { shop, orderId, order } = await buyAs({
      shipping_address: springfield.address,
      shipping_city: springfield.city,
      shipping_state: springfield.state,
      shipping_zip: springfield.zip,
      shipping_country: springfield.country,
      ...billing,
    });
    expect(addressColumns(order)).toEqual({ shipping: springfield, billing });

    const blank = { address: '', city: '', state: '', zip: '', country: '' };
    const bare = await buyAs({});
    const answer = (await bare.shop.api.get(`orders/${bare.orderId}/fulfillment`)).json().data;
    expect(answer).toMatchObject({ shipping_address: blank, billing_address: blank });
    expect((await shop.api.get(`orders/${orderId}/fulfillment`)).json().data.billing_address).toEqual(
      billing,
    );
  });
});

// Issue 35, item 7: "The server accepts a region that belongs to the country (list countries) or any text
// (others), with a 4xx naming the field otherwise" — at checkout and in the customer panel's save.
describe('a region belongs to its country', () => {
  it('at checkout: a Romanian county, any text for the United Kingdom, never Texas in Romania', async () => {
    const cluj = { shipping_address: '1 Strada Mare', shipping_city: 'Cluj-Napoca', shipping_zip: '400001' };
    const { order } = await buyAs({ ...cluj, shipping_country: 'RO', shipping_state: 'CJ' });
    expect(addressColumns(order).shipping).toMatchObject({ state: 'CJ', country: 'RO' });
    const london = await buyAs({
      shipping_country: 'GB',
      shipping_state: 'Greater London',
      state: 'Kent',
      country: 'GB',
    });
    expect(addressColumns(london.order).shipping).toMatchObject({ state: 'Greater London', country: 'GB' });

    const shop = await shopWithFunnel(t);
    const refused = async (customer: Record<string, string>) => {
      const res = await postJson(t.app, '/_fw/checkout', {
        step_id: shop.checkout.id,
        page_id: shop.checkoutPage,
        items: [{ product_id: shop.main.id, qty: 1 }],
        customer: { email: 'rex@example.test', ...customer },
        payment: CARD_OK,
        idempotency_key: newKey(),
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    expect(await refused({ shipping_country: 'RO', shipping_state: 'TX' })).toMatchObject({
      field: 'customer.shipping_state',
      message: 'customer.shipping_state: Choose a county of Romania',
    });
    expect(await refused({ country: 'United States', state: 'Ontario' })).toMatchObject({
      field: 'customer.state',
    });
    const none = await t.database.db.select().from(orders).where(eq(orders.accountId, shop.owner.accountId));
    expect(none).toHaveLength(0);
  });

  it('in the customer panel’s save: the same rule, naming the field', async () => {
    const { shop, customer } = await buyAs({ shipping_country: 'US', shipping_state: 'TX' });
    const save = (data: Record<string, string>) => shop.api.patch(`customers/${customer?.id}`, data);
    const wrong = await save({ shipping_country: 'RO', shipping_state: 'TX' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ field: 'data.shipping_state' });
    const [unchanged] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, customer?.id ?? 0));
    expect(unchanged?.shippingCountry).toBe('US');
    const ok = await save({ shipping_country: 'RO', shipping_state: 'CJ', country: 'GB', state: 'Kent' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ shipping_state: 'CJ', shipping_country: 'RO', state: 'Kent' });
  });
});
