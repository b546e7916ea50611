import type { Order } from '@funnelwork/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { orderEvents } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/bus.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import { ordersContext } from './orders.context.ts';
import { createOrderFulfillment } from './orders.fulfillment.ts';
import { createOrderList } from './orders.list.ts';
import { createOrderNotes } from './orders.notes.ts';
import { eventOut, findOrder, loadOrder } from './orders.queries.ts';
import { createOrderRefunds } from './orders.refunds.ts';

export { NOTE_EVENT_TEXT } from './orders.notes.ts';

/** `reads`: where the list reads (a replica's connections, db/replica.ts); default `db`. */
type Deps = { db: Db; reads?: Db; gateways: GatewayRegistry; events?: EventBus; clock?: () => Date };

/**
 * The orders service: one order and its timeline here; the list (orders.list.ts), the refund state
 * machine and cancels (orders.refunds.ts), fulfilment (orders.fulfillment.ts) and notes
 * (orders.notes.ts) in files of their own, each given the same context.
 */
export function createOrdersService({ db, reads = db, gateways, events, clock = () => new Date() }: Deps) {
  const context = ordersContext({ db, reads, gateways, events, clock });

  return {
    get: (accountId: number, id: number): Promise<Order> => loadOrder(db, accountId, id),

    async timeline(accountId: number, id: number) {
      await findOrder(db, accountId, id);
      const rows = await db
        .select()
        .from(orderEvents)
        .where(and(ownedBy(orderEvents, accountId), eq(orderEvents.orderId, id)))
        .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id));
      return rows.map(eventOut);
    },

    ...createOrderList(context),
    ...createOrderRefunds(context),
    ...createOrderFulfillment(context),
    ...createOrderNotes(context),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
