import type { Popup } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { api, apiOrThrow } from '../../shared/api-client.ts';

export type PopupBrief = Omit<Popup, 'config' | 'css'>;

export const popupKeys = {
  list: (funnelId: number) => ['popups', 'list', funnelId] as const,
  one: (id: number) => ['popups', 'one', id] as const,
};

/** The funnel's popups (spec §2.10 "a popup editor for pages"), without their documents. */
export function useFunnelPopups(funnelId: number) {
  return useQuery({
    queryKey: popupKeys.list(funnelId),
    queryFn: () => apiOrThrow<PopupBrief[]>('GET', 'popups', { query: { funnel_id: funnelId } }),
    enabled: funnelId > 0,
  });
}

export const fetchPopup = (id: number) => apiOrThrow<Popup>('GET', `popups/${id}`);
export const createPopup = (funnelId: number, name: string) =>
  api<Popup>('POST', 'popups', { body: { data: { name, funnel_id: funnelId } } });
export const renamePopup = (id: number, name: string) =>
  api<Popup>('PATCH', `popups/${id}`, { body: { data: { name } } });
export const clonePopup = (id: number) => api<Popup>('POST', `popups/${id}/clone`, { body: { data: {} } });
export const deletePopup = (id: number) => api<unknown>('DELETE', `popups/${id}`);
/** The popup editor's save: its document and custom CSS (a popup has no HTML or scripts of its own). */
export const savePopup = (
  id: number,
  data: { config: Record<string, unknown>; version: number; css: string },
) => api<Popup>('PATCH', `popups/${id}`, { body: { data } });
