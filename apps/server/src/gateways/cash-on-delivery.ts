import { randomBytes } from 'node:crypto';
import type { GatewayAdapter } from './types.ts';

export const CASH_ON_DELIVERY_GATEWAY_ID = 5;

/** Gateway 5: nothing is charged online, so there is nothing to refund online either (spec: not refundable). */
export function createCashOnDeliveryGateway(): GatewayAdapter {
  return {
    gatewayId: CASH_ON_DELIVERY_GATEWAY_ID,
    capabilities: { charges: true, refunds: false, savedPaymentMethods: false, needsCredentials: false },
    async charge(_credentials, request) {
      if (!Number.isInteger(request.amountMinor) || request.amountMinor < 0) {
        return { ok: false, message: 'The amount must not be negative', retryable: false };
      }
      return { ok: true, reference: `cod_${randomBytes(12).toString('hex')}` };
    },
    async refund() {
      return {
        ok: false,
        message: 'Cash on delivery orders are paid in person and cannot be refunded online.',
        retryable: false,
        code: 'refunds_unsupported',
      };
    },
  };
}
