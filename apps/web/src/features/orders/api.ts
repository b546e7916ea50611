import type { ExportParamsInput, FulfillmentInput, Order } from '@funnelwork/domain';
import { ORDERS_PAGE_SIZE } from '@funnelwork/domain/rules';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  ApiError,
  callOrThrow,
  callPageOrThrow,
  NETWORK_ERROR,
  type PagedList,
} from '../../shared/api-client.ts';
import { authStore } from '../../shared/auth-store.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { orderRows } from './rows.ts';

/** The list's archive filter (docs/decisions/orders-and-customers.md): not archived (default), only archived, or both. */
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
    // The screen shows a failure in place of the table, not a notice on top of it.
    meta: { silent: true },
    queryFn: () =>
      callPageOrThrow(orderRows.listOrders, {
        query: {
          page: params.page,
          per_page: ORDERS_PAGE_SIZE,
          // "Orders search text is sent as typed; an empty search clears."
          query: params.query === '' ? undefined : params.query,
          funnel_id: params.funnelId,
          archived: params.archived,
        },
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
    queryFn: () => callOrThrow(orderRows.getOrder, { params: { id } }),
  });
}

export function useTimeline(id: number) {
  return useQuery({
    queryKey: orderKeys.timeline(id),
    // The timeline reports its own failure ("Timeline load failure: the error is reported").
    meta: { silent: true },
    queryFn: () => callOrThrow(orderRows.getOrderTimeline, { params: { id } }),
  });
}

export function useNotes(id: number) {
  return useQuery({
    queryKey: orderKeys.notes(id),
    queryFn: () => callOrThrow(orderRows.listOrderNotes, { params: { id } }),
  });
}

/** "Product images: wfunnel product images call, ids joined by a vertical bar" → id and image_url per product. */
export function useProductImages(ids: number[]) {
  return useQuery({
    queryKey: ['products', 'images', ids] as const,
    enabled: ids.length > 0,
    retry: false,
    meta: { failureWarning: 'Failed to load product images! try again later.' },
    queryFn: () => callOrThrow(orderRows.listProductImages, { query: { ids: ids.join('|') } }),
  });
}

export function useFulfillment(id: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.fulfillment(id),
    enabled,
    // Spec §8: "Fulfillment details fail to load: warning …", once for the panel and the popup alike.
    meta: { failureWarning: 'Failed to load fulfillment details! try again later.' },
    queryFn: () => callOrThrow(orderRows.getOrderFulfilment, { params: { id } }),
  });
}

/** Puts the server's answer on the order everywhere it is loaded: "the list entry is updated too". */
export function patchOrder(client: QueryClient, id: number, patch: Partial<Order>) {
  client.setQueriesData<PagedList<Order>>({ queryKey: orderKeys.lists }, (list) =>
    list ? { ...list, data: list.data.map((o) => (o.id === id ? { ...o, ...patch } : o)) } : list,
  );
  client.setQueryData<Order>(orderKeys.detail(id), (order) => (order ? { ...order, ...patch } : order));
}

/** Order popups show no field errors: every failure is its server message as a notice. */
const serverMessage = (error: ApiError) => error.message;

export type CancelOrder = { refund: boolean; reason: string };

type OrderWriteOptions = { invalidates?: QueryKey[]; success?: string; invalidateAfterFailure?: boolean };

/** A write on one order whose answer patches the order wherever it is loaded; it adds a timeline event. */
function useOrderWrite<TVars>(
  id: number,
  write: (vars: TVars) => Promise<Partial<Order>>,
  { invalidates = [orderKeys.timeline(id)], success, invalidateAfterFailure }: OrderWriteOptions = {},
) {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: async (vars: TVars) => {
      const patch = await write(vars);
      patchOrder(client, id, patch);
      return patch;
    },
    invalidates,
    success: success === undefined ? undefined : () => success,
    invalidateAfterFailure,
    failure: serverMessage,
  });
}

/** Cancel order, optionally with a refund. */
export const useCancelOrder = (id: number) =>
  useOrderWrite(
    id,
    ({ refund, reason }: CancelOrder) =>
      callOrThrow(orderRows.cancelOrder, {
        params: { id },
        query: { refund: refund ? 'true' : undefined, reason: reason.trim() || undefined },
      }),
    { success: 'Order canceled' },
  );

export const useRefundOrder = (id: number) =>
  useOrderWrite(
    id,
    (reason: string) =>
      callOrThrow(orderRows.refundOrder, {
        params: { id },
        query: { reason: reason.trim() || undefined },
      }),
    // "Refund failure: the returned error"; the timeline then holds the failure event.
    { success: 'Order refunded', invalidateAfterFailure: true },
  );

/** Retries a failed timeline event (a refund); the timeline is fetched again either way. */
export const useRetryEvent = (id: number) =>
  useOrderWrite(
    id,
    (eventId: number) => callOrThrow(orderRows.retryOrderTimeline, { params: { id, eventId } }),
    { invalidateAfterFailure: true },
  );

