import { describe, expect, it } from 'vitest';
import { EMPTY_PERFORMANCE, performanceRow, sumPerformance } from './breakdown.ts';
import {
  breakdownAnswerSchema,
  breakdownBodySchema,
  dashboardSummaryAnswerSchema,
  dashboardSummaryQuerySchema,
  funnelAnalyticsQuerySchema,
  performanceBreakdownAnswerSchema,
  performanceBreakdownQuerySchema,
  summaryBodySchema,
  trendsBodySchema,
} from './contracts.ts';
import { ANALYTICS_METRICS } from './metrics.ts';

const DAY = 86_400;
const START = 1_772_323_200; // 2026-03-01T00:00:00Z

/** The first issue's field (joined path) and message, as the server's 400 names them; undefined when valid. */
function refusal(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  const first = result.error?.issues[0] as { path: PropertyKey[]; message: string };
  return { field: first.path.join('.'), message: first.message };
}

describe('dashboard-summary: "dashboard (start, end, unit, optional funnel ids)"', () => {
  it('reads unix seconds, a unit, funnel ids and the filter conditions from the query', () => {
    expect(
      dashboardSummaryQuerySchema.parse({
        start: String(START),
        end: String(START + 30 * DAY - 1),
        unit: 'day',
        funnel_ids: '3,8',
        conditions: JSON.stringify([{ id: 1, key: 'country', operand: 'IN', values: ['GB'] }]),
      }),
    ).toEqual({
      start: START,
      end: START + 30 * DAY - 1,
      unit: 'day',
      funnel_ids: [3, 8],
      conditions: [{ id: 1, key: 'country', operand: 'IN', values: ['GB'] }],
    });
  });

  it('"Analytics granularity" picks the unit when none is given', () => {
    const q = (days: number, unit?: string) =>
      dashboardSummaryQuerySchema.parse({ start: String(START), end: String(START + days * DAY), unit }).unit;
    expect(q(2)).toBe('hour');
    expect(q(30)).toBe('day');
    expect(q(90, '')).toBe('week');
    expect(q(365)).toBe('month');
    expect(q(365, 'day')).toBe('day');
  });

  it('refuses bad input naming the field', () => {
    const base = { start: String(START), end: String(START + DAY) };
    expect(refusal(dashboardSummaryQuerySchema, { ...base, start: '1e9' })).toEqual({
      field: 'start',
      message: 'must be unix seconds written in digits',
    });
    expect(refusal(dashboardSummaryQuerySchema, { end: base.end })?.field).toBe('start');
    expect(refusal(dashboardSummaryQuerySchema, { ...base, end: String(START - 1) })).toEqual({
      field: 'end',
      message: 'must not be before start',
    });
    expect(refusal(dashboardSummaryQuerySchema, { ...base, unit: 'year' })).toEqual({
      field: 'unit',
      message: 'must be one of hour, day, week, month',
    });
    expect(
      refusal(dashboardSummaryQuerySchema, { start: '0', end: String(3 * 365 * DAY), unit: 'hour' }),
    ).toEqual({
      field: 'unit',
      message: 'is too fine for this range: more than 10000 buckets',
    });
    expect(refusal(dashboardSummaryQuerySchema, { ...base, funnel_ids: '3,x' })).toEqual({
      field: 'funnel_ids.1',
      message: 'must be a whole number written in digits',
    });
    expect(refusal(dashboardSummaryQuerySchema, { ...base, conditions: '[{' })).toEqual({
      field: 'conditions',
      message: 'must be a JSON list of filter conditions',
    });
    expect(
      refusal(dashboardSummaryQuerySchema, {
        ...base,
        conditions: JSON.stringify([{ key: 'country', operand: 'IN', values: [] }]),
      }),
    ).toEqual({ field: 'conditions.0.values', message: 'IN needs at least one value' });
  });
});

