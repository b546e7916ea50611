import {
  createExportBodySchema,
  downloadExportBodySchema,
  exportJobAnswerSchema,
  idParamsSchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { ExportsService } from './exports.service.ts';

const tags = ['orders export'];

/** Orders export as CSV: create a job, poll it, download the file. Needs the 'orders' flag (customer data). */
export function exportsRoutes(app: FastifyInstance, { exports }: { exports: ExportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/exports',
    {
      schema: {
        tags,
        description:
          "Starts an export of the account's (or one funnel's) orders: params {exportType 'all' | 'by_date', rangeStart, rangeEnd} in unix seconds. The file is kept 7 days.",
        body: createExportBodySchema,
        response: { 201: exportJobAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'orders');
      const job = await exports.create(accountIdOf(request), sessionOf(request).userId, request.body.data);
      return reply.status(201).send({ data: job });
    },
  );

  r.get(
    '/exports/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: exportJobAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'orders');
      return { data: await exports.get(accountIdOf(request), request.params.id) };
    },
  );

  r.post(
    '/download-export',
    {
      schema: {
        tags,
        description: 'The finished export as a CSV attachment named export.csv; counts the download.',
        body: downloadExportBodySchema,
      },
    },
    async (request, reply) => {
      requirePermission(request, 'orders');
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
