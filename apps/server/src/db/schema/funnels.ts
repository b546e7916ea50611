import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts.ts';
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

/** A step of a funnel: 1 Checkout, 2 Upsell, 3 Thank you page, 4 Downsell, 5 Landing page, 6 Other. */
export const steps = pgTable(
  'steps',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' })
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    url2: text('url2'),
    stepType: smallint('step_type').notNull(),
    ob: boolean('ob').notNull().default(false),
    orderIndex: integer('order_index').notNull().default(1),
    thumbnailHash: text('thumbnail_hash'),
    abType: text('ab_type'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('steps_account_funnel_idx').on(t.accountId, t.funnelId, t.orderIndex),
    // "a server status of 409 marks the path as taken": one live step per URL in a funnel.
    uniqueIndex('steps_funnel_url_idx')
      .on(t.funnelId, sql`lower(${t.url})`)
      .where(sql`${t.deletedAt} is null`),
    check('steps_step_type_check', sql`${t.stepType} between 1 and 6`),
  ],
);

/** A page (variant) of a step; `config` is the block editor's document, kept as JSON. */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' })
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    stepId: bigint('step_id', { mode: 'number' })
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    abPercent: smallint('ab_percent').notNull().default(100),
    abGeo: text('ab_geo').array().notNull().default(sql`'{}'::text[]`),
    config: jsonb('config').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    css: text('css').notNull().default(''),
    html: text('html').notNull().default(''),
    headJs: text('head_js').notNull().default(''),
    bodyJs: text('body_js').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    seoKeywords: text('seo_keywords').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pages_account_step_idx').on(t.accountId, t.stepId),
    index('pages_account_funnel_idx').on(t.accountId, t.funnelId),
    check('pages_ab_percent_check', sql`${t.abPercent} between 0 and 100`),
  ],
);

/** What a saved step template keeps of each page. */
export type TemplatePage = {
  name: string;
  config: Record<string, unknown> | null;
  css: string;
  html: string;
  head_js: string;
  body_js: string;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
};

/**
 * Step templates a merchant saved from their own steps ("U.<id>" template ids). The built-in
 * gallery comes with the page builder.
 */
export const userTemplates = pgTable(
  'user_templates',
  {
    id: id(),
    accountId: accountId(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').notNull().default(''),
    badge: text('badge'),
    authorName: text('author_name').notNull().default(''),
    stepType: smallint('step_type').notNull(),
    thumbnailHash: text('thumbnail_hash'),
    pages: jsonb('pages').$type<TemplatePage[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('user_templates_account_idx').on(t.accountId, t.createdAt)],
);

/** Scripts added to the head or the body of a funnel's pages (or of every funnel when funnel_id is null). */
export const trackingCodes = pgTable(
  'tracking_codes',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    position: text('position', { enum: ['head', 'body'] })
      .notNull()
      .default('head'),
    orderIndex: integer('order_index').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tracking_codes_account_funnel_idx').on(t.accountId, t.funnelId, t.orderIndex)],
);

/** An app connected to one funnel, with its settings. */
export const funnelApps = pgTable(
  'funnel_apps',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' })
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    appId: bigint('app_id', { mode: 'number' }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('funnel_apps_funnel_app_idx').on(t.funnelId, t.appId),
    index('funnel_apps_account_idx').on(t.accountId, t.appId),
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
