import { describe, expect, it } from 'vitest';
import { eventTypeLabel, offersRetry, parseEventValue, paymentProviderName } from './timeline.ts';

describe('timeline event values', () => {
  it('reads amount, ref, desc, error, can_retry and gatewayId from the JSON text', () => {
    const value = parseEventValue(
      '{"amount": 12.5, "ref": "sbx_ch_1", "desc": "late", "error": "busy", "can_retry": true, "gatewayId": 14}',
    );
    expect(value).toEqual({
      amount: 12.5,
      ref: 'sbx_ch_1',
      desc: 'late',
      error: 'busy',
      can_retry: true,
      gatewayId: 14,
    });
    expect(offersRetry(value)).toBe(true);
  });

  it('treats unreadable text and wrong types as absent', () => {
    expect(parseEventValue('not json')).toEqual({});
    expect(parseEventValue('null')).toEqual({});
    const value = parseEventValue('{"amount": "12", "can_retry": "yes"}');
    expect(value.amount).toBeUndefined();
    expect(offersRetry(value)).toBe(false);
  });
});

describe('paymentProviderName ("app_id 1 means a PayPal plugin, 8 a gateway by id, else the default")', () => {
  it('names the provider', () => {
    expect(paymentProviderName(1, 14)).toBe('PayPal');
    expect(paymentProviderName(8, 1)).toBe('Stripe');
    expect(paymentProviderName(8, 99)).toBe('Unknown');
    expect(paymentProviderName(null, 1)).toBe('Funnelwork Payments');
  });
});

describe('eventTypeLabel', () => {
  it('labels the nine types', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(eventTypeLabel)).toEqual([
      'Error',
      'Info',
      'Warning',
      'Refund',
      'Cancel',
      'Action',
      'E-mail',
      'Fulfillment',
      'Payment',
    ]);
    expect(eventTypeLabel(42)).toBe('Event');
  });
});
