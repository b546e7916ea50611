import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { CredentialStore } from '../../gateways/credentials.ts';
import { intentOutcome, STRIPE_GATEWAY_ID, type StripeAdapter } from '../../gateways/stripe.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { CheckoutService } from './checkout.service.ts';
import { UPSELL_METADATA } from './checkout.upsells.ts';

export const INVALID_SIGNATURE = 'The Stripe-Signature header does not match this endpoint';

/** Where Stripe sends a merchant's events (created at Stripe when the merchant connects). */
export const stripeWebhookUrl = (publicUrl: string, accountId: number) =>
  `${publicUrl.replace(/\/$/, '')}/api/gateways/stripe/webhooks/${accountId}`;

/**
 * Each merchant's Stripe webhook: the event is verified against the endpoint's signing secret (stored
 * sealed with the keys; `STRIPE_WEBHOOK_SECRET` too, for `stripe listen` in development), then a paid or
 * failed payment settles its checkout's order through the same function as the page's report, so the
 * order and its receipt happen once whichever comes first, and Stripe's retries change nothing; an
 * upsell's payment (its metadata names the upsell's claim) is settled as the upsell page's report is.
 */
export async function stripeWebhookRoutes(
  api: FastifyInstance,
  deps: {
    credentials: CredentialStore;
    checkout: CheckoutService;
    stripe: StripeAdapter;
    devSecret?: string;
  },
) {
  await api.register(async (scope) => {
    // Stripe signs the exact bytes it sent: this route keeps the body as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { accountId: string } }>(
      '/gateways/stripe/webhooks/:accountId',
      { schema: { ...schemaOf(endpoints.runtime.receiveStripeWebhook), hide: true } },
      async (request) => {
        const accountId = Number(request.params.accountId);
        if (!Number.isSafeInteger(accountId) || accountId <= 0) {
          throw new HttpError(404, 'No such webhook endpoint', 'not_found');
        }
        const credentials = await deps.credentials.load(accountId, STRIPE_GATEWAY_ID);
        const secrets = [credentials?.webhook_secret, deps.devSecret].filter((s): s is string => !!s);
        if (!credentials || secrets.length === 0) {
          throw new HttpError(404, 'No such webhook endpoint', 'not_found');
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['stripe-signature'];
        const signature = (Array.isArray(header) ? header[0] : header) ?? '';
        let event: Stripe.Event | null = null;
        for (const secret of secrets) {
          try {
            event = deps.stripe.webhookEvent(raw, signature, secret);
            break;
          } catch {
            // The next secret, else 400 below.
          }
        }
        if (!event) throw new HttpError(400, INVALID_SIGNATURE, 'invalid_signature', 'stripe-signature');
        return { received: true, outcome: await handle(accountId, event) };
      },
    );
  });

  async function handle(accountId: number, event: Stripe.Event): Promise<string> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        // A Stripe account connected to two of our accounts: each endpoint settles its own orders only.
        const owner = intent.metadata?.funnelwork_account;
        if (owner && owner !== String(accountId)) return 'ignored';
        // A one-click upsell's charge (confirmed in place): settled as the upsell page's report would.
        const upsell = intent.metadata?.[UPSELL_METADATA];
        if (upsell) return deps.checkout.upsellEvent(accountId, STRIPE_GATEWAY_ID, intent.id, upsell);
        return deps.checkout.gatewayEvent(accountId, STRIPE_GATEWAY_ID, intent.id, intentOutcome(intent));
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const intent =
          typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
        if (!intent) return 'ignored';
        return deps.checkout.disputeOpened(accountId, STRIPE_GATEWAY_ID, intent, {
          id: dispute.id,
          amountMinor: dispute.amount,
          reason: dispute.reason,
        });
      }
      default:
        return 'ignored';
    }
  }
}
