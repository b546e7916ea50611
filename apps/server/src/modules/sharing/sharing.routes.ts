import {
  clonedFunnelAnswerSchema,
  flagIsSet,
  idParamsSchema,
  okAnswerSchema,
  shareAnswerSchema,
  shareCloneQuerySchema,
  sharedFunnelAnswerSchema,
  sharedFunnelQuerySchema,
  shareFunnelQuerySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import { requireFeature } from '../funnels/access.ts';
import type { SharingService } from './sharing.service.ts';

const tags = ['sharing'];
const ok = { data: { success: true as const } };

export function sharingRoutes(app: FastifyInstance, { db, sharing }: { db: Db; sharing: SharingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wfunnels/:id/share',
    {
      schema: {
        tags,
        description:
          'Stores the share code of the funnel (a random one when `code` is absent) and answers the share link. Others clone it with POST share/clone.',
        params: idParamsSchema,
        querystring: shareFunnelQuerySchema,
        response: { 200: shareAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await sharing.share(accountIdOf(request), request.params.id, request.query.code) };
    },
  );

  r.delete(
    '/wfunnels/:id/share',
    {
      schema: {
        tags,
        description: 'Stops sharing the funnel.',
        params: idParamsSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      await sharing.unshare(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/share',
    {
      config: { public: true },
      schema: {
        tags,
        description: 'The shared funnel behind a share link (for the ShareFunnel screen, before sign-in).',
        querystring: sharedFunnelQuerySchema,
        response: { 200: sharedFunnelAnswerSchema },
      },
    },
    async (request) => ({ data: await sharing.preview(request.query.funnel, request.query.code) }),
  );

  r.post(
    '/share/clone',
    {
      schema: {
        tags,
        description:
          "The share request (funnel, code, name, clone-geo-funnels, folder_id): clones the shared funnel into the selected account. Needs the account's 'funnels' feature.",
        querystring: shareCloneQuerySchema,
        response: { 201: clonedFunnelAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
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
