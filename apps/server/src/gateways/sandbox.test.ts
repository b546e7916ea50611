import { describe, expect, it } from 'vitest';
import { createCashOnDeliveryGateway } from './cash-on-delivery.ts';
import { createGatewayRegistry } from './registry.ts';
import { createSandboxGateway, SANDBOX_CARDS } from './sandbox.ts';

const card = (number: string) => ({ kind: 'card' as const, number, expMonth: 12, expYear: 2030, cvc: '123' });
const charge = (number: string, idempotencyKey = `k-${number}-${Math.random()}`) => ({
  amountMinor: 2500,
  currency: 'USD',
  idempotencyKey,
  paymentMethod: card(number),
});

describe("sandbox gateway (14 'Funnelwork Payments' without live credentials)", () => {
  it('takes the test cards: 4242… succeeds, 4000…0002 is declined, 4000…0119 fails retryably', async () => {
    const sandbox = createSandboxGateway();
    const ok = await sandbox.charge(null, charge(SANDBOX_CARDS.succeeds));
    expect(ok).toMatchObject({ ok: true, reference: expect.stringMatching(/^sbx_ch_/) });
    expect(await sandbox.charge(null, charge(SANDBOX_CARDS.declined))).toMatchObject({
      ok: false,
      retryable: false,
      code: 'card_declined',
    });
    expect(await sandbox.charge(null, charge(SANDBOX_CARDS.retryableFailure))).toMatchObject({
      ok: false,
      retryable: true,
    });
    expect(sandbox.capabilities).toMatchObject({ refunds: true, needsCredentials: false });
  });

  it('answers a repeated idempotency key with the first result, at charge and at refund', async () => {
    const sandbox = createSandboxGateway();
    const first = await sandbox.charge(null, charge(SANDBOX_CARDS.succeeds, 'same'));
    expect(await sandbox.charge(null, charge(SANDBOX_CARDS.succeeds, 'same'))).toEqual(first);
    if (!first.ok) throw new Error('charge failed');
    const refund = { reference: first.reference, amountMinor: 2500, currency: 'USD', idempotencyKey: 'r1' };
    const once = await sandbox.refund(null, refund);
    expect(once.ok).toBe(true);
    expect(await sandbox.refund(null, refund)).toEqual(once);
    expect(sandbox.refunds).toHaveLength(1);
    const twice = await sandbox.refund(null, { ...refund, idempotencyKey: 'r2' });
    expect(twice).toMatchObject({ ok: false, code: 'charge_already_refunded', retryable: false });
  });

  it('refuses to refund more than a charge took, like a real gateway', async () => {
    const sandbox = createSandboxGateway();
    const paid = await sandbox.charge(null, charge(SANDBOX_CARDS.succeeds));
    if (!paid.ok) throw new Error('charge failed');
    const refund = { reference: paid.reference, currency: 'USD', idempotencyKey: 'big' };
    expect(await sandbox.refund(null, { ...refund, amountMinor: 2501 })).toMatchObject({
      ok: false,
      code: 'amount_too_large',
      retryable: false,
    });
    expect(
      await sandbox.refund(null, { ...refund, amountMinor: 2500, idempotencyKey: 'exact' }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("refuses references it did not issue, and 'sbx_fail_' references fail retryably", async () => {
    const sandbox = createSandboxGateway();
    const base = { amountMinor: 100, currency: 'USD', idempotencyKey: 'x' };
    expect(await sandbox.refund(null, { ...base, reference: 'ch_other' })).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(
      await sandbox.refund(null, { ...base, idempotencyKey: 'y', reference: 'sbx_fail_1' }),
    ).toMatchObject({
      ok: false,
      retryable: true,
    });
    // A retryable failure is not remembered under its key, and this reference keeps failing.
    expect(
      await sandbox.refund(null, { ...base, idempotencyKey: 'y', reference: 'sbx_fail_1' }),
    ).toMatchObject({
      ok: false,
      retryable: true,
    });
  });
});

describe("the Sandbox's card form tokens", () => {
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2040, cvc: '123' });
  const pay = (token: string) =>
    createSandboxGateway().charge(null, {
      amountMinor: 4999,
      currency: 'USD',
      idempotencyKey: `token-${token}`,
      paymentMethod: { kind: 'token', token },
    });

  it('turns a test card into a token whose charge has the card’s outcome', async () => {
    const sandbox = createSandboxGateway();
    const ok = sandbox.tokenizeCard(card('4242 4242 4242 4242'));
    const declined = sandbox.tokenizeCard(card(SANDBOX_CARDS.declined));
    if (!ok.ok || !declined.ok) throw new Error('not tokenized');
    expect(ok.token).toMatch(/^pm_sbx_ok_[0-9a-f]{24}$/);
    expect(await pay(ok.token)).toMatchObject({
      ok: true,
      savedPaymentMethod: expect.stringMatching(/^sbx_pm_/),
    });
    expect(await pay(declined.token)).toMatchObject({ ok: false, message: 'Your card was declined.' });
  });

  it('says a mistyped number is incorrect, not declined, naming the field', () => {
    expect(createSandboxGateway().tokenizeCard(card('4242 4242 4242 4241'))).toEqual({
      ok: false,
      message: 'Your card number is incorrect.',
      code: 'incorrect_number',
      retryable: false,
      field: 'number',
    });
    expect(createSandboxGateway().tokenizeCard({ ...card(SANDBOX_CARDS.succeeds), cvc: '1' })).toMatchObject({
      message: "Your card's security code is incorrect.",
      field: 'cvc',
    });
  });
});

describe('cash on delivery (5) and the registry', () => {
  it('cannot refund online; adapterFor finds adapters by gateway id', async () => {
    const cod = createCashOnDeliveryGateway();
    expect(cod.capabilities.refunds).toBe(false);
    const refund = await cod.refund(null, {
      reference: 'cod_1',
      amountMinor: 1,
      currency: 'USD',
      idempotencyKey: 'k',
    });
    expect(refund.ok).toBe(false);
    const registry = createGatewayRegistry();
    expect(registry.adapterFor(14)?.gatewayId).toBe(14);
    expect(registry.adapterFor(5)?.gatewayId).toBe(5);
    expect(registry.adapterFor(1)).toBeUndefined();
    expect(registry.adapterFor(null)).toBeUndefined();
    expect(await registry.credentialsFor(1, 14)).toBeNull();
  });

  it('charges a saved payment method again without card details, counts charges once per key, and can make it fail', async () => {
    const sandbox = createSandboxGateway();
    const first = await sandbox.charge(null, charge(SANDBOX_CARDS.succeeds, 'first'));
    if (!first.ok || !first.savedPaymentMethod) throw new Error('no saved method');
    const token = { kind: 'token' as const, token: first.savedPaymentMethod };
    const again = await sandbox.charge(null, {
      amountMinor: 900,
      currency: 'USD',
      idempotencyKey: 'up',
      paymentMethod: token,
    });
    expect(again).toMatchObject({ ok: true, savedPaymentMethod: first.savedPaymentMethod });
    await sandbox.charge(null, {
      amountMinor: 900,
      currency: 'USD',
      idempotencyKey: 'up',
      paymentMethod: token,
    });
    expect(sandbox.charges.map((c) => c.idempotencyKey)).toEqual(['first', 'up']);
    // A token the sandbox never issued is declined; an expired card too.
    expect(
      await sandbox.charge(null, {
        amountMinor: 900,
        currency: 'USD',
        idempotencyKey: 'x',
        paymentMethod: { kind: 'token', token: 'sbx_pm_forged' },
      }),
    ).toMatchObject({ ok: false, code: 'card_declined' });
    expect(
      await sandbox.charge(null, {
        ...charge(SANDBOX_CARDS.succeeds),
        paymentMethod: {
          kind: 'card',
          number: SANDBOX_CARDS.succeeds,
          expMonth: 1,
          expYear: 2020,
          cvc: '123',
        },
      }),
    ).toMatchObject({
      ok: false,
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is invalid.",
    });
    sandbox.failSavedPaymentMethod(first.savedPaymentMethod, 'retryable');
    expect(
      await sandbox.charge(null, {
        amountMinor: 900,
        currency: 'USD',
        idempotencyKey: 'renew',
        paymentMethod: token,
      }),
    ).toMatchObject({ ok: false, retryable: true });
  });
});
