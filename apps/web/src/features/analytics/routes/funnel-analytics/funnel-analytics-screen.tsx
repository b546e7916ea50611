import { Anchor, Box, Loader, Stack } from '@mantine/core';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useFunnelAnalytics, usePerformanceBreakdown } from '../../api.ts';
import { AnalyticsFilterPanel } from '../../components/analytics-filter-panel.tsx';
import { AnalyticsRangePicker } from '../../components/analytics-range-picker.tsx';
import { MetricTrendsGrid } from '../../components/metric-trends-grid.tsx';
import { PerformanceBreakdownTable } from '../../components/performance-breakdown-table.tsx';
import { TrafficBreakdownTable } from '../../components/traffic-breakdown-table.tsx';
import { useAnalyticsAccount, useAnalyticsFilters, useAnalyticsRange } from '../../use-analytics-settings.ts';

/**
 * `analytics` of /funnel/{id} and /wfunnel/{id}, and `analytics-v2` of /wfunnel/{id}: the funnel's
 * trends against the prior period and its per-step breakdown with A/B verdicts; analytics-v2 adds the
 * funnel's traffic split by source.
 */
export function FunnelAnalyticsScreen() {
  const funnelId = Number(useParams().id);
  const { pathname } = useLocation();
  const v2 = pathname.endsWith('/analytics-v2');
  // `?step={id}` (the step screen's link): the breakdown of that step only.
  const stepId = Number(useSearchParams()[0].get('step')) || null;
  const account = useAnalyticsAccount();
  const { range, seconds, setRange } = useAnalyticsRange();
  const { conditions, setConditions } = useAnalyticsFilters();
  const analytics = useFunnelAnalytics(funnelId, seconds, conditions);
  const breakdown = usePerformanceBreakdown(funnelId, seconds, conditions);
  return (
    <Box p="lg">
      <Stack gap="md">
        <PageHeader title="Analytics" actions={<AnalyticsRangePicker range={range} onChange={setRange} />} />
        <AnalyticsFilterPanel conditions={conditions} onChange={setConditions} />
        {breakdown.isError ? (
          <ErrorBox message={breakdown.error.message} />
        ) : !breakdown.data ? (
          <Loader aria-label="Loading the steps" />
        ) : (
          <>
            {stepId !== null && (
              <Anchor component={Link} to={pathname} size="sm">
                Show every step
              </Anchor>
            )}
            <PerformanceBreakdownTable
              breakdown={
                stepId === null
                  ? breakdown.data
                  : { ...breakdown.data, steps: breakdown.data.steps.filter((s) => s.step_id === stepId) }
              }
            />
          </>
        )}
        {analytics.isError ? (
          <ErrorBox message={analytics.error.message} />
        ) : !analytics.data ? (
          <Loader aria-label="Loading analytics" />
        ) : (
          <MetricTrendsGrid
            data={analytics.data}
            currency={account.currency}
            zone={analytics.data.time_zone}
          />
        )}
        {v2 && (
          <TrafficBreakdownTable
            funnelId={funnelId}
            range={seconds}
            conditions={conditions}
            currency={account.currency}
          />
        )}
      </Stack>
    </Box>
  );
}
