import {
  APPS,
  type AppInfo,
  appBySlugOrId,
  FUNNEL_WEBHOOK_APP_ID,
  MAILCHIMP_SUBSCRIBERS_APP_ID,
  SHEETS_ROWS_APP_ID,
  TRACKING_PIXELS_APP_ID,
} from '@funnelwork/domain/apps/catalogue';
import type { AppAnswer } from '@funnelwork/domain/apps/contracts';
import { GOOGLE_SHEETS_INTEGRATION_ID, integrationById } from '@funnelwork/domain/integrations/catalogue';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { funnelApps, userApps, userIntegrations } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { WebhookDeliveries } from '../integrations/webhook/webhook.deliveries.ts';
import { pixelMarkup } from './apps.pixels.ts';

/** What `apps/{id}/call-method` runs for one funnel's saved settings of the app. */
type AppMethod = {
  description: string;
  run(context: {
    accountId: number;
    settings: Record<string, unknown>;
    funnelAppId: number;
  }): Promise<unknown>;
};

/**
 * The app catalogue with each account's state of it (`apps`, `apps/{id}`, `app-howtos/{id}`), the
 * account's switch (`user-apps/{id}`) and the apps' methods (`apps/{id}/call-method`). An app that sends
 * data out acts through its integration's account connection and adapter methods.
 */
export function createAppsService({
  db,
  integrations,
  deliveries,
}: {
  db: Db;
  integrations: IntegrationsService;
  deliveries: WebhookDeliveries;
}) {
  /** The account's connection of the app's integration, or 422 saying to connect it. */
  async function connectionFor(accountId: number, app: AppInfo) {
    if (app.integrationId === null) throw new Error(`${app.name} uses no integration`);
    const [row] = await db
      .select()
      .from(userIntegrations)
      .where(
        and(
          ownedBy(userIntegrations, accountId),
          eq(userIntegrations.integrationId, app.integrationId),
          isNotNull(userIntegrations.connectedAt),
        ),
      );
    if (!row) {
      const name = integrationById(app.integrationId)?.name ?? 'the integration';
      throw new HttpError(422, `Connect ${name} first`, 'integration_error');
    }
    return row;
  }

  const methods: Record<number, Record<string, AppMethod>> = {
    [TRACKING_PIXELS_APP_ID]: {
      preview: {
        description: "The markup the funnel's published pages carry in their head.",
        run: async ({ settings }) => ({ head: pixelMarkup(settings) }),
      },
    },
    [SHEETS_ROWS_APP_ID]: {
      'list-sheets': {
        description: 'Lists the sheets (tabs) of the saved spreadsheet.',
        run: async ({ accountId, settings }) => {
          const connection = await connectionFor(accountId, appOf(String(SHEETS_ROWS_APP_ID)));
          return integrations.callMethod(accountId, connection.id, 'list-sheets', {
            spreadsheet_id: settings.spreadsheet_id,
          });
        },
      },
      'append-test-row': {
        description: 'Adds a test row to the saved sheet.',
        run: async ({ accountId, settings }) => {
          const connection = await connectionFor(accountId, appOf(String(SHEETS_ROWS_APP_ID)));
          return integrations.callMethod(accountId, connection.id, 'append-row', {
            spreadsheet_id: settings.spreadsheet_id,
            sheet: settings.sheet,
            values: [new Date().toISOString(), 'Test row from Funnelwork'],
          });
        },
      },
    },
    [MAILCHIMP_SUBSCRIBERS_APP_ID]: {
      'list-audiences': {
        description: 'Lists the audiences of the connected Mailchimp account.',
        run: async ({ accountId }) => {
          const connection = await connectionFor(accountId, appOf(String(MAILCHIMP_SUBSCRIBERS_APP_ID)));
          return integrations.callMethod(accountId, connection.id, 'list-audiences', {});
        },
      },
    },
    [FUNNEL_WEBHOOK_APP_ID]: {
      'send-test': {
        description: 'Sends a signed ping event to the saved URL now and answers the delivery.',
        run: async ({ accountId, funnelAppId }) => {
          const connection = await connectionFor(accountId, appOf(String(FUNNEL_WEBHOOK_APP_ID)));
          const row = await deliveries.sendTest(accountId, connection.id, funnelAppId);
          const after = await deliveries.attempt(row.id);
          return deliveries.answer(after ?? row);
        },
      },
    },
  };

  function appOf(key: string): AppInfo {
    const app = appBySlugOrId(key);
    if (!app) throw notFound('App');
    return app;
  }

  async function answers(accountId: number): Promise<AppAnswer[]> {
    const connections = await db.select().from(userIntegrations).where(ownedBy(userIntegrations, accountId));
    const switches = await db.select().from(userApps).where(ownedBy(userApps, accountId));
    const counts = await db
      .select({ appId: funnelApps.appId, n: count() })
      .from(funnelApps)
      .where(and(ownedBy(funnelApps, accountId), eq(funnelApps.active, true)))
      .groupBy(funnelApps.appId);
    return APPS.map((app) => {
      const connection = connections.find((c) => c.integrationId === app.integrationId);
      return {
        id: app.id,
        slug: app.slug,
        name: app.name,
        kind: app.kind,
        description: app.description,
        integration_id: app.integrationId,
        integration_name:
          app.integrationId === null ? null : (integrationById(app.integrationId)?.name ?? null),
        integration_ready:
          app.integrationId === null || (connection?.connectedAt != null && connection.active === true),
        integration_connected: app.integrationId === null || connection?.connectedAt != null,
        oauth: app.integrationId === GOOGLE_SHEETS_INTEGRATION_ID,
        active: switches.find((s) => s.appId === app.id)?.active ?? true,
        funnels: Number(counts.find((c) => c.appId === app.id)?.n ?? 0),
        settings_schema: z.toJSONSchema(app.settings, { io: 'input', unrepresentable: 'any' }) as Record<
          string,
          unknown
        >,
        methods: Object.entries(methods[app.id] ?? {}).map(([name, method]) => ({
          name,
          description: method.description,
        })),
      };
    });
  }

  return {
    appOf,
    catalogue: answers,

    async get(accountId: number, key: string): Promise<AppAnswer> {
      const app = appOf(key);
      return (await answers(accountId)).find((a) => a.id === app.id) as AppAnswer;
    },

    howto(key: string) {
      const app = appOf(key);
      return { id: app.id, app_id: app.id, title: app.howto.title, steps: [...app.howto.steps] };
    },

    async setActive(accountId: number, key: string, active: boolean) {
      const app = appOf(key);
      await db
        .insert(userApps)
        .values({ accountId, appId: app.id, active })
        .onConflictDoUpdate({
          target: [userApps.accountId, userApps.appId],
          set: { active, updatedAt: new Date() },
        });
      return { app_id: app.id, active };
    },

    /** Runs `method` of the app for the funnel's saved settings of it. */
    async callMethod(accountId: number, key: string, method: string, funnelId: number) {
      const app = appOf(key);
      const own = methods[app.id] ?? {};
      const found = Object.hasOwn(own, method) ? own[method] : undefined;
      if (!found) throw notFound('Method');
      await findFunnel(db, accountId, funnelId);
      const [row] = await db
        .select()
        .from(funnelApps)
        .where(
          and(
            ownedBy(funnelApps, accountId),
            eq(funnelApps.funnelId, funnelId),
            eq(funnelApps.appId, app.id),
          ),
        );
      if (!row)
        throw new HttpError(422, `Save the settings of ${app.name} for this funnel first`, 'app_not_set_up');
      return found.run({ accountId, settings: row.settings, funnelAppId: row.id });
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