describe('analytics/trends and analytics/summary: "trends v2 (metric, 0, start, end, unit, conditions)"', () => {
  const body = { metric: 'revenue', start: START, end: START + 7 * DAY };

  it('takes a metric, the funnel (0 for all), a range, the prior one, a unit and conditions', () => {
    expect(trendsBodySchema.parse(body)).toEqual({ ...body, funnel_id: 0, unit: 'day', conditions: [] });
    expect(
      trendsBodySchema.parse({
        ...body,
        funnel_id: 12,
        old_start: START - 7 * DAY,
        old_end: START - 1,
        unit: 'hour',
        conditions: [{ key: 'utm_source', operand: 'LIKE', value: 'mail' }],
      }),
    ).toMatchObject({ funnel_id: 12, old_start: START - 7 * DAY, unit: 'hour' });
    for (const metric of ANALYTICS_METRICS)
      expect(trendsBodySchema.safeParse({ ...body, metric }).success).toBe(true);
  });

  it('refuses bad trends input naming the field', () => {
    expect(refusal(trendsBodySchema, { ...body, metric: 'bounce_rate' })?.field).toBe('metric');
    expect(refusal(trendsBodySchema, { ...body, start: '5' })?.field).toBe('start');
    expect(refusal(trendsBodySchema, { ...body, start: 1.5 })).toEqual({
      field: 'start',
      message: 'must be whole unix seconds',
    });
    expect(refusal(trendsBodySchema, { ...body, end: -1 })?.field).toBe('end');
    expect(refusal(trendsBodySchema, { ...body, funnel_id: -3 })?.field).toBe('funnel_id');
    expect(refusal(trendsBodySchema, { ...body, old_start: START - DAY })).toEqual({
      field: 'old_end',
      message: 'old_start and old_end go together',
    });
    expect(refusal(trendsBodySchema, { ...body, old_start: START, old_end: START - 1 })?.field).toBe(
      'old_end',
    );
    expect(
      refusal(trendsBodySchema, { ...body, conditions: [{ key: 'os', operand: '=', value: 'x' }] })?.field,
    ).toBe('conditions.0.key');
  });

  it('summary needs the old range: "summary v2 (metric, 0, start, end, old start, old end, conditions)"', () => {
    const full = { ...body, old_start: START - 7 * DAY, old_end: START - 1 };
    expect(summaryBodySchema.parse(full)).toEqual({ ...full, funnel_id: 0, conditions: [] });
    expect(refusal(summaryBodySchema, body)?.field).toBe('old_start');
    expect(refusal(summaryBodySchema, { ...full, end: START - 1 })?.field).toBe('end');
  });
});

describe('funnel-analytics: "funnel_id, start and end and previous start and end as unix times, unit"', () => {
  const query = {
    funnel_id: '5',
    start: String(START),
    end: String(START + 7 * DAY),
    previous_start: String(START - 7 * DAY),
    previous_end: String(START - 1),
    unit: 'day',
  };
  it('reads the query', () => {
    expect(funnelAnalyticsQuerySchema.parse(query)).toEqual({
      funnel_id: 5,
      start: START,
      end: START + 7 * DAY,
      previous_start: START - 7 * DAY,
      previous_end: START - 1,
      unit: 'day',
    });
  });
  it('refuses bad input naming the field', () => {
    expect(refusal(funnelAnalyticsQuerySchema, { ...query, funnel_id: '0x5' })?.field).toBe('funnel_id');
    expect(refusal(funnelAnalyticsQuerySchema, { ...query, previous_start: undefined })?.field).toBe(
      'previous_start',
    );
    expect(refusal(funnelAnalyticsQuerySchema, { ...query, previous_end: String(START - 8 * DAY) })).toEqual({
      field: 'previous_end',
      message: 'must not be before previous_start',
    });
    expect(refusal(funnelAnalyticsQuerySchema, { ...query, start: '99999999999999' })?.field).toBe('start');
  });
});

