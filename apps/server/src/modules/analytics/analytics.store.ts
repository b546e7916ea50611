import type { PerformanceCounts } from '@funnelwork/domain/analytics/breakdown';
import type { FilterCondition, FilterKey } from '@funnelwork/domain/analytics/filters';
import type { PeriodTotals } from '@funnelwork/domain/analytics/metrics';

/**
 * What every analytics query is limited to: one account, optionally some of its funnels, and the filter
 * conditions (AND). An empty `funnelIds` list means "none" (answers zeros); null means every funnel.
 */
export type StoreScope = {
  accountId: number;
  /** The account's zone (IANA): the days unique visitors are counted in. */
  timeZone: string;
  funnelIds: ReadonlyArray<number> | null;
  conditions: ReadonlyArray<FilterCondition>;
};

/** Unix seconds; `from` included, `to` excluded. */
export type Period = { from: number; to: number };

/** The counts of one step and page variant (performance-breakdown); money in major units. */
export type PageCounts = { step_id: number; page_id: number } & PerformanceCounts;

/**
 * The one interface the analytics module reads through. Every number is derived from page views, opt-in
 * events and orders; an implementation may read raw events (raw-store), rollups, or a columnar store
 * (ClickHouse) later, and must give the same answers: `analytics.property.test.ts` holds them to the
 * raw store's. Money is in major units (minor ÷ 100), summed across currencies (filter on currency to
 * keep one).
 */
export interface AnalyticsStore {
  /**
   * Counts per bucket and over the whole range: `edges` are ascending unix seconds, bucket i runs from
   * edges[i] (included) to edges[i + 1] (excluded), so there is one bucket fewer than edges. Visitors
   * are distinct per bucket and over the whole range (not summed).
   */
  series(
    scope: StoreScope,
    edges: ReadonlyArray<number>,
  ): Promise<{ buckets: PeriodTotals[]; total: PeriodTotals }>;
  /**
   * Unique visitors of each bucket (edges as for `series`), without the range's total: the Dashboard's
   * visitors of each of the last 24 hours.
   */
  bucketVisitors(scope: StoreScope, edges: ReadonlyArray<number>): Promise<number[]>;
  /** The period's counts per funnel (funnels without any are absent). */
  perFunnel(scope: StoreScope, period: Period): Promise<Map<number, PeriodTotals>>;
  /** Per step and page variant of the scope's funnels; `period` null reads the whole history. */
  perPage(scope: StoreScope, period: Period | null): Promise<PageCounts[]>;
  /** The period's counts per value of one filter key ('' for records without a value). */
  byValue(
    scope: StoreScope,
    key: FilterKey,
    period: Period,
  ): Promise<Array<PeriodTotals & { value: string }>>;
  /** Whether the account recorded anything yet (a page view or an order). */
  hasData(accountId: number): Promise<boolean>;
}
