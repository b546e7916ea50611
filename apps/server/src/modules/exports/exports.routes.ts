import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { ExportsService } from './exports.service.ts';

/** Orders export as CSV: create a job, poll it, download the file. Needs the 'orders' flag (customer data). */
export function exportsRoutes(app: FastifyInstance, { exports }: { exports: ExportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/exports',
    {
      schema: schemaOf(endpoints.exports.createExport),
    },
    async (request, reply) => {
      const job = await exports.create(accountIdOf(request), sessionOf(request).userId, request.body.data);
      return reply.status(201).send({ data: job });
    },
  );

  r.get('/exports/:id', { schema: schemaOf(endpoints.exports.getExport) }, async (request) => {
    return { data: await exports.get(accountIdOf(request), request.params.id) };
  });

  r.post(
    '/download-export',
    {
      schema: schemaOf(endpoints.exports.createDownloadExport),
    },
    async (request, reply) => {
      const { id, funnel_id } = request.body.data;
      const file = await exports.download(accountIdOf(request), id, funnel_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="export.csv"')
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
