import { automationStepSchema } from '@funnelwork/domain';
import { AUTOMATION_TRIGGERS } from '@funnelwork/domain/automations/rules';
import { AUTOMATION_TEMPLATES } from '@funnelwork/domain/automations/templates';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  automationRunSteps,
  automationRuns,
  emailTemplates,
  orderEvents,
  orders,
  outboxEvents,
  subscriptions,
} from '../../db/schema/index.ts';
import type { OutboxEvent } from '../../events/outbox.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { sendMailJob } from '../../mail/mailer.ts';
import {
  CARD_DECLINED,
  CARD_OK,
  newKey,
  postJson,
  publishedLanding,
  shopWithFunnel,
} from '../../runtime/checkout/checkout.fixtures.ts';
import { createSubscriptionsService } from '../../runtime/checkout/subscriptions.ts';
import { createTestApp, type TestApp, waitFor } from '../../test/harness.ts';
import { partOf, type SmtpPeer, startSmtpApp, stopSmtpApp } from '../../test/smtp.ts';
import { emailWithParagraphs } from '../email-templates/email-templates.fixtures.ts';
import { apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';
import { FAIR_SHARE_CEILING } from './engine/step-job.ts';

let smtp: SmtpPeer;
let t: TestApp;
// The app's gateway, kept to decline a subscription's saved card ("Recurring Payment Fails").
const sandbox = createSandboxGateway();
const gateways = createGatewayRegistry({ adapters: [sandbox] });

beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp({ gateways }));
});
afterAll(() => stopSmtpApp({ t, smtp }));

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;
let n = 0;

