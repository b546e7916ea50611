import type { searchEndpoints } from '@funnelwork/domain/api/search';
import { useQuery } from '@tanstack/react-query';
import { addressOf, callOrThrow } from '../../shared/api-client.ts';

// By address: the header's search box loads this, and the table's schemas are zod.
const getSearch = addressOf<typeof searchEndpoints.getSearch>('GET', '/api/search');

export const searchKeys = { query: (query: string) => ['search', query] as const };

/**
 * "Search runs on every change of the input; results are reset first; empty input clears results."
 * Every text is its own query with no placeholder, so a change shows loading, never the last results.
 */
export function useSearch(query: string) {
  const text = query.trim();
  return useQuery({
    queryKey: searchKeys.query(text),
    enabled: text !== '',
    staleTime: 30_000,
    // A failure is shown inside the results dropdown.
    meta: { silent: true },
    queryFn: () => callOrThrow(getSearch, { query: { query: text } }),
  });
}
