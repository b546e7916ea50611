import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { TrackingCodesService } from './tracking-codes.service.ts';

const ok = { data: { success: true as const } };

export function trackingCodesRoutes(app: FastifyInstance, { codes }: { codes: TrackingCodesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tracking-codes',
    {
      schema: schemaOf(endpoints.trackingCodes.listTrackingCodes),
    },
    async (request) => ({ data: await codes.list(accountIdOf(request), request.query.funnel_id) }),
  );

  r.post(
    '/tracking-codes',
    { schema: schemaOf(endpoints.trackingCodes.createTrackingCode) },
    async (request, reply) => {
      return reply.status(201).send({ data: await codes.create(accountIdOf(request), request.body.data) });
    },
  );

  r.put(
    '/tracking-codes/update-index',
    {
      schema: schemaOf(endpoints.trackingCodes.updateTrackingCodesUpdateIndex),
    },
    async (request) => {
      return { data: await codes.updateIndex(accountIdOf(request), request.body.data) };
    },
  );

  r.get(
    '/tracking-codes/:id',
    { schema: schemaOf(endpoints.trackingCodes.getTrackingCode) },
    async (request) => ({ data: await codes.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/tracking-codes/:id',
    { schema: schemaOf(endpoints.trackingCodes.updateTrackingCode) },
    async (request) => {
      return { data: await codes.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/tracking-codes/:id',
    { schema: schemaOf(endpoints.trackingCodes.deleteTrackingCode) },
    async (request) => {
      await codes.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
