import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A payment gateway the account has set up (its "user gateway"): one per gateway of the catalogue.
 * Credentials are AES-256-GCM ciphertext bound to the account and gateway (see
 * `gateways/credentials.ts`); only a masked hint of each field is kept in clear.
 */
export const userGateways = pgTable(
  'user_gateways',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The catalogue id (orders spec §3: 1 Stripe … 18 PayPal Card Payments). */
    gatewayId: smallint('gateway_id').notNull(),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['live', 'test'] })
      .$type<'live' | 'test'>()
      .notNull()
      .default('live'),
    active: boolean('active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    /** Settings that are not secret (statement descriptor, cash-on-delivery instructions …). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    credentialsCiphertext: text('credentials_ciphertext'),
    /** Per credential field, its masked form ('••••4242'); never the value. */
    credentialsHint: jsonb('credentials_hint').$type<Record<string, string>>().notNull().default({}),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_gateways_account_gateway_idx').on(t.accountId, t.gatewayId),
    index('user_gateways_account_default_idx').on(t.accountId).where(sql`${t.isDefault}`),
    check('user_gateways_gateway_id_check', sql`${t.gatewayId} between 1 and 18`),
  ],
);
