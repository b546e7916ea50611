import {
  dataAnswer,
  funnelAppSchema,
  funnelAppsQuerySchema,
  idParamsSchema,
  okAnswerSchema,
  patchFunnelAppBodySchema,
  upsertFunnelAppBodySchema,
} from '@funnelwork/domain';
import {
  deliveriesQuerySchema,
  deliveryAnswerSchema,
  deliveryListAnswerSchema,
  deliveryParamsSchema,
} from '@funnelwork/domain/integrations/contracts';
import { listMeta } from '@funnelwork/domain/shared/inputs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { WebhookDeliveries } from '../integrations/webhook/webhook.deliveries.ts';
import type { FunnelAppsService } from './funnel-apps.service.ts';

const tags = ['funnel apps'];
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
    r.get(base, { schema: { tags, params: idParamsSchema, response: { 200: many } } }, async (request) => ({
      data: await apps.list(accountIdOf(request), { funnelId: request.params.id }),
    }));

    r.patch(
      base,
      {
        schema: {
          tags,
          description: 'Connects the app to the funnel, or changes its settings and active switch.',
          params: idParamsSchema,
          body: upsertFunnelAppBodySchema,
          response: { 200: one },
        },
      },
      async (request) => {
        requirePermission(request, 'funnels');
        return { data: await apps.upsert(accountIdOf(request), request.params.id, request.body.data) };
      },
    );
  }

  r.get(
    '/funnel-apps',
    { schema: { tags, querystring: funnelAppsQuerySchema, response: { 200: many } } },
    async (request) => ({
      data: await apps.list(accountIdOf(request), {
        funnelId: request.query.funnel_id,
        appId: request.query.app_id,
      }),
    }),
  );

  r.get(
    '/funnel-apps/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: one } } },
    async (request) => ({ data: await apps.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/funnel-apps/:id',
    { schema: { tags, params: idParamsSchema, body: patchFunnelAppBodySchema, response: { 200: one } } },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await apps.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/funnel-apps/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await apps.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/funnel-apps/:id/deliveries',
    {
      schema: {
        tags,
        description:
          "The funnel app's delivery log (rows appended, subscribers added, funnel webhook posts), newest first.",
        params: idParamsSchema,
        querystring: deliveriesQuerySchema,
        response: { 200: deliveryListAnswerSchema },
      },
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
      schema: {
        tags,
        description:
          "Carries out the funnel app's delivery again now (same event id), through its integration as connected now.",
        params: deliveryParamsSchema,
        response: { 200: deliveryAnswerSchema },
      },
    },
    async (request) => {
      // As Resend under Integrations: the flag that governs what the account sends out.
      requirePermission(request, 'automations');
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
