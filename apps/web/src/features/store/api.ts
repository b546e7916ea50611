import type { CreateDiscountBody, Discount, Product } from '@funnelwork/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, apiOrThrow, apiPageOrThrow } from '../../shared/api-client.ts';
import { useApiMutationWithFailure } from '../../shared/use-api-mutation-with-failure.ts';

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

/** Creates a discount, or saves `editing`; a failure is a notice and shows beside the field it names. */
export function useSaveDiscount(editing: Discount | null) {
  return useApiMutationWithFailure({
    mutationFn: (data: DiscountInput) =>
      codeConflicts(
        editing
          ? apiOrThrow<Discount>('PATCH', `store/discounts/${editing.id}`, { body: { data } })
          : apiOrThrow<Discount>('POST', 'store/discounts', { body: { data } }),
      ),
    invalidates: [discountKeys.all],
    success: (saved) => (editing ? `Discount ${saved.code} saved` : `Discount ${saved.code} created`),
    failure: (error) => error.message,
  });
}

/** A conflict that names no field is about the code, the one unique field of a discount. */
async function codeConflicts<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!(error instanceof ApiError) || error.failure.info.field || error.failure.info.status !== 409)
      throw error;
    throw new ApiError({ ...error.failure, info: { ...error.failure.info, field: 'data.code' } });
  }
}
export const deleteDiscount = (id: number) => api<unknown>('DELETE', `store/discounts/${id}`);
