import {
  appById,
  FUNNEL_WEBHOOK_APP_ID,
  MAILCHIMP_SUBSCRIBERS_APP_ID,
  SHEETS_ROWS_APP_ID,
} from '@funnelwork/domain/apps/catalogue';
import { integrationById } from '@funnelwork/domain/integrations/catalogue';
import { fromMinorUnits } from '@funnelwork/domain/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { customers, funnelApps, orders, userApps, userIntegrations } from '../../db/schema/index.ts';
import type { OutboxEvent } from '../../events/outbox.ts';
import type { IntegrationRegistry } from '../integrations/integrations.adapter.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { FunnelAppDeliveries } from '../integrations/webhook/webhook.deliveries.ts';

/** What a funnel app's delivery records when its integration is not connected. */
export const notConnectedMessage = (integrationName: string) =>
  `${integrationName} is not connected: connect it, then Resend`;

const SENDING_APPS = [SHEETS_ROWS_APP_ID, MAILCHIMP_SUBSCRIBERS_APP_ID, FUNNEL_WEBHOOK_APP_ID];
/** The adapter method each app's delivery runs with the stored body as its input. */
const METHOD_OF: Record<number, string> = {
  [SHEETS_ROWS_APP_ID]: 'append-row',
  [MAILCHIMP_SUBSCRIBERS_APP_ID]: 'add-subscriber',
};

/**
 * What funnel apps deliver of an event of their funnel, through the webhook deliveries' rows, job,
 * backoff and log (no second engine): a funnel webhook posts the signed event to its own URL; the
 * spreadsheet app appends a row per paid order; the e-mail-marketing app adds the opt-in or buyer to an
 * audience with tags. Each acts through its integration's account connection and adapter, and only
 * while that connection, the funnel app and the account's switch of the app are on. An app whose
 * integration is not connected still gets its deliveries, which fail saying so (visible in its log,
 * sent again by Resend once connected); a switched-off integration gets none, as the account webhook.
 */
