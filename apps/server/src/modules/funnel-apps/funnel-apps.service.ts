import type { FunnelApp } from '@funnelwork/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/query-helpers.ts';
import { funnelApps } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { funnelScopedQueries } from '../funnels/funnel-scoped.ts';
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
  const scoped = funnelScopedQueries(db, funnelApps, 'Funnel app');

  return {
    async list(accountId: number, filter: { funnelId?: number; appId?: number }) {
      const rows = await scoped.list(
        accountId,
        filter.funnelId,
        [asc(funnelApps.funnelId), asc(funnelApps.id)],
        filter.appId !== undefined ? eq(funnelApps.appId, filter.appId) : undefined,
      );
      return rows.map(appOut);
    },

    get: async (accountId: number, id: number) => appOut(await scoped.find(accountId, id)),

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
      const row = await scoped.update(accountId, id, {
        ...(input.settings !== undefined && { settings: input.settings }),
        ...(input.active !== undefined && { active: input.active }),
        updatedAt: new Date(),
      });
      return appOut(row);
    },

    remove: (accountId: number, id: number) => scoped.remove(accountId, id),
  };
}

export type FunnelAppsService = ReturnType<typeof createFunnelAppsService>;
