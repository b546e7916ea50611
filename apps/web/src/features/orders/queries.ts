import { ORDERS_PAGE_SIZE } from '@funnelwork/domain/rules';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callPageOrThrow } from '../../shared/api-client.ts';
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

/** The list as a screen first shows it: the first page, no search, not archived. */
export const FIRST_ORDER_LIST: Omit<OrderListParams, 'funnelId'> = { page: 0, query: '', archived: 'false' };

/**
 * "GET orders?page&per_page&query (optional funnel_id)": page is zero-based, 25 per page. Apart from the
 * hooks (api.ts), so the entry can start a cold /orders' first page beside the session (app/route-data.ts).
 */
export const orderListQuery = (params: OrderListParams) =>
  queryOptions({
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
