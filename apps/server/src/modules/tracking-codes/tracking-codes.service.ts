import type { TrackingCode } from '@funnelwork/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { trackingCodes } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { funnelScopedQueries } from '../funnels/funnel-scoped.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';

type Deps = { db: Db };
type Row = typeof trackingCodes.$inferSelect;

function codeOut(row: Row): TrackingCode {
  return {
    id: row.id,
    funnel_id: row.funnelId,
    name: row.name,
    code: row.code,
    position: row.position,
    order_index: row.orderIndex,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Scripts in the head or body of published pages: per funnel, or for all funnels (funnel_id null). */
export function createTrackingCodesService({ db }: Deps) {
  const scoped = funnelScopedQueries(db, trackingCodes, 'Tracking code');

  return {
    async list(accountId: number, funnelId?: number) {
      const rows = await scoped.list(accountId, funnelId, [
        asc(trackingCodes.orderIndex),
        asc(trackingCodes.id),
      ]);
      return rows.map(codeOut);
    },

    get: async (accountId: number, id: number) => codeOut(await scoped.find(accountId, id)),

    /** A new code comes last among the codes of its funnel (or of the account-wide ones). */
    async create(
      accountId: number,
      input: { name: string; code: string; position: 'head' | 'body'; funnel_id?: number | null },
    ) {
      const funnelId = input.funnel_id ?? null;
      if (funnelId !== null) await findFunnel(db, accountId, funnelId);
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql`count(*)`.mapWith(Number) })
        .from(trackingCodes)
        .where(
          and(
            ownedBy(trackingCodes, accountId),
            funnelId === null ? isNull(trackingCodes.funnelId) : eq(trackingCodes.funnelId, funnelId),
          ),
        );
      const [row] = await db
        .insert(trackingCodes)
        .values({
          accountId,
          funnelId,
          name: input.name,
          code: input.code,
          position: input.position,
          orderIndex: count + 1,
        })
        .returning();
      if (!row) throw new Error('tracking code not created');
      return codeOut(row);
    },

    async patch(
      accountId: number,
      id: number,
      input: { name?: string; code?: string; position?: 'head' | 'body'; order_index?: number },
    ) {
      const row = await scoped.update(accountId, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.code !== undefined && { code: input.code }),
        ...(input.position !== undefined && { position: input.position }),
        ...(input.order_index !== undefined && { orderIndex: input.order_index }),
        updatedAt: new Date(),
      });
      return codeOut(row);
    },

    remove: (accountId: number, id: number) => scoped.remove(accountId, id),

    /** update-index: new order_index values for several codes at once; all of them or none. */
    async updateIndex(accountId: number, list: Array<{ id: number; order_index: number }>) {
      const ids = [...new Set(list.map((item) => item.id))];
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: trackingCodes.id })
          .from(trackingCodes)
          .where(and(ownedBy(trackingCodes, accountId), inArray(trackingCodes.id, ids)));
        if (found.length !== ids.length) throw notFound('Tracking code');
        for (const item of list) {
          await tx
            .update(trackingCodes)
            .set({ orderIndex: item.order_index, updatedAt: new Date() })
            .where(and(ownedBy(trackingCodes, accountId), eq(trackingCodes.id, item.id)));
        }
        const rows = await tx
          .select()
          .from(trackingCodes)
          .where(and(ownedBy(trackingCodes, accountId), inArray(trackingCodes.id, ids)))
          .orderBy(asc(trackingCodes.orderIndex), asc(trackingCodes.id));
        return rows.map(codeOut);
      });
    },
  };
}

export type TrackingCodesService = ReturnType<typeof createTrackingCodesService>;
