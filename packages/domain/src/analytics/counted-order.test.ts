import { describe, expect, it } from 'vitest';
import { type CountableOrder, isCountedOrder, moneyBackAt } from './counted-order.ts';

const paid: CountableOrder = {
  paymentStatus: null,
  deletedAt: null,
  isRefunded: false,
  isCanceled: false,
  refundedAt: null,
  canceledAt: null,
};
const monday = new Date('2026-03-02T10:00:00Z');
const tuesday = new Date('2026-03-03T10:00:00Z');

describe('a counted order', () => {
  it('"revenue counts paid, live orders": not one still pending or failed, not a deleted one', () => {
    expect(isCountedOrder(paid)).toBe(true);
    expect(isCountedOrder({ ...paid, paymentStatus: 'pending' })).toBe(false);
    expect(isCountedOrder({ ...paid, deletedAt: monday })).toBe(false);
  });

  it('"a refund or cancellation subtracts the whole order when it happens": the earlier of the two', () => {
    expect(moneyBackAt(paid)).toBeNull();
    expect(moneyBackAt({ ...paid, isRefunded: true, refundedAt: tuesday })).toEqual(tuesday);
    expect(
      moneyBackAt({ ...paid, isRefunded: true, isCanceled: true, refundedAt: tuesday, canceledAt: monday }),
    ).toEqual(monday);
    // A time without its flag, or a flag without a time, takes nothing back.
    expect(moneyBackAt({ ...paid, refundedAt: tuesday })).toBeNull();
    expect(moneyBackAt({ ...paid, isCanceled: true })).toBeNull();
  });
});
