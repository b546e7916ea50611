import { APPS } from '@funnelwork/domain/apps/catalogue';
import { INTEGRATIONS } from '@funnelwork/domain/integrations/catalogue';
import {
  SEARCH_GROUP_LIMIT,
  SEARCH_QUERY_MAX,
  type SearchGroupName,
  type SearchResults,
} from '@funnelwork/domain/search/contracts';
import type { Db } from '../../db/client.ts';
import { type SearchGroupQuery, searchCustomers, searchFunnels, searchProducts } from './search.queries.ts';

/** The query of each group; a group without one answers an empty list. */
export type SearchGroups = { [K in SearchGroupName]?: SearchGroupQuery<SearchResults[K]> };

/** Catalogue entries by their own names (the same for every account), in memory. */
const byName =
  (
    catalogue: ReadonlyArray<{ id: number; name: string }>,
  ): SearchGroupQuery<Array<{ id: number; name: string }>> =>
  async (_db, _accountId, term, limit) => {
    const needle = term.toLowerCase();
    return catalogue
      .filter((entry) => entry.name.toLowerCase().includes(needle))
      .slice(0, limit)
      .map(({ id, name }) => ({ id, name }));
  };
const searchIntegrations = byName(INTEGRATIONS);
const searchApps = byName(APPS);

export const defaultSearchGroups: SearchGroups = {
  funnels: searchFunnels,
  apps: searchApps,
  customers: searchCustomers,
  integrations: searchIntegrations,
  products: searchProducts,
};

const GROUP_NAMES: SearchGroupName[] = ['funnels', 'apps', 'customers', 'integrations', 'products'];

export function createSearchService({ db, groups = defaultSearchGroups }: { db: Db; groups?: SearchGroups }) {
  async function runGroup<K extends SearchGroupName>(name: K, accountId: number, term: string) {
    const query = groups[name] as SearchGroupQuery<SearchResults[K]> | undefined;
    return query ? query(db, accountId, term, SEARCH_GROUP_LIMIT) : ([] as SearchResults[K]);
  }

  return {
    /** "Empty input clears results": blank text answers every group empty without a query. */
    async search(accountId: number, text: string | undefined): Promise<SearchResults> {
      const term = (text ?? '').trim().slice(0, SEARCH_QUERY_MAX);
      const answers = await Promise.all(
        GROUP_NAMES.map((name) => (term ? runGroup(name, accountId, term) : [])),
      );
      return Object.fromEntries(GROUP_NAMES.map((name, i) => [name, answers[i]])) as SearchResults;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
