import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakePayPal,
  GOOD_CLIENT_ID,
  GOOD_CLIENT_SECRET,
  startFakePayPal,
} from './fake-paypal.fixtures.ts';
import { createPayPalAdapter, type PayPalAdapter, paypalValue } from './paypal.ts';

let fake: FakePayPal;
let paypal: PayPalAdapter;
const credentials = { client_id: GOOD_CLIENT_ID, client_secret: GOOD_CLIENT_SECRET, environment: 'sandbox' };

beforeAll(async () => {
  fake = await startFakePayPal();
  paypal = createPayPalAdapter({ apiBase: fake.apiBase, timeoutMs: 5_000 });
});
afterAll(() => fake.close());

const open = (key = `checkout-${Math.random()}`, amountMinor = 4999) =>
  paypal.startPayment?.(credentials, {
    amountMinor,
    currency: 'USD',
    idempotencyKey: key,
    customerEmail: 'ann@example.test',
    description: 'Course',
    metadata: { funnelwork_account: '7', funnelwork_request: '42' },
  });

async function openedOrder(key?: string, amountMinor?: number) {
  const started = await open(key, amountMinor);
  if (!started?.ok) throw new Error(`no PayPal order: ${JSON.stringify(started)}`);
  return started.reference;
}

describe('PayPal adapter', () => {
  it('checks a client id and secret with a token call, and names the client id when PayPal refuses them', async () => {
    expect(await paypal.verifyCredentials(credentials)).toEqual({
      ok: true,
      mode: 'test',
      stored: { environment: 'sandbox' },
    });
    const token = fake.requests.find((r) => r.path === '/v1/oauth2/token');
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${GOOD_CLIENT_ID}:${GOOD_CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(await paypal.verifyCredentials({ client_id: GOOD_CLIENT_ID, client_secret: 'wrong' })).toEqual({
      ok: false,
      message: 'PayPal refused the client ID and secret: Client Authentication failed',
      retryable: false,
      code: 'authentication_error',
      field: 'client_id',
    });
  });

  it('creates an Orders v2 order with intent CAPTURE for the amount, once per checkout key', async () => {
    const first = await openedOrder('checkout-7-abc12345');
    const again = await openedOrder('checkout-7-abc12345');
    expect(again).toBe(first);
    const created = fake.requests
      .filter((r) => r.path === '/v2/checkout/orders' && r.method === 'POST')
      .at(-1);
    expect(created?.headers['paypal-request-id']).toBe('checkout-7-abc12345');
    expect(created?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(created?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '49.99' }, custom_id: '7/42' }],
    });
    expect(fake.orders.size).toBeGreaterThan(0);
    expect([...fake.orders.values()].filter((o) => o.id === first)).toHaveLength(1);
  });

  it('captures an approved order for the expected amount only, and reports it once captured', async () => {
    const id = await openedOrder();
    // Not approved yet: the shopper has not finished in PayPal's window.
    expect(await paypal.paymentOutcome?.(credentials, id, { amountMinor: 4999, currency: 'USD' })).toEqual({
      status: 'pending',
      awaitingPayer: true,
    });
    fake.approve(id);
    const expected = { amountMinor: 4999, currency: 'USD' };
    expect(await paypal.paymentOutcome?.(credentials, id, expected)).toEqual({
      status: 'succeeded',
      amountMinor: 4999,
      currency: 'USD',
    });
    // Asked again (a second tab, a retry): the capture is not repeated.
    expect(await paypal.paymentOutcome?.(credentials, id, expected)).toMatchObject({ status: 'succeeded' });
    expect(fake.requests.filter((r) => r.path === `/v2/checkout/orders/${id}/capture`)).toHaveLength(1);
  });

  it('never captures an approved order whose amount was changed at PayPal', async () => {
    const id = await openedOrder();
    fake.tamper(id, '0.01');
    fake.approve(id);
    expect(await paypal.paymentOutcome?.(credentials, id, { amountMinor: 4999, currency: 'USD' })).toEqual({
      status: 'failed',
      message: 'The payment does not match the order',
      code: 'amount_mismatch',
    });
    expect(fake.requests.filter((r) => r.path === `/v2/checkout/orders/${id}/capture`)).toHaveLength(0);
  });

  it('refunds through the order’s capture with the refund’s request id, and refuses more than was captured', async () => {
    const id = await openedOrder(undefined, 2000);
    fake.approve(id);
    await paypal.paymentOutcome?.(credentials, id, { amountMinor: 2000, currency: 'USD' });
    const captureId = fake.orders.get(id)?.capture?.id;
    const refund = { reference: id, amountMinor: 1500, currency: 'USD', idempotencyKey: 'refund-1' };
    const done = await paypal.refund(credentials, refund);
    expect(done).toEqual({ ok: true, refundReference: expect.any(String) });
    expect(await paypal.refund(credentials, refund)).toEqual(done);
    expect(fake.refunds.filter((r) => r.captureId === captureId)).toEqual([
      {
        id: expect.any(String),
        captureId,
        amount: { currency_code: 'USD', value: '15.00' },
        requestId: 'refund-1',
      },
    ]);
    expect(
      await paypal.refund(credentials, { ...refund, amountMinor: 1000, idempotencyKey: 'refund-2' }),
    ).toMatchObject({ ok: false, code: 'REFUND_AMOUNT_EXCEEDED', retryable: false });
  });

  it('says PayPal is not connected without credentials, and unreachable when it cannot be reached', async () => {
    expect(await open()).toBeDefined();
    expect(await paypal.startPayment?.(null, {} as never)).toMatchObject({
      ok: false,
      code: 'not_connected',
    });
    const away = createPayPalAdapter({ apiBase: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    expect(
      await away.refund(credentials, {
        reference: 'X',
        amountMinor: 1,
        currency: 'USD',
        idempotencyKey: 'k',
      }),
    ).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('writes amounts as PayPal reads them', () => {
    expect(paypalValue(4999, 'USD')).toBe('49.99');
    expect(paypalValue(100000, 'JPY')).toBe('1000');
  });
});
