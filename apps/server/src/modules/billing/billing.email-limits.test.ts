import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, automationRuns, customers, mailMessages, plans, users } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway, SANDBOX_CARDS } from '../../gateways/sandbox.ts';
import {
  CARD_OK,
  leaveOffers,
  newKey,
  postJson,
  publishedLanding,
  shopWithFunnel,
} from '../../runtime/checkout/checkout.fixtures.ts';
import { jobsDone, type TestApp, waitFor } from '../../test/harness.ts';
import { type SmtpPeer, startSmtpApp, stopSmtpApp } from '../../test/smtp.ts';
import { emailWithParagraphs } from '../email-templates/email-templates.fixtures.ts';
import { passwordResetJob } from '../users/users.service.ts';

// docs/decisions/checkout-and-payments.md "Refusals": the merchant's e-mail is refused past the plan's e-mails a month; a
// shopper's purchase, opt-in and the transactional e-mails never are, and still count in the usage.

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp({
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
  }));
});
afterAll(() => stopSmtpApp({ t, smtp }));

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;
let n = 0;
const card = { card: { number: SANDBOX_CARDS.succeeds, exp_month: 12, exp_year: 2040, cvc: '123' } };

/** Puts the account on a plan of its own with these contacts and e-mails a month (the rest unlimited). */
async function tinyPlan(accountId: number, limits: { contacts: number; emails_per_month: number }) {
  const key = `tiny-${accountId}-${++n}`;
  await t.database.db.insert(plans).values({
    key,
    name: 'Tiny',
    family: 'tiny',
    interval: 'month',
    priceMinor: 100,
    features: ['funnels'],
    limits: { funnels: null, pages: null, api_requests_per_minute: null, ...limits },
    offered: false,
  });
  await t.database.db.update(accounts).set({ planKey: key }).where(eq(accounts.id, accountId));
}

async function template(shop: Shop) {
  const res = await shop.api.post(`users/${shop.owner.userId}/email-templates`, {
    name: `Template ${++n}`,
    config: JSON.stringify(emailWithParagraphs('Hello {{first_name|friend}}')),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function buy(shop: Shop) {
  const email = `buyer-${++n}-${Date.now()}@example.test`;
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: { email, first_name: 'Bea', shipping_address: '2 Low Road', shipping_city: 'York' },
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  // The shopper declines the offer: the order is confirmed ('order.paid') at once.
  await leaveOffers(t.app, shop, res.json().data);
  return email;
}

const messagesOf = (accountId: number) =>
  t.database.db.select().from(mailMessages).where(eq(mailMessages.accountId, accountId));
const usageOf = async (shop: Shop, key: string) =>
  ((await shop.api.get('billing-details')).json().data.usage as Array<{ key: string; used: number }>).find(
    (u) => u.key === key,
  )?.used;
const rateLimitOf = async (shop: Shop) => (await shop.api.get('users/me')).json().data.rate_limit;

describe('contacts and e-mails a month: a shopper is never refused', () => {
  it('purchases, their receipts and an opt-in past both limits go through and count in the usage', async () => {
    const shop = await shopWithFunnel(t);
    const { landing, host } = await publishedLanding(shop, 'limits');
    await tinyPlan(shop.owner.accountId, { contacts: 1, emails_per_month: 1 });

    const first = await buy(shop);
    const second = await buy(shop);
    // Both receipts go out although the second passes the month's e-mails.
    await waitFor(() => smtp.received.find((m) => m.to.includes(first)));
    await waitFor(() => smtp.received.find((m) => m.to.includes(second)));
    const optin = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host },
      payload: { fw_page_id: landing.pages[0]?.id, first_name: 'Olly', email: `optin-${n}@example.test` },
    });
    expect(optin.statusCode, optin.body).toBe(200);
    expect(optin.json().data.customer_created).toBe(true);

    const contacts = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.accountId, shop.owner.accountId));
    expect(contacts).toHaveLength(3);
    expect(await usageOf(shop, 'contacts')).toBe(3);
    expect(await usageOf(shop, 'emails_per_month')).toBeGreaterThanOrEqual(2);
    // The account's own password reset (a platform e-mail) still goes out.
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, shop.owner.userId));
    const since = new Date();
    const reset = await postJson(t.app, '/api/request-password-reset', { data: { email: owner?.email } });
    expect(reset.statusCode, reset.body).toBe(200);
    await jobsDone(t, passwordResetJob.id);
    const resets = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, owner?.email ?? ''), gte(mailMessages.createdAt, since)));
    expect(resets).toHaveLength(1);
    expect(await rateLimitOf(shop)).toBeNull();
  });

  it('a deleted customer frees its place in the contacts count', async () => {
    const shop = await shopWithFunnel(t);
    await buy(shop);
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.accountId, shop.owner.accountId));
    expect(await usageOf(shop, 'contacts')).toBe(1);
    expect((await shop.api.delete(`customers/${row?.id}`)).statusCode).toBe(200);
    expect(await usageOf(shop, 'contacts')).toBe(0);
  });
});

