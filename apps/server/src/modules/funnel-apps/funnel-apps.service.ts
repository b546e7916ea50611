import type { FunnelApp } from '@funnelwork/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { funnelApps } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';

type Deps = { db: Db };
type Row = typeof funnelApps.$inferSelect;

function appOut(row: Row): FunnelApp {
  return {
    id: row.id,
    funnel_id: row.funnelId,
    app_id: row.appId,
    settings: row.settings,
    active: row.active,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Apps connected to a funnel, each with its settings and an active switch. */
export function createFunnelAppsService({ db }: Deps) {
  async function find(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(funnelApps)
      .where(and(ownedBy(funnelApps, accountId), eq(funnelApps.id, id)));
    if (!row) throw notFound('Funnel app');
    return row;
  }

  return {
    async list(accountId: number, filter: { funnelId?: number; appId?: number }) {
      if (filter.funnelId !== undefined) await findFunnel(db, accountId, filter.funnelId);
      const rows = await db
        .select()
        .from(funnelApps)
        .where(
          and(
            ownedBy(funnelApps, accountId),
            filter.funnelId !== undefined ? eq(funnelApps.funnelId, filter.funnelId) : undefined,
            filter.appId !== undefined ? eq(funnelApps.appId, filter.appId) : undefined,
          ),
        )
        .orderBy(asc(funnelApps.funnelId), asc(funnelApps.id));
      return rows.map(appOut);
    },

    get: async (accountId: number, id: number) => appOut(await find(accountId, id)),

    /** PATCH funnels/{id}/apps: connects the app to the funnel, or changes its settings and switch. */
    async upsert(
      accountId: number,
      funnelId: number,
      input: { app_id: number; settings?: Record<string, unknown>; active?: boolean },
    ) {
      await findFunnel(db, accountId, funnelId);
      const now = new Date();
      const [row] = await db
        .insert(funnelApps)
        .values({
          accountId,
          funnelId,
          appId: input.app_id,
          settings: input.settings ?? {},
          active: input.active ?? true,
        })
        .onConflictDoUpdate({
          target: [funnelApps.funnelId, funnelApps.appId],
          set: {
            ...(input.settings !== undefined && { settings: input.settings }),
            ...(input.active !== undefined && { active: input.active }),
            updatedAt: now,
          },
          setWhere: eq(funnelApps.accountId, accountId),
        })
        .returning();
      if (!row) throw notFound('Funnel app');
      return appOut(row);
    },

    async patch(
      accountId: number,
      id: number,
      input: { settings?: Record<string, unknown>; active?: boolean },
    ) {
      await find(accountId, id);
      const [row] = await db
        .update(funnelApps)
        .set({
          ...(input.settings !== undefined && { settings: input.settings }),
          ...(input.active !== undefined && { active: input.active }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(funnelApps, accountId), eq(funnelApps.id, id)))
        .returning();
      if (!row) throw notFound('Funnel app');
      return appOut(row);
    },

    async remove(accountId: number, id: number) {
      await find(accountId, id);
      await db.delete(funnelApps).where(and(ownedBy(funnelApps, accountId), eq(funnelApps.id, id)));
    },
  };
}

export type FunnelAppsService = ReturnType<typeof createFunnelAppsService>;
