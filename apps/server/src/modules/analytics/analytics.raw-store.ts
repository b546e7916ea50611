import type { FilterCondition, FilterKey } from '@funnelwork/domain/analytics/filters';
import { EMPTY_TOTALS, type PeriodTotals } from '@funnelwork/domain/analytics/metrics';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { assertAccountId } from '../../db/query-helpers.ts';
import type { AnalyticsStore, PageCounts, Period, StoreScope } from './analytics.store.ts';

/** The three sources of every number, with the column each filter key reads in them. */
type Source = 'views' | 'optins' | 'orders';

const COLUMN: Record<Source, Record<FilterKey, string>> = {
  views: {
    currency: 'currency',
    referrer: 'referrer',
    referrer_domain: 'referrer_domain',
    utm_campaign: 'utm_campaign',
    utm_medium: 'utm_medium',
    utm_source: 'utm_source',
    utm_content: 'utm_content',
    utm_term: 'utm_term',
    country: 'country',
  },
  optins: {
    currency: 'currency',
    referrer: 'referrer',
    referrer_domain: 'referrer_domain',
    utm_campaign: 'utm_campaign',
    utm_medium: 'utm_medium',
    utm_source: 'utm_source',
    utm_content: 'utm_content',
    utm_term: 'utm_term',
    country: 'country',
  },
  // An order's currency is the one it was paid in; its country the visitor's (not the billing address).
  orders: {
    currency: 'currency',
    referrer: 'referrer',
    referrer_domain: 'referrer_domain',
    utm_campaign: 'utm_campaign',
    utm_medium: 'utm_medium',
    utm_source: 'utm_source',
    utm_content: 'utm_content',
    utm_term: 'utm_term',
    country: 'visitor_country',
  },
};

/** A filter key's value as the filters compare it: lower-cased text, '' when missing. */
export const keyValue = (source: Source, key: FilterKey): SQL =>
  sql.raw(`lower(coalesce(${COLUMN[source][key]}::text, ''))`);

/**
 * The conditions as SQL, following `matchesFilters` (the reference): case ignored on both sides, a
 * missing value is '', Contains is a plain substring test (strpos, so '%' and '_' are literal).
 */
