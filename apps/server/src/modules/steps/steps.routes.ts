import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { StepsService } from './steps.service.ts';

const ok = { data: { success: true as const } };

/**
 * Steps of both funnel kinds at the spec's paths: the classic `funnel-steps` calls and the second
 * kind's `wfunnels/{id}/steps`. Every write needs the editor permission (spec §6).
 */
export function stepsRoutes(app: FastifyInstance, { steps }: { steps: StepsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /* Classic */

  r.get('/funnels/:id/steps', { schema: schemaOf(endpoints.steps.listFunnelSteps) }, async (request) => ({
    data: await steps.list(accountIdOf(request), request.params.id),
  }));

  r.post('/funnel-steps', { schema: schemaOf(endpoints.steps.createFunnelStep) }, async (request, reply) => {
    const input = request.body.data;
    const step = await steps.create(accountIdOf(request), sessionOf(request).userId, input.funnel_id, input);
    return reply.status(201).send({ data: step });
  });

  r.get('/funnel-steps/:stepId', { schema: schemaOf(endpoints.steps.getFunnelStep) }, async (request) => ({
    data: await steps.get(accountIdOf(request), request.params.stepId),
  }));

  r.patch(
    '/funnel-steps/:stepId',
    {
      schema: schemaOf(endpoints.steps.updateFunnelStep),
    },
    async (request) => {
      const { stepId } = request.params;
      return { data: await steps.patch(accountIdOf(request), stepId, undefined, request.body.data) };
    },
  );

  r.delete(
    '/funnel-steps/:stepId',
    { schema: schemaOf(endpoints.steps.deleteFunnelStep) },
    async (request, reply) => {
      await steps.remove(accountIdOf(request), request.params.stepId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/clone-funnel-steps',
    { schema: schemaOf(endpoints.steps.createCloneFunnelStep) },
    async (request, reply) => {
      const { step_id, funnel_id, name } = request.body.data;
      const copy = await steps.clone(accountIdOf(request), sessionOf(request).userId, step_id, {
        targetFunnelId: funnel_id,
        name,
      });
      return reply.status(201).send({ data: copy });
    },
  );

  /* Second kind */

  r.get('/wfunnels/:id/steps', { schema: schemaOf(endpoints.steps.listWfunnelSteps) }, async (request) => ({
    data: await steps.list(accountIdOf(request), request.params.id),
  }));

  r.post(
    '/wfunnels/:id/steps',
    {
      schema: schemaOf(endpoints.steps.createWfunnelStep),
    },
    async (request, reply) => {
      const step = await steps.create(
        accountIdOf(request),
        sessionOf(request).userId,
        request.params.id,
        request.body.data,
        { userTemplateFlag: request.body.data.user_template === true },
      );
      return reply.status(201).send({ data: step });
    },
  );

  r.get(
    '/wfunnels/:id/steps/:stepId',
    { schema: schemaOf(endpoints.steps.getWfunnelStep) },
    async (request) => {
      const { id, stepId } = request.params;
      return { data: await steps.get(accountIdOf(request), stepId, id) };
    },
  );

  r.patch(
    '/wfunnels/:id/steps/:stepId',
    {
      schema: schemaOf(endpoints.steps.updateWfunnelStep),
    },
    async (request) => {
      const { id, stepId } = request.params;
      return { data: await steps.patch(accountIdOf(request), stepId, id, request.body.data) };
    },
  );

  r.delete(
    '/wfunnels/:id/steps/:stepId',
    { schema: schemaOf(endpoints.steps.deleteWfunnelStep) },
    async (request, reply) => {
      const { id, stepId } = request.params;
      await steps.remove(accountIdOf(request), stepId, id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/wfunnels/:id/steps/:stepId/clone',
    {
      schema: schemaOf(endpoints.steps.cloneWfunnelStep),
    },
    async (request, reply) => {
      const { id, stepId } = request.params;
      const copy = await steps.clone(accountIdOf(request), sessionOf(request).userId, stepId, {
        funnelId: id,
        targetFunnelId: request.body?.data.funnel_id,
        name: request.body?.data.name,
      });
      return reply.status(201).send({ data: copy });
    },
  );

  /* Saved step templates */

  r.get('/saved-templates', { schema: schemaOf(endpoints.steps.listSavedTemplates) }, async (request) => ({
    data: await steps.listTemplates(accountIdOf(request)),
  }));

  r.post(
    '/saved-templates',
    {
      schema: schemaOf(endpoints.steps.createSavedTemplate),
    },
    async (request, reply) => {
      const saved = await steps.saveTemplate(
        accountIdOf(request),
        sessionOf(request).userId,
        request.body.data,
      );
      return reply.status(201).send({ data: saved });
    },
  );

  r.delete(
    '/saved-templates/:id',
    { schema: schemaOf(endpoints.steps.deleteSavedTemplate) },
    async (request) => {
      await steps.deleteTemplate(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
