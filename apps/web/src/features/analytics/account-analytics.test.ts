import { ANALYTICS_METRICS } from '@funnelwork/domain/rules';
import { describe, expect, it } from 'vitest';
import { accountAnalytics } from './account-analytics.ts';

const point = { value: 1, brief: '01 Apr', date: 1, oldDate: 0, oldValue: 0 };
const trend = (metric: string) => ({
  data: { metric, unit: 'day', time_zone: 'UTC', trend: [], chart: [{ ...point, value: metric.length }] },
});
const summary = (metric: string) => ({ data: { metric, value: metric.length, old_value: 0, delta: 100 } });

describe('the account’s metrics from one trends and one summary call each', () => {
  it('become one answer shaped as funnel-analytics answers a funnel', () => {
    const answer = accountAnalytics(
      ANALYTICS_METRICS.map((m) => trend(m) as never),
      ANALYTICS_METRICS.map((m) => summary(m) as never),
    );
    expect(Object.keys(answer?.summary ?? {})).toEqual([...ANALYTICS_METRICS]);
    expect(answer?.summary.optin_rate).toEqual({ value: 'optin_rate'.length, old_value: 0, delta: 100 });
    expect(answer?.trends.revenue[0]?.value).toBe('revenue'.length);
  });

  it('is nothing until every call has answered', () => {
    const trends = ANALYTICS_METRICS.map((m) => trend(m) as never);
    const summaries = ANALYTICS_METRICS.map((m, i) => (i === 3 ? {} : summary(m)) as never);
    expect(accountAnalytics(trends, summaries)).toBeUndefined();
  });
});
