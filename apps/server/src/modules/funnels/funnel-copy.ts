import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import {
  funnels,
  pages,
  products,
  productVariantOptions,
  productVariants,
  steps,
} from '../../db/schema/index.ts';
import type { FunnelRow } from './funnels.queries.ts';

export type FunnelCopyOptions = {
  /** The funnel to copy; it may belong to another account (a shared funnel). */
  source: FunnelRow;
  /** The account that receives the copy. */
  accountId: number;
  /** Who makes the copy: the steps' user when the copy goes to another account. */
  userId: number;
  /** The new funnel's own fields. */
  funnel: {
    name: string;
    path: string;
    isSubFunnel: boolean;
    funnelGroupId: number | null;
    folderId: number | null;
    domainId: number | null;
    abGeo: string[];
  };
  steps: boolean;
  products: boolean;
};

/**
 * Deep copy of a funnel with new ids: its live steps and their pages, and its products with their
 * variants and options (a product's step follows the step's copy). Run it inside a transaction
 * (`tx`), so a failure leaves nothing half-copied.
 */
export async function copyFunnel(tx: Db, options: FunnelCopyOptions): Promise<FunnelRow> {
  const { source, accountId } = options;
  const sameAccount = source.accountId === accountId;
  const now = new Date();
  const [funnel] = await tx
    .insert(funnels)
    .values({
      accountId,
      name: options.funnel.name,
      funnelType: source.funnelType,
      funnelGroupId: options.funnel.funnelGroupId,
      pinned: false,
      currencyCode: source.currencyCode,
      shareCode: null,
      path: options.funnel.path,
      domainId: options.funnel.domainId,
      abGeo: options.funnel.abGeo,
      isSubFunnel: options.funnel.isSubFunnel,
      folderId: options.funnel.folderId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!funnel) throw new Error('funnel not copied');

  const stepIds = new Map<number, number>();
  if (options.steps) {
    const sourceSteps = await tx
      .select()
      .from(steps)
      .where(and(ownedBy(steps, source.accountId), eq(steps.funnelId, source.id), isNull(steps.deletedAt)))
      .orderBy(asc(steps.orderIndex), asc(steps.id));
    if (sourceSteps.length > 0) {
      // One insert per step keeps the old → new id map exact (steps are few).
      for (const s of sourceSteps) {
        const [copy] = await tx
          .insert(steps)
          .values({
            accountId,
            funnelId: funnel.id,
            userId: sameAccount ? s.userId : options.userId,
            name: s.name,
            url: s.url,
            url2: s.url2,
            stepType: s.stepType,
            ob: s.ob,
            orderIndex: s.orderIndex,
            thumbnailHash: s.thumbnailHash,
            abType: s.abType,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: steps.id });
        if (copy) stepIds.set(s.id, copy.id);
      }
      const sourcePages = await tx
        .select()
        .from(pages)
        .where(and(ownedBy(pages, source.accountId), inArray(pages.stepId, [...stepIds.keys()])))
        .orderBy(asc(pages.id));
      if (sourcePages.length > 0) {
        await tx.insert(pages).values(
          sourcePages.map((p) => ({
            accountId,
            funnelId: funnel.id,
            stepId: stepIds.get(p.stepId) as number,
            name: p.name,
            abPercent: p.abPercent,
            abGeo: p.abGeo,
            abState: p.abState,
            config: p.config,
            version: 1,
            css: p.css,
            html: p.html,
            headJs: p.headJs,
            bodyJs: p.bodyJs,
            seoTitle: p.seoTitle,
            seoDescription: p.seoDescription,
            seoKeywords: p.seoKeywords,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
    }
  }

  if (options.products) {
    const sourceProducts = await tx
      .select()
      .from(products)
      .where(and(ownedBy(products, source.accountId), eq(products.funnelId, source.id)))
      .orderBy(asc(products.id));
    if (sourceProducts.length > 0) {
      const productIds = new Map<number, number>();
      for (const p of sourceProducts) {
        const [copy] = await tx
          .insert(products)
          .values({
            accountId,
            funnelId: funnel.id,
            stepId: p.stepId === null ? null : (stepIds.get(p.stepId) ?? null),
            name: p.name,
            description: p.description,
            priceMinor: p.priceMinor,
            currency: p.currency,
            recurringInterval: p.recurringInterval,
            images: p.images,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: products.id });
        if (copy) productIds.set(p.id, copy.id);
      }
      await copyVariants(tx, source.accountId, accountId, productIds);
    }
  }
  return funnel;
}

/** Copies the variants and options of products (source id → copy id) into `accountId`. */
export async function copyVariants(
  tx: Db,
  sourceAccountId: number,
  accountId: number,
  productIds: Map<number, number>,
) {
  if (productIds.size === 0) return;
  const ids = [...productIds.keys()];
  const [options, variants] = [
    await tx
      .select()
      .from(productVariantOptions)
      .where(
        and(ownedBy(productVariantOptions, sourceAccountId), inArray(productVariantOptions.productId, ids)),
      )
      .orderBy(asc(productVariantOptions.id)),
    await tx
      .select()
      .from(productVariants)
      .where(and(ownedBy(productVariants, sourceAccountId), inArray(productVariants.productId, ids)))
      .orderBy(asc(productVariants.id)),
  ];
  if (options.length > 0) {
    await tx.insert(productVariantOptions).values(
      options.map((o) => ({
        accountId,
        productId: productIds.get(o.productId) as number,
        name: o.name,
        values: o.values,
        orderIndex: o.orderIndex,
      })),
    );
  }
  if (variants.length > 0) {
    await tx.insert(productVariants).values(
      variants.map((v) => ({
        accountId,
        productId: productIds.get(v.productId) as number,
        name: v.name,
        sku: v.sku,
        priceMinor: v.priceMinor,
        options: v.options,
        orderIndex: v.orderIndex,
      })),
    );
  }
}
