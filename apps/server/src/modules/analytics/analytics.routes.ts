import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { AnalyticsService } from './analytics.service.ts';

/**
 * The analytics calls (funnels spec §7.5). All read-only and scoped to the session's account: any member
 * may read them; another account's funnel is not found. Times are unix seconds, ends included. POST
 * bodies are wrapped as `{data: …}` like every other call.
 */
export function analyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboard-summary',
    {
      schema: schemaOf(endpoints.analytics.getDashboardSummary),
    },
    async (request) => ({ data: await analytics.dashboardSummary(accountIdOf(request), request.query) }),
  );

  r.post('/analytics/trends', { schema: schemaOf(endpoints.analytics.analyticsTrends) }, async (request) => ({
    data: await analytics.trends(accountIdOf(request), request.body.data),
  }));

  r.post(
    '/analytics/summary',
    { schema: schemaOf(endpoints.analytics.analyticsSummary) },
    async (request) => ({ data: await analytics.summary(accountIdOf(request), request.body.data) }),
  );

  r.post(
    '/analytics/breakdown-v2',
    { schema: schemaOf(endpoints.analytics.analyticsBreakdown) },
    async (request) => ({ data: await analytics.breakdown(accountIdOf(request), request.body.data) }),
  );

  r.get(
    '/funnel-analytics',
    {
      schema: schemaOf(endpoints.analytics.listFunnelAnalytics),
    },
    async (request) => ({ data: await analytics.funnelAnalytics(accountIdOf(request), request.query) }),
  );

  r.get(
    '/funnels/:id/performance-breakdown',
    {
      schema: schemaOf(endpoints.analytics.getFunnelPerformanceBreakdown),
    },
    async (request) => ({
      data: await analytics.performanceBreakdown(accountIdOf(request), request.params.id, request.query),
    }),
  );
}
