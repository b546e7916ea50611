import { endpoints } from '@funnelwork/domain/api/endpoints';
import { WEBHOOK_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { listMeta } from '@funnelwork/domain/shared/inputs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { memberMay, schemaOf } from '../../plugins/endpoints.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { WebhookDeliveries } from './webhook/webhook.deliveries.ts';

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

  r.get('/integrations', { schema: schemaOf(endpoints.integrations.listIntegrations) }, async (request) => ({
    data: await integrations.catalogue(accountIdOf(request)),
  }));

  r.get(
    '/user-integrations',
    { schema: schemaOf(endpoints.integrations.listUserIntegrations) },
    async (request) => ({ data: await integrations.list(accountIdOf(request)) }),
  );

  r.get(
    '/user-integrations/:id',
    { schema: schemaOf(endpoints.integrations.getUserIntegration) },
    async (request) => ({ data: await integrations.get(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/connect',
    {
      schema: schemaOf(endpoints.integrations.createConnect),
    },
    async (request) => {
      const { integration_id: integrationId, fields } = request.body.data;
      return {
        data: await integrations.connect(accountIdOf(request), { integrationId, fields, apiBase: null }),
      };
    },
  );

  r.post(
    '/custom-connect',
    {
      schema: schemaOf(endpoints.integrations.createCustomConnect),
    },
    async (request) => {
      const { integration_id: integrationId, fields, api_base: apiBase } = request.body.data;
      return { data: await integrations.connect(accountIdOf(request), { integrationId, fields, apiBase }) };
    },
  );

  r.post(
    '/disconnect',
    {
      schema: schemaOf(endpoints.integrations.createDisconnect),
    },
    async (request) => {
      return { data: await integrations.disconnect(accountIdOf(request), request.body.data.id) };
    },
  );

  r.patch(
    '/user-integrations/:id',
    {
      schema: schemaOf(endpoints.integrations.updateUserIntegration),
    },
    async (request) => {
      return {
        data: await integrations.setActive(accountIdOf(request), request.params.id, request.body.data.active),
      };
    },
  );

  r.post(
    '/call-integration-method/:id/:method',
    {
      schema: schemaOf(endpoints.integrations.callIntegrationMethod),
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { id, method } = request.params;
      const found = await integrations.methodOf(accountId, id, method);
      // The one check that depends on data: the row asks for 'automations', an admin-only method for more.
      if (found.method.permission === 'admin' && !request.apiKey && !memberMay(request, 'admin'))
        throw forbidden();
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
      schema: schemaOf(endpoints.integrations.listUserIntegrationDeliveries),
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
    { schema: schemaOf(endpoints.integrations.getUserIntegrationDelivery) },
    async (request) => {
      const accountId = accountIdOf(request);
      await webhookOf(accountId, request.params.id);
      return { data: await deliveries.get(accountId, request.params.id, request.params.deliveryId) };
    },
  );

  r.post(
    '/user-integrations/:id/deliveries/:deliveryId/resend',
    {
      schema: schemaOf(endpoints.integrations.resendUserIntegrationDelivery),
    },
    async (request) => {
      const accountId = accountIdOf(request);
      await webhookOf(accountId, request.params.id);
      return { data: await deliveries.resend(accountId, request.params.id, request.params.deliveryId) };
    },
  );
}
