import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/bus.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findOrder, type OrderRow } from './orders.queries.ts';

/** What every part of the orders service is given: its dependencies, one clock and the order lock. */
export type OrdersContext = {
  db: Db;
  /** The list's reads, which may be a moment behind (a replica's connections); else `db`. */
  reads: Db;
  gateways: GatewayRegistry;
  events?: EventBus;
  clock: () => Date;
  /** Runs `body` in one transaction with the order row locked (SELECT … FOR UPDATE). */
  withLockedOrder<T>(
    accountId: number,
    id: number,
    body: (tx: Db, order: OrderRow) => Promise<T>,
  ): Promise<T>;
};

export function ordersContext(deps: Omit<OrdersContext, 'withLockedOrder'>): OrdersContext {
  const { db } = deps;
  return {
    ...deps,
    withLockedOrder: (accountId, id, body) =>
      db.transaction(async (tx) => body(tx, await findOrder(tx, accountId, id, { forUpdate: true }))),
  };
}

export const unprocessable = (message: string, code = 'unprocessable') => new HttpError(422, message, code);

/** Writes `values` on an order (locked by the caller) and answers its row as it is now. */
export async function updateOrder(
  tx: Db,
  orderId: number,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning();
  return row as OrderRow;
}
