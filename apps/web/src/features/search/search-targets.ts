import type { SearchGroupName, SearchResults } from '@funnelwork/domain/search/contracts';

type Item<G extends SearchGroupName> = SearchResults[G][number];

/** "funnel type 0" is the classic funnel (/funnel), type 1 the newer one (/wfunnel). */
const funnelBase = (funnelType: number | null) => (funnelType === 1 ? 'wfunnel' : 'funnel');

/**
 * Where a found item opens (spec §2 "Global search targets by full page load"): /funnel/{id}/ or
 * /wfunnel/{id}/, /apps/{id}, /customers?id={id}, /integrations/{id}; a product opens its step's
 * product panel, and has no page while it is on no step (null).
 */
export const searchTarget = {
  funnels: (item: Item<'funnels'>) => `/${funnelBase(item.funnel_type)}/${item.id}/`,
  apps: (item: Item<'apps'>) => `/apps/${item.id}`,
  customers: (item: Item<'customers'>) => `/customers?id=${item.id}`,
  integrations: (item: Item<'integrations'>) => `/integrations/${item.id}`,
  products: (item: Item<'products'>) =>
    item.funnel_id !== null && item.step_id !== null
      ? `/${funnelBase(item.funnel_type)}/${item.funnel_id}/steps/${item.step_id}/product/${item.id}`
      : null,
} satisfies { [G in SearchGroupName]: (item: Item<G>) => string | null };

/** "Each group except Products has a 'View all' link." */
export const viewAllTarget: Record<SearchGroupName, string | null> = {
  funnels: '/funnels',
  apps: '/apps',
  customers: '/customers',
  integrations: '/integrations',
  products: null,
};

export const SEARCH_GROUPS: ReadonlyArray<{ name: SearchGroupName; title: string }> = [
  { name: 'funnels', title: 'Funnels' },
  { name: 'apps', title: 'Apps' },
  { name: 'customers', title: 'Customers' },
  { name: 'integrations', title: 'Integrations' },
  { name: 'products', title: 'Products' },
];

/** The name shown for an item: a customer's full name, else the item's name. */
export function searchItemName(group: SearchGroupName, item: SearchResults[SearchGroupName][number]): string {
  if (group === 'customers' && 'first_name' in item) {
    return `${item.first_name} ${item.last_name}`.trim() || `Customer #${item.id}`;
  }
  return 'name' in item ? item.name : '';
}

/** "'{n} items found'": every item in every group. */
export const foundCount = (results: SearchResults) =>
  SEARCH_GROUPS.reduce((n, group) => n + results[group.name].length, 0);