async function template(shop: Shop, text: string) {
  const res = await shop.api.post(`users/${shop.owner.userId}/email-templates`, {
    name: `Template ${++n}`,
    config: JSON.stringify(emailWithParagraphs(text)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function activeAutomation(shop: Shop, body: Record<string, unknown>) {
  const created = await shop.api.post('automations', { name: `Automation ${++n}`, ...body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const active = await shop.api.post(`automations/${id}/activate`, {});
  expect(active.statusCode, active.body).toBe(200);
  return id;
}

async function buy(
  shop: Shop,
  productId: number,
  {
    email = `buyer-${++n}-${Date.now()}@example.test`,
    payment = CARD_OK,
    status = 201,
    via = t,
  }: { email?: string; payment?: typeof CARD_OK; status?: number; via?: TestApp } = {},
) {
  const res = await postJson(via.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: {
      email,
      first_name: 'Bea',
      shipping_address: '2 Low Road',
      shipping_city: 'York',
      shipping_country: 'GB',
    },
    payment,
    idempotency_key: newKey(),
    items: [{ product_id: productId }],
  });
  expect(res.statusCode, res.body).toBe(status);
  // The shopper declines the offer after the checkout: that confirms the order ('order.paid', On Purchase).
  const token = res.json().data?.order_token as string | undefined;
  if (token) {
    const no = { step_id: shop.upsell.id, answer: 'no', order_token: token };
    expect((await postJson(via.app, '/_fw/upsell', no)).statusCode).toBe(200);
  }
  return { email, orderId: res.json().data?.order_id as number };
}

const mailsWith = (email: string, subject: string) =>
  smtp.received.filter((m) => m.to.includes(email) && m.raw.includes(`Subject: ${subject}`));

async function runsOf(automationId: number, via = t) {
  return via.database.db.select().from(automationRuns).where(eq(automationRuns.automationId, automationId));
}

const sendTo = (templateId: number, subject: string) => ({
  type: 'send_email',
  email_template_id: templateId,
  to: 'customer',
  subject,
});

describe('the automations engine', () => {
  it('a purchase in a published funnel sends the designed e-mail once, records the run and the order timeline', async () => {
    const shop = await shopWithFunnel(t);
    const designed = await template(
      shop,
      'Welcome aboard, {{first_name|friend}}! Your {{product_name}} is ready.',
    );
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [sendTo(designed, 'Thanks for buying, {{first_name}}')],
    });
    const { email, orderId } = await buy(shop, shop.main.id);
    const message = await waitFor(() => mailsWith(email, 'Thanks for buying, Bea')[0]);
    expect(partOf(message.raw, 'text/html')).toContain('Welcome aboard, Bea! Your Course is ready.');
    const [run] = await waitFor(async () => {
      const runs = await runsOf(automation);
      return runs[0]?.status === 'done' ? runs : undefined;
    });
    const steps = await t.database.db
      .select()
      .from(automationRunSteps)
      .where(eq(automationRunSteps.runId, run?.id as number));
    expect(steps).toMatchObject([{ path: '0', type: 'send_email', status: 'done', attempts: 0 }]);
    const timeline = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(timeline.filter((e) => e.type === 7).map((e) => e.name)).toContain('Automation e-mail sent');

    // The run's job again, five at once: nothing more is sent.
    await Promise.all(
      Array.from({ length: 5 }, () => t.app.services.automationsEngine.step(run?.id as number)),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(mailsWith(email, 'Thanks for buying, Bea')).toHaveLength(1);
    const history = await shop.api.get(`automations/${automation}/runs`, { status: 'done' });
    // The run names the order by its number, as the orders list does, not by its internal id.
    const [bought] = await t.database.db
      .select({ number: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(history.json().data).toMatchObject([
      { status: 'done', trigger_event: { type: 'order.paid' }, order_number: bought?.number },
    ]);
    expect(bought?.number).not.toBe(String(orderId));
  });

  it('branches on a condition: product_id Is one of the course → yes, else → no', async () => {
    const shop = await shopWithFunnel(t);
    const course = await template(shop, 'About your course');
    const other = await template(shop, 'About your order');
    await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [
        {
          type: 'condition',
          match: 'all',
          conditions: [{ key: 'product_id', operand: 'IN', values: [String(shop.main.id)] }],
          yes: [sendTo(course, 'Course tips')],
          no: [sendTo(other, 'Order tips')],
        },
        sendTo(other, 'Both get this'),
      ],
    });
    const first = await buy(shop, shop.main.id);
    const second = await buy(shop, shop.second.id);
    await waitFor(() => mailsWith(first.email, 'Both get this')[0]);
    await waitFor(() => mailsWith(second.email, 'Both get this')[0]);
    expect(mailsWith(first.email, 'Course tips')).toHaveLength(1);
    expect(mailsWith(first.email, 'Order tips')).toHaveLength(0);
    expect(mailsWith(second.email, 'Order tips')).toHaveLength(1);
    expect(mailsWith(second.email, 'Course tips')).toHaveLength(0);
  });

  it('a one-day wait survives a restart: 23 h on it still waits; a day on the start-up sweep resumes it once, in its version', async () => {
    const HOUR_MS = 3_600_000;
    const movedOn = (ms: number) => () => new Date(Date.now() + ms);
    // Its own app on a database that outlives the app (PGlite in a data directory, or PostgreSQL).
    const first = await createTestApp({ onDisk: true, config: { smtpUrl: smtp.url }, startQueue: true });
    let current = first;
    try {
      const shop = await shopWithFunnel(first);
      // UTC: the account's day is 24 h whatever the date (Europe/London's is 23 or 25 h twice a year).
      const zone = await shop.api.put('users/me/update-timezone', undefined, { tz: 'UTC', force: 'true' });
      expect(zone.statusCode, zone.body).toBe(200);
      const later = await template(shop, 'A day later');
      const automation = await activeAutomation(shop, {
        trigger: { id: 'purchase', product_ids: [shop.main.id] },
        steps: [{ type: 'wait', mode: 'delay', amount: 1, unit: 'days' }, sendTo(later, 'One day on')],
      });
      const boughtAt = Date.now();
      const { email } = await buy(shop, shop.main.id, { via: first });
      const run = await waitFor(async () =>
        (await runsOf(automation, first)).find((r) => r.status === 'waiting'),
      );
      const resumeAt = (run.resumeAt as Date).getTime();
      expect(resumeAt).toBeGreaterThanOrEqual(boughtAt + 24 * HOUR_MS);
      expect(resumeAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);
      // The run is recorded waiting first, then its delayed job is sent.
      const jobs = await waitFor(async () => {
        const found = rowsOf<{ start_after: string }>(
          await first.database.db.execute(
            sql`select start_after from pgboss.job where name = 'automations.step' and data->>'runId' = ${String(run.id)} and state = 'created'`,
          ),
        );
        return found.length > 0 ? found : undefined;
      });
      expect(new Date(jobs[0]?.start_after as string).getTime()).toBe(resumeAt);
      // Editing the automation makes a new version; the waiting run keeps the steps it started with.
      const edited = await shop.api.patch(`automations/${automation}`, {
        steps: [sendTo(later, 'Edited version')],
      });
      expect(edited.json().data.version).toBe(2);

      // Restarted with the clock 23 h on: the wait is not over, so neither the start-up sweep, another
      // sweep nor an early wake-up of its job resumes it.
      current = await current.restart({ clock: movedOn(23 * HOUR_MS) });
      expect(await current.app.services.automationsEngine.sweep()).toBe(0);
      await current.app.services.automationsEngine.step(run.id);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await runsOf(automation, current))[0]?.status).toBe('waiting');
      expect(mailsWith(email, 'One day on')).toHaveLength(0);

      // Restarted with the clock a day and five minutes on: the wait's delayed job is not due by the
      // database's time, so only the start-up sweep, going by the app's clock, can resume the run.
      current = await current.restart({ clock: movedOn(24 * HOUR_MS + 5 * 60_000) });
      await waitFor(() => mailsWith(email, 'One day on')[0]);
      const [done] = await waitFor(async () => {
        const runs = await runsOf(automation, current);
        return runs[0]?.status === 'done' ? runs : undefined;
      });
      expect(done?.version).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(mailsWith(email, 'One day on')).toHaveLength(1);
      expect(mailsWith(email, 'Edited version')).toHaveLength(0);
    } finally {
      await current.close();
    }
  }, 60_000);

  it('a failing step is retried, then fails visibly; Retry completes it once the cause is fixed', async () => {
    const shop = await shopWithFunnel(t);
    const broken = await template(shop, 'Eventually');
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [sendTo(broken, 'After the fix')],
    });
    const saved = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, broken));
    await t.database.db.update(emailTemplates).set({ compiled: null }).where(eq(emailTemplates.id, broken));
    const { email } = await buy(shop, shop.main.id);
    const run = await waitFor(async () => (await runsOf(automation))[0]);
    // Each attempt is a job; here they are driven at once instead of waiting out the backoff.
    for (let i = 0; i < 10; i++) {
      await t.app.services.automationsEngine.step(run.id).catch(() => undefined);
      const [now] = await runsOf(automation);
      if (now?.status === 'failed') break;
    }
    const failed = await shop.api.get(`automation-runs/${run.id}`);
    expect(failed.json().data).toMatchObject({
      status: 'failed',
      steps: [{ path: '0', status: 'failed', attempts: 5, error: 'The e-mail template no longer exists' }],
    });
    const onlyFailed = await shop.api.get(`automations/${automation}/runs`, { status: 'failed' });
    expect(onlyFailed.json().data.map((r: { id: number }) => r.id)).toEqual([run.id]);
    // The step's job is retried by pg-boss with backoff: the delay doubles from the first try's.
    const [job] = rowsOf<{ retry_backoff: boolean; retry_delay: number; retry_limit: number }>(
      await t.database.db.execute(
        sql`select retry_backoff, retry_delay, retry_limit from pgboss.job
          where name = 'automations.step' and data->>'runId' = ${String(run.id)} order by created_on limit 1`,
      ),
    );
    expect(job).toEqual({ retry_backoff: true, retry_delay: 5, retry_limit: 8 });

    await t.database.db
      .update(emailTemplates)
      .set({ compiled: saved[0]?.compiled })
      .where(eq(emailTemplates.id, broken));
    const retried = await shop.api.post(`automation-runs/${run.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(() => mailsWith(email, 'After the fix')[0]);
    const again = await shop.api.post(`automation-runs/${run.id}/retry`, {});
    expect(again.statusCode).toBe(422);
  });

  it('"Order Fulfilled" fires on fulfil with trigger_automations on, not when it is off', async () => {
    const shop = await shopWithFunnel(t);
    const shipped = await template(shop, 'Shipped');
    const automation = await activeAutomation(shop, {
      trigger: { id: 'order_fulfilled' },
      steps: [sendTo(shipped, 'Fulfilled for you')],
    });
    const on = await buy(shop, shop.main.id);
    const off = await buy(shop, shop.main.id);
    expect(
      (await shop.api.post(`orders/${on.orderId}/fulfill`, { trigger_automations: true })).statusCode,
    ).toBe(200);
    expect(
      (await shop.api.post(`orders/${off.orderId}/fulfill`, { trigger_automations: false })).statusCode,
    ).toBe(200);
    await waitFor(() => mailsWith(on.email, 'Fulfilled for you')[0]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mailsWith(off.email, 'Fulfilled for you')).toHaveLength(0);
    expect(await runsOf(automation)).toHaveLength(1);
  });

  it('events handed over in one batch start a run per matching automation each, and nothing twice', async () => {
    const shop = await shopWithFunnel(t);
    const course = await buy(shop, shop.main.id);
    const other = await buy(shop, shop.second.id);
    const events = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(outboxEvents)
        .where(and(eq(outboxEvents.accountId, shop.owner.accountId), eq(outboxEvents.type, 'order.paid')));
      return rows.length === 2 && rows.every((row) => row.dispatchedAt !== null) ? rows : undefined;
    });
    // Made after the purchases were dispatched: only the batch below starts their runs.
    const wait = { type: 'wait', mode: 'delay', amount: 1, unit: 'days' };
    const every = await activeAutomation(shop, { trigger: { id: 'purchase' }, steps: [wait] });
    const courseOnly = await activeAutomation(shop, {
      trigger: { id: 'purchase', product_ids: [shop.main.id] },
      steps: [wait],
    });
    const batch = [...events].sort((a, b) => a.id - b.id) as unknown as OutboxEvent[];
    const started = await t.app.services.automationsEngine.startRunsMany(batch);
    expect(started).toHaveLength(3);
    const eventOf = async (automation: number) =>
      (await runsOf(automation)).map((run) => run.eventId).sort((a, b) => a - b);
    const [courseEvent] = events.filter(
      (row) => (row.payload as { orderId: number }).orderId === course.orderId,
    );
    expect(other.orderId).not.toBe(course.orderId);
    expect(await eventOf(every)).toEqual(events.map((row) => row.id).sort((a, b) => a - b));
    expect(await eventOf(courseOnly)).toEqual([courseEvent?.id]);
    // Handed over again (a dispatcher died before marking them): no run starts twice.
    expect(await t.app.services.automationsEngine.startRunsMany(batch)).toEqual([]);
    expect((await runsOf(every)).length + (await runsOf(courseOnly)).length).toBe(3);
  });

  it('"Quantity bought at least" (the draft’s qty): a run starts only for events that bought that many of the trigger’s products', async () => {
    const shop = await shopWithFunnel(t, { recurring: true, selectionType: 'qty' });
    const buyLines = async (items: Array<{ product_id: number; qty: number }>) => {
      const res = await postJson(t.app, '/_fw/checkout', {
        step_id: shop.checkout.id,
        page_id: shop.checkoutPage,
        customer: { email: `qty-${++n}-${Date.now()}@example.test`, first_name: 'Bea' },
        payment: CARD_OK,
        idempotency_key: newKey(),
        items,
      });
      expect(res.statusCode, res.body).toBe(201);
      const no = { step_id: shop.upsell.id, answer: 'no', order_token: res.json().data.order_token };
      expect((await postJson(t.app, '/_fw/upsell', no)).statusCode).toBe(200);
      return res.json().data.order_id as number;
    };
    const two = await buyLines([{ product_id: shop.main.id, qty: 2 }]);
    const three = await buyLines([{ product_id: shop.main.id, qty: 3 }]);
    // One Course and two Coaching (a subscription of quantity 2): three units in all.
    const mixed = await buyLines([
      { product_id: shop.main.id, qty: 1 },
      { product_id: shop.second.id, qty: 2 },
    ]);
    const events = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.accountId, shop.owner.accountId));
      return rows.length === 4 && rows.every((row) => row.dispatchedAt !== null) ? rows : undefined;
    });
    const paidEvent = (orderId: number) =>
      events.find(
        (row) => row.type === 'order.paid' && (row.payload as { orderId: number }).orderId === orderId,
      )?.id;
    const subscriptionEvent = events.find((row) => row.type === 'subscription.started')?.id;
    // Made after the purchases were dispatched: only the batch below starts their runs.
    const wait = [{ type: 'wait', mode: 'delay', amount: 1, unit: 'days' }];
    const threeCourses = await activeAutomation(shop, {
      trigger: { id: 'purchase', product_ids: [shop.main.id], qty: 3 },
      steps: wait,
    });
    const threeOfAny = await activeAutomation(shop, { trigger: { id: 'purchase', qty: 3 }, steps: wait });
    const twoSeats = await activeAutomation(shop, {
      trigger: { id: 'subscription_started', qty: 2 },
      steps: wait,
    });
    const threeSeats = await activeAutomation(shop, {
      trigger: { id: 'subscription_started', qty: 3 },
      steps: wait,
    });
    const batch = [...events].sort((a, b) => a.id - b.id) as unknown as OutboxEvent[];
    await t.app.services.automationsEngine.startRunsMany(batch);
    const eventsOf = async (automation: number) =>
      (await runsOf(automation)).map((run) => run.eventId).sort((a, b) => a - b);
    expect(await eventsOf(threeCourses)).toEqual([paidEvent(three)]);
    expect(await eventsOf(threeOfAny)).toEqual([paidEvent(three), paidEvent(mixed)]);
    expect(paidEvent(two)).toBeDefined();
    expect(await eventsOf(twoSeats)).toEqual([subscriptionEvent]);
    expect(await eventsOf(threeSeats)).toEqual([]);
  });

  it('a waiting run can be cancelled and then sends nothing', async () => {
    const shop = await shopWithFunnel(t);
    const never = await template(shop, 'Never');
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [
        { type: 'wait', mode: 'delay', amount: 0, unit: 'minutes' },
        { type: 'wait', mode: 'delay', amount: 5, unit: 'hours' },
        sendTo(never, 'Cancelled one'),
      ],
    });
    const { email } = await buy(shop, shop.main.id);
    const run = await waitFor(async () =>
      (await runsOf(automation)).find((r) => r.status === 'waiting' && r.currentPath === '1'),
    );
    const cancelled = await shop.api.post(`automation-runs/${run.id}/cancel`, {});
    expect(cancelled.json().data.status).toBe('cancelled');
    await t.app.services.automationsEngine.step(run.id);
    expect(mailsWith(email, 'Cancelled one')).toHaveLength(0);
  });

  it('every trigger starts a run from the change that records its event; limits to funnels, steps and products hold', async () => {
    const shop = await shopWithFunnel(t, { recurring: true });
    const otherFunnel = await createFunnel(shop.api, { name: 'Elsewhere' });
    const end = [{ type: 'end' }];
    const byTrigger = new Map<string, number>();
    for (const trigger of AUTOMATION_TRIGGERS) {
      byTrigger.set(trigger.id, await activeAutomation(shop, { trigger: { id: trigger.id }, steps: end }));
    }
    // On Purchase limited in each way: the ones that hold for a purchase of the course in this funnel …
    const holding = [
      await activeAutomation(shop, { trigger: { id: 'purchase', funnel_ids: [shop.funnel.id] }, steps: end }),
      await activeAutomation(shop, { funnel_id: shop.funnel.id, trigger: { id: 'purchase' }, steps: end }),
      await activeAutomation(shop, { trigger: { id: 'purchase', product_ids: [shop.main.id] }, steps: end }),
      // "each can be limited to funnels, steps or products": the checkout step the purchases are made on.
      await activeAutomation(shop, { trigger: { id: 'purchase', step_ids: [shop.checkout.id] }, steps: end }),
    ];
    // … and the ones that do not, with one switched off.
    const notHolding = [
      await activeAutomation(shop, { trigger: { id: 'purchase', funnel_ids: [otherFunnel.id] }, steps: end }),
      await activeAutomation(shop, { funnel_id: otherFunnel.id, trigger: { id: 'purchase' }, steps: end }),
      await activeAutomation(shop, { trigger: { id: 'purchase', product_ids: [shop.bump.id] }, steps: end }),
      await activeAutomation(shop, { trigger: { id: 'purchase' }, steps: end }),
      await activeAutomation(shop, { trigger: { id: 'purchase', step_ids: [shop.upsell.id] }, steps: end }),
    ];
    const off = await shop.api.post(`automations/${notHolding[3]}/deactivate`, {});
    expect(off.json().data.status).toBe('inactive');

    // Purchase Attempt: a declined card. New Subscription: a recurring product bought (twice).
    await buy(shop, shop.main.id, { payment: CARD_DECLINED, status: 402 });
    await buy(shop, shop.second.id);
    await buy(shop, shop.second.id);
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, shop.owner.accountId))
      .orderBy(subscriptions.id);
    expect(subs).toHaveLength(2);
    const [renewing, cancelling] = subs as [(typeof subs)[0], (typeof subs)[0]];
    // On Refund, Order Fulfilled: two purchases of the course, one refunded, one fulfilled.
    const refunded = await buy(shop, shop.main.id);
    expect((await shop.api.put(`orders/${refunded.orderId}/refund`)).statusCode).toBe(200);
    const fulfilled = await buy(shop, shop.main.id);
    expect(
      (await shop.api.post(`orders/${fulfilled.orderId}/fulfill`, { trigger_automations: true })).statusCode,
    ).toBe(200);
    // Recurring Payment, then Recurring Payment Fails: the renewal job a minute after each due date.
    const renewals = (at: Date) =>
      createSubscriptionsService({
        db: t.database.db,
        gateways,
        queue: t.queue,
        events: t.app.services.events,
        clock: () => new Date(at.getTime() + 60_000),
        log: () => {},
      });
    const due = new Date(renewing.nextChargeAt as Date);
    expect(await renewals(due).renew(renewing.id, due.toISOString())).toBe('renewed');
    const [renewed] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, renewing.id));
    const nextDue = new Date(renewed?.nextChargeAt as Date);
    sandbox.failSavedPaymentMethod(renewing.savedPaymentMethod as string, 'declined');
    expect(await renewals(nextDue).renew(renewing.id, nextDue.toISOString())).toBe('failed');
    // Subscription Canceled.
    expect((await shop.api.post(`subscriptions/${cancelling.id}/cancel`)).statusCode).toBe(200);
    // Optin: a form submitted on a published landing page.
    const { landing, host } = await publishedLanding(shop, 'triggers');
    // An opt-in carries its page's step: limited to the landing it holds, to the checkout it does not.
    const optinOnLanding = await activeAutomation(shop, {
      trigger: { id: 'optin', step_ids: [landing.id] },
      steps: end,
    });
    const optinOnCheckout = await activeAutomation(shop, {
      trigger: { id: 'optin', step_ids: [shop.checkout.id] },
      steps: end,
    });
    const optin = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host },
      payload: { fw_page_id: landing.pages[0]?.id, first_name: 'Olly', email: `optin-${++n}@example.test` },
    });
    expect(optin.statusCode, optin.body).toBe(200);

    // Each trigger's automation ran for its own events only: the history names them.
    const expected: Record<string, [string, number]> = {
      // Two subscriptions, the refunded and the fulfilled purchase, and the renewal's new order.
      purchase: ['order.paid', 5],
      refund: ['order.refunded', 1],
      subscription_started: ['subscription.started', 2],
      subscription_cancelled: ['subscription.cancelled', 1],
      purchase_attempt: ['order.payment_failed', 1],
      optin: ['optin.created', 1],
      recurring_payment: ['subscription.renewed', 1],
      recurring_payment_failed: ['subscription.failed', 1],
      order_fulfilled: ['order.fulfilled', 1],
    };
    const history = async (automation: number) =>
      (await shop.api.get(`automations/${automation}/runs`)).json().data as Array<{
        trigger_event: { type: string; payload: { orderId?: number } };
      }>;
    for (const [trigger, [type, count]] of Object.entries(expected)) {
      const runs = await waitFor(async () => {
        const found = await history(byTrigger.get(trigger) as number);
        return found.length >= count ? found : undefined;
      });
      expect(
        runs.map((run) => run.trigger_event.type),
        trigger,
      ).toEqual(Array.from({ length: count }, () => type));
    }
    for (const automation of holding) {
      const runs = await history(automation);
      expect(runs.map((run) => run.trigger_event.payload.orderId)).toContain(refunded.orderId);
    }
    for (const automation of notHolding) expect(await history(automation)).toEqual([]);
    const onLanding = await waitFor(async () => {
      const found = await history(optinOnLanding);
      return found.length > 0 ? found : undefined;
    });
    expect(onLanding.map((run) => run.trigger_event.type)).toEqual(['optin.created']);
    expect(await history(optinOnCheckout)).toEqual([]);
  }, 60_000);

  it('conditions test customer, order and product fields with every operand in a run', async () => {
    const shop = await shopWithFunnel(t);
    const checks: Array<[Record<string, unknown>, 'yes' | 'no']> = [
      [{ key: 'customer_email', operand: 'LIKE', value: '@EXAMPLE.test' }, 'yes'],
      [{ key: 'customer_email', operand: 'NOT LIKE', value: 'buyer-' }, 'no'],
      [{ key: 'customer_first_name', operand: '=', value: 'bea' }, 'yes'],
      [{ key: 'customer_country', operand: 'IN', values: ['fr', 'gb'] }, 'yes'],
      [{ key: 'customer_country', operand: 'NOT IN', values: ['GB'] }, 'no'],
      [{ key: 'order_total', operand: '=', value: '49.99' }, 'yes'],
      [{ key: 'order_total', operand: '=', value: '50.00' }, 'no'],
      [{ key: 'order_currency', operand: 'NOT LIKE', value: 'eur' }, 'yes'],
      [{ key: 'product_id', operand: 'IN', values: [String(shop.second.id)] }, 'no'],
      [{ key: 'product_id', operand: 'NOT IN', values: [String(shop.second.id)] }, 'yes'],
      [{ key: 'funnel_id', operand: '=', value: String(shop.funnel.id) }, 'yes'],
    ];
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: checks.map(([condition]) => ({
        type: 'condition',
        match: 'all',
        conditions: [condition],
        yes: [],
        no: [],
      })),
    });
    await buy(shop, shop.main.id);
    const [run] = await waitFor(async () => {
      const runs = await runsOf(automation);
      return runs[0]?.status === 'done' ? runs : undefined;
    });
    const answer = await shop.api.get(`automation-runs/${run?.id}`);
    const steps = answer.json().data.steps as Array<{ path: string; result: { branch: string } }>;
    const branches = Object.fromEntries(steps.map((step) => [step.path, step.result.branch]));
    expect(checks.map((_, i) => branches[String(i)])).toEqual(checks.map(([, branch]) => branch));
  });

  it("sends to a fixed address, and waits until a weekday and time in the account's time zone", async () => {
    const shop = await shopWithFunnel(t);
    const zone = await shop.api.put('users/me/update-timezone', undefined, {
      tz: 'America/New_York',
      force: 'true',
    });
    expect(zone.json().data.time_zone).toBe('America/New_York');
    const note = await template(shop, 'You made a sale');
    const address = `owner-copy-${++n}@example.test`;
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [
        {
          type: 'send_email',
          email_template_id: note,
          to: 'address',
          address,
          subject: 'Sold to {{first_name}}',
        },
        { type: 'wait', mode: 'until', weekday: 1, time: '09:30' },
      ],
    });
    const { email } = await buy(shop, shop.main.id);
    await waitFor(() => mailsWith(address, 'Sold to Bea')[0]);
    expect(mailsWith(email, 'Sold to Bea')).toHaveLength(0);
    const run = await waitFor(async () => (await runsOf(automation)).find((r) => r.status === 'waiting'));
    const due = run.resumeAt as Date;
    const inNewYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(due);
    expect(inNewYork).toBe('Monday 09:30');
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(due.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it('consecutive waits each wait their time: the second is armed when the first ends, not skipped', async () => {
    const shop = await shopWithFunnel(t);
    const after = await template(shop, 'After both waits');
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [
        { type: 'wait', mode: 'delay', amount: 1, unit: 'days' },
        { type: 'wait', mode: 'delay', amount: 2, unit: 'hours' },
        sendTo(after, 'After two waits'),
      ],
    });
    const { email } = await buy(shop, shop.main.id);
    /** The wait at `path` comes due now: its time moved into the past and its delayed job made due. */
    const dueNow = async (runId: number, path: string) => {
      const past = new Date(Date.now() - 1_000);
      await t.database.db.update(automationRuns).set({ resumeAt: past }).where(eq(automationRuns.id, runId));
      await t.database.db
        .update(automationRunSteps)
        .set({ result: { resume_at: past.toISOString() } })
        .where(and(eq(automationRunSteps.runId, runId), eq(automationRunSteps.path, path)));
      await t.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'automations.step'
          and data->>'runId' = ${String(runId)} and state = 'created'`,
      );
    };
    const waitingAt = (path: string) =>
      waitFor(async () =>
        (await runsOf(automation)).find((r) => r.status === 'waiting' && r.currentPath === path),
      );
    const first = await waitingAt('0');
    await dueNow(first.id, '0');
    // The first wait over, the run waits again: two hours from now, with nothing sent.
    const second = await waitingAt('1');
    const twoHours = (second.resumeAt as Date).getTime() - Date.now();
    expect(twoHours).toBeGreaterThan(2 * 3_600_000 - 120_000);
    expect(twoHours).toBeLessThanOrEqual(2 * 3_600_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(mailsWith(email, 'After two waits')).toHaveLength(0);
    await dueNow(second.id, '1');
    await waitFor(() => mailsWith(email, 'After two waits')[0]);
    const steps = await t.database.db
      .select()
      .from(automationRunSteps)
      .where(eq(automationRunSteps.runId, second.id));
    expect(steps.map((s) => `${s.path}:${s.type}:${s.status}`).sort()).toEqual([
      '0:wait:done',
      '1:wait:done',
      '2:send_email:done',
    ]);
  });

  it('has no cap per contact: the 25th purchase of one customer runs the automation like the first', async () => {
    const shop = await shopWithFunnel(t);
    const each = await template(shop, 'Thanks again');
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [sendTo(each, 'Thanks once more')],
    });
    const email = `loyal-${++n}-${Date.now()}@example.test`;
    const PURCHASES = 25;
    for (let i = 0; i < PURCHASES; i++) await buy(shop, shop.main.id, { email });
    await waitFor(async () => {
      const runs = await runsOf(automation);
      return runs.length === PURCHASES && runs.every((r) => r.status === 'done') ? runs : undefined;
    }, 60_000);
    await waitFor(() => (mailsWith(email, 'Thanks once more').length === PURCHASES ? true : undefined));
  }, 90_000);
});

