import type {
  CreateDiscountBody,
  Discount,
  Product,
  ProductVariant,
  VariantOption,
} from '@funnelwork/domain';
import { storeEndpoints } from '@funnelwork/domain/api/store';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOrThrow, callPageOrThrow, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { funnelKeys } from '../funnels/api.ts';

export const discountKeys = {
  all: ['store', 'discounts'] as const,
  page: (page: number, query: string) => ['store', 'discounts', page, query] as const,
};

/** How many of the account's products the product pickers offer (one page of its list); docs/decisions/checkout-and-payments.md. */
export const PICKER_PRODUCTS = 100;

export const productKeys = {
  picker: ['store', 'products', 'picker'] as const,
  /** A step's own products (the step screen's list, the editor's fallback for product lists). */
  step: (stepId: number) => ['step-products', stepId] as const,
  one: (id: number) => ['products', id] as const,
};

/** One product with its variants (the product settings panel). */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.one(id ?? 0),
    queryFn: () => callOrThrow(storeEndpoints.getProduct, { params: { id }, query: { include: 'variants' } }),
    enabled: id !== null,
  });
}

/** The product form's fields: a new product's (the call adds its funnel and step), or a change's. */
export type ProductInput = Omit<SentDataOf<typeof storeEndpoints.createProduct>, 'funnel_id' | 'step_id'>;

/**
 * Creates a product on a funnel step, or saves `product`; the step's and the funnel's product lists
 * change too. A failure is a notice and shows beside the field it names.
 */
export function useSaveProduct(product: Product | null, funnelId: number, stepId: number) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (data: ProductInput) => {
      if (!product) {
        return callOrThrow(storeEndpoints.createProduct, {
          body: { data: { ...data, funnel_id: funnelId, step_id: stepId } },
        });
      }
      const saved = await callOrThrow(storeEndpoints.updateProduct, {
        params: { id: product.id },
        body: { data },
      });
      queryClient.setQueryData(productKeys.one(product.id), (old: Product | undefined) => ({
        ...old,
        ...saved,
      }));
      return saved;
    },
    invalidates: [productKeys.step(stepId), funnelKeys.products(funnelId)],
    success: () => (product ? 'Product saved' : 'Product created'),
    failure: (error) => error.message,
  });
}

/** The product's options; PUT replaces the whole list. */
export function useSaveProductOptions(productId: number) {
  return useApiMutation({
    mutationFn: (options: Array<Pick<VariantOption, 'name' | 'values'>>) =>
      callOrThrow(storeEndpoints.updateProductVariantOptions, {
        query: { productId },
        body: { data: options },
      }),
    invalidates: [productKeys.one(productId)],
    success: () => 'Options saved',
    failure: (error) => error.message,
  });
}

/** A new variant's fields; the product comes from where it is added. */
export type VariantInput = Omit<SentDataOf<typeof storeEndpoints.createProductVariant>, 'product_id'>;

export function useAddVariant(productId: number) {
  return useApiMutation({
    mutationFn: (variant: VariantInput) =>
      callOrThrow(storeEndpoints.createProductVariant, {
        body: { data: { product_id: productId, ...variant } },
      }),
    invalidates: [productKeys.one(productId)],
    failure: (error) => error.message,
  });
}

export function useDeleteVariant(productId: number) {
  return useApiMutation({
    mutationFn: (variant: ProductVariant) =>
      callOrThrow(storeEndpoints.deleteProductVariant, { params: { id: variant.id } }),
    invalidates: [productKeys.one(productId)],
    failure: (error) => error.message,
  });
}

export function useStepProducts(stepId: number) {
  return useQuery({
    queryKey: productKeys.step(stepId),
    queryFn: () =>
      callOrThrow(storeEndpoints.listFunnelStepProducts, {
        params: { stepId },
        query: { include: 'variants' },
      }),
    enabled: stepId > 0,
  });
}

/** The account's products a picker offers (and the nothing-to-sell checks look up). */
export function usePickerProducts() {
  return useQuery({
    queryKey: productKeys.picker,
    queryFn: () =>
      callPageOrThrow(storeEndpoints.listProducts, {
        query: { per_page: PICKER_PRODUCTS, include: 'variants' },
      }),
  });
}

export function useDiscounts(page: number, query: string) {
  return useQuery({
    queryKey: discountKeys.page(page, query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      callPageOrThrow(storeEndpoints.listStoreDiscounts, {
        query: { page, query: query.trim() || undefined },
      }),
  });
}

export type DiscountInput = CreateDiscountBody['data'];

/** Creates a discount, or saves `editing`; a failure is a notice and shows beside the field it names. */
export function useSaveDiscount(editing: Discount | null) {
  return useApiMutation({
    mutationFn: (data: DiscountInput) =>
      codeConflicts(
        editing
          ? callOrThrow(storeEndpoints.updateStoreDiscount, { params: { id: editing.id }, body: { data } })
          : callOrThrow(storeEndpoints.createStoreDiscount, { body: { data } }),
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
export function useDeleteDiscount() {
  return useApiMutation({
    mutationFn: (discount: Discount) =>
      callOrThrow(storeEndpoints.deleteStoreDiscount, { params: { id: discount.id } }),
    invalidates: [discountKeys.all],
    success: (_, discount) => `Discount ${discount.code} was deleted`,
    failure: (error) => error.message,
  });
}
