import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { outboxEvents } from './events.ts';
import { funnelApps } from './funnel-apps.ts';

/**
 * An integration the account has connected (its "user integration"): one per catalogue integration.
 * Secrets (signing secrets, API keys, OAuth tokens) are one AES-256-GCM ciphertext bound to the
 * account and integration (`modules/integrations/integrations.secrets.ts`); never returned or logged.
 */
export const userIntegrations = pgTable(
  'user_integrations',
  {
    id: id(),
    accountId: accountId(),
    /** The catalogue id (`INTEGRATIONS` in packages/domain/src/integrations/catalogue.ts). */
    integrationId: smallint('integration_id').notNull(),
    /** The active/inactive switch. */
    active: boolean('active').notNull().default(true),
    /** What the merchant entered that is not secret (the webhook's URL and events …). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** custom-connect: the service's API address used instead of its public one. */
    apiBase: text('api_base'),
    secretsSealed: text('secrets_sealed'),
    /** The names of the sealed secrets, so the screen can say what is held. */
    secretNames: jsonb('secret_names').$type<string[]>().notNull().default([]),
    /** Null once disconnected (the row stays for its delivery log). */
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_integrations_account_integration_idx').on(t.accountId, t.integrationId),
    check('user_integrations_integration_id_check', sql`${t.integrationId} between 1 and 99`),
  ],
);

/**
 * One event sent (or to be sent) to one webhook connection: unique per (connection, event), so an
 * event handed over twice by the outbox is delivered once. A resend is a new attempt of the same row.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    accountId: accountId(),
    /**
     * The connection it goes through. Null only for a funnel app's delivery made while its integration
     * was not connected: it fails saying so, and a Resend after connecting finds the connection then.
     */
    userIntegrationId: bigint('user_integration_id', { mode: 'number' }).references(
      () => userIntegrations.id,
      { onDelete: 'cascade' },
    ),
    /**
     * Set when a funnel's app made the delivery (a funnel webhook, a spreadsheet row, a subscriber):
     * the same rows, attempts, backoff and log carry it; `body` is then the app's input.
     */
    funnelAppId: bigint('funnel_app_id', { mode: 'number' }).references(() => funnelApps.id, {
      onDelete: 'cascade',
    }),
    /** The outbox event; null for a test event sent from the screen. */
    outboxEventId: bigint('outbox_event_id', { mode: 'number' }).references(() => outboxEvents.id, {
      onDelete: 'set null',
    }),
    /** `Funnelwork-Event-Id` ('evt_…'): receivers dedupe on it. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body, fixed at creation so every attempt sends the same bytes. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .$type<'pending' | 'delivered' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /** When the next attempt is due (pending), null otherwise. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** An attempt in flight holds the row until then (so duplicate jobs never send twice at once). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Retries stop after this (24 h after the first attempt, or after a resend). */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_connection_event_idx')
      .on(t.userIntegrationId, t.outboxEventId)
      .where(sql`${t.funnelAppId} is null`),
    uniqueIndex('webhook_deliveries_funnel_app_event_idx')
      .on(t.funnelAppId, t.outboxEventId)
      .where(sql`${t.funnelAppId} is not null`),
    index('webhook_deliveries_account_connection_idx').on(t.accountId, t.userIntegrationId, t.id),
    // A funnel app's delivery log (its screen).
    index('webhook_deliveries_account_funnel_app_idx')
      .on(t.accountId, t.funnelAppId, t.id)
      .where(sql`${t.funnelAppId} is not null`),
    check(
      'webhook_deliveries_connection_check',
      sql`${t.userIntegrationId} is not null or ${t.funnelAppId} is not null`,
    ),
    index('webhook_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
