import { type ChartPoint, emptyChart, type MetricSummary } from '@funnelwork/domain/rules';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { lazyComponent } from '../../../shared/lazy-component.ts';
import { WhenVisible } from '../../../shared/when-visible.tsx';
import { chartRows, formatAxisTick, formatMetric, type MetricKind, metricCard } from '../format.ts';

type MetricChartCardProps = {
  title: string;
  kind: MetricKind;
  summary: MetricSummary;
  points: ReadonlyArray<ChartPoint>;
  currency?: string | null;
  zone: string;
  /** The large card (Revenue) is taller and shows its axes. */
  large?: boolean;
  actions?: ReactNode;
};

// The charts' library (recharts, ~90 KB compressed) loads once a chart comes into view, after the numbers.
const MetricChart = lazyComponent(async () => (await import('./metric-chart.tsx')).MetricChart);

const DELTA_COLORS = { up: 'teal', down: 'red', flat: 'gray' } as const;

/**
 * A chart with its comparison: the value, the prior period's value and the delta, and the period's
 * trend drawn over the prior period's. "An empty chart shows 30 days of zeros."
 */
export function MetricChartCard({
  title,
  kind,
  summary,
  points,
  currency,
  zone,
  large = false,
  actions,
}: MetricChartCardProps) {
  const card = metricCard(kind, summary, currency);
  const rows = chartRows(points.length > 0 ? points : emptyChart(new Date(), zone));
  const format = (value: number) => formatMetric(kind, value, currency);
  const axisFormat = (value: number) => formatAxisTick(kind, value, currency);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={title}
      data-testid={`metric-${title}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} c="dimmed">
            {title}
          </Text>
          {actions}
        </Group>
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text fz={large ? 30 : 22} fw={700} lh={1.1} data-testid="metric-value">
            {card.value}
          </Text>
          <Badge variant="light" color={DELTA_COLORS[card.trend]} size="sm" data-testid="metric-delta">
            {card.delta}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" data-testid="metric-old-value">
          {`Prior period: ${card.oldValue}`}
        </Text>
        <WhenVisible h={large ? 240 : 90} preload={MetricChart.preload}>
          <MetricChart large={large} rows={rows} format={format} axisFormat={axisFormat} />
        </WhenVisible>
      </Stack>
    </Paper>
  );
}
