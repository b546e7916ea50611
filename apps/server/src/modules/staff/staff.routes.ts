import {
  createStaffBodySchema,
  dataAnswer,
  idParamsSchema,
  okAnswerSchema,
  staffSchema,
  updateStaffBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['staff'];

export function staffRoutes(app: FastifyInstance, { staff }: { staff: StaffService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings/staff',
    { schema: { tags, response: { 200: dataAnswer(z.array(staffSchema)) } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await staff.list(accountIdOf(request)) };
    },
  );

  r.get('/staff/me', { schema: { tags, response: { 200: dataAnswer(staffSchema) } } }, async (request) => ({
    data: await staff.get(accountIdOf(request), { userId: sessionOf(request).userId }),
  }));

  r.get(
    '/settings/staff/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: dataAnswer(staffSchema) } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await staff.get(accountIdOf(request), { memberId: request.params.id }) };
    },
  );

  r.post(
    '/settings/staff',
    { schema: { tags, body: createStaffBodySchema, response: { 201: dataAnswer(staffSchema) } } },
    async (request, reply) => {
      requirePermission(request, 'admin');
      return reply.status(201).send({ data: await staff.invite(accountIdOf(request), request.body.data) });
    },
  );

  r.patch(
    '/settings/staff/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateStaffBodySchema,
        response: { 200: dataAnswer(staffSchema) },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      return {
        data: await staff.update(accountIdOf(request), request.params.id, request.body.data.permissions),
      };
    },
  );

  r.delete(
    '/settings/staff/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      await staff.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
}
