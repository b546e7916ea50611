import {
  productIdsIn,
  type SellableProduct,
  type StepCatalogue,
  sellableIds,
  sellableProduct,
  stepProductsBesides,
} from '@funnelwork/blocks';
import { fromMinorUnits } from '@funnelwork/domain/rules';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { funnels, pages, pageVersions, products, productVariants, steps } from '../../db/schema/index.ts';
import type { ProductRow, VariantRow } from '../../modules/store/products.queries.ts';
import { HttpError } from '../../plugins/errors.ts';
import { stepGapsOf } from '../step-gaps.queries.ts';

/** What the payment endpoints read of a published page: its step, funnel and commerce blocks. */
export type PageContext = {
  accountId: number;
  funnelId: number;
  funnelCurrency: string | null;
  stepId: number;
  stepOrderIndex: number;
  /** "1 Checkout, 2 Upsell, 3 Thank you page, 4 Downsell, 5 Landing page, 6 Other". */
  stepType: number;
  pageId: number | null;
  /** Product list blocks in page order: selection type and product ids of their entries. */
  productLists: Array<{ selectionType: 'single' | 'multi' | 'qty'; productIds: number[] }>;
  /** The order bump's product (the first order bump block with a product). */
  orderBumpProductId: number | null;
  /** Every product id the page's blocks name (lists, order bump, yes-links). */
  namedProductIds: Set<number>;
  /** The gateways the merchant chose for the page in the editor (empty: the account's default). */
  paymentMethods: number[];
};

export const PAGE_NOT_FOUND = 'This page is not available';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the commerce parts of a stored page document without failing on unknown or old shapes. */
export function readCommerceBlocks(config: Json) {
  const productLists: PageContext['productLists'] = [];
  let orderBumpProductId: number | null = null;
  // Every product id anywhere in the document (list entries, order bumps, yes-link actions).
  const namedProductIds = new Set(productIdsIn(config, { maxDepth: 40 }));
  const blocks = isObject(config) && isObject(config.children) ? Object.values(config.children) : [];
  const sorted = blocks.filter(isObject).sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0));
  for (const block of sorted) {
    const basic =
      isObject(block.attributes) && isObject(block.attributes.basic) ? block.attributes.basic : {};
    if (block.type === 'productList') {
      const type = basic.selectionType;
      const entries = Array.isArray(basic.entries) ? basic.entries.filter(isObject) : [];
      productLists.push({
        selectionType: type === 'multi' || type === 'qty' ? type : 'single',
        productIds: entries
          .map((entry) => entry.productId)
          .filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0),
      });
    }
    if (block.type === 'orderBump' && orderBumpProductId === null && typeof basic.productId === 'number') {
      orderBumpProductId = basic.productId;
    }
  }
  const settings = isObject(config) && isObject(config.settings) ? config.settings : {};
  const paymentMethods = Array.isArray(settings.paymentMethods)
    ? settings.paymentMethods.filter((v): v is number => typeof v === 'number' && Number.isInteger(v))
    : [];
  return { productLists, orderBumpProductId, namedProductIds, paymentMethods };
}

/**
 * The live page (of a live step of a live funnel) a shopper posts from. The account comes from the
 * page itself: a published page never names its account.
 */
export async function loadPageContext(db: Db, stepId: number, pageId: number | null): Promise<PageContext> {
  const [row] = await db
    .select({
      accountId: steps.accountId,
      funnelId: steps.funnelId,
      stepId: steps.id,
      orderIndex: steps.orderIndex,
      stepType: steps.stepType,
      currency: funnels.currencyCode,
    })
    .from(steps)
    .innerJoin(funnels, and(eq(funnels.id, steps.funnelId), eq(funnels.accountId, steps.accountId)))
    .where(and(eq(steps.id, stepId), isNull(steps.deletedAt), isNull(funnels.deletedAt)));
  if (!row) throw new HttpError(404, PAGE_NOT_FOUND, 'not_found', 'step_id');
  let config: Json = null;
  if (pageId !== null) {
    // What the shopper was served: the page's published version, never its draft.
    const [page] = await db
      .select({ content: pageVersions.content })
      .from(pages)
      .innerJoin(
        pageVersions,
        and(eq(pageVersions.id, pages.publishedVersionId), eq(pageVersions.accountId, pages.accountId)),
      )
      .where(and(eq(pages.id, pageId), eq(pages.stepId, stepId), eq(pages.accountId, row.accountId)));
    if (!page) throw new HttpError(404, PAGE_NOT_FOUND, 'not_found', 'page_id');
    config = page.content.config;
  }
  const blocks = readCommerceBlocks(config);
  // A list or bump sells what the published page shows (see withSellableProducts): entries naming no
  // product of the account fall back to the step's own products, a bump without one is not there.
  const catalogue = await loadStepCatalogue(db, row.accountId, row.stepId, [...blocks.namedProductIds]);
  const exists = (id: number) => catalogue.named.has(id);
  const orderBumpProductId =
    blocks.orderBumpProductId !== null && exists(blocks.orderBumpProductId)
      ? blocks.orderBumpProductId
      : null;
  const stepIds = stepProductsBesides(
    catalogue,
    new Set(orderBumpProductId === null ? [] : [orderBumpProductId]),
  ).map((product) => product.id);
  return {
    accountId: row.accountId,
    funnelId: row.funnelId,
    funnelCurrency: row.currency,
    stepId: row.stepId,
    stepOrderIndex: row.orderIndex,
    stepType: row.stepType,
    pageId,
    ...blocks,
    productLists: blocks.productLists.map((list) => ({
      ...list,
      productIds: sellableIds(list.productIds, exists, stepIds),
    })),
    orderBumpProductId,
  };
}

