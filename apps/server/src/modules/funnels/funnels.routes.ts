import {
  addToFolderQuerySchema,
  allFunnelStepsAnswerSchema,
  allFunnelStepsQuerySchema,
  clonedFunnelAnswerSchema,
  cloneFunnelBodySchema,
  createFunnelBodySchema,
  dataAnswer,
  flagIsSet,
  folderBodySchema,
  folderParamsSchema,
  folderSchema,
  funnelAnswerSchema,
  funnelListAnswerSchema,
  funnelListQuerySchema,
  funnelStatsAnswerSchema,
  funnelStatsQuerySchema,
  idParamsSchema,
  okAnswerSchema,
  patchFunnelBodySchema,
  pinQuerySchema,
  saveFunnelPropsBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import { requireFeature } from './access.ts';
import type { FunnelsService } from './funnels.service.ts';

const tags = ['funnels'];
const ok = { data: { success: true as const } };

export function funnelsRoutes(app: FastifyInstance, { db, funnels }: { db: Db; funnels: FunnelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/funnels',
    {
      config: { apiScope: 'funnels:read' },
      schema: { tags, querystring: funnelListQuerySchema, response: { 200: funnelListAnswerSchema } },
    },
    async (request) => funnels.list(accountIdOf(request), request.query, false),
  );

  r.get(
    '/funnels/archive',
    {
      schema: {
        tags,
        description: 'Deleted funnels, which can be restored.',
        querystring: funnelListQuerySchema,
        response: { 200: funnelListAnswerSchema },
      },
    },
    async (request) => funnels.list(accountIdOf(request), request.query, true),
  );

  r.get(
    '/funnels/:id',
    {
      config: { apiScope: 'funnels:read' },
      schema: { tags, params: idParamsSchema, response: { 200: funnelAnswerSchema } },
    },
    async (request) => ({ data: await funnels.get(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/funnels',
    { schema: { tags, body: createFunnelBodySchema, response: { 201: funnelAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      return reply.status(201).send({ data: await funnels.create(accountIdOf(request), request.body.data) });
    },
  );

  r.patch(
    '/funnels/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: patchFunnelBodySchema,
        response: { 200: funnelAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await funnels.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.patch(
    '/funnels/:id/pin',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pinQuerySchema,
        response: { 200: funnelAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      const pinned = flagIsSet(request.query.pinned);
      return { data: await funnels.pin(accountIdOf(request), request.params.id, pinned) };
    },
  );

  r.put(
    '/funnels/:id/restore',
    { schema: { tags, params: idParamsSchema, response: { 200: funnelAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await funnels.restore(accountIdOf(request), request.params.id) };
    },
  );

  r.delete(
    '/funnels/:id',
    {
      schema: {
        tags,
        description:
          "Soft delete (restore with PUT funnels/{id}/restore). Needs the account's 'funnels' feature.",
        params: idParamsSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      const accountId = accountIdOf(request);
      await requireFeature(db, accountId, 'funnels');
      await funnels.remove(accountId, request.params.id);
      return ok;
    },
  );

  r.put(
    '/funnels/:id/save-props',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: saveFunnelPropsBodySchema,
        response: { 200: funnelAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await funnels.saveProps(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.post(
    '/clone-funnels',
    {
      schema: {
        tags,
        description: "Deep copy of a funnel (steps, pages, products). Needs the account's 'funnels' feature.",
        body: cloneFunnelBodySchema,
        response: { 201: clonedFunnelAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      const accountId = accountIdOf(request);
      await requireFeature(db, accountId, 'funnels');
      const data = await funnels.clone(accountId, sessionOf(request).userId, request.body.data);
      return reply.status(201).send({ data });
    },
  );

  r.get(
    '/funnel-stats',
    { schema: { tags, querystring: funnelStatsQuerySchema, response: { 200: funnelStatsAnswerSchema } } },
    async (request) => {
      const accountId = accountIdOf(request);
      const { funnel_id, start, end } = request.query;
      if (funnel_id !== undefined) await funnels.get(accountId, funnel_id);
      return { data: await funnels.stats(accountId, { funnelId: funnel_id, start, end }) };
    },
  );

  r.get(
    '/all-funnel-steps',
    {
      schema: { tags, querystring: allFunnelStepsQuerySchema, response: { 200: allFunnelStepsAnswerSchema } },
    },
    async (request) => {
      const type = request.query.funnel_type;
      return {
        data: await funnels.allSteps(
          accountIdOf(request),
          type === undefined ? undefined : type === '1' ? 1 : 0,
        ),
      };
    },
  );

  /* Folders */

  const folderTags = ['funnel folders'];
  r.get(
    '/funnels/folders',
    { schema: { tags: folderTags, response: { 200: dataAnswer(z.array(folderSchema)) } } },
    async (request) => ({ data: await funnels.listFolders(accountIdOf(request)) }),
  );

  r.post(
    '/funnels/folders',
    { schema: { tags: folderTags, body: folderBodySchema, response: { 201: dataAnswer(folderSchema) } } },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      const folder = await funnels.createFolder(accountIdOf(request), request.body.data.name);
      return reply.status(201).send({ data: folder });
    },
  );

  r.put(
    '/funnels/folders/:folderId',
    {
      schema: {
        tags: folderTags,
        params: folderParamsSchema,
        body: folderBodySchema,
        response: { 200: dataAnswer(folderSchema) },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      const { folderId } = request.params;
      return { data: await funnels.renameFolder(accountIdOf(request), folderId, request.body.data.name) };
    },
  );

  r.delete(
    '/funnels/folders/:folderId',
    { schema: { tags: folderTags, params: folderParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await funnels.deleteFolder(accountIdOf(request), request.params.folderId);
      return ok;
    },
  );

  r.put(
    '/funnels/folders/:folderId/add',
    {
      schema: {
        tags: folderTags,
        description: 'Moves the funnel `funnel_id` into the folder.',
        params: folderParamsSchema,
        querystring: addToFolderQuerySchema,
        response: { 200: funnelAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      const { folderId } = request.params;
      return { data: await funnels.addToFolder(accountIdOf(request), folderId, request.query.funnel_id) };
    },
  );
}