describe("the merchant's e-mail past the plan's e-mails a month", () => {
  it('send-test answers 402 naming the limit, records nothing and sets rate_limit; upgrading lifts it', async () => {
    const shop = await shopWithFunnel(t);
    const id = await template(shop);
    await tinyPlan(shop.owner.accountId, { contacts: 1000, emails_per_month: 2 });
    const sendTest = () =>
      shop.api.post('email-templates/send-test', { recipient: 'me@example.test', email_template_id: id });
    expect((await sendTest()).statusCode).toBe(200);
    expect((await sendTest()).statusCode).toBe(200);
    const refused = await sendTest();
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'plan_limit',
      message: 'Your plan allows 2 e-mails a month. Choose a bigger plan in Settings → Billing.',
    });
    expect(await messagesOf(shop.owner.accountId)).toHaveLength(2);
    expect(await rateLimitOf(shop)).toBe('Your plan allows 2 e-mails a month.');

    const paid = await shop.api.post('billing/place-order', {
      plan: 'startup',
      interval: 'month',
      payment: card,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await sendTest()).statusCode).toBe(200);
    expect(await rateLimitOf(shop)).toBeNull();
  });

  it('a broadcast larger than what is left of the month is refused whole', async () => {
    const shop = await shopWithFunnel(t);
    await tinyPlan(shop.owner.accountId, { contacts: 1000, emails_per_month: 2 });
    const compiled = { html: '<p>Spring</p>', text: 'Spring', preheader: '' } as never;
    const recipients = ['a', 'b', 'c'].map((x) => ({ to: `${x}@example.test`, values: {} }));
    await expect(
      t.app.services.mailer.sendMany({
        subject: 'Spring news',
        compiled,
        recipients,
        accountId: shop.owner.accountId,
      }),
    ).rejects.toMatchObject({ status: 402, message: expect.stringContaining('2 e-mails a month') });
    expect(await messagesOf(shop.owner.accountId)).toHaveLength(0);
  });

  it("an automation's send-email step fails visibly with the limit's message; Retry after upgrading sends it", async () => {
    const shop = await shopWithFunnel(t);
    const id = await template(shop);
    const created = await shop.api.post('automations', {
      name: `Automation ${++n}`,
      trigger: { id: 'purchase' },
      steps: [{ type: 'send_email', email_template_id: id, to: 'customer', subject: 'Thanks from us' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const automation = created.json().data.id as number;
    expect((await shop.api.post(`automations/${automation}/activate`, {})).statusCode).toBe(200);
    await tinyPlan(shop.owner.accountId, { contacts: 1000, emails_per_month: 0 });

    const email = await buy(shop);
    // The receipt is the store's: it goes out.
    await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    const runsOf = () =>
      t.database.db.select().from(automationRuns).where(eq(automationRuns.automationId, automation));
    const run = await waitFor(async () => (await runsOf())[0]);
    // Each attempt is a job; here they are driven at once instead of waiting out the backoff.
    for (let i = 0; i < 10; i++) {
      await t.app.services.automationsEngine.step(run.id).catch(() => undefined);
      if ((await runsOf())[0]?.status === 'failed') break;
    }
    const failed = (await shop.api.get(`automation-runs/${run.id}`)).json().data;
    expect(failed).toMatchObject({
      status: 'failed',
      steps: [
        {
          path: '0',
          status: 'failed',
          attempts: 5,
          error: 'Your plan allows 0 e-mails a month. Choose a bigger plan in Settings → Billing.',
        },
      ],
    });
    const thanks = () =>
      smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('Thanks from us'));
    expect(thanks()).toHaveLength(0);

    await shop.api.post('billing/place-order', { plan: 'startup', interval: 'month', payment: card });
    const retried = await shop.api.post(`automation-runs/${run.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(() => thanks()[0]);
  });
});

describe("the month's e-mail count", () => {
  it("reads a range of the account's own messages of this month, not all its messages", async () => {
    const shop = await shopWithFunnel(t);
    // Two years of an account's mail, and another account's: the month's count must not read them all.
    await t.database.executeSql(
      `insert into mail_messages (account_id, "to", subject, text, status, created_at)
       select $1, 'old@example.test', 'Old', '', 'sent', now() - (n || ' hours')::interval
         from generate_series(800, 17000) n`,
      [shop.owner.accountId],
    );
    await t.database.executeSql('analyze mail_messages');
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const { rows } = await t.database.executeSql(
      `explain (format json) select count(*) from mail_messages where account_id = $1 and created_at >= $2`,
      [shop.owner.accountId, monthStart.toISOString()],
    );
    const plan = JSON.stringify((rows[0] as Record<string, unknown>)['QUERY PLAN']);
    expect(plan).toContain('mail_messages_account_created_idx');
    expect(plan).toMatch(/"Index Cond":"[^"]*created_at/);
    expect(plan).not.toContain('"Seq Scan"');
  });
});
