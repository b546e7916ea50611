import type {
  ClonedFunnel,
  Domain,
  Folder,
  Funnel,
  FunnelListItem,
  PatchFunnelBody,
  PatchStepBody,
  Product,
  Step,
} from '@funnelwork/domain';
import { funnelKind } from '@funnelwork/domain/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiOrThrow, apiPageOrThrow } from '../../shared/api-client.ts';

export type FunnelKind = 'funnel' | 'wfunnel';

/** The route prefix of a funnel: /funnel for the classic kind, /wfunnel for the second (spec §2.3). */
export const kindOf = (funnel: { funnel_type?: number | null }): FunnelKind =>
  funnelKind(funnel.funnel_type) === 'second' ? 'wfunnel' : 'funnel';

export const funnelKeys = {
  all: ['funnels'] as const,
  list: (archived: boolean, params: { page: number; folderId: number | null; query: string }) =>
    ['funnels', archived ? 'archive' : 'list', params] as const,
  one: (id: number) => ['funnels', 'one', id] as const,
  folders: ['funnels', 'folders'] as const,
  subFunnels: (id: number) => ['funnels', 'sub-funnels', id] as const,
  steps: (id: number) => ['funnels', 'steps', id] as const,
  products: (id: number) => ['funnels', 'products', id] as const,
  domains: ['domains'] as const,
};

/* Funnels */

export function useFunnelPage(
  archived: boolean,
  params: { page: number; folderId: number | null; query: string },
) {
  return useQuery({
    queryKey: funnelKeys.list(archived, params),
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiPageOrThrow<FunnelListItem>(archived ? 'funnels/archive' : 'funnels', {
        page: params.page,
        folder_id: params.folderId ?? undefined,
        query: params.query.trim() || undefined,
      }),
  });
}

