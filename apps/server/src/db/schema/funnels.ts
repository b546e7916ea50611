import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { domains } from './domains.ts';

export const funnelFolders = pgTable(
  'funnel_folders',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('funnel_folders_account_idx').on(t.accountId, t.name)],
);

/**
 * A funnel: classic (funnel_type 0) or the second kind (1). Geo-funnels are funnels with
 * is_sub_funnel set that share the main funnel's funnel_group_id (the main funnel's own id).
 * Deleting is soft (deleted_at); the "archive" lists deleted funnels, which can be restored.
 */
export const funnels = pgTable(
  'funnels',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    funnelType: smallint('funnel_type').notNull().default(0),
    funnelGroupId: bigint('funnel_group_id', { mode: 'number' }).references((): AnyPgColumn => funnels.id, {
      onDelete: 'set null',
    }),
    pinned: boolean('pinned').notNull().default(false),
    currencyCode: text('currency_code'),
    shareCode: text('share_code'),
    path: text('path').notNull(),
    domainId: bigint('domain_id', { mode: 'number' }).references(() => domains.id, { onDelete: 'set null' }),
    abGeo: text('ab_geo').array().notNull().default(sql`'{}'::text[]`),
    isSubFunnel: boolean('is_sub_funnel').notNull().default(false),
    folderId: bigint('folder_id', { mode: 'number' }).references(() => funnelFolders.id, {
      onDelete: 'set null',
    }),
    /** Live for shoppers since then; null while unpublished (a sub-funnel follows its main funnel). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('funnels_account_updated_idx').on(t.accountId, t.updatedAt),
    index('funnels_account_folder_idx').on(t.accountId, t.folderId),
    index('funnels_account_group_idx').on(t.accountId, t.funnelGroupId),
    index('funnels_account_domain_idx').on(t.accountId, t.domainId),
    // The published address is /{path}/{step url}: one live main funnel per path in an account.
    uniqueIndex('funnels_account_path_idx')
      .on(t.accountId, sql`lower(${t.path})`)
      .where(sql`${t.deletedAt} is null and ${t.isSubFunnel} = false`),
    check('funnels_funnel_type_check', sql`${t.funnelType} in (0, 1)`),
  ],
);

/**
 * Per funnel and day: revenue (minor units, the funnel's currency), orders and unique visits.
 * The orders and tracking modules keep it in step; the funnel list reads its stats from here.
 */
export const funnelDailyStats = pgTable(
  'funnel_daily_stats',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' })
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    uniqueIndex('funnel_daily_stats_funnel_day_idx').on(t.funnelId, t.day),
    index('funnel_daily_stats_account_day_idx').on(t.accountId, t.day),
  ],
);

/**
 * Each visitor once per funnel and UTC day. The analytics rollup job adds a batch's page views here and
 * the ones new to their day to `funnel_daily_stats.visits`, in the batch's transaction (so each view
 * counts once whatever the job's restarts); the funnel stats add the views past its watermark.
 */
export const funnelDayVisitors = pgTable(
  'funnel_day_visitors',
  {
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' })
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.funnelId, t.day, t.visitorId] })],
);
