import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  customType,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The transaction that wrote an event (xid8, as text): the analytics rollup job counts the events of
 * finished transactions only, in (xid, id) order (analytics.rollup.ts). Rows from before the column read '0'.
 */
const writtenBy = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const writerXid = () => writtenBy('xid').notNull().default(sql`pg_current_xact_id()`);

/**
 * One published page shown to one visitor. Append-only: rows are written by the page runtime and
 * never changed; analytics read hourly rollups, the live panel reads the last minutes by index.
 * Funnel, step and page ids are kept without foreign keys so deleting a funnel keeps its history.
 */
export const pageViewEvents = pgTable(
  'page_view_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    funnelId: bigint('funnel_id', { mode: 'number' }),
    stepId: bigint('step_id', { mode: 'number' }),
    pageId: bigint('page_id', { mode: 'number' }),
    visitorId: text('visitor_id').notNull(),
    sessionId: text('session_id'),
    referrer: text('referrer'),
    referrerDomain: text('referrer_domain'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    country: char('country', { length: 2 }),
    currency: char('currency', { length: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    xid: writerXid(),
  },
  (t) => [
    // The rollup job's batches and the readers' tail past its watermark.
    index('page_view_events_xid_idx').on(t.xid, t.id),
    // The live panel's range scan reads only this index (visitor_id rides along: index-only scan).
    index('page_view_events_account_created_idx').on(t.accountId, t.createdAt, t.visitorId),
    // A checkout or opt-in copies the attribution of the visitor's first view in the funnel.
    index('page_view_events_visitor_idx').on(t.accountId, t.visitorId, t.id),
  ],
);

/**
 * One opt-in on a published page, with the visitor's attribution (that visitor's first page view in
 * the funnel) so the analytics filters apply to opt-ins too. Append-only, like page views.
 */
export const optinEvents = pgTable(
  'optin_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    funnelId: bigint('funnel_id', { mode: 'number' }),
    stepId: bigint('step_id', { mode: 'number' }),
    pageId: bigint('page_id', { mode: 'number' }),
    customerId: bigint('customer_id', { mode: 'number' }),
    visitorId: text('visitor_id'),
    referrer: text('referrer'),
    referrerDomain: text('referrer_domain'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    country: char('country', { length: 2 }),
    currency: char('currency', { length: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    xid: writerXid(),
  },
  (t) => [
    index('optin_events_account_created_idx').on(t.accountId, t.createdAt),
    index('optin_events_xid_idx').on(t.xid, t.id),
  ],
);

/**
 * A line of the Activity panel (orders spec §3, "Activity item"): who did what, for how much.
 * event_id is the activity event type: 1 Clicked … 11 Recurring payment.
 */
export const activityItems = pgTable(
  'activity_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: smallint('event_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    optinEmail: text('optin_email').notNull().default(''),
    /** Minor units of `currency`; null when the event carries no amount (a click, an opt-in). */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    funnelId: bigint('funnel_id', { mode: 'number' }),
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_items_account_created_idx').on(t.accountId, t.createdAt),
    check('activity_items_event_id_check', sql`${t.eventId} between 1 and 11`),
  ],
);

/** The filter keys' values as rollups keep them: lower-cased, '' when missing (how the filters compare). */
const rollupKeys = () => ({
  keyHash: text('key_hash').notNull(),
  currency: text('currency').notNull().default(''),
  referrer: text('referrer').notNull().default(''),
  referrerDomain: text('referrer_domain').notNull().default(''),
  utmSource: text('utm_source').notNull().default(''),
  utmMedium: text('utm_medium').notNull().default(''),
  utmCampaign: text('utm_campaign').notNull().default(''),
  utmTerm: text('utm_term').notNull().default(''),
  utmContent: text('utm_content').notNull().default(''),
  country: text('country').notNull().default(''),
});

/**
 * Page views and opt-ins per UTC hour, account, funnel, step, page variant and combination of filter
 * values (key_hash: md5 of the values). Additive, so any hour-aligned range and any filter sums rows.
 * Written only by the analytics rollup job (analytics.rollup.ts), past its watermark; 0 stands for
 * "no funnel/step/page".
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    funnelId: bigint('funnel_id', { mode: 'number' }).notNull(),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    ...rollupKeys(),
    pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
    optins: bigint('optins', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // The migration adds INCLUDE (the counts) for index-only reads; Drizzle cannot declare it.
    uniqueIndex('analytics_hourly_key_idx').on(
      t.accountId,
      t.hour,
      t.funnelId,
      t.stepId,
      t.pageId,
      t.keyHash,
    ),
  ],
);

/**
 * Per-day visitor sets: each visitor once per account day (in the account's zone when written, see
 * analytics_accounts), funnel, step, page variant and filter values. Unique visitors of any range of
 * whole days are then exact: count(distinct visitor_id) over these rows.
 */
export const analyticsDailyVisitors = pgTable(
  'analytics_daily_visitors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    funnelId: bigint('funnel_id', { mode: 'number' }).notNull(),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    ...rollupKeys(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [
    uniqueIndex('analytics_daily_visitors_key_idx').on(
      t.accountId,
      t.day,
      t.funnelId,
      t.stepId,
      t.pageId,
      t.keyHash,
      t.visitorId,
    ),
    index('analytics_daily_visitors_visitor_idx').on(t.accountId, t.visitorId),
  ],
);

/** The zone each account's visitor sets were written in; a changed zone has them rebuilt. */
export const analyticsAccounts = pgTable(
  'analytics_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [uniqueIndex('analytics_accounts_account_idx').on(t.accountId)],
);

/**
 * The scope a recent hour's visitors are counted in, as analytics_visitor_spans keeps it: kind 0 the
 * whole account, 1 one funnel (funnel_id); key and value '' for no filter, else one filter key's
 * non-empty value (lower-cased).
 */
const hourScope = () => ({
  kind: smallint('kind').notNull().default(0),
  key: text('key').notNull().default(''),
  value: text('value').notNull().default(''),
  funnelId: bigint('funnel_id', { mode: 'number' }).notNull().default(0),
});

/**
 * The visitors of each recent UTC hour (the last RECENT_HOURS, analytics.rollup.ts), for the Dashboard's
 * visitors of the last 24 hours: each visitor once per account, scope and hour, written by the rollup
 * job with the count below, and pruned once the hour is past the window. No foreign key: a deleted
 * account's rows go with the window, and the key leads with the hour so pruning is a range.
 */
export const analyticsHourVisitors = pgTable(
  'analytics_hour_visitors',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    ...hourScope(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.hour, t.accountId, t.kind, t.key, t.value, t.funnelId, t.visitorId],
    }),
  ],
);

