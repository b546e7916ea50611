import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { DevelopersService } from './developers.service.ts';

/**
 * Developer apps (`developers/me/apps`) and their API keys. Administrators only, reading included: a
 * key acts for the whole account, so making one is as much as giving someone the account's data.
 */
export function developersRoutes(app: FastifyInstance, { developers }: { developers: DevelopersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/developers/me/apps',
    { schema: schemaOf(endpoints.developers.listDevelopersMeApps) },
    async (request) => {
      return { data: await developers.list(accountIdOf(request)) };
    },
  );

  r.post(
    '/developers/me/apps',
    {
      schema: schemaOf(endpoints.developers.createDevelopersMeApp),
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      const data = await developers.create(accountIdOf(request), userId, request.body.data);
      return reply.status(201).send({ data });
    },
  );

  r.get(
    '/developers/me/apps/:id',
    { schema: schemaOf(endpoints.developers.getDevelopersMeApp) },
    async (request) => {
      return { data: await developers.get(accountIdOf(request), request.params.id) };
    },
  );

  r.patch(
    '/developers/me/apps/:id',
    {
      schema: schemaOf(endpoints.developers.updateDevelopersMeApp),
    },
    async (request) => {
      return {
        data: await developers.update(accountIdOf(request), request.params.id, request.body.data),
      };
    },
  );

  r.delete(
    '/developers/me/apps/:id',
    {
      schema: schemaOf(endpoints.developers.deleteDevelopersMeApp),
    },
    async (request) => {
      await developers.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );

  r.post(
    '/developers/me/apps/:id/keys',
    {
      schema: schemaOf(endpoints.developers.createDevelopersMeAppKey),
    },
    async (request, reply) => {
      const data = await developers.createKey(accountIdOf(request), request.params.id);
      return reply.status(201).header('cache-control', 'no-store').send({ data });
    },
  );

  r.delete(
    '/developers/me/apps/:id/keys/:keyId',
    {
      schema: schemaOf(endpoints.developers.deleteDevelopersMeAppKey),
    },
    async (request) => {
      const { id, keyId } = request.params;
      return { data: await developers.revokeKey(accountIdOf(request), id, keyId) };
    },
  );
}
