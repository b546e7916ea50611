import type { funnelsEndpoints } from '@funnelwork/domain/api/funnels';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { addressOf, callOrThrow, callPageOrThrow } from '../../shared/api-client.ts';

type Funnels = typeof funnelsEndpoints;

/** The funnel list's rows of the endpoint table, by address: the entry can start them without zod. */
const listRows = {
  listFunnels: addressOf<Funnels['listFunnels']>('GET', '/api/funnels'),
  getFunnelsArchive: addressOf<Funnels['getFunnelsArchive']>('GET', '/api/funnels/archive'),
  listFunnelsFolders: addressOf<Funnels['listFunnelsFolders']>('GET', '/api/funnels/folders'),
};

export type FunnelPageParams = { page: number; folderId: number | null; query: string };

export const funnelKeys = {
  all: ['funnels'] as const,
  list: (archived: boolean, params: FunnelPageParams) =>
    ['funnels', archived ? 'archive' : 'list', params] as const,
  one: (id: number) => ['funnels', 'one', id] as const,
  folders: ['funnels', 'folders'] as const,
  subFunnels: (id: number) => ['funnels', 'sub-funnels', id] as const,
  steps: (id: number) => ['funnels', 'steps', id] as const,
  products: (id: number) => ['funnels', 'products', id] as const,
  domains: ['domains'] as const,
  trackingCodes: (funnelId: number) => ['tracking-codes', funnelId] as const,
};

/**
 * A page of the funnel list or of the archive. Apart from the hooks (api.ts), so the entry can start a cold
 * /funnels' list and folders beside the session (app/route-data.ts).
 */
export const funnelPageQuery = (archived: boolean, params: FunnelPageParams) =>
  queryOptions({
    queryKey: funnelKeys.list(archived, params),
    placeholderData: keepPreviousData,
    queryFn: () => {
      const query = {
        page: params.page,
        folder_id: params.folderId ?? undefined,
        query: params.query.trim() || undefined,
      };
      return archived
        ? callPageOrThrow(listRows.getFunnelsArchive, { query })
        : callPageOrThrow(listRows.listFunnels, { query });
    },
  });

/** Where the list stands by its address: `?page` (from 1) and `?folder`; the archive has no folders. */
export const funnelListPlace = (search: URLSearchParams, archived: boolean) => ({
  page: Math.max(1, Number(search.get('page')) || 1),
  folderId: archived ? null : Number(search.get('folder')) || null,
});

export const foldersQuery = () =>
  queryOptions({ queryKey: funnelKeys.folders, queryFn: () => callOrThrow(listRows.listFunnelsFolders) });
