import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { requireFeature } from '../funnels/access.ts';
import type { GeoFunnelsService } from './geo-funnels.service.ts';

export function geoFunnelsRoutes(app: FastifyInstance, { db, geo }: { db: Db; geo: GeoFunnelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wfunnels/:id/ab-split',
    {
      schema: schemaOf(endpoints.geoFunnels.abSplitWfunnel),
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      await requireFeature(db, accountId, 'funnels');
      const funnel = await geo.split(
        accountId,
        sessionOf(request).userId,
        request.params.id,
        request.body?.data ?? {},
      );
      return reply.status(201).send({ data: funnel });
    },
  );

  r.get('/sub-funnels', { schema: schemaOf(endpoints.geoFunnels.listSubFunnels) }, async (request) => ({
    data: await geo.list(accountIdOf(request), request.query.funnel_id),
  }));

  r.get(
    '/sub-funnels/:id',
    {
      schema: schemaOf(endpoints.geoFunnels.getSubFunnel),
    },
    async (request) => ({ data: await geo.ofFunnel(accountIdOf(request), request.params.id) }),
  );
}
