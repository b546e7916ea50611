import { idQuery } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { PREVIEW_CSP, previewPage } from './page-preview.ts';

const pageIdParamsSchema = z.object({ pageId: idQuery() });

/** The editor's preview: a page's document rendered to HTML with its CSS (no scripts run in it). */
export function pagePreviewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pages/:pageId/preview',
    {
      schema: { ...schemaOf(endpoints.steps.getPagePreview), params: pageIdParamsSchema },
    },
    async (request, reply) => {
      const html = await previewPage(db, accountIdOf(request), request.params.pageId);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_CSP)
        .header('cache-control', 'no-store')
        .send(html);
    },
  );
}
