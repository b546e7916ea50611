import { orderListAnswerSchema, orderSchema } from '@funnelwork/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from './orders.fixtures.ts';
import { NOTE_EVENT_TEXT } from './orders.service.ts';

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
/** An order's timeline events, oldest first, read from the table (a deleted order has no timeline call). */
const eventsOf = async (orderId: number) =>
  (
    await db()
      .select({
        type: orderEvents.type,
        name: orderEvents.name,
        value: orderEvents.value,
        userId: orderEvents.userId,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id))
  ).map((e) => ({ ...e, value: e.value ?? {} }));

describe('GET orders (spec §7: "page is zero-based; per_page 25"; answer "orders and meta")', () => {
  let funnelId: number;
  beforeAll(async () => {
    const shop = await signUpOwner(t.app, { account_name: 'Busy shop' });
    const shopApi = apiClient(t.app, shop.auth);
    funnelId = (await createFunnel(shopApi)).id;
    const customer = await createCustomer(db(), shop.accountId, {
      firstName: 'Zelda',
      lastName: 'Quartz',
      email: 'zelda@quartz.test',
    });
    for (let i = 0; i < 30; i++) {
      await createOrder(db(), shop.accountId, {
        funnelId: i < 10 ? funnelId : null,
        customerId: i === 7 ? customer.id : null,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i, 0, i * 37)),
        // Cents that binary floating point cannot hold exactly, and several items in their order.
        ...(i === 3 && {
          items: [
            {
              productId: 9,
              name: 'Socks',
              imageUrl: 'https://cdn.test/socks.png',
              amountMinor: 1005,
              qty: 3,
            },
            { productId: 5, name: 'Yoga mat', variantTitle: 'Blue', amountMinor: 123456789, qty: 1 },
            { productId: 2, name: 'Tip', amountMinor: 1, qty: 1 },
          ],
        }),
      });
    }
    // A creation time with microseconds (the API shows milliseconds).
    await t.database.executeSql(
      `update orders set created_at = created_at + interval '987 microseconds' where account_id = $1 and order_number = '1004'`,
      [shop.accountId],
    );
    Object.assign(owner, { shop, shopApi });
  });
  const shopApi = () => (owner as unknown as { shopApi: ApiClient }).shopApi;

  it('answers 25 per page newest first with meta {count, per_page, total_pages}', async () => {
    const first = await shopApi().get('orders');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toEqual({ count: 30, per_page: 25, total_pages: 2 });
    expect(body.data).toHaveLength(25);
    expect(body.data[0].order_number).toBe('1030');
    const second = (await shopApi().get('orders', { page: 1 })).json();
    expect(second.data.map((o: { order_number: string }) => o.order_number)).toEqual([
      '1005',
      '1004',
      '1003',
      '1002',
      '1001',
    ]);
  });

  it('answers list rows that fit the list schema exactly and equal GET orders/{id} (items, customer)', async () => {
    // The database writes the list's orders (speed): the answer must still be the contract, and each
    // order exactly what orderOut makes of it for GET orders/{id}.
    const body = (await shopApi().get('orders', { per_page: 100 })).json();
    expect(orderListAnswerSchema.strict().parse(body)).toEqual(body);
    for (const order of body.data) {
      expect(Object.keys(order).sort()).toEqual(Object.keys(orderSchema.shape).sort());
      expect(order).toEqual((await shopApi().get(`orders/${order.id}`)).json().data);
    }
    const zelda = body.data.find((o: { first_name: string }) => o.first_name === 'Zelda');
    expect(zelda.customer).toEqual({ first_name: 'Zelda', last_name: 'Quartz', email: 'zelda@quartz.test' });
    expect(zelda.items).toEqual([
      { product_id: 5, name: 'Yoga mat', variant_title: 'Main Product', image_url: null, amount: 25, qty: 1 },
    ]);
    const several = body.data.find((o: { order_number: string }) => o.order_number === '1004');
    expect(several).toMatchObject({ name: 'Socks', amount: 1234598.05, customer: null, optin_email: '' });
    expect(several.created_at).toBe('2025-01-01T00:03:00.111Z');
    expect(several.items.map((item: { amount: number }) => item.amount)).toEqual([10.05, 1234567.89, 0.01]);
  });

  it('lists one funnel with funnel_id, counted from the funnel counters', async () => {
    const res = (await shopApi().get('orders', { funnel_id: funnelId, per_page: 4 })).json();
    expect(res.meta).toEqual({ count: 10, per_page: 4, total_pages: 3 });
    expect(res.data.every((o: { funnel_id: number }) => o.funnel_id === funnelId)).toBe(true);
  });

  it('pages past the middle (read from the other end of the index) follow the same order', async () => {
    const numbers = (body: { data: Array<{ order_number: string }> }) => body.data.map((o) => o.order_number);
    const all = numbers((await shopApi().get('orders', { per_page: 100 })).json());
    const paged: string[] = [];
    for (let page = 0; page < 5; page++)
      paged.push(...numbers((await shopApi().get('orders', { page, per_page: 7 })).json()));
    expect(paged).toEqual(all);
    expect((await shopApi().get('orders', { page: 9, per_page: 7 })).json().data).toEqual([]);
  });

  it('searches order number, first name, last name and e-mail case-insensitively ("sent as typed")', async () => {
    for (const query of ['zelda', 'QUARTZ', 'zelda@quartz', '1008']) {
      const res = (await shopApi().get('orders', { query })).json();
      expect(res.meta.count, query).toBe(1);
      expect(res.data[0].order_number, query).toBe('1008');
    }
    // A full first page counts the matches; a partial first page is the total by itself.
    const many = (await shopApi().get('orders', { query: '10' })).json();
    expect(many.meta).toEqual({ count: 30, per_page: 25, total_pages: 2 });
    const rest = (await shopApi().get('orders', { query: '10', page: 1 })).json();
    expect(rest.meta.count).toBe(30);
    expect(rest.data.map((o: { order_number: string }) => o.order_number)).toEqual([
      '1005',
      '1004',
      '1003',
      '1002',
      '1001',
    ]);
    const none = (await shopApi().get('orders', { query: '%' })).json();
    expect(none.meta.count).toBe(0);
    // "an empty search clears"
    expect((await shopApi().get('orders', { query: '' })).json().meta.count).toBe(30);
  });

  it('answers an order with exactly the spec’s fields, its items and customer', async () => {
    const list = (await shopApi().get('orders', { query: '1008' })).json();
    const res = await shopApi().get(`orders/${list.data[0].id}`);
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(Object.keys(order).sort()).toEqual(
      [
        'id',
        'order_number',
        'customer_id',
        'page_id',
        'funnel_id',
        'step_id',
        'customer',
        'first_name',
        'last_name',
        'optin_email',
        'name',
        'items',
        'items_count',
        'amount',
        'currency',
        'currency_code',
        'is_canceled',
        'is_refunded',
        'is_fulfilled',
        'is_archived',
        'is_apps',
        'payment_status',
        'reference',
        'gateway_id',
        'app_id',
        'created_at',
      ].sort(),
    );
    expect(order).toMatchObject({
      customer: { first_name: 'Zelda', last_name: 'Quartz', email: 'zelda@quartz.test' },
      name: 'Yoga mat',
      items: [
        {
          product_id: 5,
          name: 'Yoga mat',
          variant_title: 'Main Product',
          image_url: null,
          amount: 25,
          qty: 1,
        },
      ],
      items_count: 1,
      amount: 25,
      currency: 'USD',
      currency_code: 'USD',
      gateway_id: 14,
    });
  });

  it('hides archived orders by default; archived=true lists only them and archived=all both', async () => {
    const [latest] = (await shopApi().get('orders', { per_page: 1 })).json().data;
    const archived = await shopApi().put(`orders/${latest.id}/archive`);
    expect(archived.json()).toEqual({ data: { is_archived: true } });
    expect((await shopApi().get('orders')).json().meta.count).toBe(29);
    const only = (await shopApi().get('orders', { archived: 'true' })).json();
    expect(only.meta.count).toBe(1);
    expect(only.data[0]).toMatchObject({ id: latest.id, is_archived: true });
    expect((await shopApi().get('orders', { archived: 'all' })).json().meta.count).toBe(30);
    const back = await shopApi().put(`orders/${latest.id}/archive`);
    expect(back.json()).toEqual({ data: { is_archived: false } });
    expect((await shopApi().get('orders')).json().meta.count).toBe(30);
    // Each toggle writes its timeline event (type 6 action).
    const timeline = (await shopApi().get(`orders/${latest.id}/timeline`)).json().data;
    expect(timeline.slice(0, 2).map((e: { type: number; name: string }) => [e.type, e.name])).toEqual([
      [6, 'Order unarchived'],
      [6, 'Order archived'],
    ]);
  });

  it('never lists a deleted order and counts it out ("A deleted order won’t be visible in your dashboard")', async () => {
    const [latest] = (await shopApi().get('orders', { per_page: 1 })).json().data;
    const res = await shopApi().delete(`orders/${latest.id}`);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await eventsOf(latest.id)).at(-1)).toMatchObject({ type: 6, name: 'Order deleted' });
    const after = (await shopApi().get('orders', { archived: 'all', per_page: 100 })).json();
    expect(after.meta.count).toBe(29);
    expect(after.data.map((o: { id: number }) => o.id)).not.toContain(latest.id);
    expect((await shopApi().get(`orders/${latest.id}`)).statusCode).toBe(404);
    expect((await shopApi().delete(`orders/${latest.id}`)).statusCode).toBe(404);
    const funnelCount = (await shopApi().get('orders', { funnel_id: funnelId })).json().meta.count;
    expect(funnelCount).toBe(10);
  });

  it('refuses a negative page and a page size above 100 with 400', async () => {
    expect((await shopApi().get('orders', { page: -1 })).statusCode).toBe(400);
    expect((await shopApi().get('orders', { per_page: 101 })).statusCode).toBe(400);
  });
});

