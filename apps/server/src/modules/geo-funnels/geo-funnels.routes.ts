import {
  abSplitBodySchema,
  dataAnswer,
  funnelAnswerSchema,
  funnelSchema,
  idParamsSchema,
  subFunnelsQuerySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import { requireFeature } from '../funnels/access.ts';
import type { GeoFunnelsService } from './geo-funnels.service.ts';

const tags = ['geo-funnels'];
const many = dataAnswer(z.array(funnelSchema));

export function geoFunnelsRoutes(app: FastifyInstance, { db, geo }: { db: Db; geo: GeoFunnelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wfunnels/:id/ab-split',
    {
      schema: {
        tags,
        description:
          "Splits off a geo-funnel (a deep copy in the main funnel's group); answers it with its funnel_group_id. Needs the account's 'funnels' feature.",
        params: idParamsSchema,
        body: abSplitBodySchema,
        response: { 201: funnelAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
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

  r.get(
    '/sub-funnels',
    { schema: { tags, querystring: subFunnelsQuerySchema, response: { 200: many } } },
    async (request) => ({ data: await geo.list(accountIdOf(request), request.query.funnel_id) }),
  );

  r.get(
    '/sub-funnels/:id',
    {
      schema: {
        tags,
        description: "The geo-funnels of funnel {id}'s group.",
        params: idParamsSchema,
        response: { 200: many },
      },
    },
    async (request) => ({ data: await geo.ofFunnel(accountIdOf(request), request.params.id) }),
  );
}
