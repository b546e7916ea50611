import type { ApiScope, HookEvent } from '@funnelwork/domain/rules';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { outboxEvents } from './events.ts';

/**
 * A developer app of an account: a name and the scopes its API keys may use. The keys act as the member
 * who created the app (an order note made with a key is theirs).
 */
export const developerApps = pgTable(
  'developer_apps',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('developer_apps_account_idx').on(t.accountId)],
);

/** An API key of an app: only its SHA-256 is stored, with its first characters to tell keys apart. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: accountId(),
    appId: bigint('app_id', { mode: 'number' })
      .notNull()
      .references(() => developerApps.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_app_idx').on(t.appId)],
);

/**
 * A REST-hook subscription: every event of its type in the account is POSTed to its URL, signed with its
 * own secret (sealed with AES-GCM at rest). Made with a key, it belongs to the key's app and goes with it.
 */
export const hookSubscriptions = pgTable(
  'hook_subscriptions',
  {
    id: id(),
    accountId: accountId(),
    appId: bigint('app_id', { mode: 'number' }).references(() => developerApps.id, { onDelete: 'cascade' }),
    event: text('event').$type<HookEvent>().notNull(),
    targetUrl: text('target_url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hook_subscriptions_account_event_idx').on(t.accountId, t.event)],
);

/**
 * One event delivered to one subscription: claimed once, so a re-dispatched event or a retried job
 * never delivers twice after a success. `status` is 'pending', 'delivered' or 'failed'.
 */
export const hookDeliveries = pgTable(
  'hook_deliveries',
  {
    id: id(),
    accountId: accountId(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => hookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hook_deliveries_subscription_event_idx').on(t.subscriptionId, t.eventId),
    index('hook_deliveries_account_idx').on(t.accountId),
    index('hook_deliveries_event_idx').on(t.eventId),
  ],
);
