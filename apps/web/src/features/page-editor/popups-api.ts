import type { Popup } from '@funnelwork/domain';
import { popupsEndpoints } from '@funnelwork/domain/api/popups';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, call, callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export type PopupBrief = Omit<Popup, 'config' | 'css'>;

export const popupKeys = {
  list: (funnelId: number) => ['popups', 'list', funnelId] as const,
  one: (id: number) => ['popups', 'one', id] as const,
};

/** The funnel's popups (spec §2.10 "a popup editor for pages"), without their documents. */
export function useFunnelPopups(funnelId: number) {
  return useQuery({
    queryKey: popupKeys.list(funnelId),
    queryFn: () => callOrThrow(popupsEndpoints.listPopups, { query: { funnel_id: funnelId } }),
    enabled: funnelId > 0,
  });
}

export const fetchPopup = (id: number) => callOrThrow(popupsEndpoints.getPopup, { params: { id } });

/**
 * The Popups panel's writes: every failure is a notice (the panel shows none beside its fields), and the
 * list is fetched again after a failure too (a popup deleted elsewhere leaves it).
 */
const PANEL_WRITE = { failure: (error: ApiError) => error.message, invalidateAfterFailure: true };

export function useCreatePopup(funnelId: number) {
  return useApiMutation({
    mutationFn: (name: string) =>
      callOrThrow(popupsEndpoints.createPopup, { body: { data: { name, funnel_id: funnelId } } }),
    invalidates: [popupKeys.list(funnelId)],
    ...PANEL_WRITE,
  });
}

export function useRenamePopup(funnelId: number) {
  return useApiMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callOrThrow(popupsEndpoints.updatePopup, { params: { id }, body: { data: { name } } }),
    invalidates: [popupKeys.list(funnelId)],
    ...PANEL_WRITE,
  });
}

export function useClonePopup(funnelId: number) {
  return useApiMutation({
    mutationFn: (id: number) =>
      callOrThrow(popupsEndpoints.clonePopup, { params: { id }, body: { data: {} } }),
    invalidates: [popupKeys.list(funnelId)],
    ...PANEL_WRITE,
  });
}

export function useDeletePopup(funnelId: number) {
  return useApiMutation({
    mutationFn: (id: number) => callOrThrow(popupsEndpoints.deletePopup, { params: { id } }),
    invalidates: [popupKeys.list(funnelId)],
    ...PANEL_WRITE,
  });
}

/** The popup editor's save: its document and custom CSS (a popup has no HTML or scripts of its own). */
export const savePopup = (
  id: number,
  data: { config: Record<string, unknown>; version: number; css: string },
) => call(popupsEndpoints.updatePopup, { params: { id }, body: { data } });
