import { describe, expect, it } from 'vitest';
import { GATEWAYS } from '../orders/gateways.ts';
import {
  CONNECTABLE_GATEWAYS,
  credentialsSchema,
  isConnectable,
  maskSecret,
  PAYMENT_METHOD_GROUPS,
  paymentMethodGroupOf,
} from './contracts.ts';

describe('gateway settings rules', () => {
  it('masks a secret to its last four characters, and a short one entirely', () => {
    expect(maskSecret('sk_test_51AbCdEf4242')).toBe('••••4242');
    expect(maskSecret('short-key')).toBe('••••');
  });

  it('puts every catalogue gateway in exactly one payment-method group', () => {
    const ids = PAYMENT_METHOD_GROUPS.flatMap((g) => [...g.gateway_ids]).sort((a, b) => a - b);
    expect(ids).toEqual(GATEWAYS.map((g) => g.id));
    expect(paymentMethodGroupOf(1)).toBe(1);
    expect(paymentMethodGroupOf(99)).toBeNull();
  });

  it('connects only gateways with an adapter here: Stripe, Cash On Delivery, the product’s own and PayPal Checkout', () => {
    expect(GATEWAYS.filter((g) => isConnectable(g.id)).map((g) => g.name)).toEqual([
      'Stripe',
      'Cash On Delivery',
      'Funnelwork Payments',
      'PayPal Card Payments',
    ]);
    const stripeKey = CONNECTABLE_GATEWAYS[1]?.find((f) => f.key === 'secret_key');
    expect(new RegExp(stripeKey?.pattern ?? '$^').test('sk_live_abc123')).toBe(true);
    expect(new RegExp(stripeKey?.pattern ?? '$^').test('pk_live_abc123')).toBe(false);
  });

  it('refuses blank credential values and odd field names', () => {
    expect(credentialsSchema.safeParse({ secret_key: 'sk_test_x' }).success).toBe(true);
    expect(credentialsSchema.safeParse({ secret_key: '  ' }).success).toBe(false);
    expect(credentialsSchema.safeParse({ 'Secret Key': 'x' }).success).toBe(false);
  });
});
