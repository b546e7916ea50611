import { randomBytes } from 'node:crypto';
import { cardProblem } from '@funnelwork/domain/gateways/card-checks';
import { SANDBOX_GATEWAY_ID } from '@funnelwork/domain/gateways/checkout-gateway';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayAdapter,
  GatewayCredentials,
  GatewayFailure,
  RefundRequest,
  RefundResult,
} from './types.ts';

/** Gateway 14, 'Funnelwork Payments', without live credentials: the test cards of types.ts. */
export { SANDBOX_GATEWAY_ID };

export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  retryableFailure: '4000000000000119',
} as const;

/**
 * Payment references this sandbox issues start with `sbx_ch_`. For tests of failure handling:
 * refunding a reference that starts with `sbx_fail_` always fails with a retryable error, and one
 * that starts with `sbx_fail_once_` fails retryably on its first attempt and then succeeds.
 */
export const SANDBOX_REFERENCE_PREFIX = 'sbx_ch_';

/** A payment-method token of the Sandbox's card form (`pm_sbx_{outcome}_…`): its test card's outcome. */
const CARD_TOKEN = /^pm_sbx_(ok|declined|retry)_[0-9a-f]{24}$/;

type Card = { number: string; expMonth: number; expYear: number; cvc: string };

export type SandboxGateway = GatewayAdapter & {
  /**
   * The Sandbox's card form turns a test card into a payment-method token, as Stripe.js does, so the
   * checkout posts only the token. Mistyped details answer Stripe's message, naming the field.
   */
  tokenizeCard(card: Card): { ok: true; token: string } | (GatewayFailure & { field: string });
  /** Refunds that reached the sandbox, one per distinct idempotency key that succeeded. */
  readonly refunds: ReadonlyArray<{ reference: string; amountMinor: number; idempotencyKey: string }>;
  /** Successful charges, one per distinct idempotency key (a repeated key is not charged again). */
  readonly charges: ReadonlyArray<{ reference: string; amountMinor: number; idempotencyKey: string }>;
  /**
   * Makes a saved payment method fail from now on (the card expired or was blocked), for tests of
   * failed renewals and upsells: 'declined' or 'retryable'.
   */
  failSavedPaymentMethod(token: string, outcome: 'declined' | 'retryable'): void;
  /**
   * Saves a card for later charges without charging it (a new card for renewals): the test cards'
   * rules apply, so 4242 4242 4242 4242 is saved and the declined cards are refused.
   */
  saveCard(card: { number: string; expMonth: number; expYear: number; cvc: string }): ChargeResult;
};

/** "Any future expiry date and any CVC": a month 1–12 not in the past and a 3–4 digit CVC. */
function cardDetailsValid(
  card: { expMonth: number; expYear: number; cvc: string },
  now = new Date(),
): boolean {
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return false;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = Date.UTC(year, card.expMonth, 1);
  return endOfMonth > now.getTime() && /^\d{3,4}$/.test(card.cvc);
}

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

