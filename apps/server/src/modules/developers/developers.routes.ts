import {
  apiKeySchema,
  createDeveloperAppBodySchema,
  dataAnswer,
  developerAppAnswerSchema,
  developerAppKeyParamsSchema,
  developerAppsAnswerSchema,
  idParamsSchema,
  newApiKeyAnswerSchema,
  okAnswerSchema,
  updateDeveloperAppBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { DevelopersService } from './developers.service.ts';

const tags = ['developers'];

/**
 * Developer apps (`developers/me/apps`) and their API keys. Administrators only, reading included: a
 * key acts for the whole account, so making one is as much as giving someone the account's data.
 */
export function developersRoutes(app: FastifyInstance, { developers }: { developers: DevelopersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/developers/me/apps',
    { schema: { tags, response: { 200: developerAppsAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await developers.list(accountIdOf(request)) };
    },
  );

  r.post(
    '/developers/me/apps',
    {
      schema: {
        tags,
        description: 'A developer app: a name and the scopes its API keys may use.',
        body: createDeveloperAppBodySchema,
        response: { 201: developerAppAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'admin');
      const { userId } = sessionOf(request);
      const data = await developers.create(accountIdOf(request), userId, request.body.data);
      return reply.status(201).send({ data });
    },
  );

  r.get(
    '/developers/me/apps/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: developerAppAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await developers.get(accountIdOf(request), request.params.id) };
    },
  );

  r.patch(
    '/developers/me/apps/:id',
    {
      schema: {
        tags,
        description: 'Renames the app or changes its scopes; its keys get the new scopes at once.',
        params: idParamsSchema,
        body: updateDeveloperAppBodySchema,
        response: { 200: developerAppAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      return {
        data: await developers.update(accountIdOf(request), request.params.id, request.body.data),
      };
    },
  );

  r.delete(
    '/developers/me/apps/:id',
    {
      schema: {
        tags,
        description: 'Deletes the app, its keys and the REST hooks made with them.',
        params: idParamsSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      await developers.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );

  r.post(
    '/developers/me/apps/:id/keys',
    {
      schema: {
        tags,
        description: 'A new API key (`fw_…`): the answer is the only time the key is shown.',
        params: idParamsSchema,
        response: { 201: newApiKeyAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'admin');
      const data = await developers.createKey(accountIdOf(request), request.params.id);
      return reply.status(201).header('cache-control', 'no-store').send({ data });
    },
  );

  r.delete(
    '/developers/me/apps/:id/keys/:keyId',
    {
      schema: {
        tags,
        description: 'Revokes the key: its next request answers 401.',
        params: developerAppKeyParamsSchema,
        response: { 200: dataAnswer(apiKeySchema) },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      const { id, keyId } = request.params;
      return { data: await developers.revokeKey(accountIdOf(request), id, keyId) };
    },
  );
}
