import {
  cloneFunnelStepBodySchema,
  cloneStepBodySchema,
  createFunnelStepBodySchema,
  createWfunnelStepBodySchema,
  dataAnswer,
  funnelStepParamsSchema,
  idParamsSchema,
  okAnswerSchema,
  patchStepBodySchema,
  savedTemplateSchema,
  saveTemplateBodySchema,
  stepAnswerSchema,
  stepListAnswerSchema,
  stepParamsSchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { StepsService } from './steps.service.ts';

const ok = { data: { success: true as const } };
const noContent = { 204: z.null().describe('No content') };

/**
 * Steps of both funnel kinds at the spec's paths: the classic `funnel-steps` calls and the second
 * kind's `wfunnels/{id}/steps`. Every write needs the editor permission (spec §6).
 */
export function stepsRoutes(app: FastifyInstance, { steps }: { steps: StepsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /* Classic */
  const classic = ['steps (classic)'];

  r.get(
    '/funnels/:id/steps',
    { schema: { tags: classic, params: idParamsSchema, response: { 200: stepListAnswerSchema } } },
    async (request) => ({ data: await steps.list(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/funnel-steps',
    { schema: { tags: classic, body: createFunnelStepBodySchema, response: { 201: stepAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'editor');
      const input = request.body.data;
      const step = await steps.create(
        accountIdOf(request),
        sessionOf(request).userId,
        input.funnel_id,
        input,
      );
      return reply.status(201).send({ data: step });
    },
  );

  r.get(
    '/funnel-steps/:stepId',
    { schema: { tags: classic, params: stepParamsSchema, response: { 200: stepAnswerSchema } } },
    async (request) => ({ data: await steps.get(accountIdOf(request), request.params.stepId) }),
  );

  r.patch(
    '/funnel-steps/:stepId',
    {
      schema: {
        tags: classic,
        description: 'Reorder by patching order_index (1-based).',
        params: stepParamsSchema,
        body: patchStepBodySchema,
        response: { 200: stepAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { stepId } = request.params;
      return { data: await steps.patch(accountIdOf(request), stepId, undefined, request.body.data) };
    },
  );

  r.delete(
    '/funnel-steps/:stepId',
    { schema: { tags: classic, params: stepParamsSchema, response: noContent } },
    async (request, reply) => {
      requirePermission(request, 'editor');
      await steps.remove(accountIdOf(request), request.params.stepId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/clone-funnel-steps',
    { schema: { tags: classic, body: cloneFunnelStepBodySchema, response: { 201: stepAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'editor');
      const { step_id, funnel_id, name } = request.body.data;
      const copy = await steps.clone(accountIdOf(request), sessionOf(request).userId, step_id, {
        targetFunnelId: funnel_id,
        name,
      });
      return reply.status(201).send({ data: copy });
    },
  );

  /* Second kind */
  const second = ['steps (wfunnels)'];

  r.get(
    '/wfunnels/:id/steps',
    { schema: { tags: second, params: idParamsSchema, response: { 200: stepListAnswerSchema } } },
    async (request) => ({ data: await steps.list(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/wfunnels/:id/steps',
    {
      schema: {
        tags: second,
        description:
          "A path already used in the funnel answers 409. template_id 'U.<n>' (or a number with user_template: true) starts the pages from a saved template, a built-in gallery id (GET templates) from that template.",
        params: idParamsSchema,
        body: createWfunnelStepBodySchema,
        response: { 201: stepAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'editor');
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
    { schema: { tags: second, params: funnelStepParamsSchema, response: { 200: stepAnswerSchema } } },
    async (request) => {
      const { id, stepId } = request.params;
      return { data: await steps.get(accountIdOf(request), stepId, id) };
    },
  );

  r.patch(
    '/wfunnels/:id/steps/:stepId',
    {
      schema: {
        tags: second,
        params: funnelStepParamsSchema,
        body: patchStepBodySchema,
        response: { 200: stepAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId } = request.params;
      return { data: await steps.patch(accountIdOf(request), stepId, id, request.body.data) };
    },
  );

  r.delete(
    '/wfunnels/:id/steps/:stepId',
    { schema: { tags: second, params: funnelStepParamsSchema, response: noContent } },
    async (request, reply) => {
      requirePermission(request, 'editor');
      const { id, stepId } = request.params;
      await steps.remove(accountIdOf(request), stepId, id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/wfunnels/:id/steps/:stepId/clone',
    {
      schema: {
        tags: second,
        params: funnelStepParamsSchema,
        body: cloneStepBodySchema,
        response: { 201: stepAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'editor');
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
  const templates = ['step templates'];

  r.get(
    '/saved-templates',
    { schema: { tags: templates, response: { 200: dataAnswer(z.array(savedTemplateSchema)) } } },
    async (request) => ({ data: await steps.listTemplates(accountIdOf(request)) }),
  );

  r.post(
    '/saved-templates',
    {
      schema: {
        tags: templates,
        description:
          "Saves a step and its pages as a template; create steps from it with template_id 'U.<id>'.",
        body: saveTemplateBodySchema,
        response: { 201: dataAnswer(savedTemplateSchema) },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'editor');
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
    { schema: { tags: templates, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'editor');
      await steps.deleteTemplate(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