export function createSandboxGateway(): SandboxGateway {
  // Like a real gateway, a repeated idempotency key answers the first result again.
  const charges = new Map<string, ChargeResult>();
  const refundResults = new Map<string, RefundResult>();
  const refunded = new Set<string>();
  // What each charge this sandbox made took, so a refund cannot give back more than was charged.
  const chargedAmounts = new Map<string, number>();
  const failedOnce = new Set<string>();
  const refunds: Array<{ reference: string; amountMinor: number; idempotencyKey: string }> = [];
  const successfulCharges: Array<{ reference: string; amountMinor: number; idempotencyKey: string }> = [];
  // Saved payment methods (`sbx_pm_…`) this sandbox handed out, and those made to fail.
  const savedMethods = new Set<string>();
  const failingMethods = new Map<string, 'declined' | 'retryable'>();
  const declined: ChargeResult = {
    ok: false,
    message: 'Your card was declined.',
    retryable: false,
    code: 'card_declined',
  };
  const processingError: ChargeResult = {
    ok: false,
    message: 'An error occurred while processing your card. Try again in a little bit.',
    retryable: true,
    code: 'processing_error',
  };

  function chargeOnce(request: ChargeRequest): ChargeResult {
    const method = request.paymentMethod;
    if (method.kind === 'none')
      return { ok: false, message: 'A payment method is required', retryable: false };
    if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) {
      return { ok: false, message: 'The amount must be positive', retryable: false, code: 'invalid_amount' };
    }
    const tokenized = method.kind === 'token' ? CARD_TOKEN.exec(method.token)?.[1] : undefined;
    if (tokenized === 'retry') return processingError;
    if (tokenized === 'declined') return declined;
    if (method.kind === 'token' && savedMethods.has(method.token)) {
      // One-click upsells and renewals: the saved method is charged again without card details.
      const failure = failingMethods.get(method.token);
      if (failure) return failure === 'declined' ? declined : processingError;
      return { ok: true, reference: id(SANDBOX_REFERENCE_PREFIX), savedPaymentMethod: method.token };
    }
    const typo = method.kind === 'card' ? cardProblem(method) : null;
    if (typo) return { ok: false, message: typo.message, retryable: false, code: typo.code };
    if (method.kind === 'card' && !cardDetailsValid(method)) {
      return {
        ok: false,
        message: 'Your card has expired or its details are incomplete.',
        retryable: false,
        code: 'invalid_card',
      };
    }
    const number = method.kind === 'card' ? method.number.replace(/[\s-]/g, '') : method.token;
    if (number === SANDBOX_CARDS.succeeds || number === 'tok_visa' || tokenized === 'ok') {
      const saved = id('sbx_pm_');
      savedMethods.add(saved);
      return { ok: true, reference: id(SANDBOX_REFERENCE_PREFIX), savedPaymentMethod: saved };
    }
    if (number === SANDBOX_CARDS.retryableFailure) return processingError;
    return declined;
  }

  function refundOnce(request: RefundRequest): RefundResult {
    const { reference } = request;
    if (reference.startsWith('sbx_fail_once_') && !failedOnce.has(reference)) {
      failedOnce.add(reference);
      return { ok: false, message: 'The payment service is busy, try again.', retryable: true, code: 'busy' };
    }
    if (reference.startsWith('sbx_fail_') && !reference.startsWith('sbx_fail_once_')) {
      return { ok: false, message: 'The payment service is busy, try again.', retryable: true, code: 'busy' };
    }
    if (!reference.startsWith(SANDBOX_REFERENCE_PREFIX) && !reference.startsWith('sbx_fail_once_')) {
      return {
        ok: false,
        message: `No such charge: ${reference}`,
        retryable: false,
        code: 'resource_missing',
      };
    }
    const charged = chargedAmounts.get(reference);
    if (charged !== undefined && request.amountMinor > charged) {
      return {
        ok: false,
        message: `The refund amount (${request.amountMinor}) is greater than the charge amount (${charged}).`,
        retryable: false,
        code: 'amount_too_large',
      };
    }
    if (refunded.has(reference)) {
      return {
        ok: false,
        message: `Charge ${reference} has already been refunded.`,
        retryable: false,
        code: 'charge_already_refunded',
      };
    }
    refunded.add(reference);
    refunds.push({ reference, amountMinor: request.amountMinor, idempotencyKey: request.idempotencyKey });
    return { ok: true, refundReference: id('sbx_re_') };
  }

  return {
    gatewayId: SANDBOX_GATEWAY_ID,
    capabilities: { charges: true, refunds: true, savedPaymentMethods: true, needsCredentials: false },
    refunds,
    charges: successfulCharges,
    tokenizeCard(card) {
      const typo = cardProblem(card);
      if (typo)
        return { ok: false, message: typo.message, retryable: false, code: typo.code, field: typo.field };
      const number = card.number.replace(/[\s-]/g, '');
      const outcome =
        number === SANDBOX_CARDS.succeeds
          ? 'ok'
          : number === SANDBOX_CARDS.retryableFailure
            ? 'retry'
            : 'declined';
      return { ok: true, token: `pm_sbx_${outcome}_${randomBytes(12).toString('hex')}` };
    },
    failSavedPaymentMethod(token, outcome) {
      failingMethods.set(token, outcome);
    },
    saveCard(card) {
      if (!cardDetailsValid(card)) {
        return {
          ok: false,
          message: 'Your card has expired or its details are incomplete.',
          retryable: false,
          code: 'invalid_card',
        };
      }
      const number = card.number.replace(/[\s-]/g, '');
      if (number === SANDBOX_CARDS.retryableFailure) return processingError;
      if (number !== SANDBOX_CARDS.succeeds) return declined;
      const saved = id('sbx_pm_');
      savedMethods.add(saved);
      return { ok: true, reference: saved, savedPaymentMethod: saved };
    },
    async charge(_credentials: GatewayCredentials | null, request: ChargeRequest) {
      const known = charges.get(request.idempotencyKey);
      if (known) return known;
      const result = chargeOnce(request);
      // A retryable failure is not remembered: the same key may be tried again.
      if (result.ok || !result.retryable) charges.set(request.idempotencyKey, result);
      if (result.ok) {
        chargedAmounts.set(result.reference, request.amountMinor);
        successfulCharges.push({
          reference: result.reference,
          amountMinor: request.amountMinor,
          idempotencyKey: request.idempotencyKey,
        });
      }
      return result;
    },
    async refund(_credentials: GatewayCredentials | null, request: RefundRequest) {
      const known = refundResults.get(request.idempotencyKey);
      if (known) return known;
      const result = refundOnce(request);
      // A retryable failure is not remembered: the same key may be tried again.
      if (result.ok || !result.retryable) refundResults.set(request.idempotencyKey, result);
      return result;
    },
  };
}
