import { DASHBOARD_LOAD_FAILURE, DASHBOARD_METRICS } from '@funnelwork/domain/rules';
import { Anchor, Box, Loader, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { notifyError } from '../../../../shared/notices.ts';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useDashboardSummary } from '../../api.ts';
import { AnalyticsFilterPanel } from '../../components/analytics-filter-panel.tsx';
import { AnalyticsRangePicker } from '../../components/analytics-range-picker.tsx';
import { MetricChartCard } from '../../components/metric-chart-card.tsx';
import { TopFunnelsPanel } from '../../components/top-funnels-panel.tsx';
import { useAnalyticsAccount, useAnalyticsFilters, useAnalyticsRange } from '../../use-analytics-settings.ts';

type RevenueView = 'gross' | 'net';

/**
 * Spec §2.11: title Dashboard, the filter panel, the date-range picker, the large Revenue chart (gross or
 * net), the six small charts and Top Funnels; the numbers refresh every 10 s.
 */
export function DashboardScreen() {
  const account = useAnalyticsAccount();
  const { range, seconds, setRange } = useAnalyticsRange();
  const { conditions, setConditions } = useAnalyticsFilters();
  const [revenueView, setRevenueView] = useState<RevenueView>('gross');
  const summary = useDashboardSummary(seconds, conditions);
  const failed = summary.isError;

  // "Dashboard load failure | error notification 'Something went wrong! try again.'"
  useEffect(() => {
    if (failed) notifyError(DASHBOARD_LOAD_FAILURE, 'dashboard-load-failure');
  }, [failed]);

  // The numbers and cards are drawn at background priority, in slices (as lists are, use-deferred-query.ts):
  // the loader stays until they are, on the first answer and on each 10 s refresh.
  const data = useDeferredValue(summary.data);
  const revenueKey = revenueView === 'gross' ? 'revenue' : 'net_revenue';
  return (
    <Stack gap="md">
      <PageHeader title="Dashboard" actions={<AnalyticsRangePicker range={range} onChange={setRange} />} />
      <AnalyticsFilterPanel conditions={conditions} onChange={setConditions} />
      {failed && !data ? (
        <ErrorBox title="The dashboard could not be loaded" message={DASHBOARD_LOAD_FAILURE} />
      ) : !data ? (
        // The numbers' place, a screen high: on a phone the Activity panel below starts out of view, so the
        // numbers' arrival does not push it (a layout shift of 0.48 in Lighthouse).
        <Box mih="100vh">
          <Loader aria-label="Loading the dashboard" />
        </Box>
      ) : (
        <>
          {failed && <ErrorBox title="The numbers could not be refreshed" message={DASHBOARD_LOAD_FAILURE} />}
          {data.on_boarding && (
            <InfoMessage title="No visits yet">
              Your numbers appear here as soon as a published funnel has its first visitor.{' '}
              <Anchor component={Link} to="/funnels" size="sm">
                Go to your funnels
              </Anchor>
            </InfoMessage>
          )}
          <MetricChartCard
            large
            title="Revenue"
            kind="money"
            summary={data[revenueKey]}
            points={data.trends[revenueKey]}
            currency={account.currency}
            zone={data.time_zone}
            actions={
              <SegmentedControl
                size="xs"
                aria-label="Revenue shown"
                value={revenueView}
                onChange={(value) => setRevenueView(value as RevenueView)}
                data={[
                  { value: 'gross', label: 'Gross' },
                  { value: 'net', label: 'Net' },
                ]}
              />
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {DASHBOARD_METRICS.map((metric) => (
              <MetricChartCard
                key={metric.key}
                title={metric.title}
                kind={metric.kind}
                summary={data[metric.key]}
                points={data.trends[metric.key]}
                currency={account.currency}
                zone={data.time_zone}
              />
            ))}
          </SimpleGrid>
          <TopFunnelsPanel funnels={data.top_funnels} />
        </>
      )}
    </Stack>
  );
}
