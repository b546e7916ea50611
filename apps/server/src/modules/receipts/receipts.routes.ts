import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { ReceiptsService } from './receipts.service.ts';

/**
 * The store's own e-mails (order and shipping confirmations): every member reads them; changing them
 * needs the automations permission, as every e-mail design does.
 */
export function receiptsRoutes(app: FastifyInstance, { receipts }: { receipts: ReceiptsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/receipts',
    {
      schema: schemaOf(endpoints.receipts.listReceipts),
    },
    async (request) => ({ data: await receipts.list(accountIdOf(request)) }),
  );

  r.put(
    '/receipts/:kind',
    {
      // The kind names a catalogue entry, not one of the account's rows: the route acts on the caller's.
      config: { catalogueParams: ['kind'] },
      schema: schemaOf(endpoints.receipts.updateReceipt),
    },
    async (request) => {
      return {
        data: await receipts.update(accountIdOf(request), request.params.kind, request.body.data),
      };
    },
  );

  r.post(
    '/receipts/:kind/customize',
    {
      config: { catalogueParams: ['kind'] },
      schema: schemaOf(endpoints.receipts.customizeReceipt),
    },
    async (request) => {
      const { userId } = sessionOf(request);
      return { data: await receipts.customize(accountIdOf(request), userId, request.params.kind) };
    },
  );
}