describe('per-account fairness', () => {
  it("one merchant's burst of 2,000 runs does not hold back another merchant's purchase e-mail", async () => {
    const busy = await shopWithFunnel(t);
    const quiet = await shopWithFunnel(t);
    const burstAutomation = await activeAutomation(busy, {
      trigger: { id: 'purchase' },
      steps: [
        {
          type: 'condition',
          match: 'all',
          conditions: [{ key: 'order_currency', operand: '=', value: 'USD' }],
          yes: [{ type: 'wait', mode: 'delay', amount: 0, unit: 'minutes' }],
          no: [],
        },
        { type: 'end' },
      ],
    });
    const welcome = await template(quiet, 'Welcome');
    await activeAutomation(quiet, { trigger: { id: 'purchase' }, steps: [sendTo(welcome, 'Not starved')] });
    // The burst: the busy merchant's purchase event, 2,000 times over (as a flash sale would record them).
    const first = await buy(busy, busy.main.id);
    await waitFor(async () => (await runsOf(burstAutomation)).find((r) => r.status === 'done'), 40_000);
    const BURST = 2_000;
    await t.database.db.execute(sql`
      insert into outbox_events (account_id, type, key, payload)
      select account_id, type, key || '-burst-' || g, payload
      from outbox_events, generate_series(1, ${BURST}) g
      where account_id = ${busy.owner.accountId} and type = 'order.paid'
        and (payload->>'orderId')::bigint = ${first.orderId}`);
    // Written behind recordEvent's back: nothing else wakes the outbox before its poll.
    t.app.services.outbox.wake();
    try {
      // Let the burst get going, then the quiet merchant's customer buys.
      await waitFor(async () => ((await runsOf(burstAutomation)).length > 20 ? true : undefined), 40_000);
      const started = Date.now();
      const { email } = await buy(quiet, quiet.main.id);
      // No wall time is asserted (the machine may be loaded): what counts is how much of the burst was still
      // queued when the e-mail came, checked below.
      await waitFor(() => mailsWith(email, 'Not starved')[0], 60_000);
      const tookMs = Date.now() - started;
      const [left] = rowsOf<{ events: number; runs: number }>(
        await t.database.db.execute(sql`select
          (select count(*)::int from outbox_events
            where account_id = ${busy.owner.accountId} and dispatched_at is null) as events,
          (select count(*)::int from automation_runs
            where automation_id = ${burstAutomation} and status in ('running', 'waiting')) as runs`),
      );
      console.log(
        `quiet merchant's e-mail after ${tookMs} ms; the burst still had ${left?.events} events and ${left?.runs} runs to go`,
      );
      // The burst was still queued when the other merchant's run completed.
      expect((left?.events ?? 0) + (left?.runs ?? 0)).toBeGreaterThan(BURST / 4);
    } finally {
      // The rest of the burst is not this test's business: stopped (pass or fail) so later tests run at full speed.
      await t.database.db.execute(
        sql`update outbox_events set dispatched_at = now() where account_id = ${busy.owner.accountId} and dispatched_at is null`,
      );
      await t.database.db.execute(
        sql`update automation_runs set status = 'cancelled', finished_at = now() where automation_id = ${burstAutomation} and status in ('running', 'waiting')`,
      );
    }
  }, 180_000);
});

