import type {
  CancelOrderAnswer,
  ExportJob,
  ExportParamsInput,
  Fulfillment,
  Order,
  OrderEvent,
  OrderNote,
} from '@funnelwork/domain';
import { ORDERS_PAGE_SIZE } from '@funnelwork/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { type ApiResult, api, apiOrThrow, apiPageOrThrow, type PagedList } from '../../shared/api-client.ts';
import { authStore } from '../../shared/auth-store.ts';

/** The list's archive filter (docs/decisions.md): not archived (default), only archived, or both. */
export type ArchiveFilter = 'false' | 'true' | 'all';
export type OrderListParams = { page: number; query: string; funnelId?: number; archived: ArchiveFilter };

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (p: OrderListParams) => ['orders', 'list', p] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  timeline: (id: number) => ['orders', 'detail', id, 'timeline'] as const,
  notes: (id: number) => ['orders', 'detail', id, 'notes'] as const,
  fulfillment: (id: number) => ['orders', 'detail', id, 'fulfillment'] as const,
};

/** "GET orders?page&per_page&query (optional funnel_id)": page is zero-based, 25 per page. */
export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    placeholderData: keepPreviousData,
    // The screen shows a failure in place of the table (docs/decisions.md, "Load failures").
    meta: { silent: true },
    queryFn: () =>
      apiPageOrThrow<Order>('orders', {
        page: params.page,
        per_page: ORDERS_PAGE_SIZE,
        // "Orders search text is sent as typed; an empty search clears."
        query: params.query === '' ? undefined : params.query,
        funnel_id: params.funnelId,
        archived: params.archived,
      }),
  });
}

/** One order; `fresh` asks the server again on mount even when a copy is cached (before a refund). */
export function useOrder(id: number | null, initial?: Order, options: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    enabled: id !== null,
    initialData: initial,
    refetchOnMount: options.fresh ? 'always' : true,
    queryFn: () => apiOrThrow<Order>('GET', `orders/${id}`),
  });
}

export function useTimeline(id: number) {
  return useQuery({
    queryKey: orderKeys.timeline(id),
    // The timeline reports its own failure ("Timeline load failure: the error is reported").
    meta: { silent: true },
    queryFn: () => apiOrThrow<OrderEvent[]>('GET', `orders/${id}/timeline`),
  });
}

export function useNotes(id: number) {
  return useQuery({
    queryKey: orderKeys.notes(id),
    queryFn: () => apiOrThrow<OrderNote[]>('GET', `orders/${id}/notes`),
  });
}

/** "Product images: wfunnel product images call, ids joined by a vertical bar" → id and image_url per product. */
export function useProductImages(ids: number[]) {
  return useQuery({
    queryKey: ['products', 'images', ids] as const,
    enabled: ids.length > 0,
    retry: false,
    meta: { failureWarning: 'Failed to load product images! try again later.' },
    queryFn: () =>
      apiOrThrow<Array<{ id: number; image_url: string | null }>>('GET', 'product-images', {
        query: { ids: ids.join('|') },
      }),
  });
}

export function useFulfillment(id: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.fulfillment(id),
    enabled,
    // Spec §8: "Fulfillment details fail to load: warning …", once for the panel and the popup alike.
    meta: { failureWarning: 'Failed to load fulfillment details! try again later.' },
    queryFn: () => apiOrThrow<Fulfillment>('GET', `orders/${id}/fulfillment`),
  });
}

/** Puts the server's answer on the order everywhere it is loaded: "the list entry is updated too". */
export function patchOrder(client: QueryClient, id: number, patch: Partial<Order>) {
  client.setQueriesData<PagedList<Order>>({ queryKey: orderKeys.lists }, (list) =>
    list ? { ...list, data: list.data.map((o) => (o.id === id ? { ...o, ...patch } : o)) } : list,
  );
  client.setQueryData<Order>(orderKeys.detail(id), (order) => (order ? { ...order, ...patch } : order));
}

export type TrackingInput = {
  order_id: number;
  tracking_number: string;
  shipping_carrier: string;
  tracking_url: string;
  trigger_automations: boolean;
};

export const cancelOrder = (id: number, refund: boolean, reason: string) =>
  api<CancelOrderAnswer['data']>('PUT', `orders/${id}/cancel`, {
    query: { refund: refund ? 'true' : undefined, reason: reason.trim() || undefined },
  });
export const refundOrder = (id: number, reason: string) =>
  api<CancelOrderAnswer['data']>('PUT', `orders/${id}/refund`, {
    query: { reason: reason.trim() || undefined },
  });
export const fulfillOrder = (id: number, data: TrackingInput) =>
  api<{ is_fulfilled: boolean }>('POST', `orders/${id}/fulfill`, { body: { data } });
export const addTrackingInfo = (id: number, data: TrackingInput) =>
  api<Fulfillment>('PUT', `orders/${id}/add-tracking-info`, { body: { data } });
export const toggleArchive = (id: number) => api<{ is_archived: boolean }>('PUT', `orders/${id}/archive`);
export const deleteOrder = (id: number) => api<{ success: true }>('DELETE', `orders/${id}`);
export const retryEvent = (id: number, eventId: number) =>
  api<CancelOrderAnswer['data']>('POST', `orders/${id}/timeline/${eventId}/retry`);

export const postNote = (id: number, value: string) =>
  api<OrderNote>('POST', `orders/${id}/notes`, { body: { data: { value } } });
export const updateNote = (id: number, noteId: number, value: string) =>
  api<OrderNote>('PUT', `orders/${id}/notes/${noteId}`, { body: { data: { value } } });
export const deleteNote = (id: number, noteId: number) =>
  api<{ success: true }>('DELETE', `orders/${id}/notes/${noteId}`);

export const createExport = (funnelId: number | undefined, params: ExportParamsInput) =>
  api<ExportJob>('POST', 'exports', { body: { data: { funnel_id: funnelId ?? null, params } } });
export const getExport = (id: number) => api<ExportJob>('GET', `exports/${id}`);

/** "POST download-export … CSV text, saved as export.csv": the answer is a file, not JSON. */
export async function downloadExport(id: number, funnelId: number | undefined): Promise<ApiResult<Blob>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = authStore.get().token;
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const response = await fetch('/api/download-export', {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: { id, funnel_id: funnelId ?? null } }),
    });
    if (!response.ok) {
      // The failure is JSON: the shared client reads its message.
      const text = await response.text();
      let message = `Request failed (${response.status})`;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // Not JSON: keep the status text.
      }
      return { error: message, info: { status: response.status, data: message } };
    }
    return { data: await response.blob() };
  } catch {
    return { error: 'Network error', info: { status: 0, data: 'Network error' } };
  }
}
