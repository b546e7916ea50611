import { orderSearchTerm, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ownedBy } from '../../db/query-helpers.ts';
import { orders } from '../../db/schema/index.ts';
import type { OrdersContext } from './orders.context.ts';
import { addEvent, adjustOrderCounts, createOrderListQueries, ordersOut } from './orders.queries.ts';

export type ListParams = {
  page: number;
  per_page: number;
  query?: string;
  funnel_id?: number;
  archived?: 'true' | 'false' | '1' | '0' | 'all';
};

/**
 * The orders list and what moves an order in or out of it (archive, delete: each keeps the list's
 * counts in step), and a customer's orders.
 */
export function createOrderList({ db, reads, clock, withLockedOrder }: OrdersContext) {
  // The list may be a moment behind (a replica's, db/replica.ts); a customer's orders are read from `db`.
  const listQueries = createOrderListQueries(reads);

  return {
    /**
     * One page of the list (orders spec §7) as the answer's JSON text, `{data, meta: {count, per_page,
     * total_pages}}`: the orders come written by the database, so the route sends them as they are.
     */
    async list(accountId: number, params: ListParams): Promise<string> {
      const archived =
        params.archived === 'all'
          ? [false, true]
          : params.archived === 'true' || params.archived === '1'
            ? [true]
            : [false];
      const term = orderSearchTerm(params.query);
      const filter = { accountId, archived, funnelId: params.funnel_id, term };
      const offset = params.page * params.per_page;
      const perPage = params.per_page;

      let count: number;
      let page = { json: '[]', rows: 0 };
      if (term) {
        page = await listQueries.page(filter, { direction: 'desc', limit: perPage, offset });
        // A first page that is not full holds every match: no count (a rare term is one statement).
        count = offset === 0 && page.rows < perPage ? page.rows : await listQueries.searchCount(filter);
      } else {
        count = await listQueries.count(filter);
        if (offset > count / 2) {
          // Pages past the middle are read from the other end of the list index (a small offset in
          // ascending order; the page still comes newest first), so the last page costs what the first does.
          const fromEnd = count - offset;
          if (fromEnd > 0) {
            page = await listQueries.page(filter, {
              direction: 'asc',
              limit: Math.min(perPage, fromEnd),
              offset: Math.max(0, fromEnd - perPage),
            });
          }
        } else {
          page = await listQueries.page(filter, { direction: 'desc', limit: perPage, offset });
        }
      }
      const meta = { count, per_page: perPage, total_pages: Math.ceil(count / perPage) };
      return `{"data":${page.json},"meta":${JSON.stringify(meta)}}`;
    },

    /** "Archive toggles between archived and not archived; the server answer holds the new is_archived." */
    async toggleArchive(accountId: number, userId: number, id: number) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        const archived = !order.isArchived;
        await tx
          .update(orders)
          .set({ isArchived: archived, updatedAt: clock() })
          .where(eq(orders.id, order.id));
        await adjustOrderCounts(tx, accountId, order, [
          { archived: order.isArchived, delta: -1 },
          { archived, delta: 1 },
        ]);
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.action,
          archived ? 'Order archived' : 'Order unarchived',
          {},
          userId,
        );
        return { is_archived: archived };
      });
    },

    /** "A deleted order won't be visible in your dashboard or analytics anymore." (soft delete) */
    async remove(accountId: number, userId: number, id: number) {
      await withLockedOrder(accountId, id, async (tx, order) => {
        await tx
          .update(orders)
          .set({ deletedAt: clock(), updatedAt: clock() })
          .where(eq(orders.id, order.id));
        await adjustOrderCounts(tx, accountId, order, [{ archived: order.isArchived, delta: -1 }]);
        await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.action, 'Order deleted', {}, userId);
      });
    },

    /** Orders of one customer, newest first (the customer panel's Orders section). */
    async ofCustomer(accountId: number, customerId: number) {
      const rows = await db
        .select({ order: orders, optin: sql<string | null>`null` })
        .from(orders)
        .where(and(ownedBy(orders, accountId), eq(orders.customerId, customerId), isNull(orders.deletedAt)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(500);
      const out = await ordersOut(db, accountId, rows);
      return out.map((o) => ({
        id: o.id,
        name: o.name,
        items_count: o.items_count,
        created_at: o.created_at,
        currency: o.currency,
        amount: o.amount,
        payment_status: o.payment_status,
      }));
    },
  };
}
