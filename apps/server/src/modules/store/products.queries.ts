import type { Product, ProductVariant, VariantOption } from '@funnelwork/domain';
import { fromMinorUnits } from '@funnelwork/domain/rules';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { products, productVariantOptions, productVariants } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type OptionRow = typeof productVariantOptions.$inferSelect;

export function productOut(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromMinorUnits(row.priceMinor),
    currency: row.currency,
    recurring_interval: row.recurringInterval ?? null,
    images: row.images,
    funnel_id: row.funnelId,
    step_id: row.stepId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function variantOut(row: VariantRow): ProductVariant {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    sku: row.sku,
    price: fromMinorUnits(row.priceMinor),
    options: row.options,
    order_index: row.orderIndex,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function optionOut(row: OptionRow): VariantOption {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    values: row.values,
    order_index: row.orderIndex,
  };
}

export async function findProduct(db: Db, accountId: number, id: number): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(ownedBy(products, accountId), eq(products.id, id)));
  if (!row) throw notFound('Product');
  return row;
}

export async function findVariant(db: Db, accountId: number, id: number): Promise<VariantRow> {
  const [row] = await db
    .select()
    .from(productVariants)
    .where(and(ownedBy(productVariants, accountId), eq(productVariants.id, id)));
  if (!row) throw notFound('Variant');
  return row;
}

export async function variantsOf(db: Db, accountId: number, productId: number) {
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(ownedBy(productVariants, accountId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.orderIndex), asc(productVariants.id));
  return rows.map(variantOut);
}

export async function optionsOf(db: Db, accountId: number, productId: number) {
  const rows = await db
    .select()
    .from(productVariantOptions)
    .where(and(ownedBy(productVariantOptions, accountId), eq(productVariantOptions.productId, productId)))
    .orderBy(asc(productVariantOptions.orderIndex), asc(productVariantOptions.id));
  return rows.map(optionOut);
}
