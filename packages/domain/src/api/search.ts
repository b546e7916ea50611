import { searchAnswerSchema, searchQuerySchema } from '../search/contracts.ts';
import type { EndpointTable } from './endpoint.ts';

export const searchEndpoints = {
  getSearch: {
    method: 'GET',
    path: '/api/search',
    query: searchQuerySchema,
    answer: searchAnswerSchema,
    summary: 'Get search',
    tag: 'search',
    description: 'Up to 5 matches per group, closest names first; an empty query answers empty groups.',
  },
} as const satisfies EndpointTable;
