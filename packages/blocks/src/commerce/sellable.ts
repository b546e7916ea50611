import { formatPrice } from '@funnelwork/domain/shared/money';
import { deleteNode } from '../actions/delete-node.ts';
import type { ProductListAttributes } from '../blocks/product-list.tsx';
import type { EditorDocument } from '../document/schema.ts';
import { yesLinkProductIds } from './product-ids.ts';

/** A variant of a product as a page offers it (price in major units). */
export type SellableVariant = { id: number; name: string; price: number };

/**
 * A product of the account as a page shows it: its name, currency and variants (in the order the
 * shopper is offered them), and the price it is charged at when the page offers no choice of variant
 * (major units): its first variant's, else its own.
 */
export type SellableProduct = {
  id: number;
  name: string;
  price: number;
  currency: string;
  variants: readonly SellableVariant[];
};

/** A product as a page sells it; `price` is its own, before its variants are taken into account. */
export function sellableProduct(
  product: { id: number; name: string; price: number; currency: string },
  variants: readonly SellableVariant[],
): SellableProduct {
  return { ...product, price: variants[0]?.price ?? product.price, variants };
}

/**
 * What a checkout page can sell: the account's products its blocks name (those that exist), and the
 * step's own products (added on the step with Add product), in the step's order.
 */
export type StepCatalogue = {
  named: ReadonlyMap<number, SellableProduct>;
  step: readonly SellableProduct[];
};

/** Who the page is drawn for: the shopper (published page) or the merchant (editor canvas). */
export type CommerceAudience = 'shopper' | 'editor';

/**
 * The product ids a product list sells: the entries that name a product of the account, else (when none
 * does: a template's placeholders, or products deleted since) the step's own products. The checkout
 * prices exactly these, so what the shopper is shown is what can be bought.
 */
export function sellableIds(
  entryIds: readonly (number | null)[],
  exists: (id: number) => boolean,
  stepIds: readonly number[],
): number[] {
  const linked = entryIds.filter((id): id is number => id !== null && exists(id));
  return linked.length > 0 ? linked : [...stepIds];
}

type Entry = ProductListAttributes['basic']['entries'][number];

/** A product list's entries as shown: each linked product with its own name and price. */
function sellableEntries(
  entries: readonly Entry[],
  catalogue: StepCatalogue,
  bumpIds: ReadonlySet<number>,
): Entry[] {
  const linked = entries.flatMap((entry) => {
    const product = entry.productId === null ? undefined : catalogue.named.get(entry.productId);
    return product ? [boundEntry(entry, product)] : [];
  });
  if (linked.length > 0) return linked;
  return stepProductsBesides(catalogue, bumpIds).map((product) =>
    boundEntry({ productId: product.id, title: product.name, pcs: 1, price: product.price }, product),
  );
}

/** An entry showing its product: name, the price of the variant first offered, currency and variants. */
function boundEntry(entry: Entry, product: SellableProduct): Entry {
  return {
    ...entry,
    title: product.name,
    price: product.price,
    product: {
      currency: product.currency,
      variants: product.variants.map((variant) => ({ ...variant })),
    },
  };
}

/**
 * The page with its commerce blocks bound to real products: a product list shows the products it sells
 * (its linked entries with their products' names and prices, else the step's products); for the shopper,
 * entries that name no product (template placeholders) are never shown and an order bump without a
 * product is left out. In the editor a list with nothing to sell keeps its placeholders, so the merchant
 * still sees and can select it (the editor warns that the page sells nothing, see `sellsNothing`).
 */
export function withSellableProducts(
  document: EditorDocument,
  catalogue: StepCatalogue,
  audience: CommerceAudience,
): EditorDocument {
  const bumpIds = bumpProductIds(document, catalogue);
  let children: EditorDocument['children'] | null = null;
  const bumpsWithoutProduct: number[] = [];
  for (const block of Object.values(document.children)) {
    if (block.type === 'productList') {
      const entries = sellableEntries(block.attributes.basic.entries, catalogue, bumpIds);
      if (entries.length === 0 && audience === 'editor') continue;
      children ??= { ...document.children };
      children[block.id] = {
        ...block,
        attributes: { ...block.attributes, basic: { ...block.attributes.basic, entries } },
      };
    } else if (block.type === 'orderBump' && audience === 'shopper') {
      const { productId } = block.attributes.basic;
      if (productId === null || !catalogue.named.has(productId)) bumpsWithoutProduct.push(block.id);
    }
  }
  if (audience === 'shopper') children = withOfferPrices(document, catalogue, children);
  let resolved = children === null ? document : { ...document, children };
  for (const id of bumpsWithoutProduct) {
    const result = deleteNode(resolved, { type: 'deleteNode', id });
    if (result.ok) resolved = result.document;
  }
  return resolved;
}

/**
 * The tag a page's text writes its offer's price with: the product the page charges is priced in one
 * place, so 'Today only {{offer_price}}' can never show less than the yes-link charges.
 */
