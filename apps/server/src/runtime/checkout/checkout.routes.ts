import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxGateway } from '../../gateways/sandbox.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ID_PATTERN, VISITOR_COOKIE } from '../runtime.ts';
import {
  checkoutBodySchema,
  completePaymentBodySchema,
  discountBodySchema,
  placedOrderBodySchema,
  quoteBodySchema,
  sandboxCardBodySchema,
  upsellBodySchema,
  upsellCompleteBodySchema,
} from './checkout.contracts.ts';
import { type CheckoutService, ORDER_SESSION_MS } from './checkout.service.ts';
import { CONFIRMATION_CSP, confirmationHtml } from './confirmation-page.ts';
import type { StoredAnswer } from './idempotency.ts';
import type { SubscriptionsService } from './subscriptions.ts';

/** The httpOnly cookie that carries the order token from the checkout to its upsell steps. */
export const ORDER_COOKIE = 'fw_order';

/** The token of the order cookie, if the request carries one. */
export function orderCookieOf(request: FastifyRequest): string | null {
  return cookieOf(request, ORDER_COOKIE);
}

function cookieOf(request: FastifyRequest, cookie: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookie) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The published pages' visitor id (their cookie), when it has the runtime's form. */
export function visitorIdOf(request: FastifyRequest): string | null {
  const value = cookieOf(request, VISITOR_COOKIE);
  return value && ID_PATTERN.test(value) ? value : null;
}

/**
 * Payment calls come from the published page's own script as JSON. A form post from another site
 * cannot send JSON without a CORS preflight (which these routes never answer), so other content types
 * are refused: no cross-site request can place an order or take an upsell with the shopper's cookie.
 */
function requireJson(request: FastifyRequest) {
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, 'Send the request as application/json', 'unsupported_media_type');
  }
}

const send = (reply: FastifyReply, answer: StoredAnswer) =>
  reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);

