import { rate, roundPrice } from '../shared/numbers.ts';

/**
 * The counts behind one row of `funnels/{id}/performance-breakdown`, for a step or one page variant:
 * "views, unique views, opt-ins and opt-in rate, orders, sales rate (orders ÷ unique views), order-bump
 * take rate, upsell take rate, revenue, average cart value and earnings per page view."
 * `orders_with_bump` and `orders_with_upsell` count this page's orders whose buyer took an order bump,
 * or later an upsell or downsell; `revenue` is everything those orders brought, in major units.
 */
export type PerformanceCounts = {
  views: number;
  unique_views: number;
  optins: number;
  orders: number;
  orders_with_bump: number;
  orders_with_upsell: number;
  revenue: number;
};

export type PerformanceRow = PerformanceCounts & {
  optin_rate: number;
  sales_rate: number;
  order_bump_rate: number;
  upsell_rate: number;
  average_cart_value: number;
  earnings_per_view: number;
};

export const EMPTY_PERFORMANCE: PerformanceCounts = {
  views: 0,
  unique_views: 0,
  optins: 0,
  orders: 0,
  orders_with_bump: 0,
  orders_with_upsell: 0,
  revenue: 0,
};

/**
 * A row's rates and averages. Rates are "percentages capped at 100 and 0 when the value is 0": opt-ins
 * and orders per unique view, bumps and upsells per order. Money "rounds to two decimals": the average
 * cart value is revenue ÷ orders, earnings per page view revenue ÷ views (0 when there are none).
 */
export function performanceRow(counts: PerformanceCounts): PerformanceRow {
  return {
    ...counts,
    revenue: roundPrice(counts.revenue),
    optin_rate: rate(counts.optins, counts.unique_views),
    sales_rate: rate(counts.orders, counts.unique_views),
    order_bump_rate: rate(counts.orders_with_bump, counts.orders),
    upsell_rate: rate(counts.orders_with_upsell, counts.orders),
    average_cart_value: counts.orders === 0 ? 0 : roundPrice(counts.revenue / counts.orders),
    earnings_per_view: counts.views === 0 ? 0 : roundPrice(counts.revenue / counts.views),
  };
}

/** A step's counts: the sum of its variants' counts (rates are then worked out again, not averaged). */
export function sumPerformance(rows: ReadonlyArray<PerformanceCounts>): PerformanceCounts {
  const total = { ...EMPTY_PERFORMANCE };
  for (const row of rows) {
    for (const key of Object.keys(total) as Array<keyof PerformanceCounts>) total[key] += row[key];
  }
  return total;
}
