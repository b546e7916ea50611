import { flagIsSet } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { requireFeature } from './access.ts';
import type { FunnelsService } from './funnels.service.ts';

const ok = { data: { success: true as const } };

export function funnelsRoutes(app: FastifyInstance, { db, funnels }: { db: Db; funnels: FunnelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/funnels',
    {
      schema: schemaOf(endpoints.funnels.listFunnels),
    },
    async (request) => funnels.list(accountIdOf(request), request.query, false),
  );

  r.get(
    '/funnels/archive',
    {
      schema: schemaOf(endpoints.funnels.getFunnelsArchive),
    },
    async (request) => funnels.list(accountIdOf(request), request.query, true),
  );

  r.get(
    '/funnels/:id',
    {
      schema: schemaOf(endpoints.funnels.getFunnel),
    },
    async (request) => ({ data: await funnels.get(accountIdOf(request), request.params.id) }),
  );

  r.post('/funnels', { schema: schemaOf(endpoints.funnels.createFunnel) }, async (request, reply) => {
    return reply.status(201).send({ data: await funnels.create(accountIdOf(request), request.body.data) });
  });

  r.patch(
    '/funnels/:id',
    {
      schema: schemaOf(endpoints.funnels.updateFunnel),
    },
    async (request) => {
      return { data: await funnels.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.patch(
    '/funnels/:id/pin',
    {
      schema: schemaOf(endpoints.funnels.updateFunnelPin),
    },
    async (request) => {
      const pinned = flagIsSet(request.query.pinned);
      return { data: await funnels.pin(accountIdOf(request), request.params.id, pinned) };
    },
  );

  r.put(
    '/funnels/:id/restore',
    { schema: schemaOf(endpoints.funnels.updateFunnelRestore) },
    async (request) => {
      return { data: await funnels.restore(accountIdOf(request), request.params.id) };
    },
  );

  r.delete(
    '/funnels/:id',
    {
      schema: schemaOf(endpoints.funnels.deleteFunnel),
    },
    async (request) => {
      const accountId = accountIdOf(request);
      await requireFeature(db, accountId, 'funnels');
      await funnels.remove(accountId, request.params.id);
      return ok;
    },
  );

  r.put(
    '/funnels/:id/save-props',
    {
      schema: schemaOf(endpoints.funnels.updateFunnelSaveProps),
    },
    async (request) => {
      return { data: await funnels.saveProps(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.post(
    '/clone-funnels',
    {
      schema: schemaOf(endpoints.funnels.createCloneFunnel),
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      await requireFeature(db, accountId, 'funnels');
      const data = await funnels.clone(accountId, sessionOf(request).userId, request.body.data);
      return reply.status(201).send({ data });
    },
  );

  r.get('/funnel-stats', { schema: schemaOf(endpoints.funnels.listFunnelStats) }, async (request) => {
    const accountId = accountIdOf(request);
    const { funnel_id, start, end } = request.query;
    if (funnel_id !== undefined) await funnels.get(accountId, funnel_id);
    return { data: await funnels.stats(accountId, { funnelId: funnel_id, start, end }) };
  });

  r.get(
    '/all-funnel-steps',
    {
      schema: schemaOf(endpoints.funnels.listAllFunnelSteps),
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

  r.get('/funnels/folders', { schema: schemaOf(endpoints.funnels.listFunnelsFolders) }, async (request) => ({
    data: await funnels.listFolders(accountIdOf(request)),
  }));

  r.post(
    '/funnels/folders',
    { schema: schemaOf(endpoints.funnels.createFunnelsFolder) },
    async (request, reply) => {
      const folder = await funnels.createFolder(accountIdOf(request), request.body.data.name);
      return reply.status(201).send({ data: folder });
    },
  );

  r.put(
    '/funnels/folders/:folderId',
    {
      schema: schemaOf(endpoints.funnels.updateFunnelsFolder),
    },
    async (request) => {
      const { folderId } = request.params;
      return { data: await funnels.renameFolder(accountIdOf(request), folderId, request.body.data.name) };
    },
  );

  r.delete(
    '/funnels/folders/:folderId',
    { schema: schemaOf(endpoints.funnels.deleteFunnelsFolder) },
    async (request) => {
      await funnels.deleteFolder(accountIdOf(request), request.params.folderId);
      return ok;
    },
  );

  r.put(
    '/funnels/folders/:folderId/add',
    {
      schema: schemaOf(endpoints.funnels.updateFunnelsFolderAdd),
    },
    async (request) => {
      const { folderId } = request.params;
      return { data: await funnels.addToFolder(accountIdOf(request), folderId, request.query.funnel_id) };
    },
  );
}
