import type { analyticsEndpoints } from '@funnelwork/domain/api/analytics';
import { addressOf } from '../../shared/api-client.ts';

type Analytics = typeof analyticsEndpoints;

/** The analytics screens' rows of the endpoint table, by address: the Dashboard's first load imports no zod. */
export const analyticsRows = {
  getDashboardSummary: addressOf<Analytics['getDashboardSummary']>('GET', '/api/dashboard-summary'),
  analyticsTrends: addressOf<Analytics['analyticsTrends']>('POST', '/api/analytics/trends'),
  analyticsSummary: addressOf<Analytics['analyticsSummary']>('POST', '/api/analytics/summary'),
  analyticsBreakdown: addressOf<Analytics['analyticsBreakdown']>('POST', '/api/analytics/breakdown-v2'),
  listFunnelAnalytics: addressOf<Analytics['listFunnelAnalytics']>('GET', '/api/funnel-analytics'),
  getFunnelPerformanceBreakdown: addressOf<Analytics['getFunnelPerformanceBreakdown']>(
    'GET',
    '/api/funnels/:id/performance-breakdown',
  ),
};
