import type { SearchResults } from '@funnelwork/domain/search/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiOrThrow } from '../../shared/api-client.ts';

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
    queryFn: () => apiOrThrow<SearchResults>('GET', 'search', { query: { query: text } }),
  });
}
