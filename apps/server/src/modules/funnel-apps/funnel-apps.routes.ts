import { dataAnswer, funnelAppSchema, idParamsSchema, upsertFunnelAppBodySchema } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import { listMeta } from '@funnelwork/domain/shared/inputs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { WebhookDeliveries } from '../integrations/webhook/webhook.deliveries.ts';
import type { FunnelAppsService } from './funnel-apps.service.ts';

const ok = { data: { success: true as const } };
const one = dataAnswer(funnelAppSchema);
const many = dataAnswer(z.array(funnelAppSchema));

/** Apps of a funnel; "Funnel apps … are locked without funnels permission" — on the server too. */
export function funnelAppsRoutes(
  app: FastifyInstance,
  { apps, deliveries }: { apps: FunnelAppsService; deliveries: WebhookDeliveries },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const base of ['/funnels/:id/apps', '/wfunnels/:id/apps']) {
    r.get(base, { schema: { params: idParamsSchema, response: { 200: many } } }, async (request) => ({
      data: await apps.list(accountIdOf(request), { funnelId: request.params.id }),
    }));

    r.patch(
      base,
      {
        schema: { params: idParamsSchema, body: upsertFunnelAppBodySchema, response: { 200: one } },
      },
      async (request) => {
        return { data: await apps.upsert(accountIdOf(request), request.params.id, request.body.data) };
      },
    );
  }

  r.get('/funnel-apps', { schema: schemaOf(endpoints.funnelApps.getFunnelApps) }, async (request) => ({
    data: await apps.list(accountIdOf(request), {
      funnelId: request.query.funnel_id,
      appId: request.query.app_id,
    }),
  }));

  r.get('/funnel-apps/:id', { schema: schemaOf(endpoints.funnelApps.getFunnelApp) }, async (request) => ({
    data: await apps.get(accountIdOf(request), request.params.id),
  }));

  r.patch('/funnel-apps/:id', { schema: schemaOf(endpoints.funnelApps.updateFunnelApp) }, async (request) => {
    return { data: await apps.patch(accountIdOf(request), request.params.id, request.body.data) };
  });

  r.delete(
    '/funnel-apps/:id',
    { schema: schemaOf(endpoints.funnelApps.deleteFunnelApp) },
    async (request) => {
      await apps.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/funnel-apps/:id/deliveries',
    {
      schema: schemaOf(endpoints.funnelApps.listFunnelAppDeliveries),
    },
    async (request) => {
      const accountId = accountIdOf(request);
      await apps.get(accountId, request.params.id);
      const { rows, total } = await deliveries.list(
        accountId,
        { funnelAppId: request.params.id },
        request.query,
      );
      return { data: rows, meta: listMeta(total, request.query.per_page) };
    },
  );

  r.post(
    '/funnel-apps/:id/deliveries/:deliveryId/resend',
    {
      schema: schemaOf(endpoints.funnelApps.resendFunnelAppDelivery),
    },
    async (request) => {
      // As Resend under Integrations: the flag that governs what the account sends out.
      const accountId = accountIdOf(request);
      await apps.get(accountId, request.params.id);
      return {
        data: await deliveries.resend(
          accountId,
          { funnelAppId: request.params.id },
          request.params.deliveryId,
        ),
      };
    },
  );
}
