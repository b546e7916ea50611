import { flagIsSet } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { OrdersService } from './orders.service.ts';

const ok = { data: { success: true as const } };

/** The orders back office (orders spec §7). Every write needs the member's 'orders' flag. */
export function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/orders',
    {
      schema: schemaOf(endpoints.orders.listOrders),
    },
    // The database writes the answer's orders (orders.queries.ts), so no row is mapped or encoded here:
    // the API adds at most 1.5 ms to its SQL (issue 3). The schema documents the answer and
    // orders.test.ts parses answers with it.
    async (request, reply) => {
      const answer = await orders.list(accountIdOf(request), request.query);
      // JSON text of orderListAnswerSchema's shape, sent as it is; the type provider only knows objects.
      return reply.type('application/json; charset=utf-8').send(answer as never);
    },
  );

  r.get(
    '/orders/:id',
    {
      schema: schemaOf(endpoints.orders.getOrder),
    },
    async (request) => ({ data: await orders.get(accountIdOf(request), request.params.id) }),
  );

  r.put(
    '/orders/:id/cancel',
    {
      schema: schemaOf(endpoints.orders.cancelOrder),
    },
    async (request) => {
      const { refund, reason } = request.query;
      return {
        data: await orders.cancel(accountIdOf(request), sessionOf(request).userId, request.params.id, {
          refund: flagIsSet(refund),
          reason,
        }),
      };
    },
  );

  r.put(
    '/orders/:id/refund',
    {
      schema: schemaOf(endpoints.orders.refundOrder),
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      return {
        data: await orders.refund(accountIdOf(request), userId, request.params.id, request.query.reason),
      };
    },
  );

  r.get(
    '/orders/:id/fulfillment',
    {
      schema: schemaOf(endpoints.orders.getOrderFulfilment),
    },
    async (request) => ({ data: await orders.fulfillment(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/fulfill',
    {
      schema: schemaOf(endpoints.orders.fulfilOrder),
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const input = request.body?.data ?? {};
      return { data: await orders.fulfill(accountIdOf(request), userId, request.params.id, input) };
    },
  );

  r.put(
    '/orders/:id/add-tracking-info',
    {
      schema: schemaOf(endpoints.orders.addOrChangeOrderTrackingInfo),
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const input = request.body?.data ?? {};
      return { data: await orders.addTrackingInfo(accountIdOf(request), userId, request.params.id, input) };
    },
  );

  r.put(
    '/orders/:id/archive',
    {
      schema: schemaOf(endpoints.orders.archiveOrUnarchiveOrder),
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      return { data: await orders.toggleArchive(accountIdOf(request), userId, request.params.id) };
    },
  );

  r.delete(
    '/orders/:id',
    {
      schema: schemaOf(endpoints.orders.deleteOrder),
    },
    async (request) => {
      await orders.remove(accountIdOf(request), sessionOf(request).userId, request.params.id);
      return ok;
    },
  );

  r.get(
    '/orders/:id/timeline',
    {
      schema: schemaOf(endpoints.orders.getOrderTimeline),
    },
    async (request) => ({ data: await orders.timeline(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/timeline/:eventId/retry',
    {
      schema: schemaOf(endpoints.orders.retryOrderTimeline),
    },
    async (request) => {
      const { id, eventId } = request.params;
      return {
        data: await orders.retryEvent(accountIdOf(request), sessionOf(request).userId, id, eventId),
      };
    },
  );

  /* Notes */

  r.get(
    '/orders/:id/notes',
    {
      schema: schemaOf(endpoints.orders.listOrderNotes),
    },
    async (request) => ({ data: await orders.notes(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/notes',
    {
      schema: schemaOf(endpoints.orders.addNoteToOrder),
    },
    async (request, reply) => {
      const note = await orders.addNote(
        accountIdOf(request),
        sessionOf(request).userId,
        request.params.id,
        request.body.data.value,
      );
      return reply.status(201).send({ data: note });
    },
  );

  r.put(
    '/orders/:id/notes/:noteId',
    {
      schema: schemaOf(endpoints.orders.changeOrderNote),
    },
    async (request) => {
      const { id, noteId } = request.params;
      const userId = sessionOf(request).userId;
      return {
        data: await orders.updateNote(accountIdOf(request), userId, id, noteId, request.body.data.value),
      };
    },
  );

  r.delete(
    '/orders/:id/notes/:noteId',
    {
      schema: schemaOf(endpoints.orders.deleteOrderNote),
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      await orders.deleteNote(accountIdOf(request), userId, request.params.id, request.params.noteId);
      return ok;
    },
  );
}
