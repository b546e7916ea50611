import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { BillingService } from './billing.service.ts';
import type { createBillingWebhooks } from './billing.webhooks.ts';

/** Spec §7.3 "Billing": the account's plan and what it paid; admins only (spec §6). */
export async function billingRoutes(
  app: FastifyInstance,
  {
    billing,
    webhooks,
    onPlanChange,
  }: {
    billing: BillingService;
    webhooks: ReturnType<typeof createBillingWebhooks>;
    onPlanChange: (accountId: number) => void;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/billing/plans', { schema: schemaOf(endpoints.billing.listBillingPlans) }, async (_request) => {
    return { data: await billing.plans() };
  });
  r.get('/billing-details', { schema: schemaOf(endpoints.billing.listBillingDetails) }, async (request) => {
    return { data: await billing.details(accountIdOf(request)) };
  });
  r.get('/charges', { schema: schemaOf(endpoints.billing.listCharges) }, async (request) => {
    return { data: await billing.charges(accountIdOf(request)) };
  });
  r.get(
    '/charges/:id/invoice.pdf',
    { schema: schemaOf(endpoints.billing.getChargeInvoicePdf) },
    async (request, reply) => {
      const pdf = await billing.invoicePdf(accountIdOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-FW-${request.params.id}.pdf"`)
        .send(pdf);
    },
  );
  r.post(
    '/billing/place-order',
    { schema: schemaOf(endpoints.billing.createBillingPlaceOrder) },
    async (request) => {
      const accountId = accountIdOf(request);
      const data = await billing.placeOrder(accountId, request.body.data);
      onPlanChange(accountId);
      return { data };
    },
  );
  r.post(
    '/billing/update-details',
    { schema: schemaOf(endpoints.billing.createBillingUpdateDetail) },
    async (request) => {
      const accountId = accountIdOf(request);
      const data = await billing.updateDetails(accountId, request.body.data.payment);
      onPlanChange(accountId);
      return { data };
    },
  );
  r.post(
    '/billing/cancel-subscription',
    { schema: schemaOf(endpoints.billing.createBillingCancelSubscription) },
    async (request) => {
      const accountId = accountIdOf(request);
      const data = await billing.cancelSubscription(accountId);
      onPlanChange(accountId);
      return { data };
    },
  );

  // Stripe signs the exact bytes it sent: this route keeps the body as text.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/billing/stripe-webhook',
      { schema: { ...schemaOf(endpoints.billing.createBillingStripeWebhook), hide: true } },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['stripe-signature'];
        const outcome = await webhooks.handle(raw, Array.isArray(signature) ? signature[0] : signature);
        return { received: true, outcome };
      },
    );
  });
}
