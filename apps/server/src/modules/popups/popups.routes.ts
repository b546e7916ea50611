import {
  clonePopupBodySchema,
  createPopupBodySchema,
  dataAnswer,
  idParamsSchema,
  okAnswerSchema,
  patchPopupBodySchema,
  popupBriefSchema,
  popupSchema,
  popupsQuerySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { PopupsService } from './popups.service.ts';

const tags = ['popups'];
const one = dataAnswer(popupSchema);

/** "Popups CRUD and clone"; writes need the editor permission, like pages. */
export function popupsRoutes(app: FastifyInstance, { popups }: { popups: PopupsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/popups',
    {
      schema: {
        tags,
        description:
          "A funnel's popups with funnel_id; every popup of the account without it (no documents).",
        querystring: popupsQuerySchema,
        response: { 200: dataAnswer(z.array(popupBriefSchema)) },
      },
    },
    async (request) => ({ data: await popups.list(accountIdOf(request), request.query.funnel_id) }),
  );

  r.post(
    '/popups',
    { schema: { tags, body: createPopupBodySchema, response: { 201: one } } },
    async (request, reply) => {
      requirePermission(request, 'editor');
      return reply.status(201).send({ data: await popups.create(accountIdOf(request), request.body.data) });
    },
  );

  r.get(
    '/popups/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: one } } },
    async (request) => ({ data: await popups.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/popups/:id',
    {
      schema: {
        tags,
        description: "The popup editor's save; a `version` other than the popup's current one answers 409.",
        params: idParamsSchema,
        body: patchPopupBodySchema,
        response: { 200: one },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      return { data: await popups.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/popups/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'editor');
      await popups.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );

  r.post(
    '/popups/:id/clone',
    {
      schema: { tags, params: idParamsSchema, body: clonePopupBodySchema.nullish(), response: { 201: one } },
    },
    async (request, reply) => {
      requirePermission(request, 'editor');
      const copy = await popups.clone(accountIdOf(request), request.params.id, request.body?.data?.name);
      return reply.status(201).send({ data: copy });
    },
  );
}
