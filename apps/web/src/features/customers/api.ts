import type {
  Customer,
  CustomerBrief,
  customerOrderRowSchema,
  customersStatsSchema,
  PatchCustomerBody,
} from '@funnelwork/domain';
import { CUSTOMERS_PAGE_SIZE } from '@funnelwork/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiOrThrow, apiPageOrThrow } from '../../shared/api-client.ts';

export type CustomerOrderRow = z.infer<typeof customerOrderRowSchema>;
export type CustomersStats = z.infer<typeof customersStatsSchema>;

export const customerKeys = {
  all: ['customers'] as const,
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
      apiPageOrThrow<CustomerBrief>('customer-briefs', {
        page,
        per_page: CUSTOMERS_PAGE_SIZE,
        query: query || undefined,
      }),
  });
}

export function useCustomersStats() {
  return useQuery({
    queryKey: customerKeys.stats,
    queryFn: () => apiOrThrow<CustomersStats>('GET', 'customers-stats'),
  });
}

/** "GET customers/{id}?brief". */
export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => apiOrThrow<Customer>('GET', `customers/${id}`, { query: { brief: '' } }),
    retry: false,
    // The panel shows its own "Couldn't load customer details! try again later."
    meta: { silent: true },
  });
}

export function useCustomerOrders(id: number, enabled = true) {
  return useQuery({
    queryKey: customerKeys.orders(id),
    queryFn: () => apiOrThrow<CustomerOrderRow[]>('GET', `customers/${id}/orders`),
    enabled,
  });
}

export const patchCustomer = (id: number, data: PatchCustomerBody['data']) =>
  api<Customer>('PATCH', `customers/${id}`, { body: { data } });
export const deleteCustomer = (id: number) => api<{ success: true }>('DELETE', `customers/${id}`);

/**
 * "On success, the matching orders in loaded lists take the new name and e-mail" (and a removed
 * customer blanks them): the server updates the orders' copies, so every loaded order query (their
 * keys start with 'orders') and the customer queries are fetched again.
 */
export function refreshAfterCustomerChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['orders'] }),
    queryClient.invalidateQueries({ queryKey: ['search'] }),
  ]);
}
