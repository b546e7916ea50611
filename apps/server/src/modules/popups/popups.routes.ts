import { clonePopupBodySchema } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { PopupsService } from './popups.service.ts';

/** "Popups CRUD and clone"; writes need the editor permission, like pages. */
export function popupsRoutes(app: FastifyInstance, { popups }: { popups: PopupsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/popups',
    {
      schema: schemaOf(endpoints.popups.listPopups),
    },
    async (request) => ({ data: await popups.list(accountIdOf(request), request.query.funnel_id) }),
  );

  r.post('/popups', { schema: schemaOf(endpoints.popups.createPopup) }, async (request, reply) => {
    return reply.status(201).send({ data: await popups.create(accountIdOf(request), request.body.data) });
  });

  r.get('/popups/:id', { schema: schemaOf(endpoints.popups.getPopup) }, async (request) => ({
    data: await popups.get(accountIdOf(request), request.params.id),
  }));

  r.patch(
    '/popups/:id',
    {
      schema: schemaOf(endpoints.popups.updatePopup),
    },
    async (request) => {
      return { data: await popups.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete('/popups/:id', { schema: schemaOf(endpoints.popups.deletePopup) }, async (request) => {
    await popups.remove(accountIdOf(request), request.params.id);
    return { data: { success: true as const } };
  });

  r.post(
    '/popups/:id/clone',
    {
      schema: { ...schemaOf(endpoints.popups.clonePopup), body: clonePopupBodySchema.nullish() },
    },
    async (request, reply) => {
      const copy = await popups.clone(accountIdOf(request), request.params.id, request.body?.data?.name);
      return reply.status(201).send({ data: copy });
    },
  );
}
