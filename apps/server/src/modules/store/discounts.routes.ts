import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { DiscountsService } from './discounts.service.ts';

const ok = { data: { success: true as const } };

/** The store's discount codes (Settings → store/discounts); writes need the funnels permission. */
export function discountsRoutes(app: FastifyInstance, { discounts }: { discounts: DiscountsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/store/discounts', { schema: schemaOf(endpoints.store.listStoreDiscounts) }, async (request) =>
    discounts.list(accountIdOf(request), request.query),
  );

  r.post(
    '/store/discounts',
    {
      schema: schemaOf(endpoints.store.createStoreDiscount),
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ data: await discounts.create(accountIdOf(request), request.body.data) });
    },
  );

  r.get('/store/discounts/:id', { schema: schemaOf(endpoints.store.getStoreDiscount) }, async (request) => ({
    data: await discounts.get(accountIdOf(request), request.params.id),
  }));

  r.patch(
    '/store/discounts/:id',
    {
      schema: schemaOf(endpoints.store.updateStoreDiscount),
    },
    async (request) => {
      return { data: await discounts.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/store/discounts/:id',
    { schema: schemaOf(endpoints.store.deleteStoreDiscount) },
    async (request) => {
      await discounts.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}
