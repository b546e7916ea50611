import {
  createTrackingCodeBodySchema,
  dataAnswer,
  idParamsSchema,
  okAnswerSchema,
  patchTrackingCodeBodySchema,
  trackingCodeSchema,
  trackingCodesQuerySchema,
  updateTrackingIndexBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { TrackingCodesService } from './tracking-codes.service.ts';

const tags = ['tracking codes'];
const ok = { data: { success: true as const } };
const one = dataAnswer(trackingCodeSchema);
const many = dataAnswer(z.array(trackingCodeSchema));

export function trackingCodesRoutes(app: FastifyInstance, { codes }: { codes: TrackingCodesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tracking-codes',
    {
      schema: {
        tags,
        description: "A funnel's codes with funnel_id; every code of the account without it.",
        querystring: trackingCodesQuerySchema,
        response: { 200: many },
      },
    },
    async (request) => ({ data: await codes.list(accountIdOf(request), request.query.funnel_id) }),
  );

  r.post(
    '/tracking-codes',
    { schema: { tags, body: createTrackingCodeBodySchema, response: { 201: one } } },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      return reply.status(201).send({ data: await codes.create(accountIdOf(request), request.body.data) });
    },
  );

  r.put(
    '/tracking-codes/update-index',
    {
      schema: {
        tags,
        description: 'New order_index values for several codes, all or none.',
        body: updateTrackingIndexBodySchema,
        response: { 200: many },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await codes.updateIndex(accountIdOf(request), request.body.data) };
    },
  );

  r.get(
    '/tracking-codes/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: one } } },
    async (request) => ({ data: await codes.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/tracking-codes/:id',
    { schema: { tags, params: idParamsSchema, body: patchTrackingCodeBodySchema, response: { 200: one } } },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await codes.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/tracking-codes/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await codes.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
