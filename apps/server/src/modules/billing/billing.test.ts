import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GRACE_PERIOD_DAYS, READ_ONLY_MESSAGE } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  billingCharges,
  billingSubscriptions,
  mailMessages,
  pages,
  plans,
} from '../../db/schema/index.ts';
import { createCredentialCipher } from '../../gateways/credentials.ts';
import { createSandboxGateway, SANDBOX_CARDS } from '../../gateways/sandbox.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createApiRateCounter } from '../../plugins/api-rate.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, createFunnel, createStep, memberOf, publishFunnel } from '../funnels/funnels.fixtures.ts';
import { createSandboxPayments } from './billing.payments.ts';
import { createBillingReconciliation } from './billing.reconcile.ts';
import { createBillingService } from './billing.service.ts';

const WEBHOOK_SECRET = 'whsec_test_billing_secret';
const DAY = 86_400_000;
const card = (number: string = SANDBOX_CARDS.succeeds) => ({
  card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { stripeBillingWebhookSecret: WEBHOOK_SECRET } });
});
afterAll(() => t.close());

async function owner() {
  const person = await signUpOwner(t.app);
  return { ...person, api: apiClient(t.app, person.auth) };
}

async function accountRow(accountId: number) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new Error('no account');
  return row;
}

describe('plans in the database', () => {
  it('offers the 7-day and 14-day trials and paid plans monthly and yearly, each with features and limits', async () => {
    const { api } = await owner();
    const res = await api.get('billing/plans');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Array<{
      key: string;
      interval: string;
      features: string[];
      limits: object;
    }>;
    const keys = list.map((plan) => plan.key);
    expect(keys).toEqual(
      expect.arrayContaining(['7-trial', '14-trial', 'startup-monthly', 'startup-yearly']),
    );
    expect(list.filter((plan) => plan.interval === 'month').length).toBeGreaterThanOrEqual(2);
    expect(list.filter((plan) => plan.interval === 'year').length).toBeGreaterThanOrEqual(2);
    expect(list.find((plan) => plan.key === 'basic-monthly')?.features).not.toContain('funnels');
    expect(list.find((plan) => plan.key === 'startup-monthly')?.features).toContain('funnels');
    expect(Object.keys(list[0]?.limits ?? {}).sort()).toEqual(
      ['api_requests_per_minute', 'contacts', 'emails_per_month', 'funnels', 'pages'].sort(),
    );
  });

  it('a new account is on the 14-day trial, with usage against each limit', async () => {
    const { api } = await owner();
    await createFunnel(api);
    const res = await api.get('billing-details');
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().data;
    expect(details.plan.key).toBe('14-trial');
    expect(details.status).toBe('none');
    expect(details.read_only).toBe(false);
    expect(details.payment_method).toBeNull();
    expect(details.usage.find((u: { key: string }) => u.key === 'funnels')).toMatchObject({
      used: 1,
      limit: 20,
      percent: 5,
    });
  });

  it('billing is for admins only ("Account settings, Billing and Team items are visible only to admins")', async () => {
    const boss = await owner();
    const editor = await memberOf(t, boss, { editor: true, funnels: true });
    for (const res of [
      await editor.api.get('billing-details'),
      await editor.api.get('charges'),
      await editor.api.post('billing/place-order', { plan: 'startup', interval: 'month', payment: card() }),
      await editor.api.post('billing/update-details', { payment: card() }),
      await editor.api.post('billing/cancel-subscription'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('restricted area: access denied');
    }
  });
});

describe('POST billing/place-order', () => {
  it('pays a plan with the test card: plan_key, plan_expiry_date and features move, the charge is listed with its PDF invoice', async () => {
    const { api, accountId } = await owner();
    const before = Date.now();
    const res = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'month',
      payment: card(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().data;
    expect(details.plan.key).toBe('startup-monthly');
    expect(details.status).toBe('active');
    expect(details.renews).toBe(true);
    expect(details.payment_method).toEqual({
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: expect.any(Number),
    });
    const expiry = new Date(details.plan_expiry_date).getTime();
    expect(expiry).toBeGreaterThan(before + 27 * DAY);
    expect(expiry).toBeLessThan(before + 32 * DAY);

    const me = (await api.get('users/me')).json().data;
    expect(me.plan_key).toBe('startup-monthly');
    expect(me.plan_expiry_date).toBe(details.plan_expiry_date);
    // The token renewals charge is sealed at rest, and never answered.
    const [sub] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.accountId, accountId));
    expect(sub?.paymentMethodSealed).toMatch(/^v1\./);
    expect(sub?.paymentMethodSealed).not.toContain('sbx_pm_');
    expect(res.body).not.toContain('sbx_pm_');

    const charges = (await api.get('charges')).json().data;
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      plan_key: 'startup-monthly',
      plan_name: 'Startup',
      amount: 97,
      currency: 'USD',
      status: 'paid',
    });
    const pdf = await api.get(charges[0].invoice_url.replace('/api/', ''));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a declined card answers 402 with the gateway message and changes nothing', async () => {
    const { api, accountId } = await owner();
    const before = await accountRow(accountId);
    const res = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'year',
      payment: card(SANDBOX_CARDS.declined),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ message: 'Your card was declined.', field: 'data.payment' });
    expect(await accountRow(accountId)).toEqual(before);
    expect((await api.get('charges')).json().data).toEqual([]);
  });

  it('bad input names the field', async () => {
    const { api } = await owner();
    const week = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'week',
      payment: card(),
    });
    expect(week.statusCode).toBe(400);
    expect(week.json().error.message).toContain('data.interval');
    const unknown = await api.post('billing/place-order', {
      plan: 'mega',
      interval: 'month',
      payment: card(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      field: 'data.plan',
      message: 'There is no monthly plan named mega',
    });
    const trial = await api.post('billing/place-order', { plan: '14', interval: 'month', payment: card() });
    expect(trial.statusCode).toBe(400);
    const badCard = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'month',
      payment: { card: { number: '42', exp_month: 13, exp_year: 2030, cvc: '1' } },
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().error.message).toContain('data.payment');
  });

  it('without Stripe billing the checkout pays by card: Stripe Checkout answers 422 naming the payment', async () => {
    const { api } = await owner();
    expect((await api.get('billing-details')).json().data.checkout).toBe('card');
    const res = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'month',
      payment: { checkout: 'stripe' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'Stripe Checkout is not set up here: pay with a card',
      field: 'data.payment',
    });
    expect((await api.get('billing-details')).json().data.plan.key).toBe('14-trial');
  });

  it('POST billing/update-details replaces the card that renewals charge; a declined one changes nothing', async () => {
    const { api } = await owner();
    const none = await api.post('billing/update-details', { payment: card() });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe('There is no subscription to update: choose a plan first');
    await api.post('billing/place-order', { plan: 'basic', interval: 'month', payment: card() });
    const before = (await api.get('billing-details')).json().data;

    const declined = await api.post('billing/update-details', { payment: card(SANDBOX_CARDS.declined) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      message: 'Your card was declined.',
      field: 'data.payment',
    });
    expect((await api.get('billing-details')).json().data.payment_method).toEqual(before.payment_method);

    const updated = await api.post('billing/update-details', {
      payment: { card: { number: '4242 4242 4242 4242', exp_month: 3, exp_year: 2041, cvc: '321' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      status: 'active',
      plan_expiry_date: before.plan_expiry_date,
      payment_method: { last4: '4242', exp_month: 3, exp_year: 2041 },
    });
    // A new card is no payment: the charges stay the first period's.
    expect((await api.get('charges')).json().data).toHaveLength(1);
  });

  it('an invoice of another account is not found', async () => {
    const a = await owner();
    await a.api.post('billing/place-order', { plan: 'basic', interval: 'month', payment: card() });
    const chargeId = (await a.api.get('charges')).json().data[0].id;
    const b = await owner();
    expect((await b.api.get(`charges/${chargeId}/invoice.pdf`)).statusCode).toBe(404);
  });
});

