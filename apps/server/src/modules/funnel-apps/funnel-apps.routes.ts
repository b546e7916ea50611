import {
  dataAnswer,
  funnelAppSchema,
  funnelAppsQuerySchema,
  idParamsSchema,
  okAnswerSchema,
  patchFunnelAppBodySchema,
  upsertFunnelAppBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { FunnelAppsService } from './funnel-apps.service.ts';

const tags = ['funnel apps'];
const ok = { data: { success: true as const } };
const one = dataAnswer(funnelAppSchema);
const many = dataAnswer(z.array(funnelAppSchema));

/** Apps of a funnel; "Funnel apps … are locked without funnels permission" — on the server too. */
export function funnelAppsRoutes(app: FastifyInstance, { apps }: { apps: FunnelAppsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const base of ['/funnels/:id/apps', '/wfunnels/:id/apps']) {
    r.get(base, { schema: { tags, params: idParamsSchema, response: { 200: many } } }, async (request) => ({
      data: await apps.list(accountIdOf(request), { funnelId: request.params.id }),
    }));

    r.patch(
      base,
      {
        schema: {
          tags,
          description: 'Connects the app to the funnel, or changes its settings and active switch.',
          params: idParamsSchema,
          body: upsertFunnelAppBodySchema,
          response: { 200: one },
        },
      },
      async (request) => {
        requirePermission(request, 'funnels');
        return { data: await apps.upsert(accountIdOf(request), request.params.id, request.body.data) };
      },
    );
  }

  r.get(
    '/funnel-apps',
    { schema: { tags, querystring: funnelAppsQuerySchema, response: { 200: many } } },
    async (request) => ({
      data: await apps.list(accountIdOf(request), {
        funnelId: request.query.funnel_id,
        appId: request.query.app_id,
      }),
    }),
  );

  r.get(
    '/funnel-apps/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: one } } },
    async (request) => ({ data: await apps.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/funnel-apps/:id',
    { schema: { tags, params: idParamsSchema, body: patchFunnelAppBodySchema, response: { 200: one } } },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await apps.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/funnel-apps/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await apps.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