export function createAppDeliveries({
  db,
  integrations,
  registry,
}: {
  db: Db;
  integrations: IntegrationsService;
  registry: IntegrationRegistry;
}): FunnelAppDeliveries {
  async function buyerOf(accountId: number, orderId: number) {
    const [order] = await db
      .select({
        number: orders.orderNumber,
        email: orders.email,
        firstName: orders.firstName,
        lastName: orders.lastName,
        customerEmail: customers.email,
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(and(ownedBy(orders, accountId), eq(orders.id, orderId)));
    return order;
  }

  return {
    async deliveriesOf(event: OutboxEvent) {
      if (
        event.type !== 'order.paid' &&
        event.type !== 'order.payment_failed' &&
        event.type !== 'optin.created'
      ) {
        return [];
      }
      const { accountId, funnelId } = event.payload;
      if (funnelId === null) return [];
      const rows = await db
        .select({ app: funnelApps, switched: userApps.active })
        .from(funnelApps)
        .leftJoin(
          userApps,
          and(eq(userApps.accountId, funnelApps.accountId), eq(userApps.appId, funnelApps.appId)),
        )
        .where(
          and(
            ownedBy(funnelApps, accountId),
            eq(funnelApps.funnelId, funnelId),
            eq(funnelApps.active, true),
            inArray(funnelApps.appId, SENDING_APPS),
          ),
        );
      const on = rows.filter((row) => row.switched !== false).map((row) => row.app);
      if (on.length === 0) return [];
      const connections = await db
        .select()
        .from(userIntegrations)
        .where(ownedBy(userIntegrations, accountId));
      const made: Array<{ userIntegrationId: number | null; funnelAppId: number; body?: string }> = [];
      for (const funnelApp of on) {
        const app = appById(funnelApp.appId);
        if (!app) continue;
        const connection = connections.find((c) => c.integrationId === app.integrationId);
        const connected = connection !== undefined && connection.connectedAt !== null;
        // Switched off by the merchant: nothing is sent, as for the account's webhook.
        if (connected && !connection.active) continue;
        // Not connected: the delivery is made anyway and fails saying so (connectionOf).
        const settings = funnelApp.settings;
        const events = (settings.events ?? []) as string[];
        const base = { userIntegrationId: connected ? connection.id : null, funnelAppId: funnelApp.id };
        if (app.id === FUNNEL_WEBHOOK_APP_ID && events.includes(event.type)) made.push(base);
        if (app.id === SHEETS_ROWS_APP_ID && event.type === 'order.paid') {
          const paid = event.payload;
          const buyer = await buyerOf(accountId, paid.orderId);
          made.push({
            ...base,
            body: JSON.stringify({
              spreadsheet_id: settings.spreadsheet_id,
              sheet: settings.sheet,
              values: [
                event.createdAt.toISOString(),
                buyer?.number ?? String(paid.orderId),
                buyer?.email || buyer?.customerEmail || '',
                [buyer?.firstName, buyer?.lastName].filter(Boolean).join(' '),
                fromMinorUnits(paid.amountMinor),
                paid.currency,
              ],
            }),
          });
        }
        if (app.id === MAILCHIMP_SUBSCRIBERS_APP_ID && events.includes(event.type)) {
          let email = '';
          let names = { first: '', last: '' };
          if (event.type === 'optin.created') email = event.payload.email;
          else if (event.type === 'order.paid') {
            const buyer = await buyerOf(accountId, event.payload.orderId);
            email = buyer?.email || buyer?.customerEmail || '';
            names = { first: buyer?.firstName ?? '', last: buyer?.lastName ?? '' };
          }
          if (!email) continue;
          made.push({
            ...base,
            body: JSON.stringify({
              list_id: settings.list_id,
              email,
              ...(names.first && { first_name: names.first }),
              ...(names.last && { last_name: names.last }),
              tags: settings.tags ?? [],
            }),
          });
        }
      }
      return made;
    },

    async connectionOf(row) {
      const [funnelApp] = await db
        .select({ appId: funnelApps.appId })
        .from(funnelApps)
        .where(and(ownedBy(funnelApps, row.accountId), eq(funnelApps.id, row.funnelAppId ?? 0)));
      const integrationId = funnelApp ? appById(funnelApp.appId)?.integrationId : undefined;
      if (!integrationId) return { refused: 'The funnel app was removed' };
      const name = integrationById(integrationId)?.name ?? 'The integration';
      const [connection] = await db
        .select()
        .from(userIntegrations)
        .where(
          and(ownedBy(userIntegrations, row.accountId), eq(userIntegrations.integrationId, integrationId)),
        );
      if (!connection || connection.connectedAt === null || !connection.secretsSealed) {
        return { refused: notConnectedMessage(name) };
      }
      if (!connection.active) return { refused: `${name} is switched off` };
      return { connection };
    },

    async attempt(row, connection, post) {
      const [funnelApp] = await db
        .select()
        .from(funnelApps)
        .where(and(ownedBy(funnelApps, row.accountId), eq(funnelApps.id, row.funnelAppId ?? 0)));
      if (!funnelApp) throw new Error('The funnel app was removed');
      if (funnelApp.appId === FUNNEL_WEBHOOK_APP_ID) return post(String(funnelApp.settings.url ?? ''));
      const adapter = registry.get(connection.integrationId);
      const name = METHOD_OF[funnelApp.appId];
      const method =
        adapter && name && Object.hasOwn(adapter.methods, name) ? adapter.methods[name] : undefined;
      if (!method) throw new Error('The app has nothing to deliver');
      const input = method.input.parse(JSON.parse(row.body));
      const result = await method.run(
        integrations.connectionOf(connection),
        input,
        integrations.contextFor(row.accountId, connection),
      );
      return { status: 200, excerpt: JSON.stringify(result ?? null) };
    },
  };
}
