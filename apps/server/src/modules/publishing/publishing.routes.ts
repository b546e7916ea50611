import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { PublishingService } from './publishing.service.ts';

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
      schema: schemaOf(endpoints.publishing.getFunnelPublishing),
    },
    async (request) => ({ data: await publishing.funnelState(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/funnels/:id/publish',
    {
      schema: schemaOf(endpoints.publishing.publishFunnel),
    },
    async (request) => {
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
      schema: schemaOf(endpoints.publishing.unpublishFunnel),
    },
    async (request) => {
      return { data: await publishing.unpublishFunnel(accountIdOf(request), request.params.id) };
    },
  );

  r.post(
    '/wfunnels/:id/steps/:stepId/publish',
    {
      schema: schemaOf(endpoints.publishing.publishWfunnelStep),
    },
    async (request) => {
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
      schema: schemaOf(endpoints.publishing.publishWfunnelStepPage),
    },
    async (request) => {
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
      schema: schemaOf(endpoints.publishing.listWfunnelStepPageVersions),
    },
    async (request) => {
      const { id, stepId, pageId } = request.params;
      return { data: await publishing.listVersions(accountIdOf(request), { funnelId: id, stepId, pageId }) };
    },
  );

  r.get(
    `${pageBase}/versions/:versionId`,
    {
      schema: schemaOf(endpoints.publishing.getWfunnelStepPageVersion),
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
      schema: schemaOf(endpoints.publishing.restoreWfunnelStepPageVersion),
    },
    async (request) => {
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
