import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  automationRuns,
  mailMessages,
  orderEvents,
  orders,
  outboxEvents,
  receiptSends,
} from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { CARD_OK, newKey, postJson, shopWithFunnel } from '../../runtime/checkout/checkout.fixtures.ts';
import { closeOrderJob } from '../../runtime/checkout/checkout.order-close.ts';
import { type TestApp, waitFor } from '../../test/harness.ts';
import { partOf, type SmtpPeer, startSmtpApp, stopSmtpApp } from '../../test/smtp.ts';
import { emailWithParagraphs } from '../email-templates/email-templates.fixtures.ts';
import { apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp({
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
  }));
});
afterAll(() => stopSmtpApp({ t, smtp }));

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;
let shopper = 0;

const customer = (email: string) => ({
  email,
  first_name: 'Sam',
  last_name: 'Shopper',
  shipping_address: '1 High Street',
  shipping_city: 'London',
  shipping_zip: 'N1 1AA',
  shipping_country: 'GB',
});

/**
 * A shopper (own address) buys the course with the order bump and declines the offer after it (which
 * confirms the order), unless `onOffer`; answers the order and its cookie.
 */
async function buy(shop: Shop, { onOffer = false }: { onOffer?: boolean } = {}) {
  const email = `shopper-${++shopper}-${Date.now()}@example.test`;
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: customer(email),
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id, qty: 1 }],
    order_bump: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
  if (!onOffer) {
    const no = { step_id: shop.upsell.id, page_id: shop.upsell.pages[0]?.id, answer: 'no' };
    expect((await postJson(t.app, '/_fw/upsell', no, { cookie })).statusCode).toBe(200);
  }
  return { email, orderId: res.json().data.order_id as number, cookie };
}

const receivedBy = (email: string) => smtp.received.filter((m) => m.to.includes(email));
/** Waits for the queue to settle, then answers what reached the SMTP peer for the address. */
async function settled(email: string) {
  await t.app.services.events.idle();
  await new Promise((r) => setTimeout(r, 1_500));
  return receivedBy(email);
}

const timelineOf = (orderId: number) =>
  t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

describe('"Every paid order sends the shopper an order confirmation e-mail"', () => {
  it('arrives with the order number, lines, total and shipping address, in HTML and text, and shows in the timeline (type 7)', async () => {
    const shop = await shopWithFunnel(t);
    const { email, orderId } = await buy(shop);
    const message = await waitFor(() => receivedBy(email)[0]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const number = order?.orderNumber as string;
    expect(message.raw).toContain(`Subject: Order ${number} confirmed`);
    const html = partOf(message.raw, 'text/html');
    const text = partOf(message.raw, 'text/plain');
    for (const part of [html, text]) {
      expect(part).toContain('Thank you for your order, Sam!');
      expect(part).toContain(number);
      expect(part).toContain('Course');
      expect(part).toContain('Workbook');
      expect(part).toContain('$57.49');
      expect(part).toContain('1 High Street');
      expect(part).not.toContain('{{');
    }
    expect(html).toContain('<table');

    const timeline = await timelineOf(orderId);
    const sent = timeline.filter((event) => event.type === 7);
    expect(sent).toMatchObject([
      { name: 'Order confirmation e-mail sent', value: { desc: `To ${email}: Order ${number} confirmed` } },
    ]);
    // Nothing else goes out for the same order: one claim, one message.
    expect(await settled(email)).toHaveLength(1);
  });

  it('checkout and an accepted upsell: one receipt listing both lines, one On Purchase run; a repeated job sends nothing again', async () => {
    const shop = await shopWithFunnel(t);
    const created = await shop.api.post('automations', {
      name: 'Thanks',
      trigger: { id: 'purchase' },
      steps: [{ type: 'end' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const automationId = created.json().data.id as number;
    expect((await shop.api.post(`automations/${automationId}/activate`, {})).statusCode).toBe(200);
    const { email, orderId, cookie } = await buy(shop, { onOffer: true });
    // On the offer: nothing is confirmed yet.
    expect(await settled(email)).toHaveLength(0);
    const upsell = {
      step_id: shop.upsell.id,
      page_id: shop.upsell.pages[0]?.id,
      answer: 'yes',
      product_id: shop.offer.id,
    };
    const res = await postJson(t.app, '/_fw/upsell', upsell, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.next_url).toBe('thank-you');
    // The thank-you page's summary asks for the order too: still one confirmation.
    const thanks = { step_id: shop.thanks.id, page_id: shop.thanks.pages[0]?.id };
    expect((await postJson(t.app, '/_fw/order', thanks, { cookie })).json().data.order_number).toBeTruthy();
    const message = await waitFor(() => receivedBy(email)[0]);
    const html = partOf(message.raw, 'text/html');
    for (const line of ['Course', 'Workbook', 'Masterclass', '$154.49']) expect(html).toContain(line);

    // The same job again, twice at once (a retry racing a duplicate): no new e-mail, no new timeline line.
    const job = {
      accountId: shop.owner.accountId,
      orderId,
      kind: 'order_confirmation' as const,
      key: `checkout-${orderId}`,
    };
    const again = await Promise.all([t.app.services.receipts.send(job), t.app.services.receipts.send(job)]);
    expect(again).toEqual([null, null]);
    expect(await t.app.services.checkout.closeOrder(shop.owner.accountId, orderId)).toBe(false);
    expect(await settled(email)).toHaveLength(1);
    const sends = await t.database.db.select().from(receiptSends).where(eq(receiptSends.orderId, orderId));
    expect(sends.map((s) => s.key)).toEqual([`checkout-${orderId}`]);
    expect((await timelineOf(orderId)).filter((event) => event.type === 7)).toHaveLength(1);
    const runs = await t.database.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automationId));
    expect(runs).toHaveLength(1);
    // The accepted offer is recorded as its own event, for merchants who want one.
    const accepted = await t.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'order.upsell_accepted'), eq(outboxEvents.accountId, shop.owner.accountId)),
      );
    expect(accepted.map((e) => e.key)).toEqual([`upsell-${orderId}-${shop.upsell.id}`]);
  });

  it('a shopper who leaves on the offer gets the receipt from the delayed job (due after the configured delay)', async () => {
    const shop = await shopWithFunnel(t);
    const { email, orderId } = await buy(shop, { onOffer: true });
    const [job] = rowsOf<{ state: string; start_after: string | Date; expire_seconds: string | number }>(
      await t.database.db.execute(
        sql`select state, start_after, extract(epoch from expire_in) as expire_seconds from pgboss.job
            where name = ${closeOrderJob.id} and data ->> 'orderId' = ${String(orderId)}`,
      ),
    );
    // Enqueued with the order, due ORDER_CONFIRMATION_DELAY_SECONDS later, expiring as JOB_EXPIRY_SECONDS says.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const due = new Date(job?.start_after as string).getTime() - new Date(order?.createdAt as Date).getTime();
    expect(Math.round(due / 1000)).toBeGreaterThanOrEqual(t.config.orderConfirmationDelaySeconds - 5);
    expect(Number(job?.expire_seconds)).toBe(t.config.jobExpirySeconds);
    expect(await settled(email)).toHaveLength(0);
    // The job's work, run now instead of minutes later: the receipt goes out once.
    expect(await t.app.services.checkout.closeOrder(shop.owner.accountId, orderId)).toBe(true);
    const message = await waitFor(() => receivedBy(email)[0]);
    expect(partOf(message.raw, 'text/html')).toContain('$57.49');
    expect(await settled(email)).toHaveLength(1);
  });
});

