import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { CredentialStore } from '../../gateways/credentials.ts';
import { PAYPAL_GATEWAY_ID, type PayPalAdapter } from '../../gateways/paypal.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { CheckoutService } from './checkout.service.ts';

export const PAYPAL_SIGNATURE_REFUSED = 'PayPal did not confirm this webhook delivery as its own';

/** Where PayPal sends a merchant's events (registered at PayPal when the merchant connects). */
export const paypalWebhookUrl = (publicUrl: string, accountId: number) =>
  `${publicUrl.replace(/\/$/, '')}/api/gateways/paypal/webhooks/${accountId}`;

type PayPalEvent = {
  event_type?: string;
  resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } };
};

/**
 * Each merchant's PayPal webhook: PayPal itself confirms the delivery (verify-webhook-signature with the
 * webhook id stored at connect), then an approved order is captured and recorded, or a completed capture
 * recorded, through the same function as the page's onApprove report: a shopper who approved in PayPal
 * and closed the tab still gets the order, and the page's report and PayPal's retries record it once.
 */
export async function paypalWebhookRoutes(
  api: FastifyInstance,
  deps: { credentials: CredentialStore; checkout: CheckoutService; paypal: PayPalAdapter },
) {
  api.post<{ Params: { accountId: string }; Body: unknown }>(
    '/gateways/paypal/webhooks/:accountId',
    { schema: { ...schemaOf(endpoints.runtime.receivePayPalWebhook), hide: true } },
    async (request) => {
      const accountId = Number(request.params.accountId);
      const credentials =
        Number.isSafeInteger(accountId) && accountId > 0
          ? await deps.credentials.load(accountId, PAYPAL_GATEWAY_ID)
          : null;
      if (!credentials?.webhook_id) throw new HttpError(404, 'No such webhook endpoint', 'not_found');
      const event = (request.body ?? {}) as PayPalEvent;
      if (!(await deps.paypal.verifyWebhook(credentials, request.headers, request.body))) {
        throw new HttpError(400, PAYPAL_SIGNATURE_REFUSED, 'invalid_signature', 'paypal-transmission-sig');
      }
      const reference =
        event.event_type === 'CHECKOUT.ORDER.APPROVED'
          ? event.resource?.id
          : event.event_type === 'PAYMENT.CAPTURE.COMPLETED'
            ? event.resource?.supplementary_data?.related_ids?.order_id
            : undefined;
      if (!reference) return { received: true, outcome: 'ignored' };
      return {
        received: true,
        outcome: await deps.checkout.settleFromGateway(accountId, PAYPAL_GATEWAY_ID, reference),
      };
    },
  );
}
