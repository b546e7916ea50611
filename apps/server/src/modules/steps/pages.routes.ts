import {
  applyTemplateBodySchema,
  createPageBodySchema,
  funnelStepParamsSchema,
  okAnswerSchema,
  pageAnswerSchema,
  pageListAnswerSchema,
  pageParamsSchema,
  patchPageBodySchema,
  savePagePropsBodySchema,
  splitSharesBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { StepsService } from './steps.service.ts';

const tags = ['pages'];
const ok = { data: { success: true as const } };
const base = '/wfunnels/:id/steps/:stepId/pages';

/** Pages (A/B variants) of a step; writes need the editor permission. */
export function pagesRoutes(app: FastifyInstance, { steps }: { steps: StepsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    base,
    { schema: { tags, params: funnelStepParamsSchema, response: { 200: pageListAnswerSchema } } },
    async (request) => {
      const { id, stepId } = request.params;
      return { data: await steps.listPages(accountIdOf(request), id, stepId) };
    },
  );

  r.post(
    base,
    {
      schema: {
        tags,
        params: funnelStepParamsSchema,
        body: createPageBodySchema,
        response: { 201: pageAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'editor');
      const { id, stepId } = request.params;
      const page = await steps.createPage(accountIdOf(request), id, stepId, request.body?.data ?? {});
      return reply.status(201).send({ data: page });
    },
  );

  r.get(
    `${base}/:pageId`,
    { schema: { tags, params: pageParamsSchema, response: { 200: pageAnswerSchema } } },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await steps.getPage(accountIdOf(request), id, stepId, pageId) };
    },
  );

  r.patch(
    `${base}/:pageId`,
    {
      schema: {
        tags,
        description: "The editor's save; a `version` other than the page's current one answers 409.",
        params: pageParamsSchema,
        body: patchPageBodySchema,
        response: { 200: pageAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      return { data: await steps.patchPage(accountIdOf(request), id, stepId, pageId, request.body.data) };
    },
  );

  r.delete(
    `${base}/:pageId`,
    { schema: { tags, params: pageParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      await steps.deletePage(accountIdOf(request), id, stepId, pageId);
      return ok;
    },
  );

  r.put(
    `${base}/:pageId/save-props`,
    {
      schema: {
        tags,
        params: pageParamsSchema,
        body: savePagePropsBodySchema,
        response: { 200: pageAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      return { data: await steps.savePageProps(accountIdOf(request), id, stepId, pageId, request.body.data) };
    },
  );

  r.post(
    `${base}/:pageId/apply-template`,
    {
      schema: {
        tags,
        description:
          'Applies a saved template to the page; with clear (or without a template) the document resets to empty with the default page settings.',
        params: pageParamsSchema,
        body: applyTemplateBodySchema,
        response: { 200: pageAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      return { data: await steps.applyTemplate(accountIdOf(request), id, stepId, pageId, request.body.data) };
    },
  );

  r.put(
    '/wfunnels/:id/steps/:stepId/shares',
    {
      schema: {
        tags,
        description:
          "The shares of the step's running variants at once: each running page once, adding up to 100.",
        params: funnelStepParamsSchema,
        body: splitSharesBodySchema,
        response: { 200: pageListAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId } = request.params;
      return { data: await steps.setShares(accountIdOf(request), id, stepId, request.body.data.shares) };
    },
  );

  r.post(
    `${base}/:pageId/pause`,
    {
      schema: {
        tags,
        description: 'Pause a variant: 0 %, kept; the running ones share its part.',
        params: pageParamsSchema,
        response: { 200: pageListAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      return { data: await steps.pausePage(accountIdOf(request), id, stepId, pageId) };
    },
  );

  r.post(
    `${base}/:pageId/resume`,
    {
      schema: {
        tags,
        description: 'A paused or retired variant runs again, at 0 % until it is given a share.',
        params: pageParamsSchema,
        response: { 200: pageListAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      return { data: await steps.resumePage(accountIdOf(request), id, stepId, pageId) };
    },
  );

  r.post(
    `${base}/:pageId/winner`,
    {
      schema: {
        tags,
        description: 'The variant gets 100 %; the others are retired and kept as history.',
        params: pageParamsSchema,
        response: { 200: pageListAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      return { data: await steps.declareWinner(accountIdOf(request), id, stepId, pageId) };
    },
  );
}
