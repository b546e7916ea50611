import { describe, expect, it } from 'vitest';
import { gatewayById } from '../orders/gateways.ts';
import {
  checkoutGatewayId,
  checkoutPaymentForms,
  SANDBOX_GATEWAY_ID,
  SANDBOX_ONLY_NOTICE,
  takesTestPaymentsOnly,
} from './checkout-gateway.ts';

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

describe('the payment forms a checkout shows', () => {
  const paypal = { gatewayId: 18, isDefault: false, active: true };
  it('shows PayPal’s buttons beside the card form while PayPal is switched on and the page allows it', () => {
    expect(checkoutPaymentForms([{ ...stripe, isDefault: true }, paypal], [])).toEqual({
      card: 1,
      paypal: true,
    });
    expect(checkoutPaymentForms([], [])).toEqual({ card: SANDBOX_GATEWAY_ID, paypal: false });
    expect(checkoutPaymentForms([{ ...paypal, active: false }], [])).toEqual({
      card: SANDBOX_GATEWAY_ID,
      paypal: false,
    });
    expect(checkoutPaymentForms([stripe, paypal], [1])).toEqual({ card: 1, paypal: false });
  });

  it('shows PayPal alone when it is what the page charges and no card gateway is named', () => {
    expect(checkoutPaymentForms([{ ...paypal, isDefault: true }], [])).toEqual({ card: null, paypal: true });
    expect(checkoutPaymentForms([{ ...paypal, isDefault: true }, stripe], [])).toEqual({
      card: 1,
      paypal: true,
    });
    expect(checkoutPaymentForms([paypal, stripe], [18, 5])).toEqual({ card: 5, paypal: true });
    expect(checkoutPaymentForms([paypal], [18])).toEqual({ card: null, paypal: true });
  });
});

describe('the Sandbox-only notice', () => {
  it('names every gateway that takes real orders here, by its catalogue name (orders spec §3)', () => {
    // Stripe (1), PayPal Card Payments (18) and Cash On Delivery (5): the gateways with an adapter.
    for (const id of [1, 18, 5]) expect(SANDBOX_ONLY_NOTICE).toContain(gatewayById(id).name);
  });
});