describe('"a fulfilment with tracking sends a shipping e-mail"', () => {
  it('sends the tracking number and the carrier link; without tracking nothing; added tracking later sends it', async () => {
    const shop = await shopWithFunnel(t);
    const withTracking = await buy(shop);
    // Fulfilled once confirmed, as a shop does: the two receipts' timeline lines then come in that order.
    await waitFor(() =>
      receivedBy(withTracking.email).find((m) =>
        partOf(m.raw, 'text/plain').includes('Thank you for your order'),
      ),
    );
    const fulfil = await shop.api.post(`orders/${withTracking.orderId}/fulfill`, {
      tracking_number: '7712 3456',
      shipping_carrier: 'fedex',
    });
    expect(fulfil.statusCode, fulfil.body).toBe(200);
    const shipped = await waitFor(() =>
      receivedBy(withTracking.email).find((m) => partOf(m.raw, 'text/plain').includes('is on its way')),
    );
    const html = partOf(shipped.raw, 'text/html');
    expect(html).toContain('7712 3456');
    expect(html).toContain('href="https://www.fedex.com/fedextrack/?trknbr=7712%203456"');
    expect(html).toContain('1 High Street');
    const names = (await timelineOf(withTracking.orderId)).filter((e) => e.type === 7).map((e) => e.name);
    expect(names).toEqual(['Order confirmation e-mail sent', 'Shipping confirmation e-mail sent']);

    const without = await buy(shop);
    await waitFor(() => receivedBy(without.email)[0]);
    const bare = await shop.api.post(`orders/${without.orderId}/fulfill`, {});
    expect(bare.statusCode, bare.body).toBe(200);
    expect(await settled(without.email)).toHaveLength(1);
    const added = await shop.api.put(`orders/${without.orderId}/add-tracking-info`, {
      tracking_number: 'LATE-1',
      shipping_carrier: 'other',
      tracking_url: 'https://track.example/LATE-1',
    });
    expect(added.statusCode, added.body).toBe(200);
    const late = await waitFor(() => receivedBy(without.email)[1]);
    expect(partOf(late.raw, 'text/html')).toContain('href="https://track.example/LATE-1"');
  });
});

