import type { FunnelApp } from '@funnelwork/domain';
import { appById, checkAppSettings } from '@funnelwork/domain/apps/catalogue';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/query-helpers.ts';
import { funnelApps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { funnelScopedQueries } from '../funnels/funnel-scoped.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';
import type { TargetCheck } from '../hooks/hooks.targets.ts';

type Deps = {
  db: Db;
  /** Why a merchant-given URL may not be called (the outbound guard: private addresses), or null. */
  checkUrl: TargetCheck;
};
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

/**
 * The settings checked against the app's schema (parsed), and a webhook's URL against the outbound guard
 * (as REST hooks are at subscribe), or 400 naming the field.
 */
async function checkedSettings(
  appId: number,
  settings: Record<string, unknown>,
  checkUrl: TargetCheck,
): Promise<Record<string, unknown>> {
  const app = appById(appId);
  if (!app) throw new HttpError(400, 'app_id: no such app', 'validation_error', 'app_id');
  const checked = checkAppSettings(app, settings);
  if (!checked.ok)
    throw new HttpError(400, `${checked.field}: ${checked.message}`, 'validation_error', checked.field);
  const url = checked.settings.url;
  if (app.kind === 'webhook' && typeof url === 'string') {
    const problem = await checkUrl(url);
    if (problem) throw new HttpError(400, `settings.url ${problem}`, 'validation_error', 'settings.url');
  }
  return checked.settings;
}

/** Apps connected to a funnel (the catalogue's apps), each with its checked settings and an active switch. */
export function createFunnelAppsService({ db, checkUrl }: Deps) {
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
      const [existing] = await db
        .select({ id: funnelApps.id })
        .from(funnelApps)
        .where(
          and(
            eq(funnelApps.accountId, accountId),
            eq(funnelApps.funnelId, funnelId),
            eq(funnelApps.appId, input.app_id),
          ),
        );
      const settings =
        input.settings !== undefined || !existing
          ? await checkedSettings(input.app_id, input.settings ?? {}, checkUrl)
          : undefined;
      const now = new Date();
      const [row] = await db
        .insert(funnelApps)
        .values({
          accountId,
          funnelId,
          appId: input.app_id,
          settings: settings ?? {},
          active: input.active ?? true,
        })
        .onConflictDoUpdate({
          target: [funnelApps.funnelId, funnelApps.appId],
          set: {
            ...(settings !== undefined && { settings }),
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
      const settings =
        input.settings !== undefined
          ? await checkedSettings((await scoped.find(accountId, id)).appId, input.settings, checkUrl)
          : undefined;
      const row = await scoped.update(accountId, id, {
        ...(settings !== undefined && { settings }),
        ...(input.active !== undefined && { active: input.active }),
        updatedAt: new Date(),
      });
      return appOut(row);
    },

    remove: (accountId: number, id: number) => scoped.remove(accountId, id),
  };
}

export type FunnelAppsService = ReturnType<typeof createFunnelAppsService>;
