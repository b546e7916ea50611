/**
 * "A counted order", written once: revenue and Uniq. Orders count an order that is paid (no payment status
 * left: not pending, not failed) and not deleted, when it was placed; a refund or a cancellation takes its
 * whole amount back when it happened, the earlier of the two. The SQL below is the same rule for the
 * stores' queries and the orders trigger function (a test holds both to these functions).
 */
export type CountableOrder = {
  paymentStatus: string | null;
  deletedAt: Date | null;
  isRefunded: boolean;
  isCanceled: boolean;
  refundedAt: Date | null;
  canceledAt: Date | null;
};

export function isCountedOrder(order: Pick<CountableOrder, 'paymentStatus' | 'deletedAt'>): boolean {
  return order.paymentStatus === null && order.deletedAt === null;
}

/** When a counted order's money went back (its refund or cancellation, whichever came first), or null. */
export function moneyBackAt(order: CountableOrder): Date | null {
  if (!order.isRefunded && !order.isCanceled) return null;
  const times = [order.refundedAt, order.canceledAt].filter((t): t is Date => t !== null);
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

/** `isCountedOrder` over an orders row in SQL; `row` is its alias with the dot ('c.'), or '' for none. */
export const countedOrderSql = (row = '') => `${row}payment_status is null and ${row}deleted_at is null`;

/** `moneyBackAt`'s time in SQL (least ignores nulls, as the function does). */
export const moneyBackAtSql = (row = '') => `least(${row}canceled_at, ${row}refunded_at)`;

/** Whether `moneyBackAt` has a time, in SQL. */
export const moneyWentBackSql = (row = '') =>
  `(${row}is_refunded or ${row}is_canceled) and ${moneyBackAtSql(row)} is not null`;
