import { randomBytes } from 'node:crypto';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayAdapter,
  GatewayCredentials,
  RefundRequest,
  RefundResult,
} from './types.ts';

/** Gateway 14, 'Funnelwork Payments', without live credentials: the test cards of types.ts. */
export const SANDBOX_GATEWAY_ID = 14;

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

export type SandboxGateway = GatewayAdapter & {
  /** Refunds that reached the sandbox, one per distinct idempotency key that succeeded. */
  readonly refunds: ReadonlyArray<{ reference: string; amountMinor: number; idempotencyKey: string }>;
};

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

export function createSandboxGateway(): SandboxGateway {
  // Like a real gateway, a repeated idempotency key answers the first result again.
  const charges = new Map<string, ChargeResult>();
  const refundResults = new Map<string, RefundResult>();
  const refunded = new Set<string>();
  const failedOnce = new Set<string>();
  const refunds: Array<{ reference: string; amountMinor: number; idempotencyKey: string }> = [];

  function chargeOnce(request: ChargeRequest): ChargeResult {
    const method = request.paymentMethod;
    if (method.kind === 'none')
      return { ok: false, message: 'A payment method is required', retryable: false };
    if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) {
      return { ok: false, message: 'The amount must be positive', retryable: false, code: 'invalid_amount' };
    }
    const number = method.kind === 'card' ? method.number.replace(/[\s-]/g, '') : method.token;
    if (number === SANDBOX_CARDS.succeeds || number === 'tok_visa') {
      return { ok: true, reference: id(SANDBOX_REFERENCE_PREFIX), savedPaymentMethod: id('sbx_pm_') };
    }
    if (number === SANDBOX_CARDS.retryableFailure) {
      return {
        ok: false,
        message: 'An error occurred while processing your card. Try again in a little bit.',
        retryable: true,
        code: 'processing_error',
      };
    }
    return { ok: false, message: 'Your card was declined.', retryable: false, code: 'card_declined' };
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
    async charge(_credentials: GatewayCredentials | null, request: ChargeRequest) {
      const known = charges.get(request.idempotencyKey);
      if (known) return known;
      const result = chargeOnce(request);
      charges.set(request.idempotencyKey, result);
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
