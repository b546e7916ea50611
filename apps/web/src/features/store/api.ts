import type { CreateDiscountBody, Discount, Product } from '@funnelwork/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiOrThrow, apiPageOrThrow } from '../../shared/api-client.ts';

export const discountKeys = {
  all: ['store', 'discounts'] as const,
  page: (page: number, query: string) => ['store', 'discounts', page, query] as const,
};

/** How many of the account's products the product pickers offer (one page of its list); docs/decisions.md. */
export const PICKER_PRODUCTS = 100;

export const productKeys = {
  picker: ['store', 'products', 'picker'] as const,
  /** A step's own products (the step screen's list, the editor's fallback for product lists). */
  step: (stepId: number) => ['step-products', stepId] as const,
};

export function useStepProducts(stepId: number) {
  return useQuery({
    queryKey: productKeys.step(stepId),
    queryFn: () => apiOrThrow<Product[]>('GET', `funnel-steps/${stepId}/products`),
    enabled: stepId > 0,
  });
}

/** The account's products a picker offers (and the nothing-to-sell checks look up). */
export function usePickerProducts() {
  return useQuery({
    queryKey: productKeys.picker,
    queryFn: () => apiPageOrThrow<Product>('products', { per_page: PICKER_PRODUCTS }),
  });
}

export function useDiscounts(page: number, query: string) {
  return useQuery({
    queryKey: discountKeys.page(page, query),
    placeholderData: keepPreviousData,
    queryFn: () => apiPageOrThrow<Discount>('store/discounts', { page, query: query.trim() || undefined }),
  });
}

export type DiscountInput = CreateDiscountBody['data'];
export const createDiscount = (data: DiscountInput) =>
  api<Discount>('POST', 'store/discounts', { body: { data } });
export const updateDiscount = (id: number, data: DiscountInput) =>
  api<Discount>('PATCH', `store/discounts/${id}`, { body: { data } });
export const deleteDiscount = (id: number) => api<unknown>('DELETE', `store/discounts/${id}`);
