import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { GatewaysService } from './gateways.service.ts';

const ok = { data: { success: true as const } };

/**
 * Payment settings: the gateway catalogue and the account's own gateways ("user gateways").
 * Credentials go in, are encrypted, and never come out; every write needs the admin flag.
 */
export function gatewaysRoutes(app: FastifyInstance, { gateways }: { gateways: GatewaysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/gateways', { schema: schemaOf(endpoints.gateways.listGateways) }, async (request) => ({
    data: await gateways.catalogue(accountIdOf(request)),
  }));

  r.get(
    '/payment-method-groups',
    {
      schema: schemaOf(endpoints.gateways.listPaymentMethodGroups),
    },
    async (request) => {
      accountIdOf(request);
      return { data: gateways.paymentMethodGroups() };
    },
  );

  r.get(
    '/user-gateways',
    {
      schema: schemaOf(endpoints.gateways.listUserGateways),
    },
    async (request) => ({
      data: await gateways.list(accountIdOf(request)),
    }),
  );

  r.get(
    '/user-gateways/:id',
    {
      schema: schemaOf(endpoints.gateways.getUserGateway),
    },
    async (request) => ({ data: await gateways.get(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/gateways/:gatewayId/connect',
    {
      config: { catalogueParams: ['gatewayId'] },
      schema: schemaOf(endpoints.gateways.connectGateway),
    },
    async (request) => {
      const { gatewayId } = request.params;
      return { data: await gateways.connect(accountIdOf(request), gatewayId, request.body.data) };
    },
  );

  r.post(
    '/gateways/:gatewayId/disconnect/:userGatewayId',
    {
      config: { catalogueParams: ['gatewayId'] },
      schema: schemaOf(endpoints.gateways.createGatewayDisconnect),
    },
    async (request) => {
      const { gatewayId, userGatewayId } = request.params;
      return { data: await gateways.disconnect(accountIdOf(request), gatewayId, userGatewayId) };
    },
  );

  r.post(
    '/user-gateways',
    {
      schema: schemaOf(endpoints.gateways.createUserGateway),
    },
    async (request, reply) => {
      return reply.status(201).send({ data: await gateways.create(accountIdOf(request), request.body.data) });
    },
  );

  r.patch(
    '/user-gateways/:id',
    {
      schema: schemaOf(endpoints.gateways.updateUserGateway),
    },
    async (request) => {
      return { data: await gateways.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/user-gateways/:id',
    { schema: schemaOf(endpoints.gateways.deleteUserGateway) },
    async (request) => {
      await gateways.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
