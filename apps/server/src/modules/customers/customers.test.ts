import { TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { recordActivity } from '../activity/activity.queries.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';
import { addEvent } from '../orders/orders.queries.ts';
import { CUSTOMER_EMAIL_TAKEN } from './customers.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('customers (orders spec §3 Customer, §7 calls)', () => {
  it('GET customers/{id}?brief answers every field of the spec, with the orders count', async () => {
    const customer = await createCustomer(db(), owner.accountId, {
      optinEmail: 'jane.optin@example.test',
      phone: '+44 20 7946 0000',
      shippingAddress: '1 High St',
      shippingCity: 'London',
      shippingCountry: 'GB',
      metadata: [{ key: 'utm_source', value: 'newsletter' }],
      isAutoOptin: true,
    });
    await createOrder(db(), owner.accountId, { customerId: customer.id });
    const res = await api.get(`customers/${customer.id}`, { brief: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: customer.id,
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.test',
      optin_email: 'jane.optin@example.test',
      payer_email: '',
      phone: '+44 20 7946 0000',
      shipping_address: '1 High St',
      shipping_state: '',
      shipping_city: 'London',
      shipping_zip: '',
      shipping_country: 'GB',
      address: '',
      state: '',
      city: '',
      zip: '',
      country: '',
      metadata: [{ key: 'utm_source', value: 'newsletter' }],
      is_auto_optin: true,
      created_time: expect.any(String),
      orders_count: 1,
      marketing_unsubscribed_at: null,
    });
    expect((await api.get('customers/999999')).statusCode).toBe(404);
  });

  it('GET customers/{id}/orders answers rows (id, name, items_count, created_at, currency, amount)', async () => {
    const customer = await createCustomer(db(), owner.accountId, { email: 'orders@example.test' });
    const order = await createOrder(db(), owner.accountId, { customerId: customer.id });
    const res = await api.get(`customers/${customer.id}/orders`);
    expect(res.json().data).toEqual([
      {
        id: order.id,
        name: 'Yoga mat',
        items_count: 1,
        created_at: expect.any(String),
        currency: 'USD',
        amount: 25,
        payment_status: null,
      },
    ]);
  });

  it('lists failed payments as attempts: three declined tries beside the paid order count one order', async () => {
    const customer = await createCustomer(db(), owner.accountId, { email: 'tries@example.test' });
    for (let i = 0; i < 3; i++) {
      await createOrder(db(), owner.accountId, { customerId: customer.id, paymentStatus: 'failed' });
    }
    const paid = await createOrder(db(), owner.accountId, { customerId: customer.id });
    expect((await api.get(`customers/${customer.id}`)).json().data.orders_count).toBe(1);
    const rows = (await api.get(`customers/${customer.id}/orders`)).json().data as Array<{
      id: number;
      payment_status: string | null;
    }>;
    expect(rows.map((r) => r.payment_status).sort()).toEqual(['failed', 'failed', 'failed', null]);
    expect(rows.find((r) => r.payment_status === null)?.id).toBe(paid.id);
  });

  it('PATCH customers/{id} saves the whole customer; optin_email and metadata stay read-only; orders follow', async () => {
    const customer = await createCustomer(db(), owner.accountId, {
      email: 'patch@example.test',
      optinEmail: 'keep@example.test',
      metadata: [{ key: 'plan', value: 'gold' }],
    });
    const order = await createOrder(db(), owner.accountId, { customerId: customer.id });
    const whole = (await api.get(`customers/${customer.id}`)).json().data;
    const res = await api.patch(`customers/${customer.id}`, {
      ...whole,
      first_name: 'Janet',
      email: 'janet@example.test',
      shipping_zip: 'SW1A 1AA',
      optin_email: 'changed@example.test',
      metadata: [{ key: 'plan', value: 'platinum' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Janet',
      email: 'janet@example.test',
      shipping_zip: 'SW1A 1AA',
      optin_email: 'keep@example.test',
      metadata: [{ key: 'plan', value: 'gold' }],
    });
    // "on success, the matching orders in loaded lists take the new name and e-mail"
    const updated = (await api.get(`orders/${order.id}`)).json().data;
    expect(updated.customer).toEqual({ first_name: 'Janet', last_name: 'Doe', email: 'janet@example.test' });
    expect((await api.get('orders', { query: 'janet@' })).json().data[0].id).toBe(order.id);

    const bad = await api.patch(`customers/${customer.id}`, { email: 'not an e-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('data.email: Enter a valid e-mail address');
  });

  it("PATCH customers/{id} refuses another live customer's e-mail (any case) with 409 naming data.email", async () => {
    const first = await createCustomer(db(), owner.accountId, { email: 'taken@example.test' });
    const second = await createCustomer(db(), owner.accountId, { email: 'free@example.test' });
    const res = await api.patch(`customers/${second.id}`, { email: 'Taken@Example.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ message: CUSTOMER_EMAIL_TAKEN, field: 'data.email' });
    // Nothing changed; once the first is deleted its e-mail is free again.
    expect((await api.get(`customers/${second.id}`)).json().data.email).toBe('free@example.test');
    expect((await api.delete(`customers/${first.id}`)).statusCode).toBe(200);
    const moved = await api.patch(`customers/${second.id}`, { email: 'taken@example.test' });
    expect(moved.statusCode, moved.body).toBe(200);
    // Blank e-mails are not unique.
    for (const customer of [
      second,
      await createCustomer(db(), owner.accountId, { email: 'third@example.test' }),
    ]) {
      expect((await api.patch(`customers/${customer.id}`, { email: '' })).statusCode).toBe(200);
    }
  });

  it("DELETE customers/{id}: 'Their personal details are erased' everywhere; orders keep money and lines", async () => {
    const customer = await createCustomer(db(), owner.accountId, {
      firstName: 'Gone',
      lastName: 'Away',
      email: 'gone@example.test',
      optinEmail: 'gone.optin@example.test',
      phone: '+1 555 0199',
      shippingAddress: '9 Hidden Rd',
      shippingCity: 'Austin',
      address: '9 Hidden Rd',
      city: 'Austin',
    });
    const address = { address: '9 Hidden Rd', city: 'Austin', state: 'TX', zip: '73301', country: 'US' };
    const order = await createOrder(db(), owner.accountId, {
      customerId: customer.id,
      addresses: { shipping: address, billing: address },
    });
    await recordActivity(db(), owner.accountId, {
      eventId: 2,
      customerId: customer.id,
      firstName: 'Gone',
      lastName: 'Away',
      optinEmail: 'gone.optin@example.test',
      orderId: order.id,
    });
    await addEvent(db(), owner.accountId, order.id, TIMELINE_EVENT_TYPES.email, 'Order confirmation sent', {
      desc: `To gone@example.test: Order #${order.orderNumber} confirmed`,
    });
    await t.database.executeSql(
      `insert into mail_messages (account_id, "to", subject, text, html, status) values
         ($1, 'Gone@example.test', 'Your order', 'Hi Gone, we ship to 9 Hidden Rd', '<p>Hi Gone</p>', 'stored'),
         ($1, 'someone.else@example.test', 'Other', 'Hi', null, 'stored')`,
      [owner.accountId],
    );
    await t.database.executeSql(
      `insert into sms_messages (account_id, "to", "from", body, country, price_minor, status)
       values ($1, '+15550199', '+15550000', 'Hi Gone, your order shipped', 'US', 1, 'sent')`,
      [owner.accountId],
    );

    const res = await api.delete(`customers/${customer.id}`);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await api.get(`customers/${customer.id}`)).statusCode).toBe(404);
    expect((await api.delete(`customers/${customer.id}`)).statusCode).toBe(404);
    const kept = (await api.get(`orders/${order.id}`)).json().data;
    expect(kept).toMatchObject({
      first_name: '',
      last_name: '',
      optin_email: '',
      customer: { first_name: '', last_name: '', email: '' },
      amount: 25,
      items: [{ name: 'Yoga mat', amount: 25, qty: 1 }],
    });
    const blank = { address: '', city: '', state: '', zip: '', country: '' };
    expect((await api.get(`orders/${order.id}/fulfillment`)).json().data).toMatchObject({
      shipping_address: blank,
      billing_address: blank,
    });
    expect((await api.get('customer-briefs', { query: 'gone' })).json().meta.count).toBe(0);
    expect((await api.get('orders', { query: 'gone' })).json().meta.count).toBe(0);
    const timeline = (await api.get(`orders/${order.id}/timeline`)).json().data as Array<{ value: string }>;
    expect(JSON.stringify(timeline)).not.toContain('gone@example.test');
    expect(JSON.stringify(timeline)).toContain(`To [erased]: Order #${order.orderNumber} confirmed`);
    const left = await t.database.executeSql(
      `select (select count(*) from activity_items where account_id = $1 and customer_id = $2
                 and (first_name <> '' or last_name <> '' or optin_email <> ''))::int as activity,
              (select count(*) from mail_messages where account_id = $1
                 and ("to" ilike '%gone%' or text ilike '%hidden%' or html ilike '%gone%'))::int as mail,
              (select count(*) from mail_messages where account_id = $1 and "to" = 'someone.else@example.test')::int as others,
              (select count(*) from sms_messages where account_id = $1 and ("to" <> '' or body ilike '%gone%'))::int as sms,
              (select count(*) from orders where id = $3 and (shipping_address || address || email) <> '')::int as orders`,
      [owner.accountId, customer.id, order.id],
    );
    expect(left.rows[0]).toEqual({ activity: 0, mail: 0, others: 1, sms: 0, orders: 0 });
  });

  it('GET customer-briefs pages 25 newest first with counter totals, and searches names and e-mails', async () => {
    const shop = await signUpOwner(t.app, { account_name: 'Customers shop' });
    const shopApi = apiClient(t.app, shop.auth);
    for (let i = 0; i < 27; i++) {
      await createCustomer(db(), shop.accountId, {
        firstName: `Buyer${i}`,
        email: `buyer${i}@shop.test`,
        isAutoOptin: i % 3 === 0,
        createdAt: new Date(Date.now() - (27 - i) * 60_000),
      });
    }
    const first = (await shopApi.get('customer-briefs')).json();
    expect(first.meta).toEqual({ count: 27, per_page: 25, total_pages: 2 });
    expect(first.data[0]).toMatchObject({ first_name: 'Buyer26', email: 'buyer26@shop.test' });
    expect((await shopApi.get('customer-briefs', { page: 1 })).json().data).toHaveLength(2);
    const found = (await shopApi.get('customer-briefs', { query: 'BUYER1' })).json();
    expect(found.meta.count).toBe(11); // Buyer1 and Buyer10..Buyer19
    const stats = (await shopApi.get('customers-stats')).json().data;
    expect(stats).toEqual({ count: 27, new_last_30_days: 27, auto_optin_count: 9 });
  });

  it("refuses edits and deletes to a member without the 'orders' flag: 'restricted area: access denied'", async () => {
    const customer = await createCustomer(db(), owner.accountId, { email: 'member-test@example.test' });
    const member = await memberOf(t, owner, { editor: true });
    expect((await member.api.get(`customers/${customer.id}`)).statusCode).toBe(200);
    for (const res of [
      await member.api.patch(`customers/${customer.id}`, { first_name: 'X' }),
      await member.api.delete(`customers/${customer.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('restricted area: access denied');
    }
    expect((await api.get(`customers/${customer.id}`)).json().data.first_name).toBe('Jane');
  });
});
