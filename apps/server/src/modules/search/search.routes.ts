import { searchAnswerSchema, searchQuerySchema } from '@funnelwork/domain/search/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import type { SearchService } from './search.service.ts';

/** The global search box: funnels, apps, customers, integrations and products of the selected account. */
export function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/search',
    {
      schema: {
        tags: ['search'],
        description: 'Up to 5 matches per group, closest names first; an empty query answers empty groups.',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => ({ data: await search.search(accountIdOf(request), request.query.query) }),
  );
}
