import { fromMinorUnits } from '@funnelwork/domain/rules';
import type { Db } from '../../db/client.ts';
import type { VariantRow } from '../../modules/store/products.queries.ts';
import type { CheckoutBody, DiscountBody, QuoteBody } from './checkout.contracts.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { priceDiscount, unprocessable } from './commerce.ts';
import { loadPageContext, type PageContext, productsOfStep } from './page-context.ts';

export const NO_PRODUCTS = 'Choose a product';
export const PRODUCT_UNAVAILABLE = 'This product is not available on this page';
export const MIXED_CURRENCIES = 'Products in different currencies cannot be bought together';

/** One priced line of a cart, with the product's price from the database. */
export type Line = {
  productId: number;
  name: string;
  variantTitle: string | null;
  imageUrl: string | null;
  amountMinor: number;
  qty: number;
  currency: string;
  recurringInterval: 'day' | 'week' | 'month' | 'year' | null;
};

/** A product a step sells, with its variants. */
type StepProduct = Awaited<ReturnType<typeof productsOfStep>> extends Map<number, infer V> ? V : never;

export const subtotalOf = (lines: Line[]) =>
  lines.reduce((sum, line) => sum + line.amountMinor * line.qty, 0);

/** A priced cart has at least one line, all in one currency. */
export const currencyOf = (lines: Line[]) => (lines[0] as Line).currency;

export const CHOOSE_VARIANT = (product: string) => `Choose an option of ${product}`;
export const VARIANT_UNAVAILABLE = 'This option is not available for this product';

/**
 * The variant a line is bought as. Where the page offers a choice (a product list's select), the one
 * posted, which must be of this product, and a product with variants needs one; where it offers none (an
 * order bump, an upsell, a page without a list), its first variant, whose price the page shows.
 * `field` names the posted value in a refusal.
 */
export function variantOf<V extends { id: number }>(
  product: { name: string },
  variants: readonly V[],
  variantId: number | null,
  offered: boolean,
  field: string,
): V | undefined {
  if (variantId !== null) {
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) throw unprocessable(VARIANT_UNAVAILABLE, 'variant_unavailable', field);
    return variant;
  }
  if (variants.length === 0) return undefined;
  if (offered) throw unprocessable(CHOOSE_VARIANT(product.name), 'variant_required', field);
  return variants[0];
}

/** One line of a product bought as `variant` (see variantOf), priced from the database. */
export function lineOf(entry: StepProduct, variant: VariantRow | undefined, qty: number): Line {
  const { product } = entry;
  return {
    productId: product.id,
    name: product.name,
    variantTitle: variant?.name ?? null,
    imageUrl: product.images[0] ?? null,
    amountMinor: variant?.priceMinor ?? product.priceMinor,
    qty,
    currency: product.currency,
    recurringInterval: product.recurringInterval,
  };
}

/** A line of a product the page offers no choice of variant for (its first, as the page shows it). */
export const lineOfShown = (entry: StepProduct, qty: number, field: string) =>
  lineOf(entry, variantOf(entry.product, entry.variants, null, false, field), qty);

/** Prices the chosen products from the database; the client's prices are never used. */
export async function priceLines(db: Db, context: PageContext, body: CheckoutBody): Promise<Line[]> {
  const list = context.productLists[0];
  let chosen = body.items;
  if (list) {
    const listed = new Set(list.productIds);
    if (chosen.some((item) => !listed.has(item.product_id)))
      throw unprocessable(PRODUCT_UNAVAILABLE, 'product_unavailable', 'items');
    if (list.selectionType === 'single' && (chosen.length !== 1 || chosen[0]?.qty !== 1))
      throw unprocessable('Choose one product', 'invalid_selection', 'items');
    if (list.selectionType === 'multi') chosen = chosen.map((item) => ({ ...item, qty: 1 }));
    if (new Set(chosen.map((item) => `${item.product_id}:${item.variant_id ?? ''}`)).size !== chosen.length)
      throw unprocessable('Each product is chosen once', 'invalid_selection', 'items');
  }
  const wanted = chosen.map((item) => item.product_id);
  if (body.order_bump && context.orderBumpProductId !== null) wanted.push(context.orderBumpProductId);
  const catalogue = await productsOfStep(db, context, wanted);
  if (!list && chosen.length === 0) {
    // A page without a product list sells the step's own products, one of each.
    chosen = [...catalogue.values()]
      .filter(({ product }) => product.stepId === context.stepId && product.id !== context.orderBumpProductId)
      .map(({ product }) => ({ product_id: product.id, variant_id: null, qty: 1 }));
  }
  if (chosen.length === 0) throw unprocessable(NO_PRODUCTS, 'no_products', 'items');
  // The page's product list offers the variants; without a list the page shows each product's first.
  const offered = list !== undefined;
  const lines = chosen.map((item, index) => {
    const entry = catalogue.get(item.product_id);
    if (!entry) throw unprocessable(PRODUCT_UNAVAILABLE, 'product_unavailable', 'items');
    const field = `items.${index}.variant_id`;
    return lineOf(
      entry,
      variantOf(entry.product, entry.variants, item.variant_id ?? null, offered, field),
      item.qty,
    );
  });
  if (body.order_bump) {
    const bump = context.orderBumpProductId === null ? undefined : catalogue.get(context.orderBumpProductId);
    if (!bump) throw unprocessable('This page has no order bump', 'no_order_bump', 'order_bump');
    lines.push(lineOfShown(bump, 1, 'order_bump'));
  }
  const currencies = new Set(lines.map((line) => line.currency));
  if (currencies.size > 1) throw unprocessable(MIXED_CURRENCIES, 'mixed_currencies', 'items');
  return lines;
}

/** What the order summary shows before the checkout: a discount code's terms and the priced cart. */
export function createCheckoutPricing({ db, clock }: CheckoutContext) {
  /** A discount code's terms for the order summary to show (the total is priced again at checkout). */
  async function discountTerms(body: DiscountBody) {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const found = await priceDiscount(
      db,
      context.accountId,
      body.code,
      null,
      context.funnelCurrency,
      clock(),
    );
    return {
      code: found.code,
      kind: found.kind,
      value: found.kind === 'percent' ? found.valueMinor / 100 : fromMinorUnits(found.valueMinor),
      currency: found.currency,
      min_order: found.minOrderMinor === null ? null : fromMinorUnits(found.minOrderMinor),
    };
  }

  /** The order summary's lines and totals, priced like the checkout will price them. */
  async function quote(body: QuoteBody) {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const lines = await priceLines(db, context, { ...body, items: body.items } as CheckoutBody);
    const currency = currencyOf(lines);
    const subtotal = subtotalOf(lines);
    const discount = body.discount_code
      ? await priceDiscount(db, context.accountId, body.discount_code, subtotal, currency, clock())
      : null;
    const off = Math.min(discount?.amountMinor ?? 0, subtotal);
    return {
      currency,
      lines: lines.map((line) => ({
        product_id: line.productId,
        name: line.name,
        variant_title: line.variantTitle,
        image_url: line.imageUrl,
        amount: fromMinorUnits(line.amountMinor),
        qty: line.qty,
      })),
      subtotal: fromMinorUnits(subtotal),
      discount: fromMinorUnits(off),
      total: fromMinorUnits(subtotal - off),
    };
  }

  return { discountTerms, quote };
}