describe('throughput (issue 16 speed)', () => {
  const stepJobsOf = async (runId: number) =>
    rowsOf<{ priority: number }>(
      await t.database.db.execute(
        sql`select priority from pgboss.job where name = 'automations.step' and data->>'runId' = ${String(runId)}`,
      ),
    );

  it('a job runs the waits and conditions after a step up to the next side effect: six steps, two jobs', async () => {
    const shop = await shopWithFunnel(t);
    const one = await template(shop, 'First');
    const two = await template(shop, 'Second');
    const automation = await activeAutomation(shop, {
      trigger: { id: 'purchase' },
      steps: [
        { type: 'wait', mode: 'delay', amount: 0, unit: 'minutes' },
        { type: 'condition', match: 'all', conditions: [], yes: [], no: [] },
        sendTo(one, 'Chained one'),
        { type: 'condition', match: 'all', conditions: [], yes: [], no: [] },
        sendTo(two, 'Chained two'),
        { type: 'end' },
      ],
    });
    const { email } = await buy(shop, shop.main.id);
    const [run] = await waitFor(async () => {
      const runs = await runsOf(automation);
      return runs[0]?.status === 'done' ? runs : undefined;
    });
    await waitFor(() => mailsWith(email, 'Chained two')[0]);
    expect(mailsWith(email, 'Chained one')).toHaveLength(1);
    const steps = await t.database.db
      .select()
      .from(automationRunSteps)
      .where(eq(automationRunSteps.runId, run?.id as number));
    expect(steps.map((s) => `${s.path}:${s.status}`).sort()).toEqual(
      ['0:done', '1:done', '2:done', '3:done', '4:done', '5:done'].sort(),
    );
    // Job 1: the wait, the condition, the first e-mail, the condition; job 2: the second e-mail, the end.
    expect(await stepJobsOf(run?.id as number)).toHaveLength(2);
  });

  it('an automation e-mail does not queue behind a backlog of receipts in mail.send', async () => {
    const shop = await shopWithFunnel(t);
    const welcome = await template(shop, 'Welcome');
    await activeAutomation(shop, { trigger: { id: 'purchase' }, steps: [sendTo(welcome, 'Own lane')] });
    // Other shops' flash sale: 3,000 single-message mail.send jobs already queued (another account's, so
    // they do not count against this shop's e-mails a month).
    const other = await shopWithFunnel(t);
    const BACKLOG = 3_000;
    const backlog = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        insert into mail_messages (account_id, "to", subject, text, status, account_server)
        select ${other.owner.accountId}, 'backlog-' || g || '@example.test', 'Receipt ' || g, 'Thanks', 'queued', true
        from generate_series(1, ${BACKLOG}) g
        returning id::int as id`),
    );
    await t.queue.sendMany(
      sendMailJob,
      backlog.map((row) => ({ messageId: Number(row.id) })),
    );
    const unsent = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from mail_messages where "to" like 'backlog-%' and status = 'queued'`,
        ),
      )[0]?.n ?? 0;
    try {
      const { email } = await buy(shop, shop.main.id);
      await waitFor(() => mailsWith(email, 'Own lane')[0], 30_000);
      const left = await unsent();
      console.log(`automation e-mail delivered with ${left} of ${BACKLOG} receipts still queued ahead`);
      // Behind them (one FIFO queue) it would have come after nearly all of the backlog.
      expect(left).toBeGreaterThan(BACKLOG / 4);
    } finally {
      await t.database.db.execute(
        sql`update mail_messages set status = 'sent' where "to" like 'backlog-%' and status = 'queued'`,
      );
    }
  }, 60_000);

  it("the fair-share priority reads at most 1,000 of an account's running runs per job sent", async () => {
    const busy = await shopWithFunnel(t);
    const quiet = await shopWithFunnel(t);
    const welcome = await template(busy, 'Busy');
    const busyAutomation = await activeAutomation(busy, {
      trigger: { id: 'purchase' },
      steps: [sendTo(welcome, 'Busy one')],
    });
    const quietWelcome = await template(quiet, 'Quiet');
    const quietAutomation = await activeAutomation(quiet, {
      trigger: { id: 'purchase' },
      steps: [sendTo(quietWelcome, 'Quiet one')],
    });
    // The busy account already has 1,050 running runs (each a lone End): more than the count reads.
    expect(FAIR_SHARE_CEILING).toBeLessThanOrEqual(1_000);
    const EXTRA = 1_050;
    await t.database.db.execute(sql`
      with ev as (
        insert into outbox_events (account_id, type, key, payload, dispatched_at)
        select ${busy.owner.accountId}, 'bench.busy', 'busy-' || g, '{}'::jsonb, now()
        from generate_series(1, ${EXTRA}) g
        returning id)
      insert into automation_runs (account_id, automation_id, event_id, version, steps, status, current_path)
      select ${busy.owner.accountId}, ${busyAutomation}, id, 1, '[{"type":"end"}]'::jsonb, 'running', '0'
      from ev`);
    try {
      await buy(busy, busy.main.id);
      await buy(quiet, quiet.main.id);
      const started = async (automation: number) =>
        waitFor(async () => {
          const runs = await runsOf(automation);
          const run = runs.find((r) => r.steps.length > 1 || r.steps[0]?.type === 'send_email');
          const jobs = run ? await stepJobsOf(run.id) : [];
          return jobs[0];
        });
      const busyJob = await started(busyAutomation);
      const quietJob = await started(quietAutomation);
      // Counted only up to the ceiling: the busy account's job at the floor, the quiet one's near the top
      // (a count of up to 10,000 rows would have put it at 10,000 − 1,051).
      expect(busyJob.priority).toBe(0);
      expect(quietJob.priority).toBeGreaterThan(FAIR_SHARE_CEILING - 5);
    } finally {
      await t.database.db.execute(
        sql`update automation_runs set status = 'cancelled', finished_at = now() where automation_id = ${busyAutomation} and status = 'running'`,
      );
    }
  });
});

