import {
  createDiscountBodySchema,
  discountAnswerSchema,
  discountListAnswerSchema,
  discountListQuerySchema,
  idParamsSchema,
  okAnswerSchema,
  patchDiscountBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { DiscountsService } from './discounts.service.ts';

const tags = ['discounts'];
const ok = { data: { success: true as const } };

/** The store's discount codes (Settings → store/discounts); writes need the funnels permission. */
export function discountsRoutes(app: FastifyInstance, { discounts }: { discounts: DiscountsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/store/discounts',
    { schema: { tags, querystring: discountListQuerySchema, response: { 200: discountListAnswerSchema } } },
    async (request) => discounts.list(accountIdOf(request), request.query),
  );

  r.post(
    '/store/discounts',
    {
      schema: {
        tags,
        description: 'Codes are unique in the account, case-insensitively (409 otherwise).',
        body: createDiscountBodySchema,
        response: { 201: discountAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      return reply
        .status(201)
        .send({ data: await discounts.create(accountIdOf(request), request.body.data) });
    },
  );

  r.get(
    '/store/discounts/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: discountAnswerSchema } } },
    async (request) => ({ data: await discounts.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/store/discounts/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: patchDiscountBodySchema,
        response: { 200: discountAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await discounts.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/store/discounts/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await discounts.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
