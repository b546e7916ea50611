import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** The owning account of a merchant-owned row; deleting the account deletes the row. */
export const accountId = () =>
  bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    onboardingFinished: boolean('onboarding_finished').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    apiKeyHash: text('api_key_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    name: text('name').notNull(),
    subdomain: text('subdomain'),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    planKey: text('plan_key').notNull().default('14-trial'),
    planExpiryDate: timestamp('plan_expiry_date', { withTimezone: true }),
    rateLimit: text('rate_limit'),
    defaultCurrencyCode: text('default_currency_code').notNull().default('USD'),
    features: jsonb('features').$type<string[]>().notNull().default(['funnels']),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_subdomain_idx').on(sql`lower(${t.subdomain})`)],
);

/** A user's membership of an account: the spec's member_account, with its permission flags. */
export const members = pgTable(
  'members',
  {
    id: id(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_account_user_idx').on(t.accountId, t.userId),
    index('members_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Attempts counted for rate limiting (plugins/throttle.ts), shared by every server process: failed
 * sign-ins, password-reset requests and code tries, sign-ups, wrong current passwords. `scope` names
 * the kind, `subject` whom it is about (an e-mail, a user id; '' for none), `address` the client's.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: id(),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('throttle_events_subject_idx').on(t.scope, t.subject, t.createdAt),
    index('throttle_events_address_idx').on(t.scope, t.address, t.createdAt),
  ],
);

/**
 * API requests of one minute (`minute`: minutes since the epoch) per account: `bucket` is '*' for the
 * account's total, else the member (`m:<id>`) or API key (`k:<id>`) that made them (plugins/api-rate.ts).
 */
export const apiRequestCounts = pgTable(
  'api_request_counts',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    bucket: text('bucket').notNull(),
    minute: integer('minute').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.bucket, t.minute] }),
    index('api_request_counts_minute_idx').on(t.minute),
  ],
);

/**
 * Rate limits shared by every server process (plugins/shared-rate.ts): per limited thing (`k:<key id>`
 * for an API key), its theoretical arrival time in unix milliseconds (the generic cell rate algorithm).
 */
export const rateLimitCells = pgTable(
  'rate_limit_cells',
  {
    name: text('name').primaryKey(),
    tat: bigint('tat', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_cells_tat_idx').on(t.tat)],
);