describe('automations API', () => {
  it('refuses bad definitions naming the field, and other accounts’ funnels and templates', async () => {
    const shop = await shopWithFunnel(t);
    const other = await shopWithFunnel(t);
    const theirs = await template(other, 'Theirs');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ', trigger: { id: 'purchase' } }, 'data.name'],
      [{ name: 'x', trigger: { id: 'sunrise' } }, 'data.trigger.id'],
      [{ name: 'x', trigger: { id: 'purchase' }, funnel_id: other.funnel.id }, 'data.funnel_id'],
      [{ name: 'x', trigger: { id: 'purchase' }, steps: [sendTo(theirs, 'x')] }, 'data.steps'],
      [
        {
          name: 'x',
          trigger: { id: 'purchase' },
          steps: [{ type: 'wait', mode: 'delay', amount: 10_001, unit: 'days' }],
        },
        'data.steps.0.amount',
      ],
      [
        {
          name: 'x',
          trigger: { id: 'purchase' },
          steps: [
            {
              type: 'condition',
              match: 'all',
              conditions: [{ key: 'order_total', operand: 'IN', values: [] }],
              yes: [],
              no: [],
            },
          ],
        },
        'data.steps.0.conditions.0.values',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await shop.api.post('automations', data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.field, JSON.stringify(data)).toBe(field);
    }
    const empty = await shop.api.post('automations', { name: 'Empty', trigger: { id: 'refund' } });
    const activate = await shop.api.post(`automations/${empty.json().data.id}/activate`, {});
    expect(activate.statusCode).toBe(400);
    expect(activate.json().error.field).toBe('steps');
  });

  it('stores the trigger’s qty with each version and answers it back; refuses one that is not a whole number ≥ 1, naming the field', async () => {
    const shop = await shopWithFunnel(t);
    const created = await shop.api.post('automations', {
      name: 'Bulk buyers',
      trigger: { id: 'purchase', product_ids: [shop.main.id], qty: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const automation = created.json().data;
    expect(automation.trigger).toEqual({
      id: 'purchase',
      funnel_ids: [],
      step_ids: [],
      product_ids: [shop.main.id],
      qty: 3,
    });
    const patched = await shop.api.patch(`automations/${automation.id}`, {
      trigger: { ...automation.trigger, qty: 5 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ version: automation.version + 1, trigger: { qty: 5 } });
    expect((await shop.api.get(`automations/${automation.id}`)).json().data.trigger.qty).toBe(5);
    // Left out, and in triggers saved before it existed: 1, every event.
    const plain = await shop.api.post('automations', { name: 'Every buyer', trigger: { id: 'purchase' } });
    expect(plain.json().data.trigger.qty).toBe(1);
    await t.database.db.execute(
      sql`update automations set trigger = trigger - 'qty' where id = ${plain.json().data.id}`,
    );
    expect((await shop.api.get(`automations/${plain.json().data.id}`)).json().data.trigger.qty).toBe(1);

    const refused: Array<[unknown, string, string]> = [
      [0, 'purchase', 'must be a whole number, at least 1'],
      [-2, 'purchase', 'must be a whole number, at least 1'],
      [1.5, 'refund', 'must be a whole number, at least 1'],
      ['3', 'purchase', 'must be a whole number, at least 1'],
      [null, 'purchase', 'must be a whole number, at least 1'],
      [10_001, 'purchase', 'must be at most 10000'],
      [2, 'optin', 'must be 1 for Optin, which buys no products'],
    ];
    for (const [qty, id, message] of refused) {
      const res = await shop.api.post('automations', { name: 'x', trigger: { id, qty } });
      expect(res.statusCode, JSON.stringify(qty)).toBe(400);
      expect(res.json().error, JSON.stringify(qty)).toMatchObject({
        field: 'data.trigger.qty',
        message: `data.trigger.qty: ${message}`,
      });
    }
    const badPatch = await shop.api.patch(`automations/${automation.id}`, {
      trigger: { ...automation.trigger, qty: 0 },
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().error.field).toBe('data.trigger.qty');
    expect((await shop.api.get(`automations/${automation.id}`)).json().data.trigger.qty).toBe(5);
  });

  it("starts from a template: copies its designs into the member's templates and sends the designed e-mail", async () => {
    const shop = await shopWithFunnel(t);
    const listed = await shop.api.get('automation-templates');
    expect(listed.json().data.map((x: { id: string }) => x.id)).toEqual(
      AUTOMATION_TEMPLATES.map((x) => x.id),
    );
    // Every template's steps are a valid definition.
    for (const template of AUTOMATION_TEMPLATES) {
      const steps = template.steps(() => 1);
      expect(automationStepSchema.array().safeParse(steps).success, template.id).toBe(true);
    }
    const followUp = await shop.api.post('automations/from-template', { template_id: 'checkout-follow-up' });
    expect(followUp.statusCode, followUp.body).toBe(201);
    expect(followUp.json().data).toMatchObject({
      name: 'Follow up a declined checkout',
      status: 'draft',
      trigger: { id: 'purchase_attempt' },
      steps: [{ type: 'wait', amount: 1, unit: 'hours' }, { type: 'condition' }],
    });

    const created = await shop.api.post('automations/from-template', {
      template_id: 'thank-you-after-purchase',
      name: 'Our thanks',
      funnel_id: shop.funnel.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const automation = created.json().data;
    expect(automation).toMatchObject({ name: 'Our thanks', funnel_id: shop.funnel.id, status: 'draft' });
    const templateId = automation.steps[0].email_template_id as number;
    const mine = await shop.api.get(`users/${shop.owner.userId}/email-templates/${templateId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.name).toBe('Thank you for your order');
    expect((await shop.api.post(`automations/${automation.id}/activate`, {})).statusCode).toBe(200);
    const { email } = await buy(shop, shop.main.id);
    const message = await waitFor(() => mailsWith(email, 'Thank you for your order, Bea')[0]);
    expect(partOf(message.raw, 'text/plain')).toContain('Course');

    const unknown = await shop.api.post('automations/from-template', { template_id: 'sunrise' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('data.template_id');
    const other = await shopWithFunnel(t);
    const theirFunnel = await shop.api.post('automations/from-template', {
      template_id: 'welcome-after-optin',
      funnel_id: other.funnel.id,
    });
    expect(theirFunnel.statusCode).toBe(400);
    expect(theirFunnel.json().error.field).toBe('data.funnel_id');
    const orders = await memberOf(t, shop.owner, { orders: true });
    const denied = await apiClient(t.app, orders.auth).post('automations/from-template', {
      template_id: 'welcome-after-optin',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
  });

  it('entries CRUD and update-all: each change by path is a new version; bad paths name the field', async () => {
    const shop = await shopWithFunnel(t);
    const other = await shopWithFunnel(t);
    const mine = await template(shop, 'Mine');
    const theirs = await template(other, 'Theirs');
    const wait = { type: 'wait', mode: 'delay', amount: 0, unit: 'minutes' };
    const created = await shop.api.post('automations', {
      name: 'Entries',
      trigger: { id: 'purchase' },
      steps: [wait],
    });
    const id = created.json().data.id as number;
    const entries = async () =>
      (await shop.api.get(`automations/${id}/entries`)).json().data as Array<{
        path: string;
        step: { type: string };
      }>;
    expect(await entries()).toEqual([{ path: '0', step: wait }]);

    const condition = {
      type: 'condition',
      match: 'all',
      conditions: [{ key: 'order_currency', operand: '=', value: 'USD' }],
      yes: [],
      no: [],
    };
    const added = await shop.api.post(`automations/${id}/entries`, { path: '1', step: condition });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.version).toBe(2);
    expect(
      (await shop.api.post(`automations/${id}/entries`, { path: '1/yes/0', step: sendTo(mine, 'Yes') }))
        .statusCode,
    ).toBe(200);
    expect((await entries()).map((e) => [e.path, e.step.type])).toEqual([
      ['0', 'wait'],
      ['1', 'condition'],
      ['1/yes/0', 'send_email'],
    ]);
    const changed = await shop.api.patch(`automations/${id}/entries`, {
      path: '0',
      step: { ...wait, amount: 5 },
    });
    expect(changed.json().data.steps[0]).toMatchObject({ type: 'wait', amount: 5 });
    // A condition changed keeps its branches.
    const recondition = await shop.api.patch(`automations/${id}/entries`, {
      path: '1',
      step: { ...condition, match: 'any' },
    });
    expect(recondition.json().data.steps[1]).toMatchObject({ match: 'any', yes: [{ subject: 'Yes' }] });
    const removed = await shop.api.delete(`automations/${id}/entries?path=${encodeURIComponent('1/yes/0')}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await entries()).map((e) => e.path)).toEqual(['0', '1']);
    expect(removed.json().data.version).toBe(6);

    const refused: Array<
      [Promise<{ statusCode: number; json(): { error: { field: string; message: string } } }>, string, string]
    > = [
      [shop.api.post(`automations/${id}/entries`, { path: '5', step: wait }), 'data.path', 'no place 5'],
      [
        shop.api.post(`automations/${id}/entries`, { path: 'x', step: wait }),
        'data.path',
        'must be a step path',
      ],
      [
        shop.api.patch(`automations/${id}/entries`, { path: '0/yes/0', step: wait }),
        'data.path',
        'no step 0/yes/0',
      ],
      [
        shop.api.post(`automations/${id}/entries`, { path: '0', step: { type: 'end' } }),
        'data.path',
        'nothing can follow an End automation',
      ],
      [
        shop.api.post(`automations/${id}/entries`, { path: '0', step: sendTo(theirs, 'x') }),
        'data.steps',
        'not in this account',
      ],
      [
        shop.api.put(`automations/${id}/entries`, { steps: [{ type: 'end' }, wait] }),
        'data.steps',
        'nothing can follow',
      ],
    ];
    for (const [answer, field, message] of refused) {
      const res = await answer;
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.field, message).toBe(field);
      expect(res.json().error.message, message).toContain(message);
    }
    const gone = await shop.api.delete(`automations/${id}/entries?path=7`);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().error.field).toBe('path');
    // Nothing refused changed the automation.
    expect((await shop.api.get(`automations/${id}`)).json().data.version).toBe(6);

    const all = await shop.api.put(`automations/${id}/entries`, { steps: [sendTo(mine, 'Only')] });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.version).toBe(7);
    expect((await entries()).map((e) => e.path)).toEqual(['0']);
    // Another account's automation is not found.
    expect((await other.api.get(`automations/${id}/entries`)).statusCode).toBe(404);

    const orders = await memberOf(t, shop.owner, { orders: true });
    const ordersApi = apiClient(t.app, orders.auth);
    expect((await ordersApi.get(`automations/${id}/entries`)).statusCode).toBe(200);
    for (const res of [
      await ordersApi.post(`automations/${id}/entries`, { path: '0', step: wait }),
      await ordersApi.patch(`automations/${id}/entries`, { path: '0', step: wait }),
      await ordersApi.delete(`automations/${id}/entries?path=0`),
      await ordersApi.put(`automations/${id}/entries`, { steps: [] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
  });

  it('lists per funnel and global, archives and restores, and needs the automations permission to write', async () => {
    const shop = await shopWithFunnel(t);
    const global = (await shop.api.post('automations', { name: 'Global', trigger: { id: 'optin' } })).json()
      .data;
    const funnel = (
      await shop.api.post('automations', {
        name: 'Funnel',
        funnel_id: shop.funnel.id,
        trigger: { id: 'refund' },
      })
    ).json().data;
    const byFunnel = await shop.api.get('automations', { funnel_id: shop.funnel.id });
    expect(byFunnel.json().data.map((a: { id: number }) => a.id)).toEqual([funnel.id]);
    await shop.api.post(`automations/${global.id}/archive`, {});
    expect((await shop.api.get('automations')).json().data.map((a: { id: number }) => a.id)).toEqual([
      funnel.id,
    ]);
    expect(
      (await shop.api.get('automations', { archived: 'true' })).json().data.map((a: { id: number }) => a.id),
    ).toEqual([global.id]);
    await shop.api.post(`automations/${global.id}/restore`, {});
    expect((await shop.api.get('automations')).json().data).toHaveLength(2);

    const orders = await memberOf(t, shop.owner, { orders: true });
    const ordersApi = apiClient(t.app, orders.auth);
    expect((await ordersApi.get('automations')).statusCode).toBe(200);
    for (const res of [
      await ordersApi.post('automations', { name: 'No', trigger: { id: 'purchase' } }),
      await ordersApi.patch(`automations/${global.id}`, { name: 'No' }),
      await ordersApi.post(`automations/${global.id}/activate`, {}),
      await ordersApi.delete(`automations/${global.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }

    // Delete automation: another account's is not found; the owner's is gone.
    const other = await shopWithFunnel(t);
    expect((await other.api.delete(`automations/${global.id}`)).statusCode).toBe(404);
    const deleted = await shop.api.delete(`automations/${global.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await shop.api.get(`automations/${global.id}`)).statusCode).toBe(404);
    expect((await shop.api.get('automations')).json().data.map((a: { id: number }) => a.id)).toEqual([
      funnel.id,
    ]);
  });
});
