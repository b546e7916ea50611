import {
  archiveAnswerSchema,
  cancelOrderAnswerSchema,
  cancelOrderQuerySchema,
  flagIsSet,
  fulfillAnswerSchema,
  fulfillBodySchema,
  fulfillmentAnswerSchema,
  noteBodySchema,
  okAnswerSchema,
  orderAnswerSchema,
  orderEventListAnswerSchema,
  orderEventParamsSchema,
  orderListAnswerSchema,
  orderListQuerySchema,
  orderNoteAnswerSchema,
  orderNoteListAnswerSchema,
  orderNoteParamsSchema,
  orderParamsSchema,
  refundOrderQuerySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const ok = { data: { success: true as const } };

/** The orders back office (orders spec §7). Every write needs the member's 'orders' flag. */
export function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/orders',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        tags,
        description:
          'Zero-based page, 25 per page, newest first. `archived`: false (default) hides archived orders, true lists only them, all lists both. Deleted orders are never listed.',
        querystring: orderListQuerySchema,
        response: { 200: orderListAnswerSchema },
      },
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
      config: { apiScope: 'orders:read' },
      schema: { tags, params: orderParamsSchema, response: { 200: orderAnswerSchema } },
    },
    async (request) => ({ data: await orders.get(accountIdOf(request), request.params.id) }),
  );

  r.put(
    '/orders/:id/cancel',
    {
      config: { apiScope: 'orders:write' },
      schema: {
        tags,
        description:
          'Cancels the order; with refund=true it refunds it at its gateway first (all or nothing).',
        params: orderParamsSchema,
        querystring: cancelOrderQuerySchema,
        response: { 200: cancelOrderAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
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
      config: { apiScope: 'orders:write' },
      schema: {
        tags,
        description: 'Refunds the whole order at its gateway, once, and cancels it.',
        params: orderParamsSchema,
        querystring: refundOrderQuerySchema,
        response: { 200: cancelOrderAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      const userId = sessionOf(request).userId;
      return {
        data: await orders.refund(accountIdOf(request), userId, request.params.id, request.query.reason),
      };
    },
  );

  r.get(
    '/orders/:id/fulfillment',
    {
      config: { apiScope: 'orders:read' },
      schema: { tags, params: orderParamsSchema, response: { 200: fulfillmentAnswerSchema } },
    },
    async (request) => ({ data: await orders.fulfillment(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/fulfill',
    {
      config: { apiScope: 'orders:write' },
      schema: {
        tags,
        params: orderParamsSchema,
        body: fulfillBodySchema,
        response: { 200: fulfillAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      const userId = sessionOf(request).userId;
      const input = request.body?.data ?? {};
      return { data: await orders.fulfill(accountIdOf(request), userId, request.params.id, input) };
    },
  );

  r.put(
    '/orders/:id/add-tracking-info',
    {
      config: { apiScope: 'orders:write' },
      schema: {
        tags,
        params: orderParamsSchema,
        body: fulfillBodySchema,
        response: { 200: fulfillmentAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      const userId = sessionOf(request).userId;
      const input = request.body?.data ?? {};
      return { data: await orders.addTrackingInfo(accountIdOf(request), userId, request.params.id, input) };
    },
  );

  r.put(
    '/orders/:id/archive',
    {
      config: { apiScope: 'orders:write' },
      schema: { tags, params: orderParamsSchema, response: { 200: archiveAnswerSchema } },
    },
    async (request) => {
      requirePermission(request, 'orders');
      const userId = sessionOf(request).userId;
      return { data: await orders.toggleArchive(accountIdOf(request), userId, request.params.id) };
    },
  );

  r.delete(
    '/orders/:id',
    {
      schema: {
        tags,
        description: 'Soft delete: the order is no longer listed, counted or exported.',
        params: orderParamsSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      await orders.remove(accountIdOf(request), sessionOf(request).userId, request.params.id);
      return ok;
    },
  );

  r.get(
    '/orders/:id/timeline',
    {
      config: { apiScope: 'orders:read' },
      schema: { tags, params: orderParamsSchema, response: { 200: orderEventListAnswerSchema } },
    },
    async (request) => ({ data: await orders.timeline(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/timeline/:eventId/retry',
    {
      schema: {
        tags,
        description: 'Repeats the failed action of a timeline event whose value has can_retry.',
        params: orderEventParamsSchema,
        response: { 200: cancelOrderAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
      const { id, eventId } = request.params;
      return {
        data: await orders.retryEvent(accountIdOf(request), sessionOf(request).userId, id, eventId),
      };
    },
  );

  /* Notes */

  const noteTags = ['order notes'];
  r.get(
    '/orders/:id/notes',
    {
      config: { apiScope: 'orders:read' },
      schema: { tags: noteTags, params: orderParamsSchema, response: { 200: orderNoteListAnswerSchema } },
    },
    async (request) => ({ data: await orders.notes(accountIdOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/notes',
    {
      config: { apiScope: 'orders:write' },
      schema: {
        tags: noteTags,
        params: orderParamsSchema,
        body: noteBodySchema,
        response: { 201: orderNoteAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'orders');
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
      config: { apiScope: 'orders:write' },
      schema: {
        tags: noteTags,
        params: orderNoteParamsSchema,
        body: noteBodySchema,
        response: { 200: orderNoteAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'orders');
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
      config: { apiScope: 'orders:write' },
      schema: { tags: noteTags, params: orderNoteParamsSchema, response: { 200: okAnswerSchema } },
    },
    async (request) => {
      requirePermission(request, 'orders');
      const userId = sessionOf(request).userId;
      await orders.deleteNote(accountIdOf(request), userId, request.params.id, request.params.noteId);
      return ok;
    },
  );
}
