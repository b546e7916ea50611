import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { NO_VERTICAL_GRID_LINES, X_TICK } from '../../../shared/chart-ticks.ts';
import type { PageViewBar } from '../activity-text.ts';

export type PageViewsChartProps = { data: PageViewBar[] };

/** The Activity panel's bar chart: its own chunk, so the charts library never delays a screen's table. */
export function PageViewsChart({ data }: PageViewsChartProps) {
  return (
    <BarChart
      h={120}
      data={data}
      dataKey="minute"
      series={[{ name: 'views', label: 'Page views', color: 'indigo.5' }]}
      gridAxis="none"
      gridProps={NO_VERTICAL_GRID_LINES}
      withYAxis={false}
      tickLine="none"
      barProps={{ radius: [3, 3, 0, 0] }}
      xAxisProps={{ interval: 5, fontSize: 11, tick: X_TICK }}
      // Hidden, its labels are still measured to choose which fit, unless every one is 'shown'.
      yAxisProps={{ interval: 0 }}
      tooltipAnimationDuration={100}
      data-testid="page-views-chart"
    />
  );
}
