import { bucketStart } from '@funnelwork/domain/analytics/buckets';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { createRawStore } from './analytics.raw-store.ts';
import {
  accountHasData,
  byValueOf,
  countsSelect,
  emptyScope,
  type Group,
  groupBy,
  groupOf,
  inPeriod,
  perFunnelOf,
  perPageOf,
  rawEventSources,
  scopeSql,
  seriesOf,
  sumSources,
  watermark,
} from './analytics.sql.ts';
import type { AnalyticsStore, Period, StoreScope } from './analytics.store.ts';

const HOUR = 3600;

/**
 * The store the dashboard reads: page views and opt-ins from analytics_hourly, unique visitors from the
 * day visitor sets, each plus the raw events past the rollup job's watermark (so a view or opt-in counts
 * the moment it is written), and orders and refunds from analytics_orders_hourly (a trigger on orders
 * keeps it in step in each order's own transaction, so a purchase counts at once). A range whose ends are not whole UTC
 * hours is read raw; unique visitors come from the day sets when the range's ends are the account's
 * midnights (and the sets are in its zone), else from the raw events of the range.
 */
export function createRollupStore(db: Db): AnalyticsStore {
  const raw = createRawStore(db);

  /** The zone the account's visitor sets are in (null before the job has seen the account). */
  async function setsZone(accountId: number) {
    const [row] = rowsOf<{ time_zone: string }>(
      await db.execute(sql`select time_zone from analytics_accounts where account_id = ${accountId}`),
    );
    return row?.time_zone ?? null;
  }

  const hourAligned = (period: Period | null) =>
    period === null || (period.from % HOUR === 0 && period.to % HOUR === 0);
  const midnight = (at: number, zone: string) => bucketStart(at, 'day', zone) === at;
  const localDay = (at: number, zone: string) =>
    sql`(to_timestamp(${at}::float8) at time zone ${zone})::date`;

  async function read(scope: StoreScope, period: Period | null, group: Group, edges?: ReadonlyArray<number>) {
    if (emptyScope(scope)) return [];
    const zone = scope.timeZone;
    const setsIn = await setsZone(scope.accountId);
    const zoneOk = setsIn === null || setsIn === zone;
    const allEdges = edges ?? (period === null ? [] : [period.from, period.to]);
    const byDays = zoneOk && allEdges.every((edge) => midnight(edge, zone));
    const g = groupOf(group, 'events', sql`hour`);
    const sources: SQL[] = [
      sql`select ${countsSelect(g, { page_views: sql`sum(page_views)`, optins: sql`sum(optins)` })}
            from analytics_hourly where ${scopeSql('events', scope)} and ${inPeriod(sql`hour`, period)}
          ${groupBy(group)}`,
      ...rawEventSources(scope, period, group, {
        visits: false,
        viewsAfter: watermark('page_views'),
        optinsAfter: watermark('optins'),
      }),
      sql`select ${countsSelect(g, {
        orders: sql`sum(orders)`,
        revenue: sql`sum(revenue_minor) / 100.0`,
        refunded: sql`sum(refunded_minor) / 100.0`,
        orders_with_bump: sql`sum(orders_with_bump)`,
        orders_with_upsell: sql`sum(orders_with_upsell)`,
      })}
            from analytics_orders_hourly where ${scopeSql('events', scope)} and ${inPeriod(sql`hour`, period)}
          ${groupBy(group)}`,
    ];
    if (byDays) {
      const days =
        period === null
          ? sql`true`
          : sql`day >= ${localDay(period.from, zone)} and day < ${localDay(period.to, zone)}`;
      const dayStart = sql`(day::timestamp at time zone ${zone})`;
      sources.push(sql`
        select ${countsSelect(sql`gv`, { visits: sql`count(distinct visitor_id)` })}
          from (select ${groupOf(group, 'events', dayStart)} as gv, visitor_id
                  from analytics_daily_visitors where ${scopeSql('events', scope)} and ${days}
                union all
                select ${groupOf(group, 'events', sql`created_at`)}, visitor_id
                  from page_view_events
                 where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}
                   and id > ${watermark('page_views')}) u
         ${groupBy(group)}`);
    } else {
      sources.push(sql`
        select ${countsSelect(groupOf(group, 'events', sql`created_at`), { visits: sql`count(distinct visitor_id)` })}
          from page_view_events where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}
         ${groupBy(group)}`);
    }
    return sumSources(db, sources);
  }

  return {
    async series(scope, edges) {
      const n = Math.max(edges.length - 1, 0);
      if (n === 0) return seriesOf([], 0);
      const period = { from: edges[0] as number, to: edges[n] as number };
      if (!edges.every((edge) => edge % HOUR === 0)) return raw.series(scope, edges);
      return seriesOf(await read(scope, period, { kind: 'bucket', edges }, edges), n);
    },
    async perFunnel(scope, period) {
      if (!hourAligned(period)) return raw.perFunnel(scope, period);
      return perFunnelOf(await read(scope, period, { kind: 'funnel' }));
    },
    async perPage(scope, period) {
      if (!hourAligned(period)) return raw.perPage(scope, period);
      return perPageOf(await read(scope, period, { kind: 'page' }));
    },
    async byValue(scope, key, period) {
      if (!hourAligned(period)) return raw.byValue(scope, key, period);
      return byValueOf(await read(scope, period, { kind: 'value', key }));
    },
    hasData: (accountId) => accountHasData(db, accountId),
  };
}
