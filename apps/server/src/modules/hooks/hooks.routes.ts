import {
  hooksAnswerSchema,
  idParamsSchema,
  newHookAnswerSchema,
  okAnswerSchema,
  subscribeHookBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { HooksService } from './hooks.service.ts';

const tags = ['hooks'];
const config = { apiScope: 'webhooks' } as const;

/**
 * REST hooks as Zapier calls them: subscribe a URL to an event, list, unsubscribe. An API key needs the
 * `webhooks` scope and sees only its own app's hooks; a signed-in member needs to be an administrator
 * and sees all of the account's.
 */
export function hooksRoutes(app: FastifyInstance, { hooks }: { hooks: HooksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/hooks', { config, schema: { tags, response: { 200: hooksAnswerSchema } } }, async (request) => {
    requirePermission(request, 'admin');
    return { data: await hooks.list(accountIdOf(request), request.apiKey?.appId ?? null) };
  });

  r.post(
    '/hooks',
    {
      config,
      schema: {
        tags,
        description:
          "Subscribes `target_url` to an event. Each delivery is signed with the answer's `secret` (shown only here) as Standard Webhooks says: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,…`.",
        body: subscribeHookBodySchema,
        response: { 201: newHookAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'admin');
      const data = await hooks.subscribe(accountIdOf(request), request.apiKey?.appId ?? null, request.body);
      return reply.status(201).header('cache-control', 'no-store').send({ data });
    },
  );

  r.delete(
    '/hooks/:id',
    { config, schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      await hooks.unsubscribe(accountIdOf(request), request.apiKey?.appId ?? null, request.params.id);
      return { data: { success: true as const } };
    },
  );
}
