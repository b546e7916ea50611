import { bucketStart } from '@funnelwork/domain/analytics/buckets';
import type { FilterKey } from '@funnelwork/domain/analytics/filters';
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, rowsOf } from '../../db/client.ts';
import { splitByMonths } from './analytics.months.ts';
import { createRawStore } from './analytics.raw-store.ts';
import { HOUR_VISITS_READ_S } from './analytics.rollup.ts';
import {
  accountHasData,
  byValueOf,
  countsSelect,
  emptyScope,
  type Group,
  groupBy,
  groupOf,
  inPeriod,
  numberArray,
  pastWatermark,
  perFunnelOf,
  perPageOf,
  rawEventSources,
  scopeSql,
  seriesOf,
  sumSources,
  watermarkColumns,
  watermarkOf,
} from './analytics.sql.ts';
import type { AnalyticsStore, Period, StoreScope } from './analytics.store.ts';
import { nextTurn } from './analytics.turns.ts';

/** A formatter per zone (zones are checked valid before they get here): building one costs more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Days already worked out, per zone and instant (a Dashboard polled asks for the same edges each time). */
const localDates = new LRUCache<string, string>({ max: 50_000 });

/** An instant's day in a zone, as a date literal ('2026-03-29'). */
function localDate(at: number, zone: string): string {
  const key = `${zone} ${at}`;
  let day = localDates.get(key);
  if (day === undefined) {
    day = formatDate(at, zone);
    localDates.set(key, day);
  }
  return day;
}

