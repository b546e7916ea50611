import { abVerdict } from '@funnelwork/domain/analytics/ab-verdict';
import { performanceRow, sumPerformance } from '@funnelwork/domain/analytics/breakdown';
import {
  accountTimeZone,
  bucketLabel,
  bucketStart,
  bucketStarts,
  type ChartPoint,
  nextBucketStart,
  rangeBucketStarts,
  type TrendPoint,
} from '@funnelwork/domain/analytics/buckets';
import type {
  BreakdownAnswer,
  DashboardSummaryAnswer,
  FunnelAnalyticsAnswer,
  PerformanceBreakdownAnswer,
  SummaryAnswer,
  TrendsAnswer,
} from '@funnelwork/domain/analytics/contracts';
import type { FilterCondition, FilterKey } from '@funnelwork/domain/analytics/filters';
import type { Granularity } from '@funnelwork/domain/analytics/granularity';
import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  EMPTY_TOTALS,
  metricSummary,
  metricValue,
  type PeriodTotals,
  topFunnelConversion,
} from '@funnelwork/domain/analytics/metrics';
import { roundPrice } from '@funnelwork/domain/rules';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { accounts, funnels, pages, steps, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AnalyticsStore, Period, StoreScope } from './analytics.store.ts';

/** Rows of the dashboard's Top Funnels panel. */
export const TOP_FUNNELS = 5;
const HOUR = 3600;
/** 10000-01-01: past every date the database keeps (a range without an end). */
const END_OF_TIME = 253_402_300_800;

type Range = { start: number; end: number };
/** The prior period of a range: as long, ending the second before it starts. */
export const previousRange = ({ start, end }: Range): Range => ({
  start: start - (end - start + 1),
  end: start - 1,
});
/** A request's `funnel_id`: 0 for every funnel of the account. */
const funnelsOf = (funnelId: number) => (funnelId === 0 ? null : [funnelId]);
/** Inclusive unix-second ends (presets end at 23:59:59) to the store's half-open period. */
const periodOf = ({ start, end }: Range): Period => ({ from: start, to: end + 1 });

/**
 * Bucket starts of a range and the store's edges: the first and last buckets cut at the range's ends.
 * The drawn range's first bucket starts with it (`cut`); the prior period's keep their calendar starts,
 * which a chart shows only as each point's oldDate.
 */
function bucketsOf(range: Range, unit: Granularity, zone: string, cut = true) {
  const starts = (cut ? rangeBucketStarts : bucketStarts)(range.start, range.end, unit, zone);
  const edges = starts.length === 0 ? [] : [range.start, ...starts.slice(1), range.end + 1];
  return { starts, edges };
}

