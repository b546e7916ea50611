import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { labelInterval, NO_VERTICAL_GRID_LINES, X_TICK, Y_TICK } from '../../../shared/chart-ticks.ts';
import type { chartRows } from '../format.ts';

/** A metric's trend over the period, drawn over the prior period's (the large card shows its axes). */
export function MetricChart({
  large,
  rows,
  format,
  axisFormat,
}: {
  large: boolean;
  rows: ReturnType<typeof chartRows>;
  /** The tooltip's values. */
  format: (value: number) => string;
  /** The value axis's ticks. */
  axisFormat: (value: number) => string;
}) {
  return (
    <AreaChart
      h={large ? 240 : 90}
      data={rows}
      dataKey="brief"
      series={[
        { name: 'value', label: 'This period', color: 'indigo.6' },
        { name: 'previous', label: 'Prior period', color: 'gray.4' },
      ]}
      curveType="monotone"
      withDots={false}
      withXAxis={large}
      withYAxis={large}
      gridAxis={large ? 'y' : 'none'}
      gridProps={NO_VERTICAL_GRID_LINES}
      withLegend={large}
      fillOpacity={0.15}
      strokeWidth={large ? 2 : 1.5}
      valueFormatter={format}
      tooltipAnimationDuration={100}
      xAxisProps={{ fontSize: 11, tick: X_TICK, interval: labelInterval(rows.length) }}
      yAxisProps={{ fontSize: 11, width: 56, tickFormatter: axisFormat, tick: Y_TICK, interval: 0 }}
    />
  );
}