describe('GET and PUT receipts, POST receipts/{kind}/customize', () => {
  it('lists both receipts on by default; a receipt switched off sends nothing', async () => {
    const shop = await shopWithFunnel(t);
    const list = await shop.api.get('receipts');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      {
        kind: 'order_confirmation',
        name: 'Order confirmation',
        enabled: true,
        subject: null,
        default_subject: 'Order {{order_number}} confirmed',
        email_template_id: null,
        email_template_name: null,
        email_template_user_id: null,
      },
      {
        kind: 'shipping_confirmation',
        name: 'Shipping confirmation',
        enabled: true,
        subject: null,
        default_subject: 'Your order {{order_number}} is on its way',
        email_template_id: null,
        email_template_name: null,
        email_template_user_id: null,
      },
    ]);
    const off = await shop.api.put('receipts/order_confirmation', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false });
    const { email, orderId } = await buy(shop);
    expect(await settled(email)).toHaveLength(0);
    expect((await timelineOf(orderId)).filter((e) => e.type === 7)).toHaveLength(0);
  });

  it("sends the merchant's subject and, once customised and edited, the merchant's design", async () => {
    const shop = await shopWithFunnel(t);
    const subject = await shop.api.put('receipts/order_confirmation', {
      subject: 'Thanks {{first_name}}! Order {{order_number}}',
    });
    expect(subject.statusCode, subject.body).toBe(200);
    const customised = await shop.api.post('receipts/order_confirmation/customize', {});
    expect(customised.statusCode, customised.body).toBe(200);
    const receipt = customised.json().data;
    expect(receipt).toMatchObject({
      email_template_name: 'Order confirmation',
      email_template_user_id: shop.owner.userId,
    });
    // Customising again keeps the design it has.
    const twice = await shop.api.post('receipts/order_confirmation/customize', {});
    expect(twice.json().data.email_template_id).toBe(receipt.email_template_id);
    const edited = await shop.api.patch(
      `users/${shop.owner.userId}/email-templates/${receipt.email_template_id}`,
      {
        config: JSON.stringify(emailWithParagraphs('Our own receipt for {{first_name}}: {{order_lines}}')),
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);

    const { email } = await buy(shop);
    const message = await waitFor(() => receivedBy(email)[0]);
    expect(message.raw).toMatch(/Subject: Thanks Sam! Order \S+/);
    const html = partOf(message.raw, 'text/html');
    expect(html).toContain('Our own receipt for Sam:');
    expect(html).toContain('Workbook');
  });

  it("refuses a bad kind, a blank subject and another account's template, naming the field", async () => {
    const shop = await shopWithFunnel(t);
    const other = await shopWithFunnel(t);
    const created = await other.api.post(`users/${other.owner.userId}/email-templates`, {
      name: 'Theirs',
      config: JSON.stringify(emailWithParagraphs('x')),
    });
    const cases: Array<[string, unknown, string]> = [
      ['receipts/refund_note', { enabled: true }, 'kind'],
      ['receipts/order_confirmation', { subject: '   ' }, 'data.subject'],
      ['receipts/order_confirmation', { enabled: 'yes' }, 'data.enabled'],
      [
        'receipts/order_confirmation',
        { email_template_id: created.json().data.id },
        'data.email_template_id',
      ],
    ];
    for (const [path, data, field] of cases) {
      const res = await shop.api.put(path, data);
      expect(res.statusCode, `${path} ${JSON.stringify(data)}`).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    const [row] = await shop.api.get('receipts').then((r) => r.json().data);
    expect(row).toMatchObject({ enabled: true, subject: null, email_template_id: null });
  });

  it("needs the automations permission to change: 'Access denied' otherwise", async () => {
    const shop = await shopWithFunnel(t);
    const orders = await memberOf(t, shop.owner, { orders: true });
    const ordersApi = apiClient(t.app, orders.auth);
    expect((await ordersApi.get('receipts')).statusCode).toBe(200);
    for (const res of [
      await ordersApi.put('receipts/order_confirmation', { enabled: false }),
      await ordersApi.post('receipts/order_confirmation/customize', {}),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    const writer = await memberOf(t, shop.owner, { automations: true });
    const res = await apiClient(t.app, writer.auth).put('receipts/shipping_confirmation', { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('receipts ride on the outbox', () => {
  it('a purchase recorded in the outbox but never told to the bus (the process died) is still confirmed', async () => {
    const shop = await shopWithFunnel(t);
    const email = `outbox-only-${Date.now()}@example.test`;
    const db = t.database.db;
    const customer = await createCustomer(db, shop.owner.accountId, { email, firstName: 'Olga' });
    const order = await createOrder(db, shop.owner.accountId, { customerId: customer.id });
    await db.transaction((tx) =>
      recordEvent(tx, 'order.paid', `checkout-${order.id}`, {
        accountId: shop.owner.accountId,
        orderId: order.id,
        customerId: customer.id,
        funnelId: null,
        amountMinor: order.amountMinor,
        currency: 'USD',
        source: 'checkout',
      }),
    );
    const message = await waitFor(() => receivedBy(email)[0]);
    expect(partOf(message.raw, 'text/html')).toContain('Yoga mat');
  });
});

describe('receipts are recorded in the Mailbox', () => {
  it('keeps the message with the account, so Settings → Mailbox shows it', async () => {
    const shop = await shopWithFunnel(t);
    const { email } = await buy(shop);
    await waitFor(() => receivedBy(email)[0]);
    const rows = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, shop.owner.accountId), eq(mailMessages.to, email)));
    expect(rows).toMatchObject([{ status: 'sent' }]);
  });
});
