import {
  countedOrderSql,
  moneyBackAtSql,
  moneyWentBackSql,
} from '@funnelwork/domain/analytics/counted-order';
import type { FilterCondition, FilterKey } from '@funnelwork/domain/analytics/filters';
import { EMPTY_TOTALS, type PeriodTotals } from '@funnelwork/domain/analytics/metrics';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { assertAccountId } from '../../db/query-helpers.ts';
import type { PageCounts, Period, StoreScope } from './analytics.store.ts';

/**
 * The SQL both stores share: filters, groupings and the outer sum over "sources" (subqueries that each
 * give some of the counts per group). A store is a list of sources; the raw store's read events and
 * orders, the rollup store's read rollups plus the events past the job's watermark.
 */

/** Where a filter key's value lives: events and rollups name it after the key, orders keep visitor_country. */
export type Table = 'events' | 'orders';
const COLUMN: Record<FilterKey, string> = {
  currency: 'currency',
  referrer: 'referrer',
  referrer_domain: 'referrer_domain',
  utm_campaign: 'utm_campaign',
  utm_medium: 'utm_medium',
  utm_source: 'utm_source',
  utm_content: 'utm_content',
  utm_term: 'utm_term',
  country: 'country',
};
const columnOf = (table: Table, key: FilterKey) =>
  table === 'orders' && key === 'country' ? 'visitor_country' : COLUMN[key];

/** A filter key's value as the filters compare it: lower-cased text, '' when missing. */
export const keyValue = (table: Table, key: FilterKey): SQL =>
  sql.raw(`lower(coalesce(${columnOf(table, key)}::text, ''))`);

/** Lists travel as one parameter (Drizzle would spread a JS array into a row of parameters). */
export const textArray = (values: ReadonlyArray<string>): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
export const numberArray = (values: ReadonlyArray<number>, type: 'bigint' | 'float8'): SQL =>
  sql`${`{${values.map((v) => String(v)).join(',')}}`}::${sql.raw(type)}[]`;

/**
 * The conditions as SQL, following `matchesFilters` (the reference): case ignored on both sides, a
 * missing value is '', Contains is a plain substring test (strpos, so '%' and '_' are literal).
 */
