import { flagIsSet } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { requireFeature } from '../funnels/access.ts';
import type { SharingService } from './sharing.service.ts';

const ok = { data: { success: true as const } };

export function sharingRoutes(app: FastifyInstance, { db, sharing }: { db: Db; sharing: SharingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wfunnels/:id/share',
    {
      schema: schemaOf(endpoints.sharing.shareFunnel),
    },
    async (request) => {
      return { data: await sharing.share(accountIdOf(request), request.params.id, request.query.code) };
    },
  );

  r.delete(
    '/wfunnels/:id/share',
    {
      schema: schemaOf(endpoints.sharing.unshareFunnel),
    },
    async (request) => {
      await sharing.unshare(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/share',
    {
      schema: schemaOf(endpoints.sharing.getSharedFunnel),
    },
    async (request) => ({ data: await sharing.preview(request.query.funnel, request.query.code) }),
  );

  r.post(
    '/share/clone',
    {
      schema: schemaOf(endpoints.sharing.cloneSharedFunnel),
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      await requireFeature(db, accountId, 'funnels');
      const q = request.query;
      const data = await sharing.clone(accountId, sessionOf(request).userId, {
        funnel: q.funnel,
        code: q.code,
        name: q.name,
        cloneGeoFunnels: flagIsSet(q['clone-geo-funnels']),
        folderId: q.folder_id,
      });
      return reply.status(201).send({ data });
    },
  );
}
