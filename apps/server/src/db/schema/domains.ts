import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export type DomainStatus = 'pending' | 'verified' | 'failed';

/**
 * A merchant's own domain for published funnels. It is proven by a DNS TXT record
 * `funnelwork-verify=<verification_token>` at `_funnelwork.<name>`; until then anyone may claim the
 * name, and the first account to verify it owns it (the partial unique index).
 */
export const domains = pgTable(
  'domains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    verificationToken: text('verification_token').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'failed'] })
      .$type<DomainStatus>()
      .notNull()
      .default('pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('domains_account_name_idx').on(t.accountId, sql`lower(${t.name})`),
    uniqueIndex('domains_verified_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.verifiedAt} is not null`),
    index('domains_name_idx').on(sql`lower(${t.name})`),
  ],
);
