import { Loader, Stack } from '@mantine/core';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useAccountAnalytics } from '../../api.ts';
import { AnalyticsFilterPanel } from '../../components/analytics-filter-panel.tsx';
import { AnalyticsRangePicker } from '../../components/analytics-range-picker.tsx';
import { MetricTrendsGrid } from '../../components/metric-trends-grid.tsx';
import { TrafficBreakdownTable } from '../../components/traffic-breakdown-table.tsx';
import { useAnalyticsAccount, useAnalyticsFilters, useAnalyticsRange } from '../../use-analytics-settings.ts';

/** `/analytics`: the account's trends of every metric against the prior period, and its traffic by source. */
export function AnalyticsScreen() {
  const account = useAnalyticsAccount();
  const { range, seconds, setRange } = useAnalyticsRange();
  const { conditions, setConditions } = useAnalyticsFilters();
  const analytics = useAccountAnalytics(seconds, conditions);
  return (
    <Stack gap="md">
      <PageHeader title="Analytics" actions={<AnalyticsRangePicker range={range} onChange={setRange} />} />
      <AnalyticsFilterPanel conditions={conditions} onChange={setConditions} />
      {analytics.error ? (
        <ErrorBox message={analytics.error.message} />
      ) : !analytics.data ? (
        <Loader aria-label="Loading analytics" />
      ) : (
        <MetricTrendsGrid data={analytics.data} currency={account.currency} zone={account.zone} />
      )}
      <TrafficBreakdownTable
        funnelId={0}
        range={seconds}
        conditions={conditions}
        currency={account.currency}
      />
    </Stack>
  );
}
