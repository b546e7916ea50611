import type { CreateProductBody, Product } from '@funnelwork/domain';
import { includesVariants, listMeta } from '@funnelwork/domain';
import { cloneName, toMinorUnits } from '@funnelwork/domain/rules';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern, ownedBy } from '../../db/query-helpers.ts';
import { accounts, products, productVariantOptions, productVariants } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { copyVariants } from '../funnels/funnel-copy.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';
import { findStep } from '../steps/steps.queries.ts';
import {
  findProduct,
  findVariant,
  optionsOf,
  productOut,
  variantOut,
  variantsOf,
} from './products.queries.ts';

type Deps = { db: Db };
type ProductPatch = Partial<{
  name: string;
  description: string;
  price: number;
  currency: string;
  recurring_interval: 'day' | 'week' | 'month' | 'year' | null;
  images: string[];
  funnel_id: number | null;
  step_id: number | null;
}>;
type VariantInput = {
  name?: string;
  sku?: string | null;
  price?: number;
  options?: Record<string, string>;
  order_index?: number;
};

export function createProductsService({ db }: Deps) {
  /** The funnel and step a product is attached to must be the account's; the step must be in the funnel. */
  async function assertPlacement(
    accountId: number,
    funnelId: number | null | undefined,
    stepId: number | null | undefined,
  ) {
    if (funnelId !== null && funnelId !== undefined) await findFunnel(db, accountId, funnelId);
    if (stepId !== null && stepId !== undefined) await findStep(db, accountId, stepId, funnelId ?? undefined);
  }

  async function get(accountId: number, id: number, includeVariants: boolean): Promise<Product> {
    const product = productOut(await findProduct(db, accountId, id));
    if (!includeVariants) return product;
    return {
      ...product,
      variants: await variantsOf(db, accountId, id),
      options: await optionsOf(db, accountId, id),
    };
  }

  async function listWhere(accountId: number, where: SQL | undefined) {
    const rows = await db
      .select()
      .from(products)
      .where(and(ownedBy(products, accountId), where))
      .orderBy(asc(products.id));
    return rows.map(productOut);
  }

  /** The products with their variants (one query for all), for lists asked with include=variants. */
  async function withVariants(accountId: number, list: Product[]): Promise<Product[]> {
    if (list.length === 0) return list;
    const rows = await db
      .select()
      .from(productVariants)
      .where(
        and(
          ownedBy(productVariants, accountId),
          inArray(
            productVariants.productId,
            list.map((product) => product.id),
          ),
        ),
      )
      .orderBy(asc(productVariants.orderIndex), asc(productVariants.id));
    return list.map((product) => ({
      ...product,
      variants: rows.filter((row) => row.productId === product.id).map(variantOut),
    }));
  }

  return {
    get,

    async list(
      accountId: number,
      query: {
        page: number;
        per_page: number;
        query?: string;
        funnel_id?: number;
        step_id?: number;
        include?: string;
      },
    ) {
      const where = and(
        ownedBy(products, accountId),
        query.query?.trim() ? ilike(products.name, likePattern(query.query.trim())) : undefined,
        query.funnel_id !== undefined ? eq(products.funnelId, query.funnel_id) : undefined,
        query.step_id !== undefined ? eq(products.stepId, query.step_id) : undefined,
      );
      const [rows, [total]] = [
        await db
          .select()
          .from(products)
          .where(where)
          .orderBy(desc(products.updatedAt), desc(products.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        await db
          .select({ count: sql`count(*)`.mapWith(Number) })
          .from(products)
          .where(where),
      ];
      const data = rows.map(productOut);
      return {
        data: includesVariants(query.include) ? await withVariants(accountId, data) : data,
        meta: listMeta(total?.count ?? 0, query.per_page),
      };
    },

    async ofFunnel(accountId: number, funnelId: number) {
      await findFunnel(db, accountId, funnelId);
      return listWhere(accountId, eq(products.funnelId, funnelId));
    },

    async ofStep(accountId: number, stepId: number, include?: string) {
      await findStep(db, accountId, stepId);
      const list = await listWhere(accountId, eq(products.stepId, stepId));
      return includesVariants(include) ? withVariants(accountId, list) : list;
    },

    async create(accountId: number, input: CreateProductBody['data']) {
      await assertPlacement(accountId, input.funnel_id, input.step_id);
      let currency = input.currency;
      if (!currency) {
        const funnel = input.funnel_id ? await findFunnel(db, accountId, input.funnel_id) : undefined;
        const [account] = await db
          .select({ currency: accounts.defaultCurrencyCode })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        currency = funnel?.currencyCode ?? account?.currency ?? 'USD';
      }
      const [row] = await db
        .insert(products)
        .values({
          accountId,
          name: input.name,
          description: input.description ?? '',
          priceMinor: toMinorUnits(input.price ?? 0),
          currency,
          recurringInterval: input.recurring_interval ?? null,
          images: input.images ?? [],
          funnelId: input.funnel_id ?? null,
          stepId: input.step_id ?? null,
        })
        .returning();
      if (!row) throw new Error('product not created');
      return productOut(row);
    },

    async patch(accountId: number, id: number, input: ProductPatch) {
      const product = await findProduct(db, accountId, id);
      const funnelId = input.funnel_id !== undefined ? input.funnel_id : product.funnelId;
      const stepId = input.step_id !== undefined ? input.step_id : product.stepId;
      if (input.funnel_id !== undefined || input.step_id !== undefined) {
        await assertPlacement(accountId, funnelId, stepId);
      }
      const [row] = await db
        .update(products)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.price !== undefined && { priceMinor: toMinorUnits(input.price) }),
          ...(input.currency !== undefined && { currency: input.currency }),
          ...(input.recurring_interval !== undefined && { recurringInterval: input.recurring_interval }),
          ...(input.images !== undefined && { images: input.images }),
          ...(input.funnel_id !== undefined && { funnelId: input.funnel_id }),
          ...(input.step_id !== undefined && { stepId: input.step_id }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(products, accountId), eq(products.id, id)))
        .returning();
      if (!row) throw notFound('Product');
      return productOut(row);
    },

    async remove(accountId: number, id: number) {
      await findProduct(db, accountId, id);
      await db.delete(products).where(and(ownedBy(products, accountId), eq(products.id, id)));
    },

    /** A copy with its variants and options; "Clone default name is the … name plus ' - [clone]'". */
    async clone(accountId: number, id: number, name?: string) {
      const source = await findProduct(db, accountId, id);
      const copyId = await db.transaction(async (tx) => {
        const [copy] = await tx
          .insert(products)
          .values({
            accountId,
            name: name?.trim() || cloneName(source.name),
            description: source.description,
            priceMinor: source.priceMinor,
            currency: source.currency,
            recurringInterval: source.recurringInterval,
            images: source.images,
            funnelId: source.funnelId,
            stepId: source.stepId,
          })
          .returning({ id: products.id });
        if (!copy) throw new Error('product not copied');
        await copyVariants(tx, accountId, accountId, new Map([[source.id, copy.id]]));
        return copy.id;
      });
      return get(accountId, copyId, true);
    },

    /** The first image of each of the account's products among `ids`, in their order. */
    async images(accountId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: products.id, images: products.images })
        .from(products)
        .where(and(ownedBy(products, accountId), inArray(products.id, ids)));
      const byId = new Map(rows.map((r) => [r.id, r.images[0] ?? null]));
      return ids.filter((id) => byId.has(id)).map((id) => ({ id, image_url: byId.get(id) ?? null }));
    },

    /* Variants */

    async variants(accountId: number, productId: number) {
      await findProduct(db, accountId, productId);
      return variantsOf(db, accountId, productId);
    },

    getVariant: async (accountId: number, id: number) => variantOut(await findVariant(db, accountId, id)),

    async createVariant(accountId: number, input: VariantInput & { product_id: number; name: string }) {
      const product = await findProduct(db, accountId, input.product_id);
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql`count(*)`.mapWith(Number) })
        .from(productVariants)
        .where(and(ownedBy(productVariants, accountId), eq(productVariants.productId, product.id)));
      const [row] = await db
        .insert(productVariants)
        .values({
          accountId,
          productId: product.id,
          name: input.name,
          sku: input.sku ?? null,
          priceMinor: input.price !== undefined ? toMinorUnits(input.price) : product.priceMinor,
          options: input.options ?? {},
          orderIndex: input.order_index ?? count + 1,
        })
        .returning();
      if (!row) throw new Error('variant not created');
      return variantOut(row);
    },

    async patchVariant(accountId: number, id: number, input: VariantInput) {
      await findVariant(db, accountId, id);
      const [row] = await db
        .update(productVariants)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.sku !== undefined && { sku: input.sku }),
          ...(input.price !== undefined && { priceMinor: toMinorUnits(input.price) }),
          ...(input.options !== undefined && { options: input.options }),
          ...(input.order_index !== undefined && { orderIndex: input.order_index }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(productVariants, accountId), eq(productVariants.id, id)))
        .returning();
      if (!row) throw notFound('Variant');
      return variantOut(row);
    },

    async deleteVariant(accountId: number, id: number) {
      await findVariant(db, accountId, id);
      await db
        .delete(productVariants)
        .where(and(ownedBy(productVariants, accountId), eq(productVariants.id, id)));
    },

    /* Options */

    async options(accountId: number, productId: number) {
      await findProduct(db, accountId, productId);
      return optionsOf(db, accountId, productId);
    },

    /** Replaces the product's option list with the one given, in its order. */
    async putOptions(accountId: number, productId: number, list: Array<{ name: string; values: string[] }>) {
      await findProduct(db, accountId, productId);
      await db.transaction(async (tx) => {
        await tx
          .delete(productVariantOptions)
          .where(
            and(ownedBy(productVariantOptions, accountId), eq(productVariantOptions.productId, productId)),
          );
        if (list.length > 0) {
          await tx.insert(productVariantOptions).values(
            list.map((option, i) => ({
              accountId,
              productId,
              name: option.name,
              values: [...new Set(option.values)],
              orderIndex: i + 1,
            })),
          );
        }
      });
      return optionsOf(db, accountId, productId);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
