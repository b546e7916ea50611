import { ANALYTICS_METRICS, type FilterCondition, type FilterKey } from '@funnelwork/domain/rules';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';
import { accountAnalytics } from './account-analytics.ts';
import { noteAnswerZone } from './answer-zone.ts';
import { conditionsParam } from './filters-storage.ts';
import type { RangeSeconds } from './range.ts';
import { analyticsRows } from './rows.ts';

/** "a purchase in a published funnel shows in the dashboard's numbers within 15 s": polled every 10 s. */
export const DASHBOARD_REFRESH_MS = 10_000;

/** An answer that names the account's zone: the screens count their days in it from now on. */
const zoned = <T extends { time_zone: string }>(answer: T): T => {
  noteAnswerZone(answer.time_zone);
  return answer;
};
const withoutIds = (conditions: ReadonlyArray<FilterCondition>) =>
  conditions.map(({ id: _id, ...rest }) => rest);

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboard: (range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) =>
    ['analytics', 'dashboard', range, conditions] as const,
  funnel: (funnelId: number, range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) =>
    ['analytics', 'funnel', funnelId, range, conditions] as const,
  performance: (funnelId: number, range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) =>
    ['analytics', 'performance', funnelId, range, conditions] as const,
  trends: (metric: string, range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) =>
    ['analytics', 'trends', metric, range, conditions] as const,
  summary: (metric: string, range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) =>
    ['analytics', 'summary', metric, range, conditions] as const,
  breakdown: (
    key: FilterKey,
    funnelId: number,
    range: RangeSeconds,
    conditions: ReadonlyArray<FilterCondition>,
  ) => ['analytics', 'breakdown', key, funnelId, range, conditions] as const,
};

/** `dashboard-summary` (start, end, unit, optional funnel ids), with the filters; the server picks the unit. */
export function useDashboardSummary(range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(range, conditions),
    queryFn: () =>
      callOrThrow(analyticsRows.getDashboardSummary, {
        query: { start: range.start, end: range.end, conditions: conditionsParam(conditions) },
      }).then(zoned),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
    // The screen shows its own error box.
    meta: { silent: true },
  });
}

/** `funnel-analytics` (funnel_id, start, end, previous start and end, unit): every metric of one funnel. */
export function useFunnelAnalytics(
  funnelId: number,
  range: RangeSeconds,
  conditions: ReadonlyArray<FilterCondition>,
) {
  return useQuery({
    queryKey: analyticsKeys.funnel(funnelId, range, conditions),
    queryFn: () =>
      callOrThrow(analyticsRows.listFunnelAnalytics, {
        query: {
          funnel_id: funnelId,
          start: range.start,
          end: range.end,
          previous_start: range.old_start,
          previous_end: range.old_end,
          conditions: conditionsParam(conditions),
        },
      }).then(zoned),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `funnels/{id}/performance-breakdown`: per step and page variant, with the A/B verdicts. */
export function usePerformanceBreakdown(
  funnelId: number,
  range: RangeSeconds,
  conditions: ReadonlyArray<FilterCondition>,
) {
  return useQuery({
    queryKey: analyticsKeys.performance(funnelId, range, conditions),
    queryFn: () =>
      callOrThrow(analyticsRows.getFunnelPerformanceBreakdown, {
        params: { id: funnelId },
        query: { start: range.start, end: range.end, conditions: conditionsParam(conditions) },
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/**
 * The account's every metric, as `funnel-analytics` answers one funnel's: "trends v2 (metric, 0, start,
 * end, unit, conditions) for current and previous period" and "summary v2 (metric, 0, start, end, old
 * start, old end, conditions)", one pair of calls per metric.
 */
export function useAccountAnalytics(range: RangeSeconds, conditions: ReadonlyArray<FilterCondition>) {
  const body = { funnel_id: 0, ...range, conditions: withoutIds(conditions) };
  const trends = useQueries({
    queries: ANALYTICS_METRICS.map((metric) => ({
      queryKey: analyticsKeys.trends(metric, range, conditions),
      queryFn: () =>
        callOrThrow(analyticsRows.analyticsTrends, { body: { data: { metric, ...body } } }).then(zoned),
      placeholderData: keepPreviousData,
      meta: { silent: true },
    })),
  });
  const summaries = useQueries({
    queries: ANALYTICS_METRICS.map((metric) => ({
      queryKey: analyticsKeys.summary(metric, range, conditions),
      queryFn: () => callOrThrow(analyticsRows.analyticsSummary, { body: { data: { metric, ...body } } }),
      placeholderData: keepPreviousData,
      meta: { silent: true },
    })),
  });
  const error = [...trends, ...summaries].find((q) => q.error)?.error ?? null;
  return { data: accountAnalytics(trends, summaries), error };
}

/** `analytics/breakdown-v2`: the period's numbers split by one filter key's values, busiest first. */
export function useBreakdown(
  key: FilterKey,
  funnelId: number,
  range: RangeSeconds,
  conditions: ReadonlyArray<FilterCondition>,
) {
  return useQuery({
    queryKey: analyticsKeys.breakdown(key, funnelId, range, conditions),
    queryFn: () =>
      callOrThrow(analyticsRows.analyticsBreakdown, {
        body: {
          data: {
            key,
            funnel_id: funnelId,
            start: range.start,
            end: range.end,
            conditions: withoutIds(conditions),
          },
        },
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