/** Unique visitors per account, scope and recent UTC hour: the rows of analytics_hour_visitors, counted as written. */
export const analyticsHourVisits = pgTable(
  'analytics_hour_visits',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...hourScope(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.key, t.value, t.funnelId, t.hour] })],
);

/**
 * The rollup job's watermarks: the (xid, id) of the last page_view_events and optin_events row it has
 * counted, in (xid, id) order.
 */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  source: text('source').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  lastXid: writtenBy('last_xid').notNull().default(sql`'0'`),
});

/**
 * Paid, live orders per UTC hour of their placing (orders, revenue, bumps, upsells) and refunds per UTC
 * hour of their refund or cancellation, per account, funnel, step, page variant and filter values.
 * Kept in step by a trigger on orders (migration analytics-orders-trigger): every insert, update and
 * delete subtracts the old row's part and adds the new one's, in the order's own transaction.
 */
export const analyticsOrdersHourly = pgTable(
  'analytics_orders_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    funnelId: bigint('funnel_id', { mode: 'number' }).notNull(),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    ...rollupKeys(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    ordersWithBump: bigint('orders_with_bump', { mode: 'number' }).notNull().default(0),
    ordersWithUpsell: bigint('orders_with_upsell', { mode: 'number' }).notNull().default(0),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('analytics_orders_hourly_key_idx').on(
      t.accountId,
      t.hour,
      t.funnelId,
      t.stepId,
      t.pageId,
      t.keyHash,
    ),
  ],
);

