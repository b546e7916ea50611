import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { StaffService } from './staff.service.ts';

export function staffRoutes(app: FastifyInstance, { staff }: { staff: StaffService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/settings/staff', { schema: schemaOf(endpoints.staff.getSettingsStaff) }, async (request) => {
    return { data: await staff.list(accountIdOf(request)) };
  });

  r.get('/staff/me', { schema: schemaOf(endpoints.staff.getStaffMe) }, async (request) => ({
    data: await staff.get(accountIdOf(request), { userId: sessionOf(request).userId }),
  }));

  r.get(
    '/settings/staff/:id',
    { schema: schemaOf(endpoints.staff.getSettingsStaffById) },
    async (request) => {
      return { data: await staff.get(accountIdOf(request), { memberId: request.params.id }) };
    },
  );

  r.post(
    '/settings/staff',
    { schema: schemaOf(endpoints.staff.createSettingsStaff) },
    async (request, reply) => {
      return reply.status(201).send({ data: await staff.invite(accountIdOf(request), request.body.data) });
    },
  );

  r.patch(
    '/settings/staff/:id',
    {
      schema: schemaOf(endpoints.staff.updateSettingsStaff),
    },
    async (request) => {
      return {
        data: await staff.update(accountIdOf(request), request.params.id, request.body.data.permissions),
      };
    },
  );

  r.delete(
    '/settings/staff/:id',
    { schema: schemaOf(endpoints.staff.deleteSettingsStaff) },
    async (request) => {
      await staff.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
}
