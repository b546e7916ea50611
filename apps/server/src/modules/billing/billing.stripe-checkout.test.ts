import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient } from '../funnels/funnels.fixtures.ts';
import { FAKE_CHECKOUT_CARDS, startFakeStripeBilling } from './billing.fake-stripe.fixtures.ts';

// Stripe Checkout for the platform's billing: place-order makes a Checkout Session, the hosted page
// pays, and the signed checkout.session.completed webhook starts the plan (docs/decisions/checkout-and-payments.md).

const WEBHOOK_SECRET = 'whsec_test_checkout';
const PUBLIC_URL = 'http://app.funnelwork.test';
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripeBilling>>;

const postWebhook = (payload: string, signature: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/billing/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    })
    .then((res) => ({ status: res.statusCode, body: res.body }));

beforeAll(async () => {
  stripe = await startFakeStripeBilling({ webhookSecret: WEBHOOK_SECRET, deliver: postWebhook });
  t = await createTestApp({
    config: {
      stripeBillingSecretKey: 'sk_test_platform_billing',
      stripeBillingWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: stripe.url,
      publicUrl: PUBLIC_URL,
    },
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

async function startCheckout(api: Awaited<ReturnType<typeof owner>>['api']) {
  const res = await api.post('billing/place-order', {
    plan: 'startup',
    interval: 'month',
    payment: { checkout: 'stripe' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.checkout_url as string;
  const sessionId = url.split('/pay/')[1] ?? '';
  return { res, url, sessionId };
}

describe('platform billing through Stripe Checkout (a local fake of Stripe)', () => {
  it('place-order makes a subscription Checkout Session and answers its page; nothing changes yet', async () => {
    const { api, accountId, email } = await owner();
    expect((await api.get('billing-details')).json().data.checkout).toBe('stripe_checkout');
    const { res, url, sessionId } = await startCheckout(api);
    expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
    expect(res.json().data).toMatchObject({ status: 'none', plan: { key: '14-trial' } });
    const create = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === String(accountId),
    );
    expect(create?.authorization).toBe('Bearer sk_test_platform_billing');
    expect(create?.form.get('mode')).toBe('subscription');
    expect(create?.form.get('success_url')).toBe(
      `${PUBLIC_URL}/settings/billing/payment-successful?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(create?.form.get('cancel_url')).toBe(
      `${PUBLIC_URL}/settings/billing/checkout?plan=startup&interval=month`,
    );
    expect(create?.form.get('line_items[0][price_data][unit_amount]')).toBe('9700');
    expect(create?.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(create?.form.get('line_items[0][quantity]')).toBe('1');
    expect(create?.form.get('metadata[plan_key]')).toBe('startup-monthly');
    expect(create?.form.get('subscription_data[metadata][account_id]')).toBe(String(accountId));
    expect(create?.form.get('customer_email')).toBe(email);
    expect((await api.get('charges')).json().data).toHaveLength(0);
  });

  it('paying on the page sends the signed webhook: the plan is active, the charge listed once, replays change nothing', async () => {
    const { api } = await owner();
    const { sessionId } = await startCheckout(api);
    const paid = await stripe.payOnPage(sessionId);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${PUBLIC_URL}/settings/billing/payment-successful?session_id=${sessionId}`);
    const sent = stripe.events.find(
      (e) => (e.event.data as { object: { id: string } }).object.id === sessionId,
    );
    expect(sent?.status, sent?.body).toBe(200);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ outcome: 'applied' });

    const details = (await api.get('billing-details')).json().data;
    expect(details).toMatchObject({
      status: 'active',
      provider: 'stripe',
      plan: { key: 'startup-monthly' },
      payment_method: { brand: 'Visa', last4: '4242' },
    });
    expect(new Date(details.plan_expiry_date).getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    const charges = (await api.get('charges')).json().data;
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount: 97,
      status: 'paid',
      description: 'Startup (monthly), first month',
    });

    // The same event again (Stripe retries): seen, nothing recorded twice.
    const payload = JSON.stringify(sent?.event);
    const again = await postWebhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(JSON.parse(again.body)).toMatchObject({ outcome: 'duplicate' });
    // The first invoice's own invoice.paid event: the same charge, not a second one.
    const session = stripe.sessions.get(sessionId);
    const invoice = {
      id: `evt_invoice_${sessionId}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `in_fake_${session?.subscription?.replace('sub_fake_', '')}`,
          object: 'invoice',
          subscription: session?.subscription,
          amount_paid: 9700,
          currency: 'usd',
        },
      },
    };
    const invoicePayload = JSON.stringify(invoice);
    const invoiceAnswer = await postWebhook(
      invoicePayload,
      Stripe.webhooks.generateTestHeaderString({ payload: invoicePayload, secret: WEBHOOK_SECRET }),
    );
    expect(JSON.parse(invoiceAnswer.body)).toMatchObject({ outcome: 'applied' });
    expect((await api.get('charges')).json().data).toHaveLength(1);
  });

  it('a declined card stays on the page; a forged completion is refused; the plan is unchanged', async () => {
    const { api } = await owner();
    const { sessionId } = await startCheckout(api);
    const declined = await stripe.payOnPage(sessionId, FAKE_CHECKOUT_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(
      stripe.events.some((e) => (e.event.data as { object: { id: string } }).object.id === sessionId),
    ).toBe(false);
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { ...stripe.sessions.get(sessionId), payment_status: 'paid', subscription: 'sub_fake_1' },
      },
    });
    const refused = await postWebhook(
      forged,
      Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_someone_else' }),
    );
    expect(refused.status).toBe(400);
    expect((await api.get('billing-details')).json().data).toMatchObject({
      status: 'none',
      plan: { key: '14-trial' },
    });
    expect((await api.get('charges')).json().data).toHaveLength(0);
  });
});
