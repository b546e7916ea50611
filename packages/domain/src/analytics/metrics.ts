import { abbreviateNumber, delta, rate, roundPrice } from '../shared/numbers.ts';

/**
 * "small charts Uniq. Orders, Conv. rate, AOV, Page views, Optins, Optin rate, each with comparison to
 * the prior period." The keys are the metric names the trends and summary calls take.
 */
export const DASHBOARD_METRICS = [
  { key: 'orders', title: 'Uniq. Orders', kind: 'count' },
  { key: 'conversion_rate', title: 'Conv. rate', kind: 'rate' },
  { key: 'aov', title: 'AOV', kind: 'money' },
  { key: 'page_views', title: 'Page views', kind: 'count' },
  { key: 'optins', title: 'Optins', kind: 'count' },
  { key: 'optin_rate', title: 'Optin rate', kind: 'rate' },
] as const;
export type DashboardMetricKey = (typeof DASHBOARD_METRICS)[number]['key'];

/** Every metric a trend or summary can be asked for: the small charts' metrics plus the Revenue chart's. */
export const ANALYTICS_METRICS = [
  'revenue',
  'net_revenue',
  'refunded',
  'visits',
  ...DASHBOARD_METRICS.map((m) => m.key),
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

/**
 * The counts of one period from which every dashboard number is derived.
 * - `orders`: distinct orders ("Uniq. Orders": an order bump or upsell added to an order does not make
 *   it a second order);
 * - `visits`: distinct visitors; `page_views`: every page shown;
 * - `revenue`: gross, in major units; `refunded`: refunds and cancellations that happened in the period
 *   (whatever period the order was placed in).
 */
export type PeriodTotals = {
  revenue: number;
  refunded: number;
  orders: number;
  visits: number;
  page_views: number;
  optins: number;
};

export const EMPTY_TOTALS: PeriodTotals = {
  revenue: 0,
  refunded: 0,
  orders: 0,
  visits: 0,
  page_views: 0,
  optins: 0,
};

/**
 * "Conv. rate": orders per visitor, in percent; "Rates are percentages capped at 100 and 0 when the
 * value is 0." Visitors rather than page views, so a shopper who reloads the page does not lower it.
 */
export function conversionRate(orders: number, visits: number): number {
  return rate(orders, visits);
}

/** "Optin rate": opt-ins per visitor, in percent, capped at 100 and 0 when there are none. */
export function optinRate(optins: number, visits: number): number {
  return rate(optins, visits);
}

/** "AOV": average order value, revenue ÷ orders; "Prices round to two decimals"; 0 without orders. */
export function averageOrderValue(revenue: number, orders: number): number {
  if (orders === 0) return 0;
  return roundPrice(revenue / orders);
}

/** Gross revenue less what was refunded or cancelled in the same period (may be negative). */
export function netRevenue(totals: Pick<PeriodTotals, 'revenue' | 'refunded'>): number {
  return roundPrice(totals.revenue - totals.refunded);
}

/** The value of one metric for one period. */
export function metricValue(metric: AnalyticsMetric, totals: PeriodTotals): number {
  switch (metric) {
    case 'revenue':
      return roundPrice(totals.revenue);
    case 'net_revenue':
      return netRevenue(totals);
    case 'refunded':
      return roundPrice(totals.refunded);
    case 'visits':
      return totals.visits;
    case 'orders':
      return totals.orders;
    case 'conversion_rate':
      return conversionRate(totals.orders, totals.visits);
    case 'aov':
      return averageOrderValue(totals.revenue, totals.orders);
    case 'page_views':
      return totals.page_views;
    case 'optins':
      return totals.optins;
    case 'optin_rate':
      return optinRate(totals.optins, totals.visits);
  }
}

/** "Summary per metric: value, old_value", with the chart's delta between them. */
export type MetricSummary = { value: number; old_value: number; delta: number };

/**
 * A metric now and in the prior period. "Chart delta is a percent with two decimals; if the old value
 * is zero and the new value nonzero it is 100"; when both are zero the spec is silent: 0 (no change).
 */
export function metricSummary(
  metric: AnalyticsMetric,
  current: PeriodTotals,
  previous: PeriodTotals,
): MetricSummary {
  const value = metricValue(metric, current);
  const oldValue = metricValue(metric, previous);
  return { value, old_value: oldValue, delta: delta(value, oldValue) };
}

/** The six small charts' headline numbers, in the order the dashboard shows them. */
export function dashboardSummaries(current: PeriodTotals, previous: PeriodTotals) {
  return DASHBOARD_METRICS.map((m) => ({ ...m, ...metricSummary(m.key, current, previous) }));
}

/**
 * The text a small chart shows for its value: "Large numbers abbreviate as k, M, G, T, P, E" for counts
 * and money (money keeps two decimals below 1000: "Prices round to two decimals"), rates as a percent.
 */
export function formatMetricValue(kind: 'count' | 'rate' | 'money', value: number): string {
  switch (kind) {
    case 'rate':
      return `${roundPrice(value)}%`;
    case 'money':
      return Math.abs(value) < 1000 ? roundPrice(value).toFixed(2) : abbreviateNumber(value);
    case 'count':
      return abbreviateNumber(value);
  }
}

/** The delta as the chart writes it: a sign, two decimals and a percent sign ('+12.50%', '-3.00%'). */
export function formatDelta(value: number): string {
  const rounded = roundPrice(value);
  return `${rounded > 0 ? '+' : rounded < 0 ? '-' : ''}${Math.abs(rounded).toFixed(2)}%`;
}

/**
 * A row of the "Top Funnels" panel: "shows name, updated date, revenue, orders, conversion rate against
 * the previous period."
 */
export function topFunnelConversion(
  current: Pick<PeriodTotals, 'orders' | 'visits'>,
  previous: Pick<PeriodTotals, 'orders' | 'visits'>,
): MetricSummary {
  const value = conversionRate(current.orders, current.visits);
  const oldValue = conversionRate(previous.orders, previous.visits);
  return { value, old_value: oldValue, delta: delta(value, oldValue) };
}
