import {
  createLibraryItemBodySchema,
  dataAnswer,
  idParamsSchema,
  LIBRARY_KINDS,
  libraryGroupBodySchema,
  libraryGroupSchema,
  libraryItemSchema,
  libraryQuerySchema,
  okAnswerSchema,
  patchLibraryItemBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf } from '../../plugins/auth.ts';
import type { LibraryService } from './library.service.ts';

const ok = { data: { success: true as const } };
const one = dataAnswer(libraryItemSchema);
const GROUP_PATHS = { 'saved-assets': 'saved-asset-groups', compositions: 'composition-groups' } as const;

/**
 * "saved-assets, saved-asset-groups, compositions, composition-groups": the same calls for both kinds.
 * Writes need the editor permission.
 */
export function libraryRoutes(app: FastifyInstance, { library }: { library: LibraryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of LIBRARY_KINDS) {
    const items = `/${kind}`;
    const groups = `/${GROUP_PATHS[kind]}`;

    r.get(
      items,
      {
        schema: {
          querystring: libraryQuerySchema,
          response: { 200: dataAnswer(z.array(libraryItemSchema)) },
        },
      },
      async (request) => ({ data: await library.list(accountIdOf(request), kind, request.query.group_id) }),
    );
    r.post(
      items,
      { schema: { body: createLibraryItemBodySchema, response: { 201: one } } },
      async (request, reply) => {
        return reply
          .status(201)
          .send({ data: await library.create(accountIdOf(request), kind, request.body.data) });
      },
    );
    r.get(
      `${items}/:id`,
      { schema: { params: idParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await library.get(accountIdOf(request), kind, request.params.id) }),
    );
    r.patch(
      `${items}/:id`,
      { schema: { params: idParamsSchema, body: patchLibraryItemBodySchema, response: { 200: one } } },
      async (request) => {
        return {
          data: await library.patch(accountIdOf(request), kind, request.params.id, request.body.data),
        };
      },
    );
    r.delete(
      `${items}/:id`,
      { schema: { params: idParamsSchema, response: { 200: okAnswerSchema } } },
      async (request) => {
        await library.remove(accountIdOf(request), kind, request.params.id);
        return ok;
      },
    );

    r.get(
      groups,
      { schema: { response: { 200: dataAnswer(z.array(libraryGroupSchema)) } } },
      async (request) => ({ data: await library.listGroups(accountIdOf(request), kind) }),
    );
    r.post(
      groups,
      { schema: { body: libraryGroupBodySchema, response: { 201: dataAnswer(libraryGroupSchema) } } },
      async (request, reply) => {
        const group = await library.createGroup(accountIdOf(request), kind, request.body.data.name);
        return reply.status(201).send({ data: group });
      },
    );
    r.patch(
      `${groups}/:id`,
      {
        schema: {
          params: idParamsSchema,
          body: libraryGroupBodySchema,
          response: { 200: dataAnswer(libraryGroupSchema) },
        },
      },
      async (request) => {
        const group = await library.renameGroup(
          accountIdOf(request),
          kind,
          request.params.id,
          request.body.data.name,
        );
        return { data: group };
      },
    );
    r.delete(
      `${groups}/:id`,
      {
        schema: { params: idParamsSchema, response: { 200: okAnswerSchema } },
      },
      async (request) => {
        await library.removeGroup(accountIdOf(request), kind, request.params.id);
        return ok;
      },
    );
  }
}
