import {
  breakdownAnswerSchema,
  breakdownBodySchema,
  dashboardSummaryAnswerSchema,
  dashboardSummaryQuerySchema,
  funnelAnalyticsAnswerSchema,
  funnelAnalyticsQuerySchema,
  performanceBreakdownAnswerSchema,
  performanceBreakdownQuerySchema,
  summaryAnswerSchema,
  summaryBodySchema,
  trendsAnswerSchema,
  trendsBodySchema,
} from '@funnelwork/domain/analytics/contracts';
import { dataBody, idParamsSchema } from '@funnelwork/domain/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['analytics'];

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
      schema: {
        tags,
        description:
          'Every Dashboard number for start..end (unix seconds) against the period of the same length just before; `unit` defaults to the spec granularity; `funnel_ids` comma-separated; `conditions` the JSON list of filter conditions.',
        querystring: dashboardSummaryQuerySchema,
        response: { 200: dashboardSummaryAnswerSchema },
      },
    },
    async (request) => ({ data: await analytics.dashboardSummary(accountIdOf(request), request.query) }),
  );

  r.post(
    '/analytics/trends',
    { schema: { tags, body: dataBody(trendsBodySchema), response: { 200: trendsAnswerSchema } } },
    async (request) => ({ data: await analytics.trends(accountIdOf(request), request.body.data) }),
  );

  r.post(
    '/analytics/summary',
    { schema: { tags, body: dataBody(summaryBodySchema), response: { 200: summaryAnswerSchema } } },
    async (request) => ({ data: await analytics.summary(accountIdOf(request), request.body.data) }),
  );

  r.post(
    '/analytics/breakdown-v2',
    { schema: { tags, body: dataBody(breakdownBodySchema), response: { 200: breakdownAnswerSchema } } },
    async (request) => ({ data: await analytics.breakdown(accountIdOf(request), request.body.data) }),
  );

  r.get(
    '/funnel-analytics',
    {
      schema: {
        tags,
        querystring: funnelAnalyticsQuerySchema,
        response: { 200: funnelAnalyticsAnswerSchema },
      },
    },
    async (request) => ({ data: await analytics.funnelAnalytics(accountIdOf(request), request.query) }),
  );

  r.get(
    '/funnels/:id/performance-breakdown',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: performanceBreakdownQuerySchema,
        response: { 200: performanceBreakdownAnswerSchema },
      },
    },
    async (request) => ({
      data: await analytics.performanceBreakdown(accountIdOf(request), request.params.id, request.query),
    }),
  );
}