describe('order actions (spec §4 row menu rules, §8 messages)', () => {
  it('cancels without refund: "Cancel order is disabled if already canceled"', async () => {
    const order = await createOrder(db(), owner.accountId);
    const res = await api.put(`orders/${order.id}/cancel`, undefined, { reason: 'Customer asked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { is_canceled: true, is_refunded: false, amount: 25 } });
    const again = await api.put(`orders/${order.id}/cancel`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Order canceled already.');
    const timeline = (await api.get(`orders/${order.id}/timeline`)).json().data;
    expect(timeline[0]).toMatchObject({ type: 5, name: 'Order canceled' });
    expect(JSON.parse(timeline[0].value)).toMatchObject({ desc: 'Customer asked' });
  });

  it('cancels with refund through the sandbox: is_canceled and is_refunded from the answer', async () => {
    const order = await createOrder(db(), owner.accountId);
    const res = await api.put(`orders/${order.id}/cancel`, undefined, { refund: 'true', reason: 'Damaged' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ is_canceled: true, is_refunded: true, amount: 25 });
    const types = (await api.get(`orders/${order.id}/timeline`))
      .json()
      .data.map((e: { type: number }) => e.type);
    expect(types).toEqual(expect.arrayContaining([4, 5, 2]));
  });

  it("refuses a refund with the spec's texts: 'Order refunded already.' and the gateway's", async () => {
    const order = await createOrder(db(), owner.accountId);
    expect((await api.put(`orders/${order.id}/refund`)).json().data).toEqual({
      is_canceled: true,
      is_refunded: true,
      amount: 25,
    });
    const again = await api.put(`orders/${order.id}/refund`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Order refunded already.');

    const cod = await createOrder(db(), owner.accountId, { gatewayId: 5, reference: 'cod_1' });
    const codRefund = await api.put(`orders/${cod.id}/refund`);
    expect(codRefund.statusCode).toBe(422);
    expect(codRefund.json().error.message).toBe(
      'Orders processed using Cash On Delivery gateway cannot be refunded through the product.',
    );
    const noRef = await createOrder(db(), owner.accountId, { reference: null });
    expect((await api.put(`orders/${noRef.id}/refund`)).json().error.message).toBe(
      'This order cannot be refunded through the product.',
    );
    const unknown = await createOrder(db(), owner.accountId, { gatewayId: 99 });
    expect(
      (await api.put(`orders/${unknown.id}/cancel`, undefined, { refund: '1' })).json().error.message,
    ).toBe('This order cannot be refunded through the product.');
    // A failed cancel-with-refund leaves the order as it was.
    expect((await api.get(`orders/${unknown.id}`)).json().data.is_canceled).toBe(false);
  });

  it("answers 422 'not connected' for a refundable gateway that needs credentials the account lacks", async () => {
    const { createGatewayRegistry } = await import('../../gateways/registry.ts');
    const needsKeys = {
      gatewayId: 1,
      capabilities: { charges: true, refunds: true, savedPaymentMethods: true, needsCredentials: true },
      charge: async () => ({ ok: false as const, message: 'unused', retryable: false }),
      refund: async () => ({ ok: true as const, refundReference: 're_1' }),
    };
    const other = await createTestApp({ gateways: createGatewayRegistry({ adapters: [needsKeys] }) });
    try {
      const shop = await signUpOwner(other.app);
      const order = await createOrder(other.database.db, shop.accountId, { gatewayId: 1, reference: 'ch_1' });
      const res = await apiClient(other.app, shop.auth).put(`orders/${order.id}/refund`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(/^Stripe is not connected/);
      expect(res.json().error.code).toBe('gateway_not_connected');
    } finally {
      await other.close();
    }
  });

  it('records a failed refund as an error event with can_retry, unchanged order, and Retry succeeds later', async () => {
    const order = await createOrder(db(), owner.accountId, { reference: 'sbx_fail_once_abc' });
    const res = await api.put(`orders/${order.id}/refund`, undefined, { reason: 'Late' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('The payment service is busy, try again.');
    const unchanged = (await api.get(`orders/${order.id}`)).json().data;
    expect(unchanged).toMatchObject({ is_canceled: false, is_refunded: false });
    const [error] = (await api.get(`orders/${order.id}/timeline`)).json().data;
    expect(error).toMatchObject({ type: 1, name: 'Refund failed' });
    expect(JSON.parse(error.value)).toMatchObject({
      error: 'The payment service is busy, try again.',
      can_retry: true,
      gatewayId: 14,
      amount: 25,
    });

    const retry = await api.post(`orders/${order.id}/timeline/${error.id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual({ is_canceled: true, is_refunded: true, amount: 25 });
    const events = (await api.get(`orders/${order.id}/timeline`)).json().data;
    const retried = events.find((e: { id: number }) => e.id === error.id);
    expect(JSON.parse(retried.value).can_retry).toBe(false);
    const again = await api.post(`orders/${order.id}/timeline/${error.id}/retry`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('This event cannot be retried.');
  });

  it('fulfills with tracking details and records trigger_automations ("defaults to on")', async () => {
    const order = await createOrder(db(), owner.accountId);
    const res = await api.post(`orders/${order.id}/fulfill`, {
      order_id: order.id,
      tracking_number: '1Z999',
      shipping_carrier: 'fedex',
      tracking_url: 'https://track.example/1Z999',
    });
    expect(res.statusCode).toBe(200);
    // "The tracking URL field shows only when the carrier is empty or 'other'": not kept for fedex.
    // "Fulfill … answer: is_fulfilled or error" (spec §7): exactly that field.
    expect(res.json().data).toEqual({ is_fulfilled: true });
    expect((await api.get(`orders/${order.id}/fulfillment`)).json().data).toEqual({
      order_id: order.id,
      tracking_number: '1Z999',
      shipping_carrier: 'fedex',
      tracking_url: null,
      trigger_automations: true,
      // An order placed without addresses (this fixture) answers them blank.
      shipping_address: { address: '', city: '', state: '', zip: '', country: '' },
      billing_address: { address: '', city: '', state: '', zip: '', country: '' },
    });
    const [event] = (await api.get(`orders/${order.id}/timeline`)).json().data;
    expect(event).toMatchObject({ type: 8, name: 'Order fulfilled' });
    expect(JSON.parse(event.value)).toMatchObject({ trigger_automations: true, tracking_number: '1Z999' });
    // "Fulfill is disabled if the order is fulfilled or canceled."
    const again = await api.post(`orders/${order.id}/fulfill`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Order fulfilled already.');
    const canceled = await createOrder(db(), owner.accountId);
    await api.put(`orders/${canceled.id}/cancel`);
    expect((await api.post(`orders/${canceled.id}/fulfill`)).json().error.message).toBe(
      'A canceled order cannot be fulfilled.',
    );
  });

  it('fulfills without a body, with trigger_automations off recorded', async () => {
    const order = await createOrder(db(), owner.accountId);
    const res = await api.post(`orders/${order.id}/fulfill`, { trigger_automations: false });
    expect(res.json().data).toEqual({ is_fulfilled: true });
    expect((await api.get(`orders/${order.id}/fulfillment`)).json().data).toMatchObject({
      trigger_automations: false,
      tracking_number: null,
    });
    const bare = await createOrder(db(), owner.accountId);
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${bare.id}/fulfill`,
      headers: owner.auth,
    });
    expect(plain.statusCode).toBe(200);
  });

  it('adds tracking info only to fulfilled, not canceled orders ("Update tracking info is disabled if …")', async () => {
    const order = await createOrder(db(), owner.accountId);
    const early = await api.put(`orders/${order.id}/add-tracking-info`, { tracking_number: 'X1' });
    expect(early.statusCode).toBe(422);
    await api.post(`orders/${order.id}/fulfill`);
    const res = await api.put(`orders/${order.id}/add-tracking-info`, {
      tracking_number: 'X1',
      shipping_carrier: 'other',
      tracking_url: 'https://carrier.example/X1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      tracking_number: 'X1',
      tracking_url: 'https://carrier.example/X1',
    });
    const bad = await api.put(`orders/${order.id}/add-tracking-info`, {
      tracking_url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const [event] = (await api.get(`orders/${order.id}/timeline`)).json().data;
    expect(event).toMatchObject({ type: 8, name: 'Tracking info added' });
  });

  it('keeps notes: post, list, save, delete; "Note text must be non-empty"', async () => {
    const order = await createOrder(db(), owner.accountId);
    const empty = await api.post(`orders/${order.id}/notes`, { value: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('data.value: Note is required');
    const posted = await api.post(`orders/${order.id}/notes`, { value: 'Call before delivery' });
    expect(posted.statusCode).toBe(201);
    const note = posted.json().data;
    expect(note).toMatchObject({ order_id: order.id, user_id: owner.userId, value: 'Call before delivery' });
    const saved = await api.put(`orders/${order.id}/notes/${note.id}`, { value: 'Call after 5pm' });
    expect(saved.json().data.value).toBe('Call after 5pm');
    expect((await api.get(`orders/${order.id}/notes`)).json().data).toHaveLength(1);
    expect((await api.delete(`orders/${order.id}/notes/${note.id}`)).json()).toEqual({
      data: { success: true },
    });
    expect((await api.get(`orders/${order.id}/notes`)).json().data).toHaveLength(0);
    expect((await api.delete(`orders/${order.id}/notes/${note.id}`)).statusCode).toBe(404);
    expect((await api.put(`orders/${order.id}/notes/${note.id}`, { value: 'x' })).statusCode).toBe(404);
    // Each write and its timeline event in one transaction; the refused ones (404) left none.
    const noteEvents = (await eventsOf(order.id)).filter((e) => e.name.startsWith('Note'));
    expect(noteEvents).toEqual([
      { type: 6, name: 'Note added', value: { desc: 'Call before delivery' }, userId: owner.userId },
      { type: 6, name: 'Note edited', value: { desc: 'Call after 5pm' }, userId: owner.userId },
      { type: 6, name: 'Note deleted', value: { desc: 'Call after 5pm' }, userId: owner.userId },
    ]);
    // A long note's event repeats its start.
    await api.post(`orders/${order.id}/notes`, { value: 'y'.repeat(NOTE_EVENT_TEXT + 50) });
    const long = (await eventsOf(order.id)).at(-1);
    expect(long?.value.desc).toBe(`${'y'.repeat(NOTE_EVENT_TEXT - 1)}…`);
  });
});

describe("permission 'orders' (spec §6: \"A server message containing 'restricted area: access denied'\")", () => {
  it('refuses every orders write to a member without the flag, and allows reads', async () => {
    const order = await createOrder(db(), owner.accountId);
    const member = await memberOf(t, owner, { funnels: true });
    expect((await member.api.get(`orders/${order.id}`)).statusCode).toBe(200);
    const writes = [
      member.api.put(`orders/${order.id}/cancel`),
      member.api.put(`orders/${order.id}/refund`),
      member.api.post(`orders/${order.id}/fulfill`),
      member.api.put(`orders/${order.id}/add-tracking-info`, { tracking_number: 'x' }),
      member.api.put(`orders/${order.id}/archive`),
      member.api.delete(`orders/${order.id}`),
      member.api.post(`orders/${order.id}/notes`, { value: 'x' }),
      member.api.post(`orders/${order.id}/timeline/1/retry`),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('restricted area: access denied');
    }
    const unchanged = (await api.get(`orders/${order.id}`)).json().data;
    expect(unchanged).toMatchObject({ is_canceled: false, is_fulfilled: false, is_archived: false });

    const ordersMaster = await memberOf(t, owner, { orders: true });
    expect((await ordersMaster.api.put(`orders/${order.id}/archive`)).statusCode).toBe(200);
  });
});

describe('§8 error catalogue: failures answer an error object the dashboard shows', () => {
  it('"Order delete failure", "Archive failure", fulfillment details and timeline load failures: 404 with a message', async () => {
    for (const res of [
      await api.delete('orders/987654'),
      await api.put('orders/987654/archive'),
      await api.get('orders/987654/fulfillment'),
      await api.get('orders/987654/timeline'),
      await api.put('orders/987654/refund'),
      await api.put('orders/987654/cancel'),
      await api.post('orders/987654/fulfill'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ message: 'Order not found', code: 'not_found', status: 404 });
    }
  });
});

describe('unpaid orders (issue 35: "A failed or pending payment cannot be refunded"; no merchant ships an unpaid order)', () => {
  it('refuses Refund, cancel with refund and Fulfil on a failed or pending payment with 422, leaving the order as it was', async () => {
    const cases = [
      ['failed', 'The payment failed: this order cannot be'],
      ['processing', 'The payment is still pending: this order cannot be'],
    ] as const;
    for (const [paymentStatus, message] of cases) {
      const order = await createOrder(db(), owner.accountId, { paymentStatus });
      const before = await eventsOf(order.id);
      const refund = await api.put(`orders/${order.id}/refund`);
      expect(refund.statusCode).toBe(422);
      expect(refund.json().error).toMatchObject({ message: expect.stringMatching(`^${message} refunded`) });
      const cancel = await api.put(`orders/${order.id}/cancel`, undefined, { refund: 'true' });
      expect(cancel.statusCode).toBe(422);
      expect(cancel.json().error.message).toBe(refund.json().error.message);
      const fulfill = await api.post(`orders/${order.id}/fulfill`);
      expect(fulfill.statusCode).toBe(422);
      expect(fulfill.json().error).toMatchObject({
        message: expect.stringMatching(`^${message} fulfilled`),
        code: 'not_paid',
      });
      const after = (await api.get(`orders/${order.id}`)).json().data;
      expect(after).toMatchObject({ is_refunded: false, is_canceled: false, is_fulfilled: false });
      expect(await eventsOf(order.id)).toEqual(before);
    }
  });
});

describe('search finds an order by anything the list shows for it (issue 35)', () => {
  it("finds the number as displayed ('#1004') and the opt-in e-mail printed under the name", async () => {
    const shop = await signUpOwner(t.app, { account_name: 'Search shop' });
    const shopApi = apiClient(t.app, shop.auth);
    const customer = await createCustomer(db(), shop.accountId, {
      firstName: 'Olivia',
      lastName: 'Smith',
      email: 'olivia.smith3@example.com',
      optinEmail: 'olivia3@mail.example',
    });
    for (let i = 0; i < 5; i++) {
      await createOrder(db(), shop.accountId, { customerId: i === 3 ? customer.id : null });
    }
    const numbers = async (query: string) =>
      ((await shopApi.get('orders', { query })).json().data as Array<{ order_number: string }>).map(
        (o) => o.order_number,
      );
    const listed = (
      (await shopApi.get('orders')).json().data as Array<{ order_number: string; optin_email: string }>
    ).find((o) => o.order_number === '1004');
    expect(listed?.optin_email).toBe('olivia3@mail.example');
    expect(await numbers('#1004')).toEqual(['1004']);
    expect(await numbers(' #1004 ')).toEqual(['1004']);
    expect(await numbers('olivia3@mail.example')).toEqual(['1004']);
    expect(await numbers('OLIVIA3@MAIL')).toEqual(['1004']);
    expect((await shopApi.get('orders', { query: 'olivia3@mail.example' })).json().meta.count).toBe(1);
    expect(await numbers('olivia.smith3@example.com')).toEqual(['1004']);
    expect(await numbers('#9999')).toEqual([]);
  });
});
