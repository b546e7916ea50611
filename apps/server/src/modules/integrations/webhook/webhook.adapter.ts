import { WEBHOOK_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { resendInputSchema, webhookFieldsSchema } from '@funnelwork/domain/integrations/contracts';
import type { IntegrationMethodAnswer } from '@funnelwork/domain/integrations/methods';
import { z } from 'zod';
import { OutboundRefusedError } from '../../../net/safe-fetch.ts';
import { type IntegrationAdapter, IntegrationError, integrationMethod } from '../integrations.adapter.ts';
import type { WebhookDeliveries } from './webhook.deliveries.ts';
import { newSigningSecret, rotatedSecrets } from './webhook.signature.ts';

/**
 * Our own integration: each subscribed event of the account is POSTed as signed JSON to the
 * merchant's URL (webhook.deliveries.ts). The connect form is the URL and the events; the signing
 * secret is made here, shown once, and can be revealed or rotated by an admin.
 */
export function createWebhookAdapter({ deliveries }: { deliveries: WebhookDeliveries }): IntegrationAdapter {
  return {
    integrationId: WEBHOOK_INTEGRATION_ID,
    customConnect: false,
    connectFields: [
      {
        key: 'url',
        label: 'Endpoint URL',
        type: 'url',
        required: true,
        help: 'Where each event is POSTed as JSON, e.g. https://example.com/funnelwork-events',
      },
      { key: 'events', label: 'Events', type: 'events', required: true },
    ],

    async connect({ fields, previous }, { fetch }) {
      const parsed = webhookFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'fields');
        throw new IntegrationError(issue?.message ?? `${field} is not valid`, 400, field);
      }
      try {
        await fetch.check(parsed.data.url);
      } catch (error) {
        const reason =
          error instanceof OutboundRefusedError ? error.message : 'its host name does not resolve';
        throw new IntegrationError(`url: ${reason}`, 400, 'url');
      }
      const kept = previous?.secrets.signing_secret;
      const secret = kept ?? newSigningSecret();
      const revealed: Record<string, string> = kept ? {} : { signing_secret: secret };
      return {
        settings: { url: parsed.data.url, events: parsed.data.events },
        // A secret rotated out keeps signing for its overlap after a reconnect too.
        secrets: kept ? { ...previous.secrets, signing_secret: kept } : { signing_secret: secret },
        revealed,
      };
    },

    async test(connection) {
      const test = await deliveries.sendTest(connection.accountId, connection.id);
      const after = await deliveries.attempt(test.id);
      if (after?.status === 'delivered') {
        return { ok: true, message: `Your endpoint answered ${after.responseCode} in ${after.latencyMs} ms` };
      }
      return { ok: false, message: after?.error ?? 'The test event could not be sent' };
    },

    methods: {
      'reveal-secret': integrationMethod({
        description: 'Shows the signing secret (admins only).',
        permission: 'admin',
        input: z.object({}),
        run: async (connection): Promise<IntegrationMethodAnswer<'reveal-secret'>> => ({
          signing_secret: connection.secrets.signing_secret ?? '',
        }),
      }),
      'rotate-secret': integrationMethod({
        description:
          'Replaces the signing secret; the new one is shown once (admins only). For 24 hours deliveries carry a signature with each secret, so the receiver can switch over without refusing any.',
        permission: 'admin',
        input: z.object({}),
        run: async (connection, _input, context): Promise<IntegrationMethodAnswer<'rotate-secret'>> => {
          const secrets = rotatedSecrets(connection.secrets);
          await context.replaceSecrets(secrets);
          return {
            signing_secret: secrets.signing_secret ?? '',
            previous_secret_valid_until: secrets.previous_signing_secret_until ?? null,
          };
        },
      }),
      resend: integrationMethod({
        description: 'Sends a delivery again now, with the same event id.',
        permission: 'member',
        input: resendInputSchema,
        run: async (connection, input) =>
          deliveries.resend(connection.accountId, connection.id, input.delivery_id),
      }),
    },
  };
}