export const useFulfillOrder = (id: number) =>
  useOrderWrite(
    id,
    (data: FulfillmentInput) => callOrThrow(orderRows.fulfilOrder, { params: { id }, body: { data } }),
    { invalidates: [orderKeys.fulfillment(id), orderKeys.timeline(id)] },
  );

export function useAddTrackingInfo(id: number) {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: async (data: FulfillmentInput) => {
      const fulfillment = await callOrThrow(orderRows.addOrChangeOrderTrackingInfo, {
        params: { id },
        body: { data },
      });
      client.setQueryData(orderKeys.fulfillment(id), fulfillment);
      return fulfillment;
    },
    invalidates: [orderKeys.timeline(id)],
    failure: serverMessage,
  });
}

/** Archives or unarchives an order (the details menu's Archive item). */
export function useToggleArchive() {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: async (id: number) => {
      const answer = await callOrThrow(orderRows.archiveOrUnarchiveOrder, { params: { id } });
      patchOrder(client, id, answer);
      return answer;
    },
    invalidates: [],
    failure: serverMessage,
  });
}

export function useDeleteOrder(id: number) {
  return useApiMutation({
    mutationFn: () => callOrThrow(orderRows.deleteOrder, { params: { id } }),
    // The cache lets go of the order once nothing shows it: useForgetDeletedOrders.
    invalidates: [],
    success: () => 'Order deleted',
    failure: serverMessage,
  });
}

/**
 * After a delete the order's queries leave the cache (removed, not invalidated: nothing asks for the
 * deleted order again) and the lists are fetched again, once its details panel has closed: a panel
 * still open would fetch the order, its fulfilment and notes again, and warn three times that they failed.
 * Returns what to call with a deleted order's id; `openId` is the order whose panel is open.
 */
export function useForgetDeletedOrders(openId: number | null) {
  const client = useQueryClient();
  const [deleted, setDeleted] = useState<number[]>([]);
  useEffect(() => {
    const closed = deleted.filter((id) => id !== openId);
    if (closed.length === 0) return;
    for (const id of closed) client.removeQueries({ queryKey: orderKeys.detail(id) });
    void client.invalidateQueries({ queryKey: orderKeys.lists });
    setDeleted((ids) => ids.filter((id) => !closed.includes(id)));
  }, [deleted, openId, client]);
  return useCallback((id: number) => setDeleted((ids) => [...ids, id]), []);
}

/** The note writes; each adds its timeline event too. */
function useNoteWrite<TVars>(orderId: number, write: (vars: TVars) => Promise<unknown>) {
  return useApiMutation({
    mutationFn: write,
    invalidates: [orderKeys.notes(orderId), orderKeys.timeline(orderId)],
    failure: serverMessage,
  });
}

export const usePostNote = (orderId: number) =>
  useNoteWrite(orderId, (value: string) =>
    callOrThrow(orderRows.addNoteToOrder, { params: { id: orderId }, body: { data: { value } } }),
  );
export const useUpdateNote = (orderId: number, noteId: number) =>
  useNoteWrite(orderId, (value: string) =>
    callOrThrow(orderRows.changeOrderNote, {
      params: { id: orderId, noteId },
      body: { data: { value } },
    }),
  );
export const useDeleteNote = (orderId: number, noteId: number) =>
  useNoteWrite(orderId, () => callOrThrow(orderRows.deleteOrderNote, { params: { id: orderId, noteId } }));

export type ExportRequest = { funnelId: number | undefined; params: ExportParamsInput };

/** Starts an export job; the wizard shows its failure in the progress step too. */
export function useCreateExport() {
  return useApiMutation({
    mutationFn: ({ funnelId, params }: ExportRequest) =>
      callOrThrow(orderRows.createExport, { body: { data: { funnel_id: funnelId ?? null, params } } }),
    invalidates: [],
    failure: serverMessage,
  });
}

/** The export job, asked for every `intervalMs` while `polling` (it runs in the background). */
export function useExportJob(id: number | null, polling: boolean, intervalMs: number) {
  return useQuery({
    queryKey: ['exports', id] as const,
    enabled: id !== null && polling,
    refetchInterval: intervalMs,
    retry: false,
    // The wizard reports the failure itself.
    meta: { silent: true },
    queryFn: () => callOrThrow(orderRows.getExport, { params: { id } }),
  });
}

export function useDownloadExport() {
  return useApiMutation({
    mutationFn: ({ id, funnelId }: { id: number; funnelId: number | undefined }) =>
      downloadExport(id, funnelId),
    invalidates: [],
    failure: serverMessage,
  });
}

/** "POST download-export … CSV text, saved as export.csv": the answer is a file, not JSON. */
async function downloadExport(id: number, funnelId: number | undefined): Promise<Blob> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = authStore.get().token;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/download-export', {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: { id, funnel_id: funnelId ?? null } }),
    });
  } catch {
    throw new ApiError({ error: NETWORK_ERROR, info: { status: 0, data: NETWORK_ERROR } });
  }
  if (response.ok) return response.blob();
  // The failure is JSON: the shared client reads its message.
  const text = await response.text();
  let message = `Request failed (${response.status})`;
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
  } catch {
    // Not JSON: keep the status text.
  }
  throw new ApiError({ error: message, info: { status: response.status, data: message } });
}
