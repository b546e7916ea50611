import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * The transactional outbox of the server's events (what automations and receipts act on): each row is
 * written in the same transaction as the change it tells of, once per (account, type, key), so a
 * double-submitted checkout records one purchase. The dispatcher hands undispatched rows to the
 * durable consumers and marks them; a row claimed by a process that died is taken over after its
 * claim expires.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountId(),
    type: text('type').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_events_key_idx').on(t.accountId, t.type, t.key),
    index('outbox_events_pending_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);