export function filterSql(table: Table, conditions: ReadonlyArray<FilterCondition>): SQL {
  const parts: SQL[] = [];
  for (const c of conditions) {
    const actual = keyValue(table, c.key);
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

/** Account, funnels and filters of one table (events with nullable ids, rollups with 0 for none). */
export function scopeSql(table: Table, scope: StoreScope): SQL {
  assertAccountId(scope.accountId);
  const funnels =
    scope.funnelIds === null ? sql`true` : sql`funnel_id = any(${numberArray(scope.funnelIds, 'bigint')})`;
  return sql`account_id = ${scope.accountId} and ${funnels} and ${filterSql(table, scope.conditions)}`;
}

export const ts = (seconds: number) => sql`to_timestamp(${seconds}::float8)`;

/** A time column within a period (or always, for the whole history). */
export const inPeriod = (column: SQL, period: Period | null): SQL =>
  period === null ? sql`true` : sql`${column} >= ${ts(period.from)} and ${column} < ${ts(period.to)}`;

/** How counts are grouped: by chart bucket (with the whole range's total), funnel, page variant or key value. */
export type Group =
  | { kind: 'bucket'; edges: ReadonlyArray<number> }
  | { kind: 'funnel' }
  | { kind: 'page' }
  | { kind: 'value'; key: FilterKey };

/** The group of a row as text ('3' for bucket 3, '12:40' for step 12 page 40, the value itself). */
export function groupOf(group: Group, table: Table, time: SQL): SQL {
  switch (group.kind) {
    case 'bucket':
      return sql`width_bucket(extract(epoch from ${time})::float8, ${numberArray(group.edges, 'float8')})::text`;
    case 'funnel':
      return sql`funnel_id::text`;
    case 'page':
      return sql`step_id::text || ':' || page_id::text`;
    case 'value':
      return keyValue(table, group.key);
  }
}

/** GROUP BY of a source's first column: buckets also give the range's total (a row whose g is null). */
export const groupBy = (group: Group): SQL =>
  group.kind === 'bucket' ? sql`group by grouping sets ((1), ())` : sql`group by 1`;

export const COUNTS = [
  'page_views',
  'visits',
  'optins',
  'orders',
  'revenue',
  'refunded',
  'orders_with_bump',
  'orders_with_upsell',
] as const;
export type Count = (typeof COUNTS)[number];

/** A source's select list: its group and the counts it gives (0 for the others, so sources line up). */
export function countsSelect(g: SQL, counts: Partial<Record<Count, SQL>>): SQL {
  return sql.join(
    [sql`${g} as g`, ...COUNTS.map((name) => sql`${counts[name] ?? sql`0`} as ${sql.raw(name)}`)],
    sql`, `,
  );
}

/** Counted orders (packages/domain's `isCountedOrder`): the ones revenue and Uniq. Orders count. */
export const PAID = sql.raw(countedOrderSql());
/** When a counted order's money went back (`moneyBackAt`): its cancellation or refund, whichever came first. */
export const REFUNDED_AT = sql.raw(moneyBackAtSql());
const REFUNDED = sql.raw(moneyWentBackSql());

/** Orders placed in the period and refunds made in it: both stores read them from the orders table. */
export function orderSources(scope: StoreScope, period: Period | null, group: Group): SQL[] {
  const where = scopeSql('orders', scope);
  const placed = groupOf(group, 'orders', sql`created_at`);
  const refunded = groupOf(group, 'orders', REFUNDED_AT);
  const fromOrders = sql`from orders where ${where} and ${PAID}`;
  return [
    sql`select ${countsSelect(placed, {
      orders: sql`count(*)`,
      revenue: sql`sum(amount_minor) / 100.0`,
      orders_with_bump: sql`count(*) filter (where has_order_bump)`,
      orders_with_upsell: sql`count(*) filter (where upsells_taken > 0)`,
    })} ${fromOrders} and ${inPeriod(sql`created_at`, period)} ${groupBy(group)}`,
    sql`select ${countsSelect(refunded, { refunded: sql`sum(amount_minor) / 100.0` })}
        ${fromOrders} and ${REFUNDED} and ${inPeriod(REFUNDED_AT, period)} ${groupBy(group)}`,
  ];
}

/** Raw page views and opt-ins (optionally only those past a watermark: an id, or a subquery giving it). */
export function rawEventSources(
  scope: StoreScope,
  period: Period | null,
  group: Group,
  options: { visits: boolean; viewsAfter?: SQL; optinsAfter?: SQL } = { visits: true },
): SQL[] {
  const g = groupOf(group, 'events', sql`created_at`);
  const after = (id: SQL | undefined) => (id === undefined ? sql`true` : id);
  return [
    sql`select ${countsSelect(g, {
      page_views: sql`count(*)`,
      ...(options.visits ? { visits: sql`count(distinct visitor_id)` } : {}),
    })} from page_view_events
       where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)} and ${after(options.viewsAfter)}
       ${groupBy(group)}`,
    sql`select ${countsSelect(g, { optins: sql`count(*)` })} from optin_events
       where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)} and ${after(options.optinsAfter)}
       ${groupBy(group)}`,
  ];
}

export type GroupRow = Record<Count, number> & { g: string | null };

/** The sources summed per group. */
export async function sumSources(db: Db, sources: SQL[]): Promise<GroupRow[]> {
  const rows = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select g, ${sql.join(
        COUNTS.map((name) => sql`coalesce(sum(${sql.raw(name)}), 0) as ${sql.raw(name)}`),
        sql`, `,
      )}
        from (${sql.join(sources, sql` union all `)}) s
       group by g`),
  );
  return rows.map((row) => {
    const out = { g: row.g === null ? null : String(row.g) } as GroupRow;
    for (const name of COUNTS) out[name] = Number(row[name] ?? 0);
    return out;
  });
}

const totalsOf = (row: GroupRow | undefined): PeriodTotals => {
  const t = { ...EMPTY_TOTALS };
  if (!row) return t;
  for (const key of Object.keys(EMPTY_TOTALS) as Array<keyof PeriodTotals>) t[key] = row[key];
  return t;
};

/** Rows of a bucket grouping as the store answers them: totals per bucket and over the range. */
export function seriesOf(rows: GroupRow[], buckets: number) {
  const byG = new Map(rows.map((r) => [r.g, r]));
  return {
    buckets: Array.from({ length: buckets }, (_, i) => totalsOf(byG.get(String(i + 1)))),
    total: totalsOf(byG.get(null)),
  };
}

/** A group with nothing in it (rollup rows whose order was refunded away, deleted …): left out. */
const hasAny = (row: GroupRow) => COUNTS.some((name) => row[name] !== 0);

export function perFunnelOf(rows: GroupRow[]): Map<number, PeriodTotals> {
  const map = new Map<number, PeriodTotals>();
  for (const row of rows)
    if (row.g !== null && row.g !== '0' && hasAny(row)) map.set(Number(row.g), totalsOf(row));
  return map;
}

export function perPageOf(rows: GroupRow[]): PageCounts[] {
  return rows
    .filter((row) => row.g !== null && hasAny(row))
    .map((row) => {
      const [step, page] = (row.g as string).split(':');
      return {
        step_id: Number(step),
        page_id: Number(page),
        views: row.page_views,
        unique_views: row.visits,
        optins: row.optins,
        orders: row.orders,
        orders_with_bump: row.orders_with_bump,
        orders_with_upsell: row.orders_with_upsell,
        revenue: row.revenue,
      };
    })
    .filter((row) => row.step_id > 0 && row.page_id > 0);
}

export function byValueOf(rows: GroupRow[]): Array<PeriodTotals & { value: string }> {
  return rows
    .filter((row) => row.g !== null && hasAny(row))
    .map((row) => ({ ...totalsOf(row), value: row.g as string }));
}

/** Whether an account recorded anything yet (a page view or an order). */
export async function accountHasData(db: Db, accountId: number): Promise<boolean> {
  assertAccountId(accountId);
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(sql`
      select exists (select 1 from page_view_events where account_id = ${accountId})
          or exists (select 1 from orders where account_id = ${accountId} and deleted_at is null) as any`),
  );
  return row?.any === true;
}

/**
 * A rollup watermark: the (xid, id) of the last event the job has counted, in (xid, id) order (xid is
 * the writing transaction's, as text). Every event at or before it is counted, every one after it not.
 */
export type Watermark = { xid: string; id: number };
export const NO_WATERMARK: Watermark = { xid: '0', id: 0 };

/**
 * The rollup job's watermark of a source as a row, read inside the statement that reads the rollups: one
 * snapshot sees the rollups and the watermark of the same moment, so no batch is counted twice or missed.
 */
export const watermark = (source: 'page_views' | 'optins'): SQL =>
  sql`(${watermarkXid(source)}, ${watermarkId(source)})`;
const watermarkXid = (source: 'page_views' | 'optins'): SQL =>
  sql`coalesce((select last_xid from analytics_rollup_state where source = ${source}), '0'::xid8)`;
const watermarkId = (source: 'page_views' | 'optins'): SQL =>
  sql`coalesce((select last_id from analytics_rollup_state where source = ${source}), 0)`;

/** The (xid, id) of a watermark as two columns named `<name>_xid` (text) and `<name>_id`. */
export const watermarkColumns = (source: 'page_views' | 'optins', name: string): SQL =>
  sql`${watermarkXid(source)}::text as ${sql.raw(`${name}_xid`)}, ${watermarkId(source)} as ${sql.raw(`${name}_id`)}`;

/** The watermark a row holds in its `<name>_xid` and `<name>_id` columns (see watermarkColumns). */
export function watermarkOf(row: Record<string, unknown> | undefined, name: string): Watermark {
  if (!row) return NO_WATERMARK;
  return { xid: String(row[`${name}_xid`]), id: Number(row[`${name}_id`]) };
}

/** A watermark as a row literal. */
export const watermarkRow = (at: Watermark): SQL => sql`(${at.xid}::xid8, ${at.id}::bigint)`;

/**
 * Events past the watermark: `floor` is the watermark read just before (a constant the planner can
 * see, so it walks the (xid, id) index over the few newest events instead of the account's whole range);
 * the watermark read in the statement itself keeps the rollups and the tail of one snapshot.
 */
export const pastWatermark = (source: 'page_views' | 'optins', floor: Watermark): SQL =>
  sql`(xid, id) > ${watermarkRow(floor)} and (xid, id) > ${watermark(source)}`;

/** A source's watermark of this moment (see pastWatermark). */
export async function readWatermark(db: Db, source: 'page_views' | 'optins'): Promise<Watermark> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${watermarkColumns(source, 'w')}`),
  );
  return watermarkOf(row, 'w');
}

/** Whether a scope can have no rows at all (an empty list of funnels). */
export const emptyScope = (scope: StoreScope) => scope.funnelIds !== null && scope.funnelIds.length === 0;