/** The counts analytics_daily and analytics_monthly keep per account, period, key value and page variant. */
const periodCounts = () => ({
  pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
  optins: bigint('optins', { mode: 'number' }).notNull().default(0),
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
  ordersWithBump: bigint('orders_with_bump', { mode: 'number' }).notNull().default(0),
  ordersWithUpsell: bigint('orders_with_upsell', { mode: 'number' }).notNull().default(0),
});

/**
 * The dashboard's fast path: page views, opt-ins, orders, revenue and refunds per account day (in the
 * account's zone, see analytics_accounts), unfiltered per funnel, step and page variant (key '') and per
 * filter key and value per funnel (step 0, page 0). Views and opt-ins are added by the rollup job past
 * its watermark, orders by the orders trigger; a zone change has the account's rows rebuilt.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull().default(''),
    value: text('value').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    funnelId: bigint('funnel_id', { mode: 'number' }).notNull(),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    ...periodCounts(),
  },
  (t) => [
    uniqueIndex('analytics_daily_key_idx').on(
      t.accountId,
      t.key,
      t.value,
      t.day,
      t.funnelId,
      t.stepId,
      t.pageId,
    ),
  ],
);

/**
 * analytics_daily summed per account month (`month` is its first day): a year reads 12 rows per page
 * variant instead of 365. Kept by a trigger on analytics_daily (migration analytics-monthly), so every
 * writer of the day rows (rollup job, orders trigger, zone rebuild) moves the month rows in the same
 * transaction.
 */
export const analyticsMonthly = pgTable(
  'analytics_monthly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull().default(''),
    value: text('value').notNull().default(''),
    month: date('month', { mode: 'string' }).notNull(),
    funnelId: bigint('funnel_id', { mode: 'number' }).notNull(),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    ...periodCounts(),
  },
  (t) => [
    uniqueIndex('analytics_monthly_key_idx').on(
      t.accountId,
      t.key,
      t.value,
      t.month,
      t.funnelId,
      t.stepId,
      t.pageId,
    ),
  ],
);

/**
 * Exact unique visitors of any range of whole account days without reading visitor sets: per scope,
 * account day and the visitor's previous day in that scope ('-infinity' for a first visit), how many
 * visitors came. The visitors of days [a, b) are sum(visitors) where a <= day < b and prev_day < a.
 * Scopes (kind): 0 account, 1 funnel, 2 step and page variant; with `key` and `value` (a filter key and a
 * non-empty value, lower-cased) kinds 0 and 1 count only the visitors' days with that value (an empty
 * value is counted from the visitor sets). Kept by the rollup job from analytics_daily_visitors.
 */
export const analyticsVisitorSpans = pgTable(
  'analytics_visitor_spans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    key: text('key').notNull().default(''),
    value: text('value').notNull().default(''),
    funnelId: bigint('funnel_id', { mode: 'number' }).notNull(),
    stepId: bigint('step_id', { mode: 'number' }).notNull(),
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('analytics_visitor_spans_key_idx').on(
      t.accountId,
      t.kind,
      t.key,
      t.value,
      t.funnelId,
      t.stepId,
      t.pageId,
      t.day,
      t.prevDay,
    ),
    // Per funnel or page over all of an account's funnels: the days of a range, not one funnel's rows.
    // The migration (0046) adds INCLUDE (prev_day, funnel_id, step_id, page_id, visitors) for index-only
    // reads; Drizzle cannot declare it.
    index('analytics_visitor_spans_day_idx').on(t.accountId, t.kind, t.key, t.value, t.day),
    // One funnel's (or page variants') days of a range: a funnel's breakdown reads its own rows only.
    // The migration (0046) adds INCLUDE (prev_day, step_id, page_id, visitors), as above.
    index('analytics_visitor_spans_funnel_day_idx').on(
      t.accountId,
      t.kind,
      t.key,
      t.value,
      t.funnelId,
      t.day,
    ),
  ],
);
