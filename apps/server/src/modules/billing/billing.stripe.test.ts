import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSubscriptions } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient } from '../funnels/funnels.fixtures.ts';
import { startFakeStripeBilling } from './billing.fake-stripe.fixtures.ts';

let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripeBilling>>;
beforeAll(async () => {
  stripe = await startFakeStripeBilling();
  t = await createTestApp({
    config: { stripeBillingSecretKey: 'sk_test_platform_billing', stripeApiBase: stripe.url },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function owner() {
  const person = await signUpOwner(t.app);
  return { ...person, api: apiClient(t.app, person.auth) };
}

describe('platform billing through Stripe subscriptions (a local fake of Stripe)', () => {
  it('a Stripe.js payment method starts a subscription Stripe renews; the first invoice is the charge', async () => {
    const { api, accountId, email } = await owner();
    const res = await api.post('billing/place-order', {
      plan: 'startup',
      interval: 'year',
      payment: { payment_method: 'pm_card_visa' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().data;
    expect(details).toMatchObject({
      provider: 'stripe',
      status: 'active',
      plan: { key: 'startup-yearly' },
      payment_method: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    expect(new Date(details.plan_expiry_date).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(create?.authorization).toBe('Bearer sk_test_platform_billing');
    expect(create?.form.get('items[0][price_data][unit_amount]')).toBe('97000');
    expect(create?.form.get('items[0][price_data][recurring][interval]')).toBe('year');
    expect(create?.form.get('payment_behavior')).toBe('error_if_incomplete');
    expect(create?.form.get('metadata[account_id]')).toBe(String(accountId));
    expect(stripe.requests.find((r) => r.path === '/v1/customers')?.form.get('email')).toBe(email);
    const charges = (await api.get('charges')).json().data;
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount: 970,
      status: 'paid',
      description: 'Startup (yearly), first year',
    });
    const [sub] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.accountId, accountId));
    expect(sub?.stripeSubscriptionId).toMatch(/^sub_fake_/);

    // Cancelling asks Stripe to stop at the period end.
    const cancelled = await api.post('billing/cancel-subscription');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const update = stripe.requests.find((r) => r.path === `/v1/subscriptions/${sub?.stripeSubscriptionId}`);
    expect(update?.form.get('cancel_at_period_end')).toBe('true');
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', renews: false });
  });

  it('a card Stripe declines answers 402 with its message and changes nothing', async () => {
    const { api } = await owner();
    const res = await api.post('billing/place-order', {
      plan: 'basic',
      interval: 'month',
      payment: { payment_method: 'pm_card_chargeDeclined' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ message: 'Your card was declined.', field: 'data.payment' });
    expect((await api.get('billing-details')).json().data).toMatchObject({
      status: 'none',
      plan: { key: '14-trial' },
    });
  });
});
