import type { BillingPayment } from '@funnelwork/domain';
import type { SandboxGateway } from '../../gateways/sandbox.ts';
import type { GatewayFailure } from '../../gateways/types.ts';

/** A saved payment method as the billing screen shows it, with the token renewals charge. */
export type SavedMethod = { token: string; brand: string; last4: string; expMonth: number; expYear: number };

/**
 * The platform's own billing (what merchants pay Funnelwork), behind one interface. Here it runs
 * through the Sandbox gateway and its test cards; Stripe-managed subscriptions report through the
 * Stripe webhook instead (billing.webhooks.ts).
 */
export type PlatformPayments = {
  readonly provider: 'sandbox';
  /** Charges a new card and keeps it for renewals. */
  chargeNew(
    payment: BillingPayment,
    charge: { amountMinor: number; currency: string; idempotencyKey: string; description: string },
  ): Promise<{ ok: true; reference: string; method: SavedMethod } | GatewayFailure>;
  /** Charges the saved method again (a renewal). */
  chargeSaved(
    token: string,
    charge: { amountMinor: number; currency: string; idempotencyKey: string; description: string },
  ): Promise<{ ok: true; reference: string } | GatewayFailure>;
  /** Saves a new card for the coming renewals without charging it. */
  saveMethod(payment: BillingPayment): Promise<{ ok: true; method: SavedMethod } | GatewayFailure>;
};

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

const STRIPE_NOT_SET_UP: GatewayFailure = {
  ok: false,
  message: 'Paying with a Stripe payment method is not set up here: pay with a card',
  retryable: false,
  code: 'stripe_billing_not_configured',
};

export function createSandboxPayments(sandbox: SandboxGateway): PlatformPayments {
  const methodOf = (card: { number: string; exp_month: number; exp_year: number }, token: string) => ({
    token,
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year,
  });
  return {
    provider: 'sandbox',
    async chargeNew(payment, charge) {
      if (!('card' in payment)) return STRIPE_NOT_SET_UP;
      const { card } = payment;
      const result = await sandbox.charge(null, {
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        idempotencyKey: charge.idempotencyKey,
        description: charge.description,
        paymentMethod: {
          kind: 'card',
          number: card.number,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          cvc: card.cvc,
        },
      });
      if (!result.ok) return result;
      if (!result.savedPaymentMethod)
        return { ok: false, message: 'The card cannot be saved', retryable: false };
      return { ok: true, reference: result.reference, method: methodOf(card, result.savedPaymentMethod) };
    },
    async chargeSaved(token, charge) {
      const result = await sandbox.charge(null, {
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        idempotencyKey: charge.idempotencyKey,
        description: charge.description,
        paymentMethod: { kind: 'token', token },
      });
      return result.ok ? { ok: true, reference: result.reference } : result;
    },
    async saveMethod(payment) {
      if (!('card' in payment)) return STRIPE_NOT_SET_UP;
      const { card } = payment;
      const result = sandbox.saveCard({
        number: card.number,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        cvc: card.cvc,
      });
      if (!result.ok) return result;
      return { ok: true, method: methodOf(card, result.reference) };
    },
  };
}