export function filterSql(source: Source, conditions: ReadonlyArray<FilterCondition>): SQL {
  const parts: SQL[] = [];
  for (const c of conditions) {
    const actual = keyValue(source, c.key);
    const values = (c.values ?? []).map((v) => v.toLowerCase());
    const value = (c.value ?? '').toLowerCase();
    switch (c.operand) {
      case 'IN':
        parts.push(sql`${actual} = any(${textArray(values)})`);
        break;
      case 'NOT IN':
        parts.push(sql`not (${actual} = any(${textArray(values)}))`);
        break;
      case 'LIKE':
        parts.push(sql`strpos(${actual}, ${value}::text) > 0`);
        break;
      case 'NOT LIKE':
        parts.push(sql`strpos(${actual}, ${value}::text) = 0`);
        break;
      case '=':
        parts.push(sql`${actual} = ${value}::text`);
        break;
    }
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** Lists travel as one JSON parameter (Drizzle would spread a JS array into a row of parameters). */
export const textArray = (values: ReadonlyArray<string>): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
export const numberArray = (values: ReadonlyArray<number>, type: 'bigint' | 'float8'): SQL =>
  sql`${`{${values.map((v) => String(v)).join(',')}}`}::${sql.raw(type)}[]`;

const ts = (seconds: number) => sql`to_timestamp(${seconds}::float8)`;

/** Account, funnels and filters of one source. */
function scopeSql(source: Source, scope: StoreScope): SQL {
  assertAccountId(scope.accountId);
  const funnels =
    scope.funnelIds === null ? sql`true` : sql`funnel_id = any(${numberArray(scope.funnelIds, 'bigint')})`;
  return sql`account_id = ${scope.accountId} and ${funnels} and ${filterSql(source, scope.conditions)}`;
}

/** Paid orders that are not deleted: the ones revenue and Uniq. Orders count. */
const PAID = sql`payment_status is null and deleted_at is null`;
/** When a paid order's money went back: its cancellation or refund, whichever came first. */
const REFUNDED_AT = sql`least(canceled_at, refunded_at)`;
const REFUNDED = sql`(is_refunded or is_canceled) and ${REFUNDED_AT} is not null`;

type Row = Record<string, string | number | null>;
const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Adds a query's numbers to the totals of its bucket (b null: the whole range). */
function collect(rows: Row[], buckets: PeriodTotals[], total: PeriodTotals) {
  for (const row of rows) {
    const target = row.b === null ? total : buckets[num(row.b) - 1];
    if (!target) continue;
    for (const key of Object.keys(EMPTY_TOTALS) as Array<keyof PeriodTotals>) {
      if (row[key] !== undefined && row[key] !== null) target[key] += num(row[key]);
    }
  }
}

/**
 * Every number read straight from page_view_events, optin_events and orders: the reference the rollups
 * are tested against, and the reader of the last minutes the rollups have not reached yet.
 */
export function createRawStore(db: Db): AnalyticsStore & {
  seriesRaw: AnalyticsStore['series'];
} {
  async function series(scope: StoreScope, edges: ReadonlyArray<number>) {
    const n = Math.max(edges.length - 1, 0);
    const buckets = Array.from({ length: n }, () => ({ ...EMPTY_TOTALS }));
    const total = { ...EMPTY_TOTALS };
    if (n === 0 || (scope.funnelIds !== null && scope.funnelIds.length === 0)) return { buckets, total };
    const from = edges[0] as number;
    const to = edges[n] as number;
    const bucket = (column: SQL) =>
      sql`width_bucket(extract(epoch from ${column})::float8, ${numberArray(edges, 'float8')})`;
    const range = (column: SQL) => sql`${column} >= ${ts(from)} and ${column} < ${ts(to)}`;
    const result = await db.execute(sql`
      select ${bucket(sql`created_at`)} as b, count(*) as page_views, count(distinct visitor_id) as visits
        from page_view_events
       where ${scopeSql('views', scope)} and ${range(sql`created_at`)}
       group by grouping sets ((1), ())`);
    collect(rowsOf<Row>(result), buckets, total);
    const optins = await db.execute(sql`
      select ${bucket(sql`created_at`)} as b, count(*) as optins
        from optin_events
       where ${scopeSql('optins', scope)} and ${range(sql`created_at`)}
       group by grouping sets ((1), ())`);
    collect(rowsOf<Row>(optins), buckets, total);
    const sales = await db.execute(sql`
      select ${bucket(sql`created_at`)} as b, count(*) as orders, sum(amount_minor) / 100.0 as revenue
        from orders
       where ${scopeSql('orders', scope)} and ${PAID} and ${range(sql`created_at`)}
       group by grouping sets ((1), ())`);
    collect(rowsOf<Row>(sales), buckets, total);
    const refunds = await db.execute(sql`
      select ${bucket(REFUNDED_AT)} as b, sum(amount_minor) / 100.0 as refunded
        from orders
       where ${scopeSql('orders', scope)} and ${PAID} and ${REFUNDED} and ${range(REFUNDED_AT)}
       group by grouping sets ((1), ())`);
    collect(rowsOf<Row>(refunds), buckets, total);
    return { buckets, total };
  }

  async function perFunnel(scope: StoreScope, period: Period) {
    const totals = new Map<number, PeriodTotals>();
    if (scope.funnelIds !== null && scope.funnelIds.length === 0) return totals;
    const range = (column: SQL) =>
      sql`${column} >= ${ts(period.from)} and ${column} < ${ts(period.to)} and funnel_id is not null`;
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select funnel_id, count(*) as page_views, count(distinct visitor_id) as visits,
               0 as optins, 0 as orders, 0 as revenue, 0 as refunded
          from page_view_events where ${scopeSql('views', scope)} and ${range(sql`created_at`)}
         group by funnel_id
        union all
        select funnel_id, 0, 0, count(*), 0, 0, 0
          from optin_events where ${scopeSql('optins', scope)} and ${range(sql`created_at`)}
         group by funnel_id
        union all
        select funnel_id, 0, 0, 0, count(*), sum(amount_minor) / 100.0, 0
          from orders where ${scopeSql('orders', scope)} and ${PAID} and ${range(sql`created_at`)}
         group by funnel_id
        union all
        select funnel_id, 0, 0, 0, 0, 0, sum(amount_minor) / 100.0
          from orders where ${scopeSql('orders', scope)} and ${PAID} and ${REFUNDED} and ${range(REFUNDED_AT)}
         group by funnel_id`),
    );
    for (const row of rows) {
      const id = num(row.funnel_id);
      const t = totals.get(id) ?? { ...EMPTY_TOTALS };
      for (const key of Object.keys(EMPTY_TOTALS) as Array<keyof PeriodTotals>) t[key] += num(row[key]);
      totals.set(id, t);
    }
    return totals;
  }

  async function perPage(scope: StoreScope, period: Period | null): Promise<PageCounts[]> {
    if (scope.funnelIds !== null && scope.funnelIds.length === 0) return [];
    const range = (column: SQL) =>
      period === null ? sql`true` : sql`${column} >= ${ts(period.from)} and ${column} < ${ts(period.to)}`;
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select step_id, page_id, sum(views) as views, sum(unique_views) as unique_views, sum(optins) as optins,
               sum(orders) as orders, sum(orders_with_bump) as orders_with_bump,
               sum(orders_with_upsell) as orders_with_upsell, sum(revenue) as revenue
          from (
            select step_id, page_id, count(*) as views, count(distinct visitor_id) as unique_views,
                   0 as optins, 0 as orders, 0 as orders_with_bump, 0 as orders_with_upsell, 0 as revenue
              from page_view_events
             where ${scopeSql('views', scope)} and ${range(sql`created_at`)} and step_id is not null and page_id is not null
             group by step_id, page_id
            union all
            select step_id, page_id, 0, 0, count(*), 0, 0, 0, 0
              from optin_events
             where ${scopeSql('optins', scope)} and ${range(sql`created_at`)} and step_id is not null and page_id is not null
             group by step_id, page_id
            union all
            select step_id, page_id, 0, 0, 0, count(*), count(*) filter (where has_order_bump),
                   count(*) filter (where upsells_taken > 0), sum(amount_minor) / 100.0
              from orders
             where ${scopeSql('orders', scope)} and ${PAID} and ${range(sql`created_at`)} and step_id is not null and page_id is not null
             group by step_id, page_id
          ) counts
         group by step_id, page_id`),
    );
    return rows.map((row) => ({
      step_id: num(row.step_id),
      page_id: num(row.page_id),
      views: num(row.views),
      unique_views: num(row.unique_views),
      optins: num(row.optins),
      orders: num(row.orders),
      orders_with_bump: num(row.orders_with_bump),
      orders_with_upsell: num(row.orders_with_upsell),
      revenue: num(row.revenue),
    }));
  }

  async function byValue(scope: StoreScope, key: FilterKey, period: Period) {
    if (scope.funnelIds !== null && scope.funnelIds.length === 0) return [];
    const range = (column: SQL) => sql`${column} >= ${ts(period.from)} and ${column} < ${ts(period.to)}`;
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select value, sum(page_views) as page_views, sum(visits) as visits, sum(optins) as optins,
               sum(orders) as orders, sum(revenue) as revenue, sum(refunded) as refunded
          from (
            select ${keyValue('views', key)} as value, count(*) as page_views, count(distinct visitor_id) as visits,
                   0 as optins, 0 as orders, 0 as revenue, 0 as refunded
              from page_view_events where ${scopeSql('views', scope)} and ${range(sql`created_at`)}
             group by 1
            union all
            select ${keyValue('optins', key)}, 0, 0, count(*), 0, 0, 0
              from optin_events where ${scopeSql('optins', scope)} and ${range(sql`created_at`)}
             group by 1
            union all
            select ${keyValue('orders', key)}, 0, 0, 0, count(*), sum(amount_minor) / 100.0, 0
              from orders where ${scopeSql('orders', scope)} and ${PAID} and ${range(sql`created_at`)}
             group by 1
            union all
            select ${keyValue('orders', key)}, 0, 0, 0, 0, 0, sum(amount_minor) / 100.0
              from orders where ${scopeSql('orders', scope)} and ${PAID} and ${REFUNDED} and ${range(REFUNDED_AT)}
             group by 1
          ) counts
         group by value`),
    );
    return rows.map((row) => ({
      value: String(row.value ?? ''),
      page_views: num(row.page_views),
      visits: num(row.visits),
      optins: num(row.optins),
      orders: num(row.orders),
      revenue: num(row.revenue),
      refunded: num(row.refunded),
    }));
  }

  async function hasData(accountId: number) {
    assertAccountId(accountId);
    const [row] = rowsOf<{ any: boolean }>(
      await db.execute(sql`
        select exists (select 1 from page_view_events where account_id = ${accountId})
            or exists (select 1 from orders where account_id = ${accountId} and deleted_at is null) as any`),
    );
    return row?.any === true;
  }

  return { series, seriesRaw: series, perFunnel, perPage, byValue, hasData };
}
