import { describe, expect, it } from 'vitest';
import { checkoutGatewayId, SANDBOX_GATEWAY_ID, takesTestPaymentsOnly } from './checkout-gateway.ts';

const cod = { gatewayId: 5, isDefault: true, active: true };
const stripe = { gatewayId: 1, isDefault: false, active: true };

describe('the gateway a checkout charges through', () => {
  it('is the page’s first payment method, else the active default gateway, else the Sandbox', () => {
    expect(checkoutGatewayId([cod, stripe], [1, 5])).toBe(1);
    expect(checkoutGatewayId([stripe, cod], [])).toBe(5);
    expect(checkoutGatewayId([stripe], [])).toBe(SANDBOX_GATEWAY_ID);
    expect(checkoutGatewayId([{ ...cod, active: false }], [])).toBe(SANDBOX_GATEWAY_ID);
    expect(checkoutGatewayId([], [])).toBe(SANDBOX_GATEWAY_ID);
  });

  it('takes test payments only when that gateway is the Sandbox', () => {
    expect(takesTestPaymentsOnly([], [])).toBe(true);
    expect(takesTestPaymentsOnly([cod], [])).toBe(false);
    expect(takesTestPaymentsOnly([cod], [SANDBOX_GATEWAY_ID])).toBe(true);
    expect(takesTestPaymentsOnly([], [5])).toBe(false);
  });
});
