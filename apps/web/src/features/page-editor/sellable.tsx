import {
  type EditorDocument,
  type SellableProduct,
  type StepCatalogue,
  sellableProduct,
  sellsNothing,
  withSellableProducts,
} from '@funnelwork/blocks';
import type { Product } from '@funnelwork/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { usePickerProducts, useStepProducts } from '../store/api.ts';

/**
 * What the page being edited can sell: the account's products (the product picker's choices) and the
 * step's own. The canvas draws product lists with them as the published page does, and the editor
 * warns when a checkout has nothing to sell.
 */
export type Sellable = {
  /** The account's products (the first PICKER_PRODUCTS of its list); undefined while loading. */
  products: Product[] | undefined;
  /** Null until both lists have loaded. */
  catalogue: StepCatalogue | null;
};

const SellableContext = createContext<Sellable>({ products: undefined, catalogue: null });

const sellableOf = (product: Product): SellableProduct =>
  sellableProduct(
    product,
    (product.variants ?? []).map((variant) => ({ id: variant.id, name: variant.name, price: variant.price })),
  );

export function SellableProvider({ stepId, children }: { stepId: number; children: ReactNode }) {
  const account = usePickerProducts();
  const step = useStepProducts(stepId);
  const value = useMemo<Sellable>(() => {
    const products = account.data?.data;
    if (!products || !step.data) return { products, catalogue: null };
    const named = new Map<number, SellableProduct>();
    for (const product of [...products, ...step.data]) named.set(product.id, sellableOf(product));
    return { products, catalogue: { named, step: step.data.map(sellableOf) } };
  }, [account.data, step.data]);
  return <SellableContext.Provider value={value}>{children}</SellableContext.Provider>;
}

export function useSellable(): Sellable {
  return useContext(SellableContext);
}

/** The document as the canvas draws it: product lists showing what they sell. */
export function useShownDocument(document: EditorDocument): EditorDocument {
  const { catalogue } = useSellable();
  return useMemo(
    () => (catalogue ? withSellableProducts(document, catalogue, 'editor') : document),
    [document, catalogue],
  );
}

/** True once loaded when the page takes payments but has nothing to sell. */
export function useSellsNothing(document: EditorDocument): boolean {
  const { catalogue } = useSellable();
  return catalogue !== null && sellsNothing(document, catalogue);
}

/** The document as the shopper will see it (the preview): product lists with what they sell, no bump without a product. */
export function useShopperDocument(document: EditorDocument): EditorDocument {
  const { catalogue } = useSellable();
  return useMemo(
    () => (catalogue ? withSellableProducts(document, catalogue, 'shopper') : document),
    [document, catalogue],
  );
}