function formatDate(at: number, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(new Date(at * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
const dateArray = (days: ReadonlyArray<string>) => sql`${`{${days.join(',')}}`}::date[]`;

type OneValue = { key: FilterKey; value: string };

/** The one filter condition the day tables serve: a single key equal to a single value. */
function singleValue(scope: StoreScope): OneValue | null | undefined {
  if (scope.conditions.length === 0) return null;
  const [c] = scope.conditions;
  if (scope.conditions.length > 1 || !c) return undefined;
  if (c.operand === '=') return { key: c.key, value: (c.value ?? '').toLowerCase() };
  if (c.operand === 'IN' && c.values?.length === 1)
    return { key: c.key, value: (c.values[0] ?? '').toLowerCase() };
  return undefined;
}

const HOUR = 3600;

/** A read's bucket edges: the chart's, or the period's two ends. */
const allEdgesOf = (edges: ReadonlyArray<number> | undefined, period: Period) =>
  edges ?? [period.from, period.to];

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

  /**
   * The zone the account's visitor sets are in (null before the job has seen the account) and the
   * watermarks of this moment (floors for the events past them, see pastWatermark).
   */
  async function stateOf(accountId: number) {
    const [row] = rowsOf<{ time_zone: string | null } & Record<string, unknown>>(
      await db.execute(sql`
        select (select time_zone from analytics_accounts where account_id = ${accountId}) as time_zone,
               ${watermarkColumns('page_views', 'views')}, ${watermarkColumns('optins', 'optins')}`),
    );
    return {
      zone: row?.time_zone ?? null,
      views: watermarkOf(row, 'views'),
      optins: watermarkOf(row, 'optins'),
    };
  }
  type State = Awaited<ReturnType<typeof stateOf>>;

  /**
   * The reads that start together (a Dashboard's six) share one state query: the watermarks are floors,
   * and any floor at or below the job's watermark is right, since each statement reads the watermark again.
   */
  const inFlight = new Map<number, Promise<State>>();
  function sharedStateOf(accountId: number): Promise<State> {
    let state = inFlight.get(accountId);
    if (!state) {
      state = stateOf(accountId).finally(() => inFlight.delete(accountId));
      inFlight.set(accountId, state);
    }
    return state;
  }

  const hourAligned = (period: Period | null) =>
    period === null || (period.from % HOUR === 0 && period.to % HOUR === 0);
  const midnight = (at: number, zone: string) => bucketStart(at, 'day', zone) === at;
  const localDay = (at: number, zone: string) =>
    sql`(to_timestamp(${at}::float8) at time zone ${zone})::date`;

  /** Unique visitors from the day visitor sets plus the events past the watermark (whole account days). */
  function setVisitors(scope: StoreScope, period: Period | null, group: Group, state: State): SQL {
    const zone = scope.timeZone;
    const days =
      period === null
        ? sql`true`
        : sql`day >= ${localDay(period.from, zone)} and day < ${localDay(period.to, zone)}`;
    const dayStart = sql`(day::timestamp at time zone ${zone})`;
    return sql`
        select ${countsSelect(sql`gv`, { visits: sql`count(distinct visitor_id)` })}
          from (select ${groupOf(group, 'events', dayStart)} as gv, visitor_id
                  from analytics_daily_visitors where ${scopeSql('events', scope)} and ${days}
                union all
                select ${groupOf(group, 'events', sql`created_at`)}, visitor_id
                  from page_view_events
                 where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}
                   and ${pastWatermark('page_views', state.views)}) u
         ${groupBy(group)}`;
  }

  /** Unique visitors read from the events (a range that is not whole account days). */
  const rawVisitors = (scope: StoreScope, period: Period | null, group: Group): SQL => sql`
        select ${countsSelect(groupOf(group, 'events', sql`created_at`), { visits: sql`count(distinct visitor_id)` })}
          from page_view_events where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}
         ${groupBy(group)}`;

  /** The visitor spans of a scope's kind (0 account, 1 funnel, 2 page) and filter value. */
  function spanRowsOf(scope: StoreScope, kind: 0 | 1 | 2, only: OneValue | null): SQL {
    const key =
      only === null ? sql`key = '' and value = ''` : sql`key = ${only.key} and value = ${only.value}`;
    const funnels =
      kind === 0 || scope.funnelIds === null
        ? sql`true`
        : sql`funnel_id = any(${numberArray(scope.funnelIds, 'bigint')})`;
    return sql`account_id = ${scope.accountId} and kind = ${kind} and ${key} and ${funnels}`;
  }

  const dayRange = (column: SQL, lo: SQL | null, hi: SQL | null) =>
    lo === null || hi === null ? sql`true` : sql`${column} >= ${lo} and ${column} < ${hi}`;

  /** Spans that start a visitor in a range from `lo` (null: all time, the visitor's first day). */
  const startsFrom = (lo: SQL | null) =>
    lo === null ? sql`prev_day = '-infinity'::date` : sql`prev_day < ${lo}`;

  /** A range's counted visitors (g null): the spans of its days that start in it. */
  const spanTotal = (spanRows: SQL, lo: SQL | null, hi: SQL | null) =>
    sql`select ${countsSelect(sql`null::text`, { visits: sql`sum(visitors)` })}
          from analytics_visitor_spans where ${spanRows} and ${dayRange(sql`day`, lo, hi)} and ${startsFrom(lo)}`;

  /**
   * The visitors past the rollup job's watermark, grouped by `g`, that the visitor sets do not hold in the
   * same scope (and funnel or page, per group) on the days [from, to).
   */
  function tailVisitors(
    scope: StoreScope,
    period: Period | null,
    group: Group,
    only: OneValue | null,
    state: State,
    g: SQL,
    from: SQL | null,
    to: SQL | null,
  ): SQL {
    const same: SQL[] = [sql`d.account_id = ${scope.accountId}`, sql`d.visitor_id = t.visitor_id`];
    if (scope.funnelIds !== null)
      same.push(sql`d.funnel_id = any(${numberArray(scope.funnelIds, 'bigint')})`);
    if (group.kind === 'funnel' || group.kind === 'page') same.push(sql`d.funnel_id = t.funnel_id`);
    if (group.kind === 'page') same.push(sql`d.step_id = t.step_id and d.page_id = t.page_id`);
    if (only !== null) same.push(sql`d.${sql.identifier(only.key)} = ${only.value}`);
    return sql`
      select ${countsSelect(sql`g`, { visits: sql`count(distinct visitor_id)` })}
        from (select ${g} as g, e.visitor_id, coalesce(e.funnel_id, 0) as funnel_id, coalesce(e.step_id, 0) as step_id,
                     coalesce(e.page_id, 0) as page_id
                from page_view_events e
               where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}
                 and ${pastWatermark('page_views', state.views)}) t
       where not exists (select 1 from analytics_daily_visitors d where ${sql.join(same, sql` and `)}
                           and ${dayRange(sql`d.day`, from, to)})
       group by 1`;
  }

  /**
   * The fast path: whole account days, no filter or one key equal to one value, and a scope the visitor
   * spans keep (one funnel or all of them for buckets and values; any funnels per funnel or page).
   * Counts come from analytics_daily, visitors from analytics_visitor_spans, and the page views past the
   * rollup job's watermark from the events, their visitors counted when the visitor sets do not have them
   * yet in the same scope and days. Answers null when the range or scope needs the general path.
   */
  function fastRead(
    scope: StoreScope,
    period: Period | null,
    group: Group,
    edges: ReadonlyArray<number>,
    state: State,
  ) {
    const zone = scope.timeZone;
    const only = singleValue(scope);
    if (only === undefined) return null;
    const single = scope.funnelIds !== null && scope.funnelIds.length === 1;
    if ((group.kind === 'bucket' || group.kind === 'value') && scope.funnelIds !== null && !single)
      return null;
    // The day rows of one key's values know nothing of another key: per value or page, no filter.
    if ((group.kind === 'page' || group.kind === 'value') && only !== null) return null;
    const account = scope.accountId;
    const funnels =
      scope.funnelIds === null ? sql`true` : sql`funnel_id = any(${numberArray(scope.funnelIds, 'bigint')})`;
    const lo = period === null ? null : sql`${localDate(period.from, zone)}::date`;
    const hi = period === null ? null : sql`${localDate(period.to, zone)}::date`;
    const localEdges = edges.map((edge) => localDate(edge, zone));
    const dayEdges = dateArray(localEdges);
    const dayGroup = (column: string): SQL => {
      switch (group.kind) {
        case 'bucket':
          return sql`width_bucket(day, ${dayEdges})::text`;
        case 'funnel':
          return sql`funnel_id::text`;
        case 'page':
          return sql`step_id::text || ':' || page_id::text`;
        case 'value':
          return sql.raw(column);
      }
    };
    // Counts: per page variant without a filter, per funnel and key value with one (or per value).
    const keyRows =
      group.kind === 'value'
        ? sql`key = ${group.key}`
        : only === null
          ? sql`key = '' and value = ''`
          : sql`key = ${only.key} and value = ${only.value}`;
    // Whole months inside one bucket from the month rows, the other days from the day rows.
    const split = period === null ? null : splitByMonths(localEdges);
    const dayRanges =
      split === null || split.days.length === 0
        ? sql`false`
        : sql.join(
            split.days.map(([from, to]) => sql`(day >= ${from}::date and day < ${to}::date)`),
            sql` or `,
          );
    const monthRows = split === null ? sql`true` : sql`month = any(${dateArray(split.months)})`;
    const countRows = sql`account_id = ${account} and ${keyRows} and ${funnels}`;
    const columns = sql.raw(
      'funnel_id, step_id, page_id, value, page_views, optins, orders, revenue_minor, refunded_minor, orders_with_bump, orders_with_upsell',
    );
    const sources: SQL[] = [
      sql`select ${countsSelect(dayGroup('value'), {
        page_views: sql`sum(page_views)`,
        optins: sql`sum(optins)`,
        orders: sql`sum(orders)`,
        revenue: sql`sum(revenue_minor) / 100.0`,
        refunded: sql`sum(refunded_minor) / 100.0`,
        orders_with_bump: sql`sum(orders_with_bump)`,
        orders_with_upsell: sql`sum(orders_with_upsell)`,
      })} from (select day, ${columns} from analytics_daily where ${countRows} and (${dayRanges})
                union all
                select month, ${columns} from analytics_monthly where ${countRows} and ${monthRows}) r
          ${groupBy(group)}`,
      ...rawEventSources(scope, period, group, {
        visits: false,
        viewsAfter: pastWatermark('page_views', state.views),
        optinsAfter: pastWatermark('optins', state.optins),
      }),
    ];
    // Visitors: per value or with an empty filter value from the visitor sets, else from the spans of the
    // scope's kind (with the filter's key and value: spans keep only non-empty values).
    if (group.kind === 'value' || only?.value === '') {
      sources.push(setVisitors(scope, period, group, state));
      return sumSources(db, sources);
    }
    const kind = group.kind === 'page' ? 2 : group.kind === 'funnel' || single ? 1 : 0;
    const spanRows = spanRowsOf(scope, kind, only);
    if (group.kind === 'bucket') {
      sources.push(
        sql`select ${countsSelect(sql`b::text`, { visits: sql`sum(visitors)` })}
              from (select width_bucket(day, ${dayEdges}) as b, prev_day, visitors from analytics_visitor_spans
                     where ${spanRows} and ${dayRange(sql`day`, lo, hi)}) x
             where prev_day < (${dayEdges})[b] group by 1`,
        spanTotal(spanRows, lo, hi),
      );
    } else {
      sources.push(
        sql`select ${countsSelect(dayGroup('value'), { visits: sql`sum(visitors)` })}
              from analytics_visitor_spans where ${spanRows} and ${dayRange(sql`day`, lo, hi)} and ${startsFrom(lo)}
             ${groupBy(group)}`,
      );
    }
    // Visitors past the watermark that the visitor sets do not hold in the same scope and days.
    const tail = (g: SQL, from: SQL | null, to: SQL | null) =>
      tailVisitors(scope, period, group, only, state, g, from, to);
    if (group.kind === 'bucket') {
      const bucket = groupOf(group, 'events', sql`created_at`);
      sources.push(
        tail(bucket, sql`(${dayEdges})[t.g::int]`, sql`(${dayEdges})[t.g::int + 1]`),
        tail(sql`null::text`, lo, hi),
      );
    } else {
      sources.push(tail(groupOf(group, 'events', sql`created_at`), lo, hi));
    }
    return sumSources(db, sources);
  }

  async function read(scope: StoreScope, period: Period | null, group: Group, edges?: ReadonlyArray<number>) {
    if (emptyScope(scope)) return [];
    const zone = scope.timeZone;
    const state = await sharedStateOf(scope.accountId);
    await nextTurn();
    const zoneOk = state.zone === null || state.zone === zone;
    const allEdges = period === null ? [] : allEdgesOf(edges, period);
    const byDays = zoneOk && allEdges.every((edge) => midnight(edge, zone));
    if (byDays) {
      const fast = fastRead(scope, period, group, allEdges, state);
      if (fast !== null) return fast;
    }
    const g = groupOf(group, 'events', sql`hour`);
    const sources: SQL[] = [
      sql`select ${countsSelect(g, { page_views: sql`sum(page_views)`, optins: sql`sum(optins)` })}
            from analytics_hourly where ${scopeSql('events', scope)} and ${inPeriod(sql`hour`, period)}
          ${groupBy(group)}`,
      ...rawEventSources(scope, period, group, {
        visits: false,
        viewsAfter: pastWatermark('page_views', state.views),
        optinsAfter: pastWatermark('optins', state.optins),
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
    const counted = group.kind === 'bucket' && consecutiveHours(allEdges) ? hourScopeOf(scope) : null;
    if (byDays) sources.push(setVisitors(scope, period, group, state));
    else if (counted === null || period === null) sources.push(rawVisitors(scope, period, group));
    else
      sources.push(
        ...hourVisitorSources(scope, counted, allEdges, state),
        totalVisitors(scope, period, zoneOk, state),
      );
    return sumSources(db, sources);
  }

  /**
   * A range's visitors (g null) beside its hours': from the spans and the tail past the watermark when its
   * ends are the account's midnights (as the fast path reads them), else from the range's events.
   */
  function totalVisitors(scope: StoreScope, period: Period, zoneOk: boolean, state: State): SQL {
    const zone = scope.timeZone;
    const only = singleValue(scope);
    if (!zoneOk || only === undefined || !midnight(period.from, zone) || !midnight(period.to, zone))
      return sql`select ${countsSelect(sql`null::text`, { visits: sql`count(distinct visitor_id)` })}
                   from page_view_events where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}`;
    const lo = sql`${localDate(period.from, zone)}::date`;
    const hi = sql`${localDate(period.to, zone)}::date`;
    const whole: Group = { kind: 'bucket', edges: [period.from, period.to] };
    return sql`${spanTotal(spanRowsOf(scope, scope.funnelIds === null ? 0 : 1, only), lo, hi)}
               union all ${tailVisitors(scope, period, whole, only, state, sql`null::text`, lo, hi)}`;
  }

  async function series(scope: StoreScope, edges: ReadonlyArray<number>) {
    const n = Math.max(edges.length - 1, 0);
    if (n === 0) return seriesOf([], 0);
    const period = { from: edges[0] as number, to: edges[n] as number };
    if (!edges.every((edge) => edge % HOUR === 0)) return raw.series(scope, edges);
    return seriesOf(await read(scope, period, { kind: 'bucket', edges }, edges), n);
  }

  /**
   * The scope of the recent hours' counts (analytics_hour_visits) a scope reads: the account or one
   * funnel, without a filter or with one key equal to one non-empty value. Null for other scopes.
   */
  function hourScopeOf(scope: StoreScope): SQL | null {
    const only = singleValue(scope);
    if (only === undefined || only?.value === '') return null;
    const funnels = scope.funnelIds;
    if (funnels !== null && funnels.length !== 1) return null;
    const kind = funnels === null ? 0 : 1;
    const funnel = funnels === null ? 0 : (funnels[0] as number);
    return sql`kind = ${kind} and key = ${only?.key ?? ''} and value = ${only?.value ?? ''} and funnel_id = ${funnel}`;
  }

  /** Edges one UTC hour apart, each on a whole hour. */
  const consecutiveHours = (edges: ReadonlyArray<number>) =>
    edges.length > 1 &&
    edges.every((edge, i) => edge % HOUR === 0 && (i === 0 || edge - (edges[i - 1] as number) === HOUR));

  /**
   * Each hour's visitors (g its bucket, no total) for consecutive whole UTC hours of a scope with hour
   * counts: the hours inside the counted window (HOUR_VISITS_READ_S) from analytics_hour_visits plus the
   * visitors past the watermark not yet in their hour's set; the hours before the window from the events.
   */
  function hourVisitorSources(
    scope: StoreScope,
    counted: SQL,
    edges: ReadonlyArray<number>,
    state: State,
  ): SQL[] {
    const first = edges[0] as number;
    const last = edges[edges.length - 1] as number;
    const window = Math.ceil((Math.floor(Date.now() / 1000) - HOUR_VISITS_READ_S) / HOUR) * HOUR;
    const split = Math.min(Math.max(window, first), last);
    const bucket: Group = { kind: 'bucket', edges };
    const eventBucket = groupOf(bucket, 'events', sql`created_at`);
    const sources: SQL[] = [];
    if (split > first)
      sources.push(
        sql`select ${countsSelect(eventBucket, { visits: sql`count(distinct visitor_id)` })}
              from page_view_events
             where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, { from: first, to: split })}
             group by 1`,
      );
    if (split < last) {
      const period = { from: split, to: last };
      const inScope = sql`account_id = ${scope.accountId} and ${counted}`;
      sources.push(
        sql`select ${countsSelect(groupOf(bucket, 'events', sql`hour`), { visits: sql`sum(visitors)` })}
              from analytics_hour_visits where ${inScope} and ${inPeriod(sql`hour`, period)}
             group by 1`,
        sql`select ${countsSelect(sql`g`, { visits: sql`count(distinct visitor_id)` })}
              from (select ${eventBucket} as g, visitor_id, created_at
                      from page_view_events
                     where ${scopeSql('events', scope)} and ${inPeriod(sql`created_at`, period)}
                       and ${pastWatermark('page_views', state.views)}) t
             where not exists (select 1 from analytics_hour_visitors
                                where hour = date_trunc('hour', t.created_at, 'UTC') and ${inScope}
                                  and visitor_id = t.visitor_id)
             group by 1`,
      );
    }
    return sources;
  }

  /**
   * Each bucket's visitors: consecutive whole UTC hours of a scope with hour counts through
   * hourVisitorSources, other hours from the events, days as `series` reads them.
   */
  async function bucketVisitors(scope: StoreScope, edges: ReadonlyArray<number>) {
    const n = edges.length - 1;
    const zone = scope.timeZone;
    if (n <= 0 || edges.every((edge) => midnight(edge, zone)) || !edges.every((e) => e % HOUR === 0))
      return (await series(scope, edges)).buckets.map((b) => b.visits);
    if (emptyScope(scope)) return new Array<number>(n).fill(0);
    const counted = consecutiveHours(edges) ? hourScopeOf(scope) : null;
    const period = { from: edges[0] as number, to: edges[n] as number };
    let sources: SQL[];
    if (counted === null) {
      // Hours are not the account's days: only the visitors are read, not the other counts of the buckets.
      sources = [rawVisitors(scope, period, { kind: 'bucket', edges })];
    } else {
      const state = await sharedStateOf(scope.accountId);
      await nextTurn();
      sources = hourVisitorSources(scope, counted, edges, state);
    }
    return seriesOf(await sumSources(db, sources), n).buckets.map((b) => b.visits);
  }

  return {
    series,
    bucketVisitors,
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