export const OFFER_PRICE_TAG = '{{offer_price}}';
const OFFER_PRICE = /\{\{\s*offer_price\s*\}\}/g;
const HAS_OFFER_PRICE = /\{\{\s*offer_price\s*\}\}/;

/** The product a yes-link charges: the one it names (when it exists), else the step's first product. */
function offerProduct(document: EditorDocument, catalogue: StepCatalogue): SellableProduct | undefined {
  for (const id of yesLinkProductIdsOf(document)) {
    const product = catalogue.named.get(id);
    if (product) return product;
  }
  return catalogue.step[0];
}

/**
 * The shopper's copy of the page's text with `{{offer_price}}` written out: in an order bump, that bump's
 * product's price; elsewhere the page offer's (`offerProduct`). With no such product the tag is left out
 * rather than shown (the editor lists an offer with nothing to sell as needing attention). The editor's
 * canvas keeps the tag, so editing the text in place never stores a price in it.
 */
function withOfferPrices(
  document: EditorDocument,
  catalogue: StepCatalogue,
  changed: EditorDocument['children'] | null,
): EditorDocument['children'] | null {
  let children = changed;
  let offer: SellableProduct | undefined | null = null;
  // A formatted price holds no character HTML treats specially: it goes into plain and rich text alike.
  const priceOf = (product: SellableProduct | undefined) =>
    product ? formatPrice(product.price, product.currency) : '';
  const fill = (text: string, product: SellableProduct | undefined) =>
    text.replace(OFFER_PRICE, priceOf(product));
  for (const block of Object.values(children ?? document.children)) {
    if (block.type === 'orderBump') {
      const { headline, content, productId } = block.attributes.basic;
      if (!HAS_OFFER_PRICE.test(headline + content)) continue;
      const product = productId === null ? undefined : catalogue.named.get(productId);
      children ??= { ...document.children };
      children[block.id] = {
        ...block,
        attributes: {
          ...block.attributes,
          basic: {
            ...block.attributes.basic,
            headline: fill(headline, product),
            content: fill(content, product),
          },
        },
      };
    } else if (
      'content' in block &&
      typeof block.content === 'string' &&
      HAS_OFFER_PRICE.test(block.content)
    ) {
      if (offer === null) offer = offerProduct(document, catalogue);
      children ??= { ...document.children };
      children[block.id] = { ...block, content: fill(block.content, offer) } as typeof block;
    }
  }
  return children;
}

/** The product ids the page's yes-links name, in document order of their blocks. */
function yesLinkProductIdsOf(document: EditorDocument): number[] {
  return Object.values(document.children).flatMap((block) => yesLinkProductIds(block.attributes));
}

/**
 * A checkout page that has nothing to sell: it takes payments or lists products, but no product list
 * names a product of the account and the step has none of its own. The merchant is warned; the shopper
 * is never shown a price for it.
 */
export function sellsNothing(document: EditorDocument, catalogue: StepCatalogue): boolean {
  const blocks = Object.values(document.children);
  const sells = blocks.some(
    (block) => block.type === 'paymentForm' || block.type === 'productList' || block.type === 'orderSummary',
  );
  if (!sells || catalogue.step.length > 0) return false;
  return !blocks.some(
    (block) =>
      block.type === 'productList' &&
      block.attributes.basic.entries.some(
        (entry) => entry.productId !== null && catalogue.named.has(entry.productId),
      ),
  );
}

/** The products the page's order bumps offer (those that exist). */
function bumpProductIds(document: EditorDocument, catalogue: StepCatalogue): Set<number> {
  const ids = new Set<number>();
  for (const block of Object.values(document.children)) {
    const id = block.type === 'orderBump' ? block.attributes.basic.productId : null;
    if (id !== null && catalogue.named.has(id)) ids.add(id);
  }
  return ids;
}

/**
 * The step's products a list falls back to: all of them but the order bump's offer, which the shopper
 * adds with the bump's box rather than choosing it in the list.
 */
export function stepProductsBesides(
  catalogue: StepCatalogue,
  bumpIds: ReadonlySet<number>,
): readonly SellableProduct[] {
  return catalogue.step.filter((product) => !bumpIds.has(product.id));
}

/** Every product id the page's product lists, order bumps and yes-links name. */
export function namedProductIds(document: EditorDocument): number[] {
  const ids = new Set<number>();
  for (const block of Object.values(document.children)) {
    if (block.type === 'productList') {
      for (const entry of block.attributes.basic.entries)
        if (entry.productId !== null) ids.add(entry.productId);
    } else if (block.type === 'orderBump' && block.attributes.basic.productId !== null) {
      ids.add(block.attributes.basic.productId);
    }
  }
  for (const id of yesLinkProductIdsOf(document)) ids.add(id);
  return [...ids];
}

/** The NOTICE the merchant sees in the editor and on the step when a checkout page sells nothing. */
export const NOTHING_TO_SELL =
  'This checkout has nothing to sell: add a product to the step, or choose one in the product list.';
