import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { HooksService } from './hooks.service.ts';

/**
 * REST hooks as Zapier calls them: subscribe a URL to an event, list, unsubscribe. An API key needs the
 * `webhooks` scope and sees only its own app's hooks; a signed-in member needs to be an administrator
 * and sees all of the account's.
 */
export function hooksRoutes(app: FastifyInstance, { hooks }: { hooks: HooksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/hooks', { schema: schemaOf(endpoints.hooks.listRESTHookSubscriptions) }, async (request) => {
    return { data: await hooks.list(accountIdOf(request), request.apiKey?.appId ?? null) };
  });

  r.post(
    '/hooks',
    {
      schema: schemaOf(endpoints.hooks.subscribeToEventRESTHook),
    },
    async (request, reply) => {
      const data = await hooks.subscribe(accountIdOf(request), request.apiKey?.appId ?? null, request.body);
      return reply.status(201).header('cache-control', 'no-store').send({ data });
    },
  );

  r.delete('/hooks/:id', { schema: schemaOf(endpoints.hooks.unsubscribeRESTHook) }, async (request) => {
    await hooks.unsubscribe(accountIdOf(request), request.apiKey?.appId ?? null, request.params.id);
    return { data: { success: true as const } };
  });
}
