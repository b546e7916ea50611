import { dataAnswer } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { schemaOf } from '../../plugins/endpoints.ts';

export const APP_VERSION = process.env.APP_VERSION ?? '0.1.0';

export function systemRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      schema: {
        ...schemaOf(endpoints.system.health),
        response: {
          200: dataAnswer(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    // No query per call: on PGlite's single connection it would wait behind any long query.
    async () => ({ data: { status: 'ok' as const, database: database.kind } }),
  );

  // The dashboard compares this cookie with its built-in version every 10 s (hard-refresh notice).
  r.get(
    '/version',
    {
      schema: {
        ...schemaOf(endpoints.system.version),
        response: { 200: dataAnswer(z.object({ version: z.string() })) },
      },
    },
    async (_request, reply) => {
      reply.header('set-cookie', `dashboard_version=${APP_VERSION}; Path=/; SameSite=Lax`);
      return { data: { version: APP_VERSION } };
    },
  );
}
