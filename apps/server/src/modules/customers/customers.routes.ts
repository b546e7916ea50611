import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findCustomer } from './customers.queries.ts';
import type { CustomersService } from './customers.service.ts';

/** Customers (orders spec §7). Edits and deletes need the member's 'orders' flag. */
export function customersRoutes(
  app: FastifyInstance,
  { db, customers, orders }: { db: Db; customers: CustomersService; orders: OrdersService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/customer-briefs',
    {
      schema: schemaOf(endpoints.customers.listCustomersInBrief),
    },
    async (request) => customers.list(accountIdOf(request), request.query),
  );

  r.get(
    '/customers-stats',
    { schema: schemaOf(endpoints.customers.listCustomersStats) },
    async (request) => ({ data: await customers.stats(accountIdOf(request)) }),
  );

  r.get(
    '/customers/:id',
    {
      schema: schemaOf(endpoints.customers.getCustomer),
    },
    async (request) => ({ data: await customers.get(accountIdOf(request), request.params.id) }),
  );

  r.get(
    '/customers/:id/orders',
    {
      schema: schemaOf(endpoints.customers.listCustomerOrders),
    },
    async (request) => {
      const accountId = accountIdOf(request);
      await findCustomer(db, accountId, request.params.id);
      return { data: await orders.ofCustomer(accountId, request.params.id) };
    },
  );

  r.patch(
    '/customers/:id',
    {
      schema: schemaOf(endpoints.customers.updateCustomer),
    },
    async (request) => {
      return { data: await customers.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/customers/:id',
    {
      schema: schemaOf(endpoints.customers.deleteCustomer),
    },
    async (request) => {
      await customers.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
}
