import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_KEY, LIVE_KEY, startFakeStripe } from './fake-stripe.fixtures.ts';
import { createStripeAdapter, intentOutcome } from './stripe.ts';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: ReturnType<typeof createStripeAdapter>;
const credentials = { secret_key: GOOD_KEY };

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeAdapter({ apiBase: fake.apiBase, maxNetworkRetries: 0, timeoutMs: 5_000 });
});
afterAll(() => fake.close());

const lastRequest = () => {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('the fake Stripe received nothing');
  return request;
};

const charge = (token: string, idempotencyKey = `charge-${token}-${Math.random()}`) =>
  stripe.charge(credentials, {
    amountMinor: 4999,
    currency: 'USD',
    idempotencyKey,
    paymentMethod: { kind: 'token', token },
    description: 'Order #1001',
    customerEmail: 'ann@example.test',
  });

describe('Stripe adapter: charge', () => {
  it('creates and confirms a PaymentIntent with the payment method, form-encoded, with the idempotency key and the secret key', async () => {
    const result = await charge('pm_card_visa', 'order-1001-charge');
    expect(result).toEqual({ ok: true, reference: expect.stringMatching(/^pi_fake_/) });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request.headers['idempotency-key']).toBe('order-1001-charge');
    expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(Object.fromEntries(request.form)).toMatchObject({
      amount: '4999',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      description: 'Order #1001',
      receipt_email: 'ann@example.test',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
  });

  it('answers a declined card as not retryable, with Stripe’s own message and code', async () => {
    expect(await charge('pm_card_chargeDeclined')).toEqual({
      ok: false,
      message: 'Your card was declined.',
      retryable: false,
      code: 'card_declined',
    });
  });

  it('answers a rate limit and a Stripe server error as retryable', async () => {
    expect(await charge('pm_rate_limited')).toMatchObject({ ok: false, retryable: true });
    expect(await charge('pm_api_error')).toMatchObject({
      ok: false,
      retryable: true,
      message: 'Something went wrong.',
    });
  });

  it('answers a payment that needs 3-D Secure as a failure the shopper cannot retry here', async () => {
    expect(await charge('pm_card_authenticationRequired')).toMatchObject({
      ok: false,
      retryable: false,
      code: 'authentication_required',
    });
  });

  it('answers an unreachable Stripe as retryable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createStripeAdapter({ apiBase: `http://127.0.0.1:${port}`, maxNetworkRetries: 0 });
    const result = await offline.charge(credentials, {
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: 'offline-1',
      paymentMethod: { kind: 'token', token: 'pm_card_visa' },
    });
    expect(result).toMatchObject({ ok: false, retryable: true });
  });

  it('refuses card numbers and a missing secret key without calling Stripe', async () => {
    const before = fake.requests.length;
    const card = await stripe.charge(credentials, {
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: 'card-1',
      paymentMethod: { kind: 'card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(card).toMatchObject({ ok: false, retryable: false, code: 'payment_method_required' });
    const none = await stripe.charge(null, {
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: 'none-1',
      paymentMethod: { kind: 'token', token: 'pm_card_visa' },
    });
    expect(none).toMatchObject({ ok: false, retryable: false, code: 'not_connected' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('Stripe adapter: refund', () => {
  it('creates a refund on the payment intent with the amount and the idempotency key', async () => {
    const result = await stripe.refund(credentials, {
      reference: 'pi_fake_77',
      amountMinor: 2500,
      currency: 'USD',
      idempotencyKey: 'order-1001-refund',
      reason: 'Damaged in transit',
    });
    expect(result).toEqual({ ok: true, refundReference: expect.stringMatching(/^re_fake_/) });
    const request = lastRequest();
    expect(request.path).toBe('/v1/refunds');
    expect(request.headers['idempotency-key']).toBe('order-1001-refund');
    expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(Object.fromEntries(request.form)).toMatchObject({
      payment_intent: 'pi_fake_77',
      amount: '2500',
      reason: 'requested_by_customer',
      'metadata[reason]': 'Damaged in transit',
    });
  });

  it('answers Stripe’s refusal with its message, not retryable', async () => {
    const result = await stripe.refund(credentials, {
      reference: 'ch_unknown',
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: 'refund-unknown',
    });
    expect(result).toEqual({
      ok: false,
      message: "No such payment_intent: 'ch_unknown'",
      retryable: false,
      code: 'resource_missing',
    });
  });
});

describe('Stripe adapter: verifying a secret key', () => {
  it('asks GET /v1/balance with the key and tells test from live mode', async () => {
    expect(await stripe.verifyCredentials({ secret_key: GOOD_KEY })).toEqual({ ok: true, mode: 'test' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/balance' });
    expect(await stripe.verifyCredentials({ secret_key: LIVE_KEY })).toEqual({ ok: true, mode: 'live' });
  });

  it('answers a refused key as not retryable, naming it only masked', async () => {
    const result = await stripe.verifyCredentials({ secret_key: 'sk_test_wrongKey123456' });
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(result.ok === false && result.message).toMatch(/^Stripe refused the secret key: Invalid API Key/);
    expect(JSON.stringify(result)).not.toContain('sk_test_wrongKey123456');
  });
});

describe('Stripe adapter: what an intent says of its payment', () => {
  const intent = (status: Stripe.PaymentIntent.Status, error: object | null = null) =>
    ({ status, last_payment_error: error, amount: 4999, currency: 'usd' }) as unknown as Stripe.PaymentIntent;

  it('tells a shopper who has not finished from a payment Stripe is still processing', () => {
    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action'] as const) {
      expect(intentOutcome(intent(status))).toEqual({ status: 'pending', awaitingPayer: true });
    }
    // A method that settles later (a bank debit): Stripe's to finish, never closed as abandoned.
    expect(intentOutcome(intent('processing'))).toEqual({ status: 'pending' });
    expect(
      intentOutcome(
        intent('requires_payment_method', { message: 'Your card was declined.', code: 'card_declined' }),
      ),
    ).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      code: 'card_declined',
    });
  });
});