describe('plan limits, enforced on the server', () => {
  it('"Your plan allows 3 funnels": the fourth funnel is refused with 402 and the account gets the rate_limit text', async () => {
    const { api } = await owner();
    expect(
      (await api.post('billing/place-order', { plan: 'basic', interval: 'month', payment: card() }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 3; i++) await createFunnel(api, { name: `Funnel ${i}` });
    const fourth = await api.post('funnels', { name: 'One too many', funnel_type: 1 });
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json().error).toMatchObject({
      code: 'plan_limit',
      message: 'Your plan allows 3 funnels. Choose a bigger plan in Settings → Billing.',
    });
    expect((await api.get('funnels')).json().meta.count).toBe(3);
    const me = (await api.get('users/me')).json().data;
    expect(me.rate_limit).toBe('Your plan allows 3 funnels.');
    // Upgrading lifts the limit and clears the notice's text.
    await api.post('billing/place-order', { plan: 'startup', interval: 'month', payment: card() });
    expect((await api.post('funnels', { name: 'Now it fits', funnel_type: 1 })).statusCode).toBe(201);
    expect((await api.get('users/me')).json().data.rate_limit).toBeNull();
  });

  it('"Your plan allows 20 pages": the step past the pages limit is refused with 402 naming it', async () => {
    const { api, accountId } = await owner();
    await api.post('billing/place-order', { plan: 'basic', interval: 'month', payment: card() });
    const funnel = await createFunnel(api);
    const pagesOfAccount = async () =>
      (await t.database.db.select().from(pages).where(eq(pages.accountId, accountId))).length;
    let refused: Awaited<ReturnType<typeof api.post>> | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await api.post(`wfunnels/${funnel.id}/steps`, { name: `Step ${i}`, type: 1 });
      if (res.statusCode === 402) refused = res;
      else expect(res.statusCode).toBe(201);
    }
    expect(refused?.json().error).toMatchObject({
      code: 'plan_limit',
      message: 'Your plan allows 20 pages. Choose a bigger plan in Settings → Billing.',
    });
    expect(await pagesOfAccount()).toBe(20);
    expect((await api.get('users/me')).json().data.rate_limit).toBe('Your plan allows 20 pages.');
  });

  it("a plan without the 'funnels' feature locks funnel clone and delete on the server", async () => {
    const { api } = await owner();
    const funnel = await createFunnel(api);
    await api.post('billing/place-order', { plan: 'basic', interval: 'month', payment: card() });
    const clone = await api.post('clone-funnels', {
      funnel_to_clone: funnel.id,
      new_name: 'Copy',
      clone_steps: true,
      clone_products: true,
    });
    expect(clone.statusCode).toBe(403);
    expect((await api.delete(`funnels/${funnel.id}`)).statusCode).toBe(403);
  });

  it('API requests per minute: past the limit 429 names it, with Retry-After', async () => {
    const { api, accountId } = await owner();
    await t.database.db.insert(plans).values({
      key: `tiny-${accountId}`,
      name: 'Tiny',
      family: 'tiny',
      interval: 'month',
      priceMinor: 100,
      features: [],
      limits: { funnels: 1, pages: 1, contacts: 1, emails_per_month: 1, api_requests_per_minute: 5 },
      offered: false,
    });
    await t.database.db
      .update(accounts)
      .set({ planKey: `tiny-${accountId}` })
      .where(eq(accounts.id, accountId));
    // The plan is read again after at most 5 s: wait until this process sees it.
    const started = Date.now();
    let refused: Awaited<ReturnType<typeof api.get>> | undefined;
    while (!refused && Date.now() - started < 15_000) {
      const res = await api.get('funnels');
      if (res.statusCode === 429) refused = res;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(refused?.json().error.message).toBe('Your plan allows 5 API requests a minute.');
    // The dashboard knows the plan's refusal by its code and adds the spec's upgrade text to it.
    expect(refused?.json().error.code).toBe('rate_limit');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('an expired account: data kept, dashboard read-only', () => {
  it('answers writes with 402 and the reason, reads as before; paying makes it writable again', async () => {
    const { api, accountId } = await owner();
    const funnel = await createFunnel(api);
    await t.database.db
      .update(accounts)
      .set({ planExpiryDate: new Date(Date.now() - DAY) })
      .where(eq(accounts.id, accountId));
    // The limits cache holds the plan 5 s at most.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const write = await api.post('funnels', { name: 'Blocked', funnel_type: 1 });
    expect(write.statusCode).toBe(402);
    expect(write.json().error).toMatchObject({ code: 'plan_expired', message: READ_ONLY_MESSAGE });
    expect((await api.get(`funnels/${funnel.id}`)).statusCode).toBe(200);
    expect((await api.get('billing-details')).json().data.read_only).toBe(true);
    const paid = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'month',
      payment: card(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await api.post('funnels', { name: 'Writable again', funnel_type: 1 })).statusCode).toBe(201);
  });
});

describe(`published funnels after expiry: kept ${GRACE_PERIOD_DAYS} days`, () => {
  async function publishedShop(expiredDaysAgo: number) {
    const { api, accountId } = await owner();
    const subdomain = `grace${accountId}shop`;
    expect((await api.post('change-subdomain', { subdomain })).statusCode).toBe(200);
    const funnel = await createFunnel(api, { name: 'Sale', path: 'sale' });
    await createStep(api, funnel.id, { name: 'Order', type: 1, url: 'order' });
    await publishFunnel(api, funnel.id);
    await t.database.db
      .update(accounts)
      .set({ planExpiryDate: new Date(Date.now() - expiredDaysAgo * DAY) })
      .where(eq(accounts.id, accountId));
    return t.app.inject({
      method: 'GET',
      url: '/sale/order',
      headers: {
        host: `${subdomain}.localhost:3000`,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0',
      },
    });
  }

  it('serves them within the grace period and stops after it', async () => {
    expect((await publishedShop(GRACE_PERIOD_DAYS - 1)).statusCode).toBe(200);
    expect((await publishedShop(GRACE_PERIOD_DAYS + 1)).statusCode).toBe(404);
  });
});

describe('renewals and dunning (injected clock)', () => {
  function billingAt(clock: { now: Date }) {
    const sandbox = createSandboxGateway();
    const cipher = createCredentialCipher(randomBytes(32));
    // The renewal tries it sends to the queue: when each one is to run.
    const tries: Array<{ dueAt: string; startAfter: string | undefined }> = [];
    const queue = {
      send: async (_job: unknown, data: { dueAt: string }, options: { startAfter?: Date }) => {
        tries.push({ dueAt: data.dueAt, startAfter: options.startAfter?.toISOString() });
        return null;
      },
      work: () => undefined,
    } as unknown as JobQueue;
    const service = createBillingService({
      db: t.database.db,
      queue,
      mailer: t.app.services.mailer,
      payments: createSandboxPayments(sandbox),
      cipher,
      apiRate: createApiRateCounter({ db: t.database.db }),
      clock: () => clock.now,
      log: () => undefined,
    });
    /** The saved card stops working (it expired or was blocked at the bank). */
    async function savedCardFails(accountId: number) {
      const [sub] = await t.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, accountId));
      const { token } = cipher.decrypt(sub?.paymentMethodSealed ?? '', { accountId, gatewayId: 0 });
      sandbox.failSavedPaymentMethod(token ?? '', 'declined');
    }
    return { service, savedCardFails, tries };
  }
  const mailsTo = async (email: string) =>
    t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(mailMessages.id);

  it('moves plan_expiry_date on each renewal; a failed one is tried 3 times over a week, an e-mail each, then the plan expires', async () => {
    const person = await owner();
    const clock = { now: new Date('2030-01-15T10:00:00Z') };
    const { service, savedCardFails, tries } = billingAt(clock);
    const first = await service.placeOrder(person.accountId, {
      plan: 'startup',
      interval: 'month',
      payment: card(),
    });
    expect(first.plan_expiry_date).toBe('2030-02-15T10:00:00.000Z');
    const nextTry = () => tries.at(-1)?.startAfter;
    expect(nextTry()).toBe('2030-02-15T10:00:00.000Z');
    expect(await service.renew(person.accountId, first.plan_expiry_date ?? '')).toBe('skipped'); // not due yet

    clock.now = new Date('2030-02-15T10:00:00Z');
    expect(await service.renew(person.accountId, '2030-02-15T10:00:00.000Z')).toBe('renewed');
    expect((await accountRow(person.accountId)).planExpiryDate).toEqual(new Date('2030-03-15T10:00:00Z'));
    expect(nextTry()).toBe('2030-03-15T10:00:00.000Z');
    // The same job again does nothing: one charge per period.
    expect(await service.renew(person.accountId, '2030-02-15T10:00:00.000Z')).toBe('skipped');
    expect((await service.charges(person.accountId)).filter((c) => c.status === 'paid')).toHaveLength(2);

    clock.now = new Date('2030-03-15T10:00:00Z');
    await savedCardFails(person.accountId);
    expect(await service.renew(person.accountId, '2030-03-15T10:00:00.000Z')).toBe('retry');
    let details = await service.details(person.accountId);
    expect(details.status).toBe('past_due');
    expect(details.read_only).toBe(false); // kept writable while it is retried
    expect((await mailsTo(person.email)).map((m) => m.subject)).toEqual(['Your payment failed']);
    expect((await mailsTo(person.email))[0]?.text).toContain('We will try again on 18 March 2030');
    // The queue runs the 2nd try 3 days after the due date, for the same period.
    expect(tries.at(-1)).toEqual({
      dueAt: '2030-03-15T10:00:00.000Z',
      startAfter: '2030-03-18T10:00:00.000Z',
    });

    clock.now = new Date('2030-03-17T10:00:00Z');
    expect(await service.renew(person.accountId, '2030-03-15T10:00:00.000Z')).toBe('skipped'); // before the 2nd try's day
    clock.now = new Date('2030-03-18T10:00:00Z');
    expect(await service.renew(person.accountId, '2030-03-15T10:00:00.000Z')).toBe('retry');
    // The 3rd and last try a week after the due date, not before.
    expect(nextTry()).toBe('2030-03-22T10:00:00.000Z');
    clock.now = new Date('2030-03-21T10:00:00Z');
    expect(await service.renew(person.accountId, '2030-03-15T10:00:00.000Z')).toBe('skipped');
    clock.now = new Date('2030-03-22T10:00:00Z');
    const sentBeforeLast = tries.length;
    expect(await service.renew(person.accountId, '2030-03-15T10:00:00.000Z')).toBe('expired');
    expect(tries).toHaveLength(sentBeforeLast); // no 4th try
    details = await service.details(person.accountId);
    expect(details.status).toBe('expired');
    expect(details.read_only).toBe(true);
    expect(details.plan_expiry_date).toBe('2030-03-15T10:00:00.000Z');
    expect((await mailsTo(person.email)).map((m) => m.subject)).toEqual([
      'Your payment failed',
      'Your payment failed',
      'Your subscription has expired',
    ]);
    const failed = (await service.charges(person.accountId)).filter((c) => c.status === 'failed');
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({ failure_message: 'Your card was declined.', invoice_url: null });
  });

  it('update-details in dunning saves the new card and renews with it at once', async () => {
    const person = await owner();
    const clock = { now: new Date('2031-05-01T00:00:00Z') };
    const { service, savedCardFails } = billingAt(clock);
    await service.placeOrder(person.accountId, { plan: 'basic', interval: 'year', payment: card() });
    clock.now = new Date('2032-05-01T00:00:00Z');
    await savedCardFails(person.accountId);
    expect(await service.renew(person.accountId, '2032-05-01T00:00:00.000Z')).toBe('retry');
    const declined = service.updateDetails(person.accountId, card(SANDBOX_CARDS.declined));
    await expect(declined).rejects.toMatchObject({ status: 402, message: 'Your card was declined.' });
    const updated = await service.updateDetails(person.accountId, {
      card: { number: '4242 4242 4242 4242', exp_month: 1, exp_year: 2040, cvc: '999' },
    });
    expect(updated.status).toBe('active');
    expect(updated.plan_expiry_date).toBe('2033-05-01T00:00:00.000Z');
    expect(updated.payment_method).toMatchObject({ last4: '4242', exp_year: 2040 });
  });

  it('cancel-subscription: the plan lasts to the end of its period and does not renew', async () => {
    const { api, accountId } = await owner();
    await api.post('billing/place-order', { plan: 'startup', interval: 'month', payment: card() });
    const res = await api.post('billing/cancel-subscription');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      renews: false,
      plan: { key: 'startup-monthly' },
    });
    expect((await api.post('billing/cancel-subscription')).statusCode).toBe(422);
    const expiry = (await accountRow(accountId)).planExpiryDate;
    const clock = { now: new Date(new Date(expiry ?? 0).getTime() + 1000) };
    expect(await billingAt(clock).service.renew(accountId, new Date(expiry ?? 0).toISOString())).toBe(
      'skipped',
    );
  });
});

