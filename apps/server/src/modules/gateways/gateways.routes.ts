import { endpoints } from '@funnelwork/domain/api/endpoints';
import {
  connectGatewayBodySchema,
  createUserGatewayBodySchema,
  disconnectParamsSchema,
  gatewayListAnswerSchema,
  gatewayParamsSchema,
  patchUserGatewayBodySchema,
  paymentMethodGroupListAnswerSchema,
  userGatewayAnswerSchema,
  userGatewayListAnswerSchema,
} from '@funnelwork/domain/gateways/contracts';
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

  r.get(
    '/gateways',
    { schema: { ...schemaOf(endpoints.gateways.listGateways), response: { 200: gatewayListAnswerSchema } } },
    async (request) => ({
      data: await gateways.catalogue(accountIdOf(request)),
    }),
  );

  r.get(
    '/payment-method-groups',
    {
      schema: {
        ...schemaOf(endpoints.gateways.listPaymentMethodGroups),
        response: { 200: paymentMethodGroupListAnswerSchema },
      },
    },
    async (request) => {
      accountIdOf(request);
      return { data: gateways.paymentMethodGroups() };
    },
  );

  r.get(
    '/user-gateways',
    {
      schema: {
        ...schemaOf(endpoints.gateways.listUserGateways),
        response: { 200: userGatewayListAnswerSchema },
      },
    },
    async (request) => ({
      data: await gateways.list(accountIdOf(request)),
    }),
  );

  r.get(
    '/user-gateways/:id',
    {
      schema: { ...schemaOf(endpoints.gateways.getUserGateway), response: { 200: userGatewayAnswerSchema } },
    },
    async (request) => ({ data: await gateways.get(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/gateways/:gatewayId/connect',
    {
      config: { catalogueParams: ['gatewayId'] },
      schema: {
        ...schemaOf(endpoints.gateways.connectGateway),
        params: gatewayParamsSchema,
        body: connectGatewayBodySchema,
        response: { 200: userGatewayAnswerSchema },
      },
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
      schema: {
        ...schemaOf(endpoints.gateways.createGatewayDisconnect),
        params: disconnectParamsSchema,
        response: { 200: userGatewayAnswerSchema },
      },
    },
    async (request) => {
      const { gatewayId, userGatewayId } = request.params;
      return { data: await gateways.disconnect(accountIdOf(request), gatewayId, userGatewayId) };
    },
  );

  r.post(
    '/user-gateways',
    {
      schema: {
        ...schemaOf(endpoints.gateways.createUserGateway),
        body: createUserGatewayBodySchema,
        response: { 201: userGatewayAnswerSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send({ data: await gateways.create(accountIdOf(request), request.body.data) });
    },
  );

  r.patch(
    '/user-gateways/:id',
    {
      schema: {
        ...schemaOf(endpoints.gateways.updateUserGateway),
        body: patchUserGatewayBodySchema,
        response: { 200: userGatewayAnswerSchema },
      },
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
