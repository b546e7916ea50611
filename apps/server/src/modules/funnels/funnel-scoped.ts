import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { notFound } from '../../plugins/errors.ts';
import { findFunnel } from './funnels.queries.ts';

/** A table of an account's items that belong to one funnel or (funnel_id null) to all of them. */
type FunnelScopedTable = PgTable & { id: PgColumn; accountId: PgColumn; funnelId: PgColumn };

/**
 * Reads and plain writes of a funnel-scoped table (popups, tracking codes, funnel apps): one of the
 * account's rows by id (404 naming `what` otherwise), the account's rows, of one funnel when one is
 * named, an update of given columns and a delete by id.
 */
export function funnelScopedQueries<T extends FunnelScopedTable>(db: Db, table: T, what: string) {
  type Row = T['$inferSelect'];
  async function find(accountId: number, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(and(ownedBy(table, accountId), eq(table.id, id)));
    if (!row) throw notFound(what);
    return row as Row;
  }

  return {
    find,

    /**
     * The account's rows (of the funnel when `funnelId` is given: 404 for a funnel not the account's),
     * narrowed by `where` when given.
     */
    async list(accountId: number, funnelId: number | undefined, orderBy: SQL[], where?: SQL): Promise<Row[]> {
      if (funnelId !== undefined) await findFunnel(db, accountId, funnelId);
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(
          and(
            ownedBy(table, accountId),
            funnelId !== undefined ? eq(table.funnelId, funnelId) : undefined,
            where,
          ),
        )
        .orderBy(...orderBy);
      return rows as Row[];
    },

    /** Sets `values` on the account's row `id` and answers the row (404 when it is not there). */
    async update(accountId: number, id: number, values: Partial<T['$inferInsert']>): Promise<Row> {
      await find(accountId, id);
      const [row] = await db
        .update(table as PgTable)
        .set(values as never)
        .where(and(ownedBy(table, accountId), eq(table.id, id)))
        .returning();
      if (!row) throw notFound(what);
      return row as Row;
    },

    /** Deletes the account's row `id` (404 when it is not there). */
    async remove(accountId: number, id: number): Promise<void> {
      await find(accountId, id);
      await db.delete(table as PgTable).where(and(ownedBy(table, accountId), eq(table.id, id)));
    },
  };
}