describe('Stripe webhooks for the platform billing', () => {
  const sign = (payload: string, secret = WEBHOOK_SECRET, time = Math.floor(Date.now() / 1000)) =>
    `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${payload}`).digest('hex')}`;
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  let counter = 0;
  const event = (type: string, created: number, object: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_test_${++counter}_${Date.now()}`,
      object: 'event',
      type,
      created,
      data: { object },
    });

  async function stripeAccount() {
    const person = await owner();
    const subscriptionId = `sub_test_${person.accountId}`;
    await t.database.db.insert(billingSubscriptions).values({
      accountId: person.accountId,
      planKey: 'startup-monthly',
      provider: 'stripe',
      status: 'active',
      currentPeriodEnd: new Date('2031-01-01T00:00:00Z'),
      stripeCustomerId: `cus_${person.accountId}`,
      stripeSubscriptionId: subscriptionId,
    });
    return { ...person, subscriptionId };
  }
  const invoicePaid = (subscriptionId: string, created: number, end: string, id = `in_${++counter}`) =>
    event('invoice.paid', created, {
      id,
      object: 'invoice',
      subscription: subscriptionId,
      amount_paid: 9700,
      currency: 'usd',
      lines: {
        data: [{ period: { start: Date.parse(end) / 1000 - 31 * 86_400, end: Date.parse(end) / 1000 } }],
      },
    });

  it('refuses a missing or wrong signature (Stripe-Signature: t=…,v1=… HMAC-SHA256 of "t.payload")', async () => {
    const { subscriptionId } = await stripeAccount();
    const payload = invoicePaid(subscriptionId, Math.floor(Date.now() / 1000), '2031-02-01T00:00:00Z');
    expect((await post(payload)).statusCode).toBe(400);
    const wrong = await post(payload, sign(payload, 'whsec_someone_else'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('The Stripe signature does not match');
    const stale = await post(payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(400);
    expect((await post(`${payload} `, sign(payload))).statusCode).toBe(400);
  });

  it('a paid invoice moves plan_expiry_date and lists the charge; a replayed event changes nothing', async () => {
    const { api, accountId, subscriptionId } = await stripeAccount();
    const payload = invoicePaid(subscriptionId, Math.floor(Date.now() / 1000), '2031-02-01T00:00:00Z');
    const first = await post(payload, sign(payload));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const again = await post(payload, sign(payload));
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const row = await accountRow(accountId);
    expect(row.planKey).toBe('startup-monthly');
    expect(row.planExpiryDate).toEqual(new Date('2031-02-01T00:00:00Z'));
    const charges = (await api.get('charges')).json().data;
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 97, currency: 'USD', status: 'paid' });
  });

  it('is safe out of order: an older event never undoes a newer one', async () => {
    const { accountId, subscriptionId } = await stripeAccount();
    const now = Math.floor(Date.now() / 1000);
    const newerPaid = invoicePaid(subscriptionId, now, '2031-03-01T00:00:00Z');
    const olderPaid = invoicePaid(subscriptionId, now - 100, '2031-02-01T00:00:00Z');
    const olderPastDue = event('customer.subscription.updated', now - 50, {
      id: subscriptionId,
      object: 'subscription',
      status: 'past_due',
      current_period_end: Date.parse('2031-02-01T00:00:00Z') / 1000,
    });
    for (const payload of [newerPaid, olderPastDue, olderPaid]) {
      expect((await post(payload, sign(payload))).statusCode).toBe(200);
    }
    const [sub] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.accountId, accountId)));
    expect(sub?.status).toBe('active');
    expect(sub?.currentPeriodEnd).toEqual(new Date('2031-03-01T00:00:00Z'));
    expect((await accountRow(accountId)).planExpiryDate).toEqual(new Date('2031-03-01T00:00:00Z'));
    // A newer deletion ends it; the older paid invoice replayed after it cannot bring it back.
    const deleted = event('customer.subscription.deleted', now + 10, {
      id: subscriptionId,
      object: 'subscription',
      status: 'canceled',
    });
    await post(deleted, sign(deleted));
    const late = invoicePaid(subscriptionId, now - 200, '2031-01-15T00:00:00Z');
    await post(late, sign(late));
    const [after] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.accountId, accountId));
    expect(after?.status).toBe('expired');
    expect(after?.currentPeriodEnd).toEqual(new Date('2031-03-01T00:00:00Z'));
  });

  it('Stripe dunning: a past-due period keeps plan_expiry_date and the account writable for 7 days; unpaid expires it', async () => {
    const { api, accountId, subscriptionId } = await stripeAccount();
    const expired = new Date(Date.now() - DAY);
    await t.database.db.update(accounts).set({ planExpiryDate: expired }).where(eq(accounts.id, accountId));
    const now = Math.floor(Date.now() / 1000);
    const updated = (status: string, created: number) =>
      event('customer.subscription.updated', created, {
        id: subscriptionId,
        object: 'subscription',
        status,
        current_period_end: now + 30 * 86_400,
      });
    const pastDue = updated('past_due', now);
    expect((await post(pastDue, sign(pastDue))).statusCode).toBe(200);
    // The new period is not paid for: the plan's end stays; Stripe is retrying, so writes still work
    // (the limits read the webhook's change at once, not after their 5 s cache).
    expect((await accountRow(accountId)).planExpiryDate).toEqual(expired);
    expect((await api.post('funnels', { name: 'While Stripe retries', funnel_type: 1 })).statusCode).toBe(
      201,
    );
    const unpaid = updated('unpaid', now + 1);
    expect((await post(unpaid, sign(unpaid))).statusCode).toBe(200);
    const write = await api.post('funnels', { name: 'After the retries', funnel_type: 1 });
    expect(write.statusCode).toBe(402);
    expect(write.json().error.code).toBe('plan_expired');

    // Left past due (Stripe's "leave as past-due" setting): writable for 7 days past the plan's end only.
    const late = await stripeAccount();
    await t.database.db
      .update(accounts)
      .set({ planExpiryDate: new Date(Date.now() - 8 * DAY) })
      .where(eq(accounts.id, late.accountId));
    const stillPastDue = event('customer.subscription.updated', now, {
      id: late.subscriptionId,
      object: 'subscription',
      status: 'past_due',
      current_period_end: now + 30 * 86_400,
    });
    await post(stillPastDue, sign(stillPastDue));
    expect((await late.api.post('funnels', { name: 'Too late', funnel_type: 1 })).statusCode).toBe(402);
  });

  it('a failed Stripe payment marks the subscription past due and e-mails the owner', async () => {
    const { email, accountId, subscriptionId } = await stripeAccount();
    const payload = event('invoice.payment_failed', Math.floor(Date.now() / 1000), {
      id: `in_fail_${accountId}`,
      object: 'invoice',
      subscription: subscriptionId,
      amount_due: 9700,
      currency: 'usd',
      attempt_count: 1,
    });
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    const [sub] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.accountId, accountId));
    expect(sub?.status).toBe('past_due');
    const mails = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(mails.map((m) => m.subject)).toEqual(['Your payment failed']);
  });
});

