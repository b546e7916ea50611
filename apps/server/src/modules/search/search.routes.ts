import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { SearchService } from './search.service.ts';

/** The global search box: funnels, apps, customers, integrations and products of the selected account. */
export function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/search',
    {
      schema: schemaOf(endpoints.search.getSearch),
    },
    async (request) => ({ data: await search.search(accountIdOf(request), request.query.query) }),
  );
}
