import type { FunnelAnalyticsAnswer } from '@funnelwork/domain';
import { SimpleGrid } from '@mantine/core';
import { METRICS } from '../format.ts';
import { MetricChartCard } from './metric-chart-card.tsx';

type MetricTrendsGridProps = {
  data: Pick<FunnelAnalyticsAnswer['data'], 'summary' | 'trends'>;
  currency?: string | null;
  zone: string;
};

/** "trends of every metric with the period comparison": one chart card per metric. */
export function MetricTrendsGrid({ data, currency, zone }: MetricTrendsGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {METRICS.map((metric) => (
        <MetricChartCard
          key={metric.key}
          title={metric.title}
          kind={metric.kind}
          summary={data.summary[metric.key]}
          points={data.trends[metric.key]}
          currency={currency}
          zone={zone}
        />
      ))}
    </SimpleGrid>
  );
}
