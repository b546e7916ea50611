import {
  billingDetailsAnswerSchema,
  chargesAnswerSchema,
  idParamsSchema,
  placeOrderAnswerSchema,
  placeOrderBodySchema,
  plansAnswerSchema,
  updateBillingDetailsBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { BillingService } from './billing.service.ts';
import type { createBillingWebhooks } from './billing.webhooks.ts';

const tags = ['billing'];

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
  r.get('/billing/plans', { schema: { tags, response: { 200: plansAnswerSchema } } }, async (request) => {
    requirePermission(request, 'admin');
    return { data: await billing.plans() };
  });
  r.get(
    '/billing-details',
    { schema: { tags, response: { 200: billingDetailsAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await billing.details(accountIdOf(request)) };
    },
  );
  r.get('/charges', { schema: { tags, response: { 200: chargesAnswerSchema } } }, async (request) => {
    requirePermission(request, 'admin');
    return { data: await billing.charges(accountIdOf(request)) };
  });
  r.get('/charges/:id/invoice.pdf', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    requirePermission(request, 'admin');
    const pdf = await billing.invoicePdf(accountIdOf(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="invoice-FW-${request.params.id}.pdf"`)
      .send(pdf);
  });
  r.post(
    '/billing/place-order',
    { schema: { tags, body: placeOrderBodySchema, response: { 200: placeOrderAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      const accountId = accountIdOf(request);
      const data = await billing.placeOrder(accountId, request.body.data);
      onPlanChange(accountId);
      return { data };
    },
  );
  r.post(
    '/billing/update-details',
    { schema: { tags, body: updateBillingDetailsBodySchema, response: { 200: billingDetailsAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      const accountId = accountIdOf(request);
      const data = await billing.updateDetails(accountId, request.body.data.payment);
      onPlanChange(accountId);
      return { data };
    },
  );
  r.post(
    '/billing/cancel-subscription',
    { schema: { tags, response: { 200: billingDetailsAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
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
      { config: { public: true }, schema: { tags, hide: true } },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['stripe-signature'];
        const outcome = await webhooks.handle(raw, Array.isArray(signature) ? signature[0] : signature);
        return { received: true, outcome };
      },
    );
  });
}
