import { idParamsSchema } from '@funnelwork/domain';
import { WEBHOOK_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import {
  callMethodAnswerSchema,
  callMethodBodySchema,
  callMethodParamsSchema,
  connectAnswerSchema,
  connectBodySchema,
  customConnectBodySchema,
  deliveriesQuerySchema,
  deliveryAnswerSchema,
  deliveryListAnswerSchema,
  deliveryParamsSchema,
  disconnectBodySchema,
  integrationListAnswerSchema,
  patchUserIntegrationBodySchema,
  userIntegrationAnswerSchema,
  userIntegrationListAnswerSchema,
} from '@funnelwork/domain/integrations/contracts';
import { listMeta } from '@funnelwork/domain/shared/inputs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { WebhookDeliveries } from './webhook/webhook.deliveries.ts';

const tags = ['integrations'];

/**
 * Integrations (spec §7.4): the catalogue, the account's connections, connect, custom-connect,
 * disconnect, the active switch and the adapters' methods; the webhook's delivery log. Reading is
 * open to every member; connecting, disconnecting and secrets need admin (they send the account's
 * data out and hold its keys); the switch, tests and resends need the automations flag.
 */
export function integrationsRoutes(
  app: FastifyInstance,
  { integrations, deliveries }: { integrations: IntegrationsService; deliveries: WebhookDeliveries },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/integrations',
    { schema: { tags, response: { 200: integrationListAnswerSchema } } },
    async (request) => ({ data: await integrations.catalogue(accountIdOf(request)) }),
  );

  r.get(
    '/user-integrations',
    { schema: { tags, response: { 200: userIntegrationListAnswerSchema } } },
    async (request) => ({ data: await integrations.list(accountIdOf(request)) }),
  );

  r.get(
    '/user-integrations/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: userIntegrationAnswerSchema } } },
    async (request) => ({ data: await integrations.get(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/connect',
    {
      schema: {
        tags,
        description:
          'Connects integration {integration_id} with its connect form (`connect_fields`), checked against the service first. Secrets it creates are answered once in `revealed`.',
        body: connectBodySchema,
        response: { 200: connectAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      const { integration_id: integrationId, fields } = request.body.data;
      return {
        data: await integrations.connect(accountIdOf(request), { integrationId, fields, apiBase: null }),
      };
    },
  );

  r.post(
    '/custom-connect',
    {
      schema: {
        tags,
        description:
          'Connects an integration to a custom (regional or self-hosted) address of its service, `api_base`, refused when it is not a public address.',
        body: customConnectBodySchema,
        response: { 200: connectAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      const { integration_id: integrationId, fields, api_base: apiBase } = request.body.data;
      return { data: await integrations.connect(accountIdOf(request), { integrationId, fields, apiBase }) };
    },
  );

  r.post(
    '/disconnect',
    {
      schema: {
        tags,
        description: 'Forgets the secrets of user integration {id} and stops it; its delivery log stays.',
        body: disconnectBodySchema,
        response: { 200: userIntegrationAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await integrations.disconnect(accountIdOf(request), request.body.data.id) };
    },
  );

  r.patch(
    '/user-integrations/:id',
    {
      schema: {
        tags,
        description: 'The active/inactive switch.',
        params: idParamsSchema,
        body: patchUserIntegrationBodySchema,
        response: { 200: userIntegrationAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      return {
        data: await integrations.setActive(accountIdOf(request), request.params.id, request.body.data.active),
      };
    },
  );

  r.post(
    '/call-integration-method/:id/:method',
    {
      schema: {
        tags,
        description:
          "Runs method {method} of user integration {id} with `data` as its input (each method's `input_schema` is in the catalogue).",
        params: callMethodParamsSchema,
        body: callMethodBodySchema,
        response: { 200: callMethodAnswerSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { id, method } = request.params;
      const found = await integrations.methodOf(accountId, id, method);
      requirePermission(request, found.method.permission === 'admin' ? 'admin' : 'automations');
      return { data: await integrations.callMethod(accountId, id, method, request.body.data) };
    },
  );

  /** The webhook connection {id}, or 404 for another integration's connection. */
  async function webhookOf(accountId: number, id: number) {
    const row = await integrations.rowOf(accountId, id);
    if (row.integrationId !== WEBHOOK_INTEGRATION_ID) throw notFound('Delivery log');
    return row;
  }

  r.get(
    '/user-integrations/:id/deliveries',
    {
      schema: {
        tags,
        description: "The webhook's delivery log, newest first.",
        params: idParamsSchema,
        querystring: deliveriesQuerySchema,
        response: { 200: deliveryListAnswerSchema },
      },
    },
    async (request) => {
      const accountId = accountIdOf(request);
      await webhookOf(accountId, request.params.id);
      const { rows, total } = await deliveries.list(accountId, request.params.id, request.query);
      return { data: rows, meta: listMeta(total, request.query.per_page) };
    },
  );

  r.get(
    '/user-integrations/:id/deliveries/:deliveryId',
    { schema: { tags, params: deliveryParamsSchema, response: { 200: deliveryAnswerSchema } } },
    async (request) => {
      const accountId = accountIdOf(request);
      await webhookOf(accountId, request.params.id);
      return { data: await deliveries.get(accountId, request.params.id, request.params.deliveryId) };
    },
  );

  r.post(
    '/user-integrations/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        description: 'Sends the delivery again now, with the same Funnelwork-Event-Id.',
        params: deliveryParamsSchema,
        response: { 200: deliveryAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      const accountId = accountIdOf(request);
      await webhookOf(accountId, request.params.id);
      return { data: await deliveries.resend(accountId, request.params.id, request.params.deliveryId) };
    },
  );
}
