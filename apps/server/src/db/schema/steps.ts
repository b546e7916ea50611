import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { accountId, users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

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
    /** In the split test: 'active' (served by its share), 'paused' (0 %, kept) or 'retired' (lost to a winner). */
    abState: text('ab_state').$type<'active' | 'paused' | 'retired'>().notNull().default('active'),
    config: jsonb('config').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    css: text('css').notNull().default(''),
    html: text('html').notNull().default(''),
    headJs: text('head_js').notNull().default(''),
    bodyJs: text('body_js').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    seoKeywords: text('seo_keywords').notNull().default(''),
    /** The version shoppers are served; null until the page is first published (docs/decisions.md). */
    publishedVersionId: bigint('published_version_id', { mode: 'number' }).references(
      (): AnyPgColumn => pageVersions.id,
      { onDelete: 'set null' },
    ),
    /** The draft's `version` that was last published: another version means changes not published. */
    publishedRevision: integer('published_revision'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pages_account_step_idx').on(t.accountId, t.stepId),
    index('pages_account_funnel_idx').on(t.accountId, t.funnelId),
    check('pages_ab_percent_check', sql`${t.abPercent} between 0 and 100`),
    check('pages_ab_state_check', sql`${t.abState} in ('active', 'paused', 'retired')`),
  ],
);

/** A page's content as published: its document, code and SEO fields (the API's snake_case names). */
export type PageVersionContent = Omit<TemplatePage, 'name'>;

/**
 * Every publish of a page keeps what it published (who, when, an optional note). The newest is the one
 * `pages.published_version_id` serves; the last 50 per page are kept, older ones pruned.
 */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: id(),
    accountId: accountId(),
    pageId: bigint('page_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => pages.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    content: jsonb('content').$type<PageVersionContent>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('page_versions_account_page_idx').on(t.accountId, t.pageId, t.id)],
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