export function createAnalyticsService({ db, store }: { db: Db; store: AnalyticsStore }) {
  /** The account's zone: its owner's `time_zone` (the setting lives on the user), default Europe/London. */
  async function timeZoneOf(accountId: number): Promise<string> {
    const [row] = await db
      .select({ timeZone: users.timeZone })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerUserId))
      .where(eq(accounts.id, accountId));
    return accountTimeZone(row?.timeZone);
  }

  /** What the store reads for a request: the account in its zone, the funnels (null: all) and the filters. */
  async function scopeOf(
    accountId: number,
    funnelIds: ReadonlyArray<number> | null,
    conditions: ReadonlyArray<FilterCondition> = [],
  ): Promise<StoreScope> {
    return { accountId, timeZone: await timeZoneOf(accountId), funnelIds, conditions };
  }

  /** A funnel of the account, or 404 (another account's funnel is not found, not forbidden). */
  async function ownFunnel(accountId: number, funnelId: number) {
    const [funnel] = await db
      .select({ id: funnels.id, currencyCode: funnels.currencyCode })
      .from(funnels)
      .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnelId), isNull(funnels.deletedAt)));
    if (!funnel) throw notFound('Funnel');
    return funnel;
  }

  /** Bucketed counts of a range and of the prior one, with the totals of both. */
  async function compared(scope: StoreScope, range: Range, old: Range, unit: Granularity, zone: string) {
    const now = bucketsOf(range, unit, zone);
    const before = bucketsOf(old, unit, zone, false);
    const [current, previous] = await Promise.all([
      store.series(scope, now.edges),
      store.series(scope, before.edges),
    ]);
    // Labels are written once per bucket, not once per metric (Luxon formatting is the costly part).
    const labels = now.starts.map((date) => bucketLabel(date, unit, zone));
    return { now, before, current, previous, labels };
  }

  type Compared = Awaited<ReturnType<typeof compared>>;

  /** "Chart point: value, brief (label), date, oldDate, oldValue": the n-th bucket beside the prior n-th. */
  function chartOf(metric: AnalyticsMetric, c: Compared): ChartPoint[] {
    return c.now.starts.map((date, i) => {
      const old = c.previous.buckets[i];
      return {
        value: metricValue(metric, c.current.buckets[i] as PeriodTotals),
        brief: c.labels[i] as string,
        date,
        oldDate: c.before.starts[i] ?? null,
        oldValue: old ? metricValue(metric, old) : 0,
      };
    });
  }

  const trendOf = (metric: AnalyticsMetric, starts: number[], buckets: PeriodTotals[]): TrendPoint[] =>
    starts.map((date, i) => ({ date, value: metricValue(metric, buckets[i] as PeriodTotals) }));

  const trendsOf = (c: Compared) =>
    Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, chartOf(m, c)])) as Record<
      AnalyticsMetric,
      ChartPoint[]
    >;

  const summariesOf = (c: Compared) =>
    Object.fromEntries(
      ANALYTICS_METRICS.map((m) => [m, metricSummary(m, c.current.total, c.previous.total)]),
    ) as Record<AnalyticsMetric, ReturnType<typeof metricSummary>>;

  async function topFunnels(scope: StoreScope, range: Range, old: Range) {
    const where = [
      ownedBy(funnels, scope.accountId),
      isNull(funnels.deletedAt),
      eq(funnels.isSubFunnel, false),
    ];
    if (scope.funnelIds !== null) where.push(inArray(funnels.id, [...scope.funnelIds]));
    const [list, current, previous] = await Promise.all([
      db
        .select({
          id: funnels.id,
          name: funnels.name,
          funnelType: funnels.funnelType,
          updatedAt: funnels.updatedAt,
          currencyCode: funnels.currencyCode,
        })
        .from(funnels)
        .where(and(...where)),
      store.perFunnel(scope, periodOf(range)),
      store.perFunnel(scope, periodOf(old)),
    ]);
    return list
      .map((f) => {
        const now = current.get(f.id) ?? EMPTY_TOTALS;
        const before = previous.get(f.id) ?? EMPTY_TOTALS;
        return {
          funnel_id: f.id,
          funnel_name: f.name,
          funnel_type: f.funnelType,
          updated_at: f.updatedAt ? new Date(f.updatedAt).toISOString() : null,
          revenue: roundPrice(now.revenue),
          orders: now.orders,
          visits: now.visits,
          currency_code: f.currencyCode,
          conversion_rate: topFunnelConversion(now, before),
        };
      })
      .sort(
        (a, b) =>
          b.revenue - a.revenue ||
          b.orders - a.orders ||
          b.visits - a.visits ||
          (b.updated_at ?? '').localeCompare(a.updated_at ?? '') ||
          b.funnel_id - a.funnel_id,
      )
      .slice(0, TOP_FUNNELS);
  }

  /** The visitors of each of the last 24 hours, up to the current one. */
  async function hourlyVisitors(scope: StoreScope, now: number, zone: string): Promise<TrendPoint[]> {
    const current = bucketStart(now, 'hour', zone);
    const starts = bucketStarts(current - 23 * HOUR, current, 'hour', zone);
    const edges = [...starts, nextBucketStart(current, 'hour', zone)];
    const visitors = await store.bucketVisitors(scope, edges);
    return starts.map((date, i) => ({ date, value: visitors[i] ?? 0 }));
  }

  return {
    async dashboardSummary(
      accountId: number,
      q: {
        start: number;
        end: number;
        unit: Granularity;
        funnel_ids?: number[] | undefined;
        conditions?: FilterCondition[] | undefined;
      },
      now = Math.floor(Date.now() / 1000),
    ): Promise<DashboardSummaryAnswer['data']> {
      const scope = await scopeOf(accountId, q.funnel_ids ?? null, q.conditions);
      const zone = scope.timeZone;
      const range = { start: q.start, end: q.end };
      const old = previousRange(range);
      const [c, hourly, top, any] = await Promise.all([
        compared(scope, range, old, q.unit, zone),
        hourlyVisitors(scope, now, zone),
        topFunnels(scope, range, old),
        store.hasData(accountId),
      ]);
      return {
        unit: q.unit,
        time_zone: zone,
        ...summariesOf(c),
        trends: trendsOf(c),
        hourly_visitors: hourly,
        on_boarding: !any,
        top_funnels: top,
      };
    },

    async trends(
      accountId: number,
      q: {
        metric: AnalyticsMetric;
        funnel_id: number;
        start: number;
        end: number;
        old_start?: number | undefined;
        old_end?: number | undefined;
        unit: Granularity;
        conditions: FilterCondition[];
      },
    ): Promise<TrendsAnswer['data']> {
      if (q.funnel_id !== 0) await ownFunnel(accountId, q.funnel_id);
      const scope = await scopeOf(accountId, funnelsOf(q.funnel_id), q.conditions);
      const zone = scope.timeZone;
      const range = { start: q.start, end: q.end };
      const asked = q.old_start !== undefined && q.old_end !== undefined;
      const old = asked ? { start: q.old_start as number, end: q.old_end as number } : previousRange(range);
      const c = await compared(scope, range, old, q.unit, zone);
      return {
        metric: q.metric,
        unit: q.unit,
        time_zone: zone,
        trend: trendOf(q.metric, c.now.starts, c.current.buckets),
        ...(asked ? { old_trend: trendOf(q.metric, c.before.starts, c.previous.buckets) } : {}),
        chart: chartOf(q.metric, c),
      };
    },

    async summary(
      accountId: number,
      q: {
        metric: AnalyticsMetric;
        funnel_id: number;
        start: number;
        end: number;
        old_start: number;
        old_end: number;
        conditions: FilterCondition[];
      },
    ): Promise<SummaryAnswer['data']> {
      if (q.funnel_id !== 0) await ownFunnel(accountId, q.funnel_id);
      const scope = await scopeOf(accountId, funnelsOf(q.funnel_id), q.conditions);
      const [current, previous] = await Promise.all([
        store.series(scope, [q.start, q.end + 1]),
        store.series(scope, [q.old_start, q.old_end + 1]),
      ]);
      return { metric: q.metric, ...metricSummary(q.metric, current.total, previous.total) };
    },

    async funnelAnalytics(
      accountId: number,
      q: {
        funnel_id: number;
        start: number;
        end: number;
        previous_start: number;
        previous_end: number;
        unit: Granularity;
        conditions?: FilterCondition[] | undefined;
      },
    ): Promise<FunnelAnalyticsAnswer['data']> {
      await ownFunnel(accountId, q.funnel_id);
      const scope = await scopeOf(accountId, [q.funnel_id], q.conditions);
      const zone = scope.timeZone;
      const c = await compared(
        scope,
        { start: q.start, end: q.end },
        { start: q.previous_start, end: q.previous_end },
        q.unit,
        zone,
      );
      return {
        funnel_id: q.funnel_id,
        unit: q.unit,
        time_zone: zone,
        summary: summariesOf(c),
        trends: trendsOf(c),
      };
    },

    async performanceBreakdown(
      accountId: number,
      funnelId: number,
      q: { start?: number | undefined; end?: number | undefined; conditions?: FilterCondition[] | undefined },
    ): Promise<PerformanceBreakdownAnswer['data']> {
      const period: Period | null =
        q.start === undefined && q.end === undefined
          ? null
          : { from: q.start ?? 0, to: q.end === undefined ? END_OF_TIME : q.end + 1 };
      // The funnel check, its steps and pages and the counts at once (each read is scoped to the account,
      // so another account's funnel reads nothing before ownFunnel answers 404): one round trip fewer.
      const [funnel, stepRows, pageRows, counts] = await Promise.all([
        ownFunnel(accountId, funnelId),
        db
          .select({ id: steps.id, name: steps.name, stepType: steps.stepType, orderIndex: steps.orderIndex })
          .from(steps)
          .where(and(ownedBy(steps, accountId), eq(steps.funnelId, funnelId), isNull(steps.deletedAt)))
          .orderBy(asc(steps.orderIndex), asc(steps.id)),
        db
          .select({
            id: pages.id,
            stepId: pages.stepId,
            name: pages.name,
            abPercent: pages.abPercent,
            abState: pages.abState,
          })
          .from(pages)
          .where(and(ownedBy(pages, accountId), eq(pages.funnelId, funnelId)))
          .orderBy(asc(pages.id)),
        scopeOf(accountId, [funnelId], q.conditions).then((scope) => store.perPage(scope, period)),
      ]);
      const countsOf = (pageId: number) => {
        const found = counts.find((c) => c.page_id === pageId);
        return {
          views: found?.views ?? 0,
          unique_views: found?.unique_views ?? 0,
          optins: found?.optins ?? 0,
          orders: found?.orders ?? 0,
          orders_with_bump: found?.orders_with_bump ?? 0,
          orders_with_upsell: found?.orders_with_upsell ?? 0,
          revenue: found?.revenue ?? 0,
        };
      };
      return {
        funnel_id: funnelId,
        currency_code: funnel.currencyCode,
        steps: stepRows.map((step) => {
          const variants = pageRows
            .filter((p) => p.stepId === step.id)
            .map((p) => ({
              page_id: p.id,
              page_name: p.name,
              ab_percent: p.abPercent,
              ab_state: p.abState,
              counts: countsOf(p.id),
            }));
          const total = sumPerformance(variants.map((v) => v.counts));
          // A sales step converts by orders, any other by opt-ins.
          const byOrders = variants.some((v) => v.counts.orders > 0);
          const verdict =
            variants.length < 2
              ? null
              : abVerdict(
                  variants.map((v) => ({
                    visitors: v.counts.unique_views,
                    conversions: byOrders ? v.counts.orders : v.counts.optins,
                  })),
                );
          return {
            ...performanceRow(total),
            step_id: step.id,
            step_name: step.name,
            step_type: step.stepType,
            order_index: step.orderIndex,
            variants: variants.map((v) => ({
              ...performanceRow(v.counts),
              page_id: v.page_id,
              page_name: v.page_name,
              ab_percent: v.ab_percent,
              ab_state: v.ab_state,
            })),
            verdict,
          };
        }),
      };
    },

    async breakdown(
      accountId: number,
      q: {
        key: FilterKey;
        funnel_id: number;
        start: number;
        end: number;
        conditions: FilterCondition[];
        limit: number;
      },
    ): Promise<BreakdownAnswer['data']> {
      if (q.funnel_id !== 0) await ownFunnel(accountId, q.funnel_id);
      const scope = await scopeOf(accountId, funnelsOf(q.funnel_id), q.conditions);
      const rows = await store.byValue(scope, q.key, periodOf(q));
      return {
        key: q.key,
        rows: rows
          .map((r) => ({
            value: r.value,
            visits: r.visits,
            page_views: r.page_views,
            optins: r.optins,
            optin_rate: metricValue('optin_rate', r),
            orders: r.orders,
            conversion_rate: metricValue('conversion_rate', r),
            revenue: roundPrice(r.revenue),
          }))
          .sort(
            (a, b) =>
              b.visits - a.visits ||
              b.orders - a.orders ||
              b.revenue - a.revenue ||
              a.value.localeCompare(b.value),
          )
          .slice(0, q.limit),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
