import {
  receiptAnswerSchema,
  receiptKindParamsSchema,
  receiptsAnswerSchema,
  updateReceiptBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { ReceiptsService } from './receipts.service.ts';

const tags = ['receipts'];

/**
 * The store's own e-mails (order and shipping confirmations): every member reads them; changing them
 * needs the automations permission, as every e-mail design does.
 */
export function receiptsRoutes(app: FastifyInstance, { receipts }: { receipts: ReceiptsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/receipts',
    {
      schema: {
        tags,
        description: 'The e-mails the store sends by itself: on or off, subject and design.',
        response: { 200: receiptsAnswerSchema },
      },
    },
    async (request) => ({ data: await receipts.list(accountIdOf(request)) }),
  );

  r.put(
    '/receipts/:kind',
    {
      // The kind names a catalogue entry, not one of the account's rows: the route acts on the caller's.
      config: { catalogueParams: ['kind'] },
      schema: {
        tags,
        description: 'Switches a receipt on or off, sets its subject or design (null: the default).',
        params: receiptKindParamsSchema,
        body: updateReceiptBodySchema,
        response: { 200: receiptAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      return {
        data: await receipts.update(accountIdOf(request), request.params.kind, request.body.data),
      };
    },
  );

  r.post(
    '/receipts/:kind/customize',
    {
      config: { catalogueParams: ['kind'] },
      schema: {
        tags,
        description:
          "Copies the built-in design into the member's e-mail templates and chooses it, for the e-mail editor.",
        params: receiptKindParamsSchema,
        response: { 200: receiptAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      const { userId } = sessionOf(request);
      return { data: await receipts.customize(accountIdOf(request), userId, request.params.kind) };
    },
  );
}
