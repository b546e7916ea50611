import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { ReceiptLine } from './receipts.values.ts';

/**
 * An order of the account (not deleted) with its lines in the order they were bought: what a receipt's
 * merge values (`receiptValues`) are made from. Null for another account's order.
 */
export async function receiptOrderOf(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<{ order: typeof orders.$inferSelect; lines: ReceiptLine[] } | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(ownedBy(orders, accountId), eq(orders.id, orderId), isNull(orders.deletedAt)));
  if (!order) return null;
  const lines = await db
    .select({
      name: orderItems.name,
      variantTitle: orderItems.variantTitle,
      amountMinor: orderItems.amountMinor,
      qty: orderItems.qty,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  return { order, lines };
}