export function useFunnel(id: number) {
  return useQuery({
    queryKey: funnelKeys.one(id),
    queryFn: () => apiOrThrow<Funnel>('GET', `funnels/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createFunnel = (data: { name: string; funnel_type: 0 | 1; folder_id?: number | null }) =>
  api<Funnel>('POST', 'funnels', { body: { data } });
export const patchFunnel = (id: number, data: PatchFunnelBody['data']) =>
  api<Funnel>('PATCH', `funnels/${id}`, { body: { data } });
export const pinFunnel = (id: number, pinned: boolean) =>
  api<Funnel>('PATCH', `funnels/${id}/pin`, { query: { pinned } });
export const deleteFunnel = (id: number) => api<unknown>('DELETE', `funnels/${id}`);
export const restoreFunnel = (id: number) => api<Funnel>('PUT', `funnels/${id}/restore`);
export const cloneFunnel = (data: {
  funnel_to_clone: number;
  new_name: string;
  clone_steps: boolean;
  clone_products: boolean;
}) => api<ClonedFunnel>('POST', 'clone-funnels', { body: { data } });
export const saveFunnelProps = (id: number, data: { name?: string; ab_geo?: string[] }) =>
  api<Funnel>('PUT', `funnels/${id}/save-props`, { body: { data } });

/* Folders */

export function useFolders() {
  return useQuery({
    queryKey: funnelKeys.folders,
    queryFn: () => apiOrThrow<Folder[]>('GET', 'funnels/folders'),
  });
}
export const createFolder = (name: string) =>
  api<Folder>('POST', 'funnels/folders', { body: { data: { name } } });
export const renameFolder = (id: number, name: string) =>
  api<Folder>('PUT', `funnels/folders/${id}`, { body: { data: { name } } });
export const deleteFolder = (id: number) => api<unknown>('DELETE', `funnels/folders/${id}`);
export const moveToFolder = (funnelId: number, folderId: number | null) =>
  folderId === null
    ? patchFunnel(funnelId, { folder_id: null })
    : api<Funnel>('PUT', `funnels/folders/${folderId}/add`, { query: { funnel_id: funnelId } });

/* Geo-funnels */

export function useSubFunnels(id: number, enabled: boolean) {
  return useQuery({
    queryKey: funnelKeys.subFunnels(id),
    queryFn: () => apiOrThrow<Funnel[]>('GET', `sub-funnels/${id}`),
    enabled,
  });
}
export const splitFunnel = (id: number) => api<Funnel>('POST', `wfunnels/${id}/ab-split`);

/* Sharing */

export type SharedFunnel = {
  funnel_id: number;
  name: string;
  funnel_type: 0 | 1;
  steps_count: number;
  geo_funnels_count: number;
};
export const shareFunnel = (id: number) =>
  api<{ funnel_id: number; share_code: string; share_url: string }>('POST', `wfunnels/${id}/share`);
export const stopSharing = (id: number) => api<unknown>('DELETE', `wfunnels/${id}/share`);
export const readSharedFunnel = (funnel: string, code: string) =>
  api<SharedFunnel>('GET', 'share', { query: { funnel, code } });
export const cloneSharedFunnel = (query: {
  funnel: string;
  code: string;
  name?: string;
  cloneGeoFunnels: boolean;
  folderId?: number | null;
}) =>
  api<ClonedFunnel>('POST', 'share/clone', {
    query: {
      funnel: query.funnel,
      code: query.code,
      name: query.name?.trim() || undefined,
      'clone-geo-funnels': query.cloneGeoFunnels,
      folder_id: query.folderId ?? undefined,
    },
  });

/* Steps (the two kinds call different paths for the same thing, spec §7.2) */

export function useSteps(kind: FunnelKind, funnelId: number) {
  return useQuery({
    queryKey: funnelKeys.steps(funnelId),
    queryFn: async () => {
      const steps = await apiOrThrow<Step[]>(
        'GET',
        `${kind === 'wfunnel' ? 'wfunnels' : 'funnels'}/${funnelId}/steps`,
      );
      return [...steps].sort((a, b) => a.order_index - b.order_index);
    },
    enabled: funnelId > 0,
  });
}

export type NewStep = {
  name: string;
  path: string;
  url: string;
  url2?: string | null;
  type: number;
  template_id?: string | null;
  order_index: number;
  user_id?: number;
};

export function createStep(kind: FunnelKind, funnelId: number, step: NewStep) {
  return kind === 'wfunnel'
    ? api<Step>('POST', `wfunnels/${funnelId}/steps`, { body: { data: { ...step, funnel_id: funnelId } } })
    : api<Step>('POST', 'funnel-steps', { body: { data: { ...step, funnel_id: funnelId } } });
}

export function patchStep(kind: FunnelKind, funnelId: number, stepId: number, data: PatchStepBody['data']) {
  return kind === 'wfunnel'
    ? api<Step>('PATCH', `wfunnels/${funnelId}/steps/${stepId}`, { body: { data } })
    : api<Step>('PATCH', `funnel-steps/${stepId}`, { body: { data } });
}

/** "delete (success status 204)". */
export function deleteStep(kind: FunnelKind, funnelId: number, stepId: number) {
  return kind === 'wfunnel'
    ? api<null>('DELETE', `wfunnels/${funnelId}/steps/${stepId}`)
    : api<null>('DELETE', `funnel-steps/${stepId}`);
}

/* Products */

export function useFunnelProducts(kind: FunnelKind, funnelId: number) {
  return useQuery({
    queryKey: funnelKeys.products(funnelId),
    queryFn: () =>
      apiOrThrow<Product[]>('GET', `${kind === 'wfunnel' ? 'wfunnels' : 'funnels'}/${funnelId}/products`),
    enabled: funnelId > 0,
  });
}

/* Domains */

export function useDomains() {
  return useQuery({ queryKey: funnelKeys.domains, queryFn: () => apiOrThrow<Domain[]>('GET', 'domains') });
}
export const createDomain = (name: string) => api<Domain>('POST', 'domains', { body: { data: { name } } });
export const verifyDomain = (id: number) => api<Domain>('POST', `domains/${id}/verify`);
export const deleteDomain = (id: number) => api<unknown>('DELETE', `domains/${id}`);

/* Publish state */

export type PublishedStep = { id: number; name: string; live_url: string | null; preview_url: string | null };
export type PublishState = {
  funnel_id: number;
  published: boolean;
  live_url: string | null;
  preview_url: string | null;
  steps: PublishedStep[];
};

/** The server's publish state (GET /api/funnels/:id/publish); under the steps key, so step changes refresh it. */
export function usePublishState(funnelId: number) {
  return useQuery({
    queryKey: [...funnelKeys.steps(funnelId), 'publish'] as const,
    queryFn: () => apiOrThrow<PublishState>('GET', `funnels/${funnelId}/publish`),
    enabled: Number.isInteger(funnelId) && funnelId > 0,
  });
}