describe('performance-breakdown', () => {
  it('"sales rate (orders ÷ unique views)", take rates, average cart value, earnings per page view', () => {
    expect(
      performanceRow({
        views: 400,
        unique_views: 300,
        optins: 90,
        orders: 30,
        orders_with_bump: 12,
        orders_with_upsell: 45,
        revenue: 1234.567,
      }),
    ).toEqual({
      views: 400,
      unique_views: 300,
      optins: 90,
      optin_rate: 30,
      orders: 30,
      sales_rate: 10,
      orders_with_bump: 12,
      order_bump_rate: 40,
      orders_with_upsell: 45,
      upsell_rate: 100,
      revenue: 1234.57,
      average_cart_value: 41.15,
      earnings_per_view: 3.09,
    });
    expect(performanceRow(EMPTY_PERFORMANCE)).toMatchObject({
      sales_rate: 0,
      optin_rate: 0,
      average_cart_value: 0,
      earnings_per_view: 0,
    });
  });

  it("a step's row sums its variants and works its rates out again", () => {
    const a = { ...EMPTY_PERFORMANCE, views: 10, unique_views: 10, orders: 1, revenue: 10 };
    const b = { ...EMPTY_PERFORMANCE, views: 30, unique_views: 30, orders: 9, revenue: 90 };
    expect(performanceRow(sumPerformance([a, b]))).toMatchObject({
      unique_views: 40,
      orders: 10,
      sales_rate: 25,
    });
  });

  it('takes an optional range and answers per step and variant', () => {
    expect(performanceBreakdownQuerySchema.parse({})).toEqual({});
    expect(refusal(performanceBreakdownQuerySchema, { start: '10', end: '5' })?.field).toBe('end');
    const row = performanceRow(EMPTY_PERFORMANCE);
    const answer = {
      data: {
        funnel_id: 1,
        currency_code: 'USD',
        steps: [
          {
            ...row,
            step_id: 2,
            step_name: 'Checkout',
            step_type: 1,
            order_index: 1,
            variants: [{ ...row, page_id: 3, page_name: 'A', ab_percent: 50 }],
            verdict: null,
          },
        ],
      },
    };
    expect(performanceBreakdownAnswerSchema.parse(answer)).toEqual(answer);
    expect(
      performanceBreakdownAnswerSchema.safeParse({ data: { ...answer.data, steps: [{ step_id: 2 }] } })
        .success,
    ).toBe(false);
  });
});

describe('"Dashboard response: revenue, aov, orders, visits, optins, trends, hourly_visitors, on_boarding, top_funnels"', () => {
  it('holds a summary per metric, a chart per metric and the top funnels', () => {
    const summary = { value: 1, old_value: 0, delta: 100 };
    const chart = [{ value: 1, brief: '01 Mar', date: START, oldDate: START - DAY, oldValue: 0 }];
    const answer = {
      data: {
        unit: 'day',
        time_zone: 'Europe/London',
        revenue: summary,
        net_revenue: summary,
        refunded: summary,
        aov: summary,
        orders: summary,
        visits: summary,
        page_views: summary,
        optins: summary,
        conversion_rate: summary,
        optin_rate: summary,
        trends: Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, chart])),
        hourly_visitors: [{ date: START, value: 3 }],
        on_boarding: false,
        top_funnels: [
          {
            funnel_id: 1,
            funnel_name: 'Main',
            funnel_type: 1,
            updated_at: '2026-03-01T00:00:00Z',
            revenue: 10,
            orders: 1,
            visits: 5,
            currency_code: 'USD',
            conversion_rate: { value: 20, old_value: 10, delta: 100 },
          },
        ],
      },
    };
    expect(dashboardSummaryAnswerSchema.parse(answer)).toEqual(answer);
    const { optin_rate: _missing, ...withoutRate } = answer.data;
    expect(dashboardSummaryAnswerSchema.safeParse({ data: withoutRate }).success).toBe(false);
  });
});

describe('analytics/breakdown-v2: the numbers split by one filter key', () => {
  const body = { key: 'utm_source', start: START, end: START + DAY };
  it('takes a key, a range, conditions and a limit', () => {
    expect(breakdownBodySchema.parse(body)).toEqual({ ...body, funnel_id: 0, conditions: [], limit: 10 });
    const row = {
      value: 'mail',
      visits: 4,
      page_views: 9,
      optins: 1,
      optin_rate: 25,
      orders: 1,
      conversion_rate: 25,
      revenue: 9.5,
    };
    const answer = { data: { key: 'utm_source', rows: [row] } };
    expect(breakdownAnswerSchema.parse(answer)).toEqual(answer);
  });
  it('refuses bad input naming the field', () => {
    expect(refusal(breakdownBodySchema, { ...body, key: 'browser' })?.field).toBe('key');
    expect(refusal(breakdownBodySchema, { ...body, limit: 0 })?.field).toBe('limit');
    expect(refusal(breakdownBodySchema, { ...body, limit: 101 })?.field).toBe('limit');
    expect(refusal(breakdownBodySchema, { ...body, end: START - 1 })?.field).toBe('end');
    expect(refusal(breakdownBodySchema, { key: 'country', end: START })?.field).toBe('start');
  });
});
