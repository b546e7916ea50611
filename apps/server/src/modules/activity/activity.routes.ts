import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { ActivityService } from './activity.service.ts';

/** The Activity panel: active visitors, page views per minute (latest 24) and recent activity. */
export function activityRoutes(app: FastifyInstance, { activity }: { activity: ActivityService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/recent-views',
    {
      schema: schemaOf(endpoints.activity.listRecentViews),
    },
    async (request) => ({ data: await activity.recentViews(accountIdOf(request)) }),
  );
}