describe('the daily reconciliation of Stripe charges', () => {
  it("adds the paid invoices a lost webhook left out, once, and moves the plan's end", async () => {
    const person = await owner();
    const subscriptionId = `sub_rec_${person.accountId}`;
    await t.database.db.insert(billingSubscriptions).values({
      accountId: person.accountId,
      planKey: 'startup-yearly',
      provider: 'stripe',
      status: 'active',
      currentPeriodEnd: new Date('2031-01-01T00:00:00Z'),
      stripeSubscriptionId: subscriptionId,
    });
    const requests: string[] = [];
    const invoice = {
      id: `in_rec_${person.accountId}`,
      object: 'invoice',
      subscription: subscriptionId,
      status: 'paid',
      amount_paid: 97000,
      currency: 'usd',
      created: Date.parse('2031-01-01T00:00:00Z') / 1000,
      lines: {
        object: 'list',
        data: [
          {
            period: {
              start: Date.parse('2031-01-01T00:00:00Z') / 1000,
              end: Date.parse('2032-01-01T00:00:00Z') / 1000,
            },
          },
        ],
      },
    };
    // Stripe's GET /v1/invoices, as a local fake.
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      const url = new URL(req.url ?? '/', 'http://fake');
      const data = url.searchParams.get('subscription') === subscriptionId ? [invoice] : [];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', url: '/v1/invoices', has_more: false, data }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const logged: string[] = [];
      const reconciliation = createBillingReconciliation({
        db: t.database.db,
        secretKey: 'sk_test_platform',
        apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        log: (message) => logged.push(message),
      });
      // A paid charge of ours whose invoice Stripe does not list as paid: reported, left as it is.
      const [stray] = await t.database.db
        .insert(billingCharges)
        .values({
          accountId: person.accountId,
          planKey: 'startup-yearly',
          amountMinor: 97000,
          currency: 'USD',
          status: 'paid',
          description: 'Startup, renewal',
          reference: `in_gone_${person.accountId}`,
          idempotencyKey: `test-stray-${person.accountId}`,
        })
        .returning({ id: billingCharges.id });
      const first = await reconciliation.reconcile();
      expect(first.added).toBe(1);
      // (Other tests' Stripe accounts in this database have charges the fake lists nowhere: reported too.)
      expect(first.unmatched).toContain(stray?.id);
      expect(logged.join('\n')).toContain(`charge ${stray?.id} (account ${person.accountId}, in_gone_`);
      await t.database.db.delete(billingCharges).where(eq(billingCharges.id, stray?.id ?? 0));
      const second = await reconciliation.reconcile();
      expect(second.added).toBe(0);
      expect(second.unmatched).not.toContain(stray?.id);
      // The invoice Stripe lists as paid is matched: its charge is not reported.
      const [matched] = await t.database.db
        .select({ id: billingCharges.id })
        .from(billingCharges)
        .where(eq(billingCharges.reference, invoice.id));
      expect(matched).toBeDefined();
      expect(second.unmatched).not.toContain(matched?.id);
      expect(
        requests.some((line) => line.includes(`/v1/invoices?subscription=${subscriptionId}&status=paid`)),
      ).toBe(true);
      expect(requests[0]).toContain('Bearer sk_test_platform');
      const charges = (await person.api.get('charges')).json().data;
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({
        amount: 970,
        status: 'paid',
        period_end: '2032-01-01T00:00:00.000Z',
      });
      expect((await accountRow(person.accountId)).planExpiryDate).toEqual(new Date('2032-01-01T00:00:00Z'));
      // Without the platform's Stripe key there is nothing to compare.
      expect(
        await createBillingReconciliation({ db: t.database.db, secretKey: undefined }).reconcile(),
      ).toEqual({
        subscriptions: 0,
        added: 0,
        unmatched: [],
      });
    } finally {
      server.close();
    }
  });

  it('runs daily: each run, a failed one too, sends the next one a day later (one waiting run)', async () => {
    const sent: Array<{ id: string; startAfter?: Date; singletonKey?: string }> = [];
    let handler: (() => Promise<void>) | undefined;
    const queue = {
      send: async (
        job: { id: string },
        _data: unknown,
        options: { startAfter?: Date; singletonKey?: string },
      ) => {
        sent.push({ id: job.id, ...options });
        return 'job-id';
      },
      work: (_job: unknown, run: () => Promise<void>) => {
        handler = run;
      },
    } as unknown as JobQueue;
    const errors: unknown[] = [];
    // A key whose Stripe cannot be reached: the run fails, and the next one is still sent.
    const subscriptionId = `sub_daily_${randomBytes(4).toString('hex')}`;
    const person = await owner();
    await t.database.db.insert(billingSubscriptions).values({
      accountId: person.accountId,
      planKey: 'startup-yearly',
      provider: 'stripe',
      status: 'active',
      currentPeriodEnd: new Date('2031-01-01T00:00:00Z'),
      stripeSubscriptionId: subscriptionId,
    });
    const { kick } = createBillingReconciliation({
      db: t.database.db,
      secretKey: 'sk_test_platform',
      apiBase: 'http://127.0.0.1:9',
    }).register(queue, (error) => errors.push(error));
    await kick();
    expect(sent).toEqual([{ id: 'billing.reconcile', singletonKey: 'billing.reconcile' }]);
    const before = Date.now();
    await handler?.();
    expect(errors).toHaveLength(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.singletonKey).toBe('billing.reconcile');
    const delay = (sent[1]?.startAfter?.getTime() ?? 0) - before;
    expect(delay).toBeGreaterThanOrEqual(DAY);
    expect(delay).toBeLessThan(DAY + 60_000);
  });
});