/**
 * The products a step's page can show: those of the account among `named` (the ids its blocks name),
 * and the step's own, each with its currency and its variants in the order the shopper is offered them.
 */
export async function loadStepCatalogue(
  db: Db,
  accountId: number,
  stepId: number,
  named: readonly number[],
): Promise<StepCatalogue> {
  const ids = named.filter((id) => Number.isSafeInteger(id) && id > 0);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      stepId: products.stepId,
      priceMinor: products.priceMinor,
      currency: products.currency,
    })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        ids.length > 0
          ? or(eq(products.stepId, stepId), inArray(products.id, ids))
          : eq(products.stepId, stepId),
      ),
    )
    .orderBy(asc(products.id));
  // The variants in a query of their own: a correlated subquery in a one-table select lost its table
  // names (Drizzle writes bare column names there), so the page showed the product's own price while
  // the checkout charged its first variant's.
  const variantRows =
    rows.length === 0
      ? []
      : await db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            name: productVariants.name,
            priceMinor: productVariants.priceMinor,
          })
          .from(productVariants)
          .where(
            and(
              eq(productVariants.accountId, accountId),
              inArray(
                productVariants.productId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .orderBy(asc(productVariants.orderIndex), asc(productVariants.id));
  const variantsOf = new Map<number, SellableProduct['variants'][number][]>();
  for (const variant of variantRows) {
    const list = variantsOf.get(variant.productId) ?? [];
    list.push({ id: variant.id, name: variant.name, price: fromMinorUnits(variant.priceMinor) });
    variantsOf.set(variant.productId, list);
  }
  const sellable = (row: (typeof rows)[number]): SellableProduct =>
    sellableProduct(
      { id: row.id, name: row.name, price: fromMinorUnits(row.priceMinor), currency: row.currency },
      variantsOf.get(row.id) ?? [],
    );
  const wanted = new Set(ids);
  return {
    named: new Map(rows.filter((row) => wanted.has(row.id)).map((row) => [row.id, sellable(row)])),
    step: rows.filter((row) => row.stepId === stepId).map(sellable),
  };
}

/** The products sold on a step: its own (product panel) and those its page's blocks name. */
export async function productsOfStep(
  db: Db,
  context: PageContext,
  wanted: number[],
): Promise<Map<number, { product: ProductRow; variants: VariantRow[] }>> {
  const named = wanted.filter((id) => context.namedProductIds.has(id));
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.accountId, context.accountId),
        named.length > 0
          ? or(eq(products.stepId, context.stepId), inArray(products.id, named))
          : eq(products.stepId, context.stepId),
      ),
    )
    .orderBy(asc(products.id));
  const ids = rows.map((r) => r.id);
  const variants =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(productVariants)
          .where(
            and(eq(productVariants.accountId, context.accountId), inArray(productVariants.productId, ids)),
          )
          .orderBy(asc(productVariants.orderIndex), asc(productVariants.id));
  const map = new Map<number, { product: ProductRow; variants: VariantRow[] }>();
  for (const product of rows) map.set(product.id, { product, variants: [] });
  for (const variant of variants) map.get(variant.productId)?.variants.push(variant);
  return map;
}

/**
 * The step after this one in its funnel that can serve a shopper (a blank step is skipped, see
 * `stepGapsOf`), whose URL the shopper goes to next; null after the last.
 */
export async function nextStepOf(
  db: Db,
  context: { accountId: number; funnelId: number; stepOrderIndex: number; stepId: number },
): Promise<{ id: number; url: string; stepType: number } | null> {
  const later = await db
    .select({ id: steps.id, url: steps.url, stepType: steps.stepType })
    .from(steps)
    .where(
      and(
        eq(steps.accountId, context.accountId),
        eq(steps.funnelId, context.funnelId),
        isNull(steps.deletedAt),
        or(
          gt(steps.orderIndex, context.stepOrderIndex),
          and(eq(steps.orderIndex, context.stepOrderIndex), gt(steps.id, context.stepId)),
        ),
      ),
    )
    .orderBy(asc(steps.orderIndex), asc(steps.id));
  if (later.length === 0) return null;
  const gaps = await stepGapsOf(db, context.accountId, context.funnelId);
  return later.find((step) => !gaps.get(step.id)) ?? null;
}
