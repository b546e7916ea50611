import { ANALYTICS_METRICS, formatCount } from '@funnelwork/domain/rules';
import { describe, expect, it } from 'vitest';
import {
  chartRows,
  conditionText,
  filterKeyLabel,
  formatAxisTick,
  formatMetric,
  METRICS,
  metricCard,
  metricInfo,
  topFunnelPath,
} from './format.ts';

describe('metric texts', () => {
  it('abbreviates large counts and money with k, M, G, T, P, E', () => {
    expect(formatMetric('count', 999)).toBe('999');
    expect(formatMetric('count', 1_500)).toBe('1.5k');
    expect(formatMetric('count', 2_000_000)).toBe('2M');
    expect(formatMetric('count', 3.2e18)).toBe('3.2E');
    expect(formatMetric('money', 1_234_567, 'USD')).toBe('$1.2M');
    expect(formatMetric('money', 49, 'EUR')).toBe('€49.00');
    expect(formatMetric('money', 12_300, 'RON')).toBe('12.3k lei');
    expect(formatMetric('money', -25.5, 'USD')).toBe('-$25.50');
    // "the symbol defaults to '$'".
    expect(formatMetric('money', 5, null)).toBe('$5.00');
  });

  it("writes an axis's whole money ticks without cents, so one axis reads alike", () => {
    expect([0, 450, 900, 1_350, 1_800].map((v) => formatAxisTick('money', v, 'USD'))).toEqual([
      '$0',
      '$450',
      '$900',
      '$1.4k',
      '$1.8k',
    ]);
    expect(formatAxisTick('money', 2.5, 'USD')).toBe('$2.50');
    expect(formatAxisTick('money', -300, 'USD')).toBe('-$300');
    expect(formatAxisTick('money', 900, 'RON')).toBe('900 lei');
    expect(formatAxisTick('count', 1_500)).toBe('1.5k');
    expect(formatAxisTick('rate', 12.5)).toBe('12.5%');
  });

  it('writes rates as percents', () => {
    expect(formatMetric('rate', 12.345)).toBe('12.35%');
    expect(formatMetric('rate', 0)).toBe('0%');
  });

  it('gives a card its value, prior value and a two-decimal delta', () => {
    expect(metricCard('count', { value: 150, old_value: 120, delta: 25 }, null)).toEqual({
      value: '150',
      oldValue: '120',
      delta: '+25.00%',
      trend: 'up',
    });
    // "if the old value is zero and the new value nonzero it is 100".
    expect(metricCard('money', { value: 49, old_value: 0, delta: 100 }, 'USD')).toMatchObject({
      value: '$49.00',
      oldValue: '$0.00',
      delta: '+100.00%',
    });
    expect(metricCard('rate', { value: 1, old_value: 2, delta: -50 }, null).trend).toBe('down');
    expect(metricCard('rate', { value: 0, old_value: 0, delta: 0 }, null)).toMatchObject({
      delta: '0.00%',
      trend: 'flat',
    });
  });

  it('names every metric the calls take, with the small charts’ own titles', () => {
    expect(METRICS.map((m) => m.key).sort()).toEqual([...ANALYTICS_METRICS].sort());
    expect(metricInfo('orders').title).toBe('Uniq. Orders');
    expect(metricInfo('conversion_rate')).toMatchObject({ title: 'Conv. rate', kind: 'rate' });
  });
});

describe('Top Funnels rows', () => {
  it('link to /wfunnel/{id} when funnel_type is 1, else /funnel/{id}', () => {
    expect(topFunnelPath({ funnel_id: 7, funnel_type: 1 })).toBe('/wfunnel/7');
    expect(topFunnelPath({ funnel_id: 7, funnel_type: 0 })).toBe('/funnel/7');
    expect(topFunnelPath({ funnel_id: 7, funnel_type: 2 })).toBe('/funnel/7');
  });
});

describe('charts and filter chips', () => {
  it('draws each bucket beside the prior period’s', () => {
    expect(chartRows([{ value: 3, brief: '01 Apr', date: 1, oldDate: 0, oldValue: 2 }])).toEqual([
      { brief: '01 Apr', value: 3, previous: 2 },
    ]);
  });

  it('reads conditions with the spec’s operand names', () => {
    expect(filterKeyLabel('referrer_domain')).toBe('Referrer domain');
    expect(conditionText({ key: 'utm_source', operand: 'IN', values: ['facebook', 'google'] })).toBe(
      'UTM source Is one of facebook, google',
    );
    expect(conditionText({ key: 'country', operand: 'NOT LIKE', value: 'US' })).toBe(
      'Country Does not contain US',
    );
  });
});

describe('counts in tables', () => {
  it('are whole numbers with thousands separators', () => {
    expect(formatCount(1300)).toBe('1,300');
    expect(formatCount(0)).toBe('0');
  });
});
