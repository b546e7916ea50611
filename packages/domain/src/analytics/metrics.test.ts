import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abbreviateNumber, delta } from '../shared/numbers.ts';
import {
  averageOrderValue,
  conversionRate,
  DASHBOARD_METRICS,
  dashboardSummaries,
  EMPTY_TOTALS,
  formatDelta,
  formatMetricValue,
  metricSummary,
  metricValue,
  netRevenue,
  optinRate,
  type PeriodTotals,
  topFunnelConversion,
} from './metrics.ts';

const totals = (partial: Partial<PeriodTotals>): PeriodTotals => ({ ...EMPTY_TOTALS, ...partial });
const count = fc.integer({ min: 0, max: 1_000_000_000 });

describe('"small charts Uniq. Orders, Conv. rate, AOV, Page views, Optins, Optin rate"', () => {
  it('lists the six small charts in the spec order', () => {
    expect(DASHBOARD_METRICS.map((m) => m.title)).toEqual([
      'Uniq. Orders',
      'Conv. rate',
      'AOV',
      'Page views',
      'Optins',
      'Optin rate',
    ]);
  });

  it('derives each from the period totals', () => {
    const now = totals({
      revenue: 1234.5,
      refunded: 34.5,
      orders: 30,
      visits: 1200,
      page_views: 4000,
      optins: 300,
    });
    expect(metricValue('orders', now)).toBe(30);
    expect(metricValue('conversion_rate', now)).toBe(2.5);
    expect(metricValue('aov', now)).toBe(41.15);
    expect(metricValue('page_views', now)).toBe(4000);
    expect(metricValue('optins', now)).toBe(300);
    expect(metricValue('optin_rate', now)).toBe(25);
    expect(metricValue('revenue', now)).toBe(1234.5);
    expect(metricValue('refunded', now)).toBe(34.5);
    expect(metricValue('net_revenue', now)).toBe(1200);
    expect(metricValue('visits', now)).toBe(1200);
  });

  it('compares each with the prior period', () => {
    const now = totals({ orders: 30, visits: 1000, page_views: 3000, optins: 100, revenue: 900 });
    const before = totals({ orders: 20, visits: 1000, page_views: 0, optins: 100, revenue: 400 });
    expect(
      dashboardSummaries(now, before).map(({ title, value, old_value, delta: d }) => [
        title,
        value,
        old_value,
        d,
      ]),
    ).toEqual([
      ['Uniq. Orders', 30, 20, 50],
      ['Conv. rate', 3, 2, 50],
      ['AOV', 30, 20, 50],
      ['Page views', 3000, 0, 100],
      ['Optins', 100, 100, 0],
      ['Optin rate', 10, 10, 0],
    ]);
  });
});

describe('"Rates are percentages capped at 100 and 0 when the value is 0."', () => {
  it('conversion rate is orders per visitor, optin rate opt-ins per visitor', () => {
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(optinRate(2, 3)).toBe(66.67);
    expect(conversionRate(12, 10)).toBe(100);
    expect(conversionRate(0, 10)).toBe(0);
    expect(optinRate(0, 0)).toBe(0);
    expect(conversionRate(5, 0)).toBe(0);
  });

  it('never exceeds 100, never goes below 0, and is 0 exactly when the value is 0', () => {
    fc.assert(
      fc.property(count, count, (value, total) => {
        const r = conversionRate(value, total);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(100);
        if (value === 0) expect(r).toBe(0);
        if (value >= total && total > 0) expect(r).toBe(100);
        expect(Math.round(r * 100) / 100).toBe(r);
      }),
    );
  });
});

describe('"AOV" (average order value) — "Prices round to two decimals."', () => {
  it('is revenue ÷ orders, two decimals, 0 without orders', () => {
    expect(averageOrderValue(100, 3)).toBe(33.33);
    expect(averageOrderValue(200, 3)).toBe(66.67);
    expect(averageOrderValue(0, 0)).toBe(0);
    expect(averageOrderValue(50, 0)).toBe(0);
  });
  it('net revenue subtracts what was refunded in the period, and may go below zero', () => {
    expect(netRevenue({ revenue: 100, refunded: 30.1 })).toBe(69.9);
    expect(netRevenue({ revenue: 0, refunded: 20 })).toBe(-20);
  });
});

describe(
  '"Chart delta is a percent with two decimals; if the old value is zero and the new value nonzero ' +
    'it is 100."',
  () => {
    it('is 100 from zero, and 0 when both are zero (the spec is silent: no change)', () => {
      const zero = totals({});
      expect(metricSummary('orders', totals({ orders: 3 }), zero)).toEqual({
        value: 3,
        old_value: 0,
        delta: 100,
      });
      expect(metricSummary('orders', zero, zero)).toEqual({ value: 0, old_value: 0, delta: 0 });
      expect(metricSummary('orders', zero, totals({ orders: 4 }))).toEqual({
        value: 0,
        old_value: 4,
        delta: -100,
      });
    });

    it('has two decimals, a sign that follows the change, and turns the old value into the new', () => {
      fc.assert(
        fc.property(count, count, (next, old) => {
          const d = delta(next, old);
          expect(Math.round(d * 100) / 100).toBe(d);
          if (old === 0) expect(d).toBe(next === 0 ? 0 : 100);
          else {
            const exact = ((next - old) / old) * 100;
            expect(d === 0 || Math.sign(d) === Math.sign(exact)).toBe(true);
            expect(Math.abs(old * (1 + d / 100) - next)).toBeLessThanOrEqual(old * 0.00005 + 1e-6);
          }
          if (next === old) expect(d).toBe(0);
          if (next === 0 && old > 0) expect(d).toBe(-100);
        }),
      );
    });

    it('is written with its sign and two decimals', () => {
      expect(formatDelta(12.5)).toBe('+12.50%');
      expect(formatDelta(-3)).toBe('-3.00%');
      expect(formatDelta(0)).toBe('0.00%');
    });
  },
);

describe('"Large numbers abbreviate as k, M, G, T, P, E."', () => {
  it('abbreviates counts and money, and writes rates as a percent', () => {
    expect(formatMetricValue('count', 999)).toBe('999');
    expect(formatMetricValue('count', 12_345)).toBe('12.3k');
    expect(formatMetricValue('count', 4.2e18)).toBe('4.2E');
    expect(formatMetricValue('money', 41.5)).toBe('41.50');
    expect(formatMetricValue('money', 1_250_000)).toBe('1.3M');
    expect(formatMetricValue('rate', 33.333)).toBe('33.33%');
  });
  it('uses each suffix from its power of 1000', () => {
    expect(['k', 'M', 'G', 'T', 'P', 'E'].map((_, i) => abbreviateNumber(1000 ** (i + 1)))).toEqual([
      '1k',
      '1M',
      '1G',
      '1T',
      '1P',
      '1E',
    ]);
  });
});

describe('"shows name, updated date, revenue, orders, conversion rate against the previous period"', () => {
  it("compares a top funnel's conversion rate with the prior period", () => {
    expect(topFunnelConversion({ orders: 5, visits: 100 }, { orders: 2, visits: 100 })).toEqual({
      value: 5,
      old_value: 2,
      delta: 150,
    });
    expect(topFunnelConversion({ orders: 1, visits: 10 }, { orders: 0, visits: 0 }).delta).toBe(100);
  });
});
