import type { customerOrderRowSchema, PatchCustomerBody } from '@funnelwork/domain';
import { CUSTOMERS_PAGE_SIZE } from '@funnelwork/domain/rules';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOrThrow, callPageOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { CUSTOMER_DELETE_FAILURE, CUSTOMER_DELETED, CUSTOMER_SAVED } from './messages.ts';
import { customerRows } from './rows.ts';

export type CustomerOrderRow = z.infer<typeof customerOrderRowSchema>;

export const customerKeys = {
  all: ['customers'] as const,
  lists: ['customers', 'list'] as const,
  page: (page: number, query: string) => ['customers', 'list', page, query] as const,
  stats: ['customers', 'stats'] as const,
  one: (id: number) => ['customers', 'one', id] as const,
  orders: (id: number) => ['customers', 'orders', id] as const,
};

/** "GET customer-briefs?page&per_page(25)&query": `page` is zero-based. */
export function useCustomerBriefs(page: number, query: string) {
  return useQuery({
    queryKey: customerKeys.page(page, query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      callPageOrThrow(customerRows.listCustomersInBrief, {
        query: {
          page,
          per_page: CUSTOMERS_PAGE_SIZE,
          query: query || undefined,
        },
      }),
  });
}

export function useCustomersStats() {
  return useQuery({
    queryKey: customerKeys.stats,
    queryFn: () => callOrThrow(customerRows.listCustomersStats),
  });
}

/** "GET customers/{id}?brief". */
export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => callOrThrow(customerRows.getCustomer, { params: { id }, query: { brief: '' } }),
    retry: false,
    // The panel shows its own "Couldn't load customer details! try again later."
    meta: { silent: true },
  });
}

export function useCustomerOrders(id: number, enabled = true) {
  return useQuery({
    queryKey: customerKeys.orders(id),
    queryFn: () => callOrThrow(customerRows.listCustomerOrders, { params: { id } }),
    enabled,
  });
}

/**
 * "On success, the matching orders in loaded lists take the new name and e-mail" (and a removed
 * customer blanks them): the server updates the orders' copies, so every loaded order query (their
 * keys start with 'orders') and the customer queries are fetched again.
 */
const ORDERS_AND_SEARCH = [['orders'], ['search']];

/** "Save changes sends the whole customer"; a failure that names a field shows beside it too. */
export function useSaveCustomer(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (data: NonNullable<PatchCustomerBody['data']>) => {
      const customer = await callOrThrow(customerRows.updateCustomer, {
        params: { id },
        body: { data },
      });
      queryClient.setQueryData(customerKeys.one(id), customer);
      return customer;
    },
    invalidates: [customerKeys.all, ...ORDERS_AND_SEARCH],
    success: () => CUSTOMER_SAVED,
    // "Customer save failure: the returned error."
    failure: (error) => error.message,
  });
}

export function useDeleteCustomer() {
  return useApiMutation({
    mutationFn: (id: number) => callOrThrow(customerRows.deleteCustomer, { params: { id } }),
    // Not the deleted customer's own queries: its open panel would ask for them again and fail.
    invalidates: [customerKeys.lists, customerKeys.stats, ...ORDERS_AND_SEARCH],
    success: () => CUSTOMER_DELETED,
    failure: () => CUSTOMER_DELETE_FAILURE,
  });
}
