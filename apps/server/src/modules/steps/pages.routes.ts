import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { StepsService } from './steps.service.ts';

const ok = { data: { success: true as const } };
const base = '/wfunnels/:id/steps/:stepId/pages';

/** Pages (A/B variants) of a step; writes need the editor permission. */
export function pagesRoutes(app: FastifyInstance, { steps }: { steps: StepsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(base, { schema: schemaOf(endpoints.steps.listWfunnelStepPages) }, async (request) => {
    const { id, stepId } = request.params;
    return { data: await steps.listPages(accountIdOf(request), id, stepId) };
  });

  r.post(
    base,
    {
      schema: schemaOf(endpoints.steps.createWfunnelStepPage),
    },
    async (request, reply) => {
      const { id, stepId } = request.params;
      const page = await steps.createPage(accountIdOf(request), id, stepId, request.body?.data ?? {});
      return reply.status(201).send({ data: page });
    },
  );

  r.get(`${base}/:pageId`, { schema: schemaOf(endpoints.steps.getWfunnelStepPage) }, async (request) => {
    const { id, stepId, pageId } = request.params;
    return { data: await steps.getPage(accountIdOf(request), id, stepId, pageId) };
  });

  r.patch(
    `${base}/:pageId`,
    {
      schema: schemaOf(endpoints.steps.updateWfunnelStepPage),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.patchPage(accountIdOf(request), id, stepId, pageId, request.body.data) };
    },
  );

  r.delete(
    `${base}/:pageId`,
    { schema: schemaOf(endpoints.steps.deleteWfunnelStepPage) },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      await steps.deletePage(accountIdOf(request), id, stepId, pageId);
      return ok;
    },
  );

  r.put(
    `${base}/:pageId/save-props`,
    {
      schema: schemaOf(endpoints.steps.updateWfunnelStepPageSaveProps),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.savePageProps(accountIdOf(request), id, stepId, pageId, request.body.data) };
    },
  );

  r.post(
    `${base}/:pageId/apply-template`,
    {
      schema: schemaOf(endpoints.steps.applyTemplateWfunnelStepPage),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.applyTemplate(accountIdOf(request), id, stepId, pageId, request.body.data) };
    },
  );

  r.put(
    '/wfunnels/:id/steps/:stepId/shares',
    {
      schema: schemaOf(endpoints.steps.setWfunnelStepShares),
    },
    async (request) => {
      const { id, stepId } = request.params;
      return { data: await steps.setShares(accountIdOf(request), id, stepId, request.body.data.shares) };
    },
  );

  r.post(
    `${base}/:pageId/pause`,
    {
      schema: schemaOf(endpoints.steps.pauseWfunnelStepPage),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.pausePage(accountIdOf(request), id, stepId, pageId) };
    },
  );

  r.post(
    `${base}/:pageId/resume`,
    {
      schema: schemaOf(endpoints.steps.resumeWfunnelStepPage),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.resumePage(accountIdOf(request), id, stepId, pageId) };
    },
  );

  r.post(
    `${base}/:pageId/winner`,
    {
      schema: schemaOf(endpoints.steps.declareWfunnelStepPageWinner),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.declareWinner(accountIdOf(request), id, stepId, pageId) };
    },
  );
}