/** The published pages' payment endpoints (no dashboard session: the page names its account). */
export function checkoutRoutes(
  app: FastifyInstance,
  {
    checkout,
    sandbox,
    secureCookies,
  }: { checkout: CheckoutService; sandbox?: SandboxGateway; secureCookies: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookie = (token: string) =>
    `${ORDER_COOKIE}=${token}; Path=/_fw; HttpOnly; SameSite=Lax; Max-Age=${ORDER_SESSION_MS / 1000}${secureCookies ? '; Secure' : ''}`;

  r.post(
    '/_fw/checkout',
    { schema: { ...schemaOf(endpoints.runtime.startCheckout), hide: true, body: checkoutBodySchema } },
    async (request, reply) => {
      requireJson(request);
      const answer = await checkout.placeOrder(request.body, {
        visitorId: visitorIdOf(request),
        orderToken: orderCookieOf(request),
      });
      const token = (answer.body.data as { order_token?: string } | undefined)?.order_token;
      if (token) reply.header('set-cookie', cookie(token));
      return send(reply, answer);
    },
  );

  // The checkout page asks whether this browser already bought on it (Back, refresh, a second tab).
  r.post(
    '/_fw/checkout/placed',
    { schema: { ...schemaOf(endpoints.runtime.placeCheckout), hide: true, body: placedOrderBodySchema } },
    async (request, reply) => {
      requireJson(request);
      return reply
        .header('cache-control', 'no-store')
        .send({ data: await checkout.placedOrderOfStep(request.body, orderCookieOf(request)) });
    },
  );

  // After the page confirmed the payment with the gateway's script: the same answer as the checkout's.
  r.post(
    '/_fw/checkout/complete',
    {
      schema: {
        ...schemaOf(endpoints.runtime.completeCheckout),
        hide: true,
        body: completePaymentBodySchema,
      },
    },
    async (request, reply) => {
      requireJson(request);
      const answer = await checkout.completePayment(request.body);
      const token = (answer.body.data as { order_token?: string } | undefined)?.order_token;
      if (token) reply.header('set-cookie', cookie(token));
      return send(reply, answer);
    },
  );

  // The Sandbox's card form: a test card in, a payment-method token out (Stripe.js's role for Stripe).
  r.post(
    '/_fw/sandbox/payment-methods',
    {
      schema: {
        ...schemaOf(endpoints.runtime.createSandboxPaymentMethod),
        hide: true,
        body: sandboxCardBodySchema,
      },
    },
    async (request, reply) => {
      requireJson(request);
      if (!sandbox) throw new HttpError(404, 'The Sandbox is not available', 'not_found');
      const { number, exp_month, exp_year, cvc } = request.body;
      const result = sandbox.tokenizeCard({ number, expMonth: exp_month, expYear: exp_year, cvc });
      if (!result.ok) {
        const field = `payment.${result.field}`;
        return send(reply, {
          status: 402,
          body: { error: { message: result.message, code: result.code, status: 402, field } },
        });
      }
      return send(reply, { status: 201, body: { data: { id: result.token, object: 'payment_method' } } });
    },
  );

  r.post(
    '/_fw/upsell',
    { schema: { ...schemaOf(endpoints.runtime.acceptUpsell), hide: true, body: upsellBodySchema } },
    async (request, reply) => {
      requireJson(request);
      return send(
        reply,
        await checkout.upsell(request.body, request.body.order_token ?? orderCookieOf(request)),
      );
    },
  );

  // After the shopper confirmed an upsell charge in place (3-D Secure): the offer added once, or not.
  r.post(
    '/_fw/upsell/complete',
    { schema: { ...schemaOf(endpoints.runtime.completeUpsell), hide: true, body: upsellCompleteBodySchema } },
    async (request, reply) => {
      requireJson(request);
      return send(
        reply,
        await checkout.completeUpsell(request.body, request.body.order_token ?? orderCookieOf(request)),
      );
    },
  );

  r.post(
    '/_fw/quote',
    { schema: { ...schemaOf(endpoints.runtime.quoteOrder), hide: true, body: quoteBodySchema } },
    async (request, reply) => {
      requireJson(request);
      return reply.header('cache-control', 'no-store').send({ data: await checkout.quote(request.body) });
    },
  );

  r.post(
    '/_fw/order',
    { schema: { ...schemaOf(endpoints.runtime.placeOrder), hide: true, body: placedOrderBodySchema } },
    async (request, reply) => {
      requireJson(request);
      return reply
        .header('cache-control', 'no-store')
        .send({ data: await checkout.placedOrder(request.body, orderCookieOf(request)) });
    },
  );

  // A paid order on a funnel's last step ends here (the page script comes when there is no next step).
  r.get(
    '/_fw/thank-you',
    { schema: { ...schemaOf(endpoints.runtime.thankYouPage), hide: true } },
    async (request, reply) => {
      const order = await checkout.confirmation(orderCookieOf(request));
      return reply
        .status(order ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CONFIRMATION_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(confirmationHtml(order));
    },
  );

  r.post(
    '/_fw/discount',
    { schema: { ...schemaOf(endpoints.runtime.applyDiscount), hide: true, body: discountBodySchema } },
    async (request, reply) => {
      requireJson(request);
      return reply
        .header('cache-control', 'no-store')
        .send({ data: await checkout.discountTerms(request.body) });
    },
  );
}

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/** The account's subscriptions (started by checkouts of recurring products); cancel needs 'orders'. */
export function subscriptionsRoutes(
  app: FastifyInstance,
  { subscriptions }: { subscriptions: SubscriptionsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/subscriptions',
    { schema: { ...schemaOf(endpoints.runtime.listSubscriptions), querystring: listQuerySchema } },
    async (request) => ({
      data: await subscriptions.list(accountIdOf(request), request.query),
    }),
  );
  r.get('/subscriptions/:id', { schema: schemaOf(endpoints.runtime.getSubscription) }, async (request) => ({
    data: await subscriptions.get(accountIdOf(request), request.params.id),
  }));
  r.post(
    '/subscriptions/:id/cancel',
    { schema: schemaOf(endpoints.runtime.cancelSubscription) },
    async (request) => {
      return { data: await subscriptions.cancel(accountIdOf(request), request.params.id) };
    },
  );
}
