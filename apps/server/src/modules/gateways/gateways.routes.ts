import { idParamsSchema, okAnswerSchema } from '@funnelwork/domain';
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
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { GatewaysService } from './gateways.service.ts';

const tags = ['payment gateways'];
const ok = { data: { success: true as const } };

/**
 * Payment settings: the gateway catalogue and the account's own gateways ("user gateways").
 * Credentials go in, are encrypted, and never come out; every write needs the admin flag.
 */
export function gatewaysRoutes(app: FastifyInstance, { gateways }: { gateways: GatewaysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/gateways', { schema: { tags, response: { 200: gatewayListAnswerSchema } } }, async (request) => ({
    data: await gateways.catalogue(accountIdOf(request)),
  }));

  r.get(
    '/payment-method-groups',
    { schema: { tags, response: { 200: paymentMethodGroupListAnswerSchema } } },
    async (request) => {
      accountIdOf(request);
      return { data: gateways.paymentMethodGroups() };
    },
  );

  r.get(
    '/user-gateways',
    { schema: { tags, response: { 200: userGatewayListAnswerSchema } } },
    async (request) => ({
      data: await gateways.list(accountIdOf(request)),
    }),
  );

  r.get(
    '/user-gateways/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: userGatewayAnswerSchema } } },
    async (request) => ({ data: await gateways.get(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/gateways/:gatewayId/connect',
    {
      config: { catalogueParams: ['gatewayId'] },
      schema: {
        tags,
        description:
          'Connects catalogue gateway {gatewayId} with its credentials (checked with the gateway first), ' +
          'or replaces the credentials of the one already set up.',
        params: gatewayParamsSchema,
        body: connectGatewayBodySchema,
        response: { 200: userGatewayAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      const { gatewayId } = request.params;
      return { data: await gateways.connect(accountIdOf(request), gatewayId, request.body.data) };
    },
  );

  r.post(
    '/gateways/:gatewayId/disconnect/:userGatewayId',
    {
      config: { catalogueParams: ['gatewayId'] },
      schema: {
        tags,
        description:
          'Forgets the credentials of user gateway {userGatewayId} (of catalogue gateway {gatewayId}).',
        params: disconnectParamsSchema,
        response: { 200: userGatewayAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      const { gatewayId, userGatewayId } = request.params;
      return { data: await gateways.disconnect(accountIdOf(request), gatewayId, userGatewayId) };
    },
  );

  r.post(
    '/user-gateways',
    { schema: { tags, body: createUserGatewayBodySchema, response: { 201: userGatewayAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'admin');
      return reply.status(201).send({ data: await gateways.create(accountIdOf(request), request.body.data) });
    },
  );

  r.patch(
    '/user-gateways/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: patchUserGatewayBodySchema,
        response: { 200: userGatewayAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await gateways.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/user-gateways/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      await gateways.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
