import { abbreviateNumber, delta, rate, roundPrice } from '../shared/numbers.ts';

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

export type MetricKind = 'count' | 'rate' | 'money';

/**
 * Every metric a trend or summary can be asked for, declared once: its title, its kind (how it is
 * written: `formatMetricValue`) and its value from a period's counts. `dashboard` marks the small charts:
 * "small charts Uniq. Orders, Conv. rate, AOV, Page views, Optins, Optin rate, each with comparison to
 * the prior period". In the order the trends screens show them.
 */
export const METRICS = [
  { key: 'revenue', title: 'Revenue', kind: 'money', value: (t: PeriodTotals) => roundPrice(t.revenue) },
  { key: 'net_revenue', title: 'Net revenue', kind: 'money', value: (t: PeriodTotals) => netRevenue(t) },
  { key: 'refunded', title: 'Refunded', kind: 'money', value: (t: PeriodTotals) => roundPrice(t.refunded) },
  {
    key: 'orders',
    title: 'Uniq. Orders',
    kind: 'count',
    dashboard: true,
    value: (t: PeriodTotals) => t.orders,
  },
  {
    key: 'conversion_rate',
    title: 'Conv. rate',
    kind: 'rate',
    dashboard: true,
    value: (t: PeriodTotals) => conversionRate(t.orders, t.visits),
  },
  {
    key: 'aov',
    title: 'AOV',
    kind: 'money',
    dashboard: true,
    value: (t: PeriodTotals) => averageOrderValue(t.revenue, t.orders),
  },
  {
    key: 'page_views',
    title: 'Page views',
    kind: 'count',
    dashboard: true,
    value: (t: PeriodTotals) => t.page_views,
  },
  { key: 'optins', title: 'Optins', kind: 'count', dashboard: true, value: (t: PeriodTotals) => t.optins },
  {
    key: 'optin_rate',
    title: 'Optin rate',
    kind: 'rate',
    dashboard: true,
    value: (t: PeriodTotals) => optinRate(t.optins, t.visits),
  },
  { key: 'visits', title: 'Visitors', kind: 'count', value: (t: PeriodTotals) => t.visits },
] as const satisfies ReadonlyArray<{
  key: string;
  title: string;
  kind: MetricKind;
  dashboard?: true;
  value: (totals: PeriodTotals) => number;
}>;
export type AnalyticsMetric = (typeof METRICS)[number]['key'];
type Metric = (typeof METRICS)[number];
export type DashboardMetricKey = Extract<Metric, { dashboard: true }>['key'];

const METRICS_BY_KEY = Object.fromEntries(METRICS.map((m) => [m.key, m])) as Record<AnalyticsMetric, Metric>;

/** The small charts, in the order the dashboard shows them. */
export const DASHBOARD_METRICS = METRICS.flatMap((m) =>
  'dashboard' in m ? [{ key: m.key, title: m.title, kind: m.kind }] : [],
);

/** The metric names the trends and summary calls take: the Revenue chart's and the others, then the small charts'. */
export const ANALYTICS_METRICS = [
  ...METRICS.filter((m) => !('dashboard' in m)).map((m) => m.key),
  ...DASHBOARD_METRICS.map((m) => m.key),
] as unknown as readonly [AnalyticsMetric, ...AnalyticsMetric[]];

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
  return METRICS_BY_KEY[metric].value(totals);
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
export function formatMetricValue(kind: MetricKind, value: number): string {
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
