import {
  customerAnswerSchema,
  customerBriefListAnswerSchema,
  customerListQuerySchema,
  customerOrdersAnswerSchema,
  customerQuerySchema,
  customersStatsAnswerSchema,
  idParamsSchema,
  okAnswerSchema,
  patchCustomerBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findCustomer } from './customers.queries.ts';
import type { CustomersService } from './customers.service.ts';

const tags = ['customers'];

/** Customers (orders spec §7). Edits and deletes need the member's 'orders' flag. */
export function customersRoutes(
  app: FastifyInstance,
  { db, customers, orders }: { db: Db; customers: CustomersService; orders: OrdersService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/customer-briefs',
    {
      config: { apiScope: 'customers:read' },
      schema: {
        tags,
        description: 'Zero-based page, 25 per page, newest first; query matches names and e-mails.',
        querystring: customerListQuerySchema,
        response: { 200: customerBriefListAnswerSchema },
      },
    },
    async (request) => customers.list(accountIdOf(request), request.query),
  );

  r.get(
    '/customers-stats',
    { schema: { tags, response: { 200: customersStatsAnswerSchema } } },
    async (request) => ({ data: await customers.stats(accountIdOf(request)) }),
  );

  r.get(
    '/customers/:id',
    {
      config: { apiScope: 'customers:read' },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: customerQuerySchema,
        response: { 200: customerAnswerSchema },
      },
    },
    async (request) => ({ data: await customers.get(accountIdOf(request), request.params.id) }),
  );

  r.get(
    '/customers/:id/orders',
    {
      config: { apiScope: 'customers:read' },
      schema: { tags, params: idParamsSchema, response: { 200: customerOrdersAnswerSchema } },
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
      schema: {
        tags,
        description:
          'Takes the whole customer; optin_email, metadata and the other read-only fields are ignored.',
        params: idParamsSchema,
        body: patchCustomerBodySchema,
        response: { 200: customerAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      return { data: await customers.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/customers/:id',
    {
      schema: {
        tags,
        description: "Erases the customer's personal data; its orders stay, with blank name and e-mail.",
        params: idParamsSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      await customers.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
}
