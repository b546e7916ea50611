import {
  funnelPublishStateAnswerSchema,
  funnelStepParamsSchema,
  idParamsSchema,
  pageAnswerSchema,
  pageParamsSchema,
  pageVersionAnswerSchema,
  pageVersionListAnswerSchema,
  pageVersionParamsSchema,
  publishBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { PublishingService } from './publishing.service.ts';

const tags = ['publishing'];
const pageBase = '/wfunnels/:id/steps/:stepId/pages/:pageId';

/** Who publishes: the signed-in person (an API key publishes as nobody in particular). */
const publisherOf = (request: FastifyRequest) => request.session?.userId ?? null;

/**
 * Draft and publish: pages, steps and whole funnels go live, a funnel can be unpublished, and a page's
 * published versions are listed, read and restored as its draft. Writes need the editor permission.
 */
export function publishingRoutes(app: FastifyInstance, { publishing }: { publishing: PublishingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/funnels/:id/publishing',
    {
      schema: {
        tags,
        description:
          "The funnel's publish state: live or not, and each page's 'published', 'draft' or 'changed'.",
        params: idParamsSchema,
        response: { 200: funnelPublishStateAnswerSchema },
      },
    },
    async (request) => ({ data: await publishing.funnelState(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/funnels/:id/publish',
    {
      schema: {
        tags,
        description:
          "Every page's draft of the funnel and its geo-funnels goes live, and the funnel with them.",
        params: idParamsSchema,
        body: publishBodySchema,
        response: { 200: funnelPublishStateAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const note = request.body?.data?.note ?? '';
      return {
        data: await publishing.publishFunnel(
          accountIdOf(request),
          publisherOf(request),
          request.params.id,
          note,
        ),
      };
    },
  );

  r.post(
    '/funnels/:id/unpublish',
    {
      schema: {
        tags,
        description:
          "Shoppers get the 'not available' page at the funnel's addresses until it is published again.",
        params: idParamsSchema,
        response: { 200: funnelPublishStateAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      return { data: await publishing.unpublishFunnel(accountIdOf(request), request.params.id) };
    },
  );

  r.post(
    '/wfunnels/:id/steps/:stepId/publish',
    {
      schema: {
        tags,
        description: "The step's pages' drafts go live (and the funnel with them).",
        params: funnelStepParamsSchema,
        body: publishBodySchema,
        response: { 200: funnelPublishStateAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId } = request.params;
      const note = request.body?.data?.note ?? '';
      return {
        data: await publishing.publishStep(accountIdOf(request), publisherOf(request), id, stepId, note),
      };
    },
  );

  r.post(
    `${pageBase}/publish`,
    {
      schema: {
        tags,
        description: "The page's draft goes live as a new version (and the funnel with it).",
        params: pageParamsSchema,
        body: publishBodySchema,
        response: { 200: funnelPublishStateAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId } = request.params;
      const note = request.body?.data?.note ?? '';
      return {
        data: await publishing.publishPage(
          accountIdOf(request),
          publisherOf(request),
          { funnelId: id, stepId, pageId },
          note,
        ),
      };
    },
  );

  r.get(
    `${pageBase}/versions`,
    {
      schema: {
        tags,
        description: "The page's published versions, newest first (the last 50 are kept).",
        params: pageParamsSchema,
        response: { 200: pageVersionListAnswerSchema },
      },
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await publishing.listVersions(accountIdOf(request), { funnelId: id, stepId, pageId }) };
    },
  );

  r.get(
    `${pageBase}/versions/:versionId`,
    {
      schema: {
        tags,
        description:
          'A published version: its content and what the current draft changed since (by block id).',
        params: pageVersionParamsSchema,
        response: { 200: pageVersionAnswerSchema },
      },
    },
    async (request) => {
      const { id, stepId, pageId, versionId } = request.params;
      return {
        data: await publishing.getVersion(accountIdOf(request), { funnelId: id, stepId, pageId, versionId }),
      };
    },
  );

  r.post(
    `${pageBase}/versions/:versionId/restore`,
    {
      schema: {
        tags,
        description:
          'The version becomes the draft; shoppers keep the published page until the next publish.',
        params: pageVersionParamsSchema,
        response: { 200: pageAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      const { id, stepId, pageId, versionId } = request.params;
      return {
        data: await publishing.restoreVersion(accountIdOf(request), {
          funnelId: id,
          stepId,
          pageId,
          versionId,
        }),
      };
    },
  );
}
