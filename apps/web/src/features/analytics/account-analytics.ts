import type { FunnelAnalyticsAnswer, SummaryAnswer, TrendsAnswer } from '@funnelwork/domain';
import { ANALYTICS_METRICS } from '@funnelwork/domain/rules';

type Answer = Pick<FunnelAnalyticsAnswer['data'], 'summary' | 'trends'>;

/** The per-metric answers as one funnel-analytics answer, once every one has arrived. */
export function accountAnalytics(
  trends: ReadonlyArray<{ data?: TrendsAnswer['data'] }>,
  summaries: ReadonlyArray<{ data?: SummaryAnswer['data'] }>,
): Answer | undefined {
  const summary: Partial<Answer['summary']> = {};
  const charts: Partial<Answer['trends']> = {};
  for (const [i, metric] of ANALYTICS_METRICS.entries()) {
    const trend = trends[i]?.data;
    const total = summaries[i]?.data;
    if (!trend || !total) return undefined;
    summary[metric] = { value: total.value, old_value: total.old_value, delta: total.delta };
    charts[metric] = trend.chart;
  }
  return { summary: summary as Answer['summary'], trends: charts as Answer['trends'] };
}
