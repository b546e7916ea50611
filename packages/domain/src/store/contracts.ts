import { z } from 'zod';
import { PRODUCT_IMAGES_MAX_IDS } from '../orders/order-rules.ts';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import {
  blankAsAbsent,
  currencyCode,
  idQuery,
  idValue,
  isoDateTime,
  isStorableText,
  pageQuery,
  queryText,
  requiredText,
  text,
} from '../shared/inputs.ts';
import { DISCOUNT_KINDS, parseIdList, RECURRING_INTERVALS } from './rules.ts';

const timestamp = z.string();
/** A price in major units: at most ten thousand million, two decimals are kept. */
const priceSchema = z.number().min(0, 'Price cannot be negative').max(10_000_000_000);

/* ----------------------------------------------------------------------------------------------
 * Products, variants and options
 * -------------------------------------------------------------------------------------------- */

export const variantOptionSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  values: z.array(z.string()),
  order_index: z.number().int(),
});
export type VariantOption = z.infer<typeof variantOptionSchema>;

export const productVariantSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  /** Major units, rounded to two decimals. */
  price: z.number(),
  /** Option name → chosen value. */
  options: z.record(z.string(), z.string()),
  order_index: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Major units, rounded to two decimals. */
  price: z.number(),
  currency: z.string(),
  recurring_interval: z.enum(RECURRING_INTERVALS).nullable(),
  images: z.array(z.string()),
  funnel_id: z.number().int().nullable(),
  step_id: z.number().int().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  /** With include=variants. */
  variants: z.array(productVariantSchema).optional(),
  options: z.array(variantOptionSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;
export const productAnswerSchema = dataAnswer(productSchema);
export const productListAnswerSchema = listAnswer(productSchema);
export const productArrayAnswerSchema = dataAnswer(z.array(productSchema));

export const productListQuerySchema = z.object({
  ...pageQuery,
  query: blankAsAbsent(queryText(200)),
  funnel_id: blankAsAbsent(idQuery()),
  step_id: blankAsAbsent(idQuery()),
  /** 'variants' adds each product's variants. */
  include: blankAsAbsent(queryText(100)),
});
/** `include` is a comma list of relations; 'variants' adds the variants and the options. */
export const productIncludeQuerySchema = z.object({ include: blankAsAbsent(queryText(100)) });
export function includesVariants(include: string | undefined): boolean {
  return (include ?? '').split(',').some((part) => part.trim() === 'variants');
}

const imageUrl = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/|\/)\S*$/, 'An image is an http(s) address or a path on this site')
  .refine(isStorableText, 'may not hold NUL characters or broken Unicode');
const productFields = {
  name: requiredText('Product name', 200),
  description: text(20_000),
  price: priceSchema,
  currency: currencyCode(),
  recurring_interval: z.enum(RECURRING_INTERVALS).nullable(),
  images: z.array(imageUrl).max(20),
  funnel_id: idValue().nullable(),
  step_id: idValue().nullable(),
};
export const createProductBodySchema = dataBody(
  z.object({
    ...productFields,
    description: productFields.description.default(''),
    price: productFields.price.default(0),
    currency: productFields.currency.optional(),
    recurring_interval: productFields.recurring_interval.default(null),
    images: productFields.images.default([]),
    funnel_id: productFields.funnel_id.optional(),
    step_id: productFields.step_id.optional(),
  }),
);
export type CreateProductBody = z.input<typeof createProductBodySchema>;
export const patchProductBodySchema = dataBody(z.object(productFields).partial());
export const cloneProductBodySchema = dataBody(z.object({ name: text(200).optional() })).nullish();

export const productVariantsQuerySchema = z.object({ productId: idQuery() });
export const variantListAnswerSchema = dataAnswer(z.array(productVariantSchema));
export const variantAnswerSchema = dataAnswer(productVariantSchema);
const optionText = text(100).refine((value) => value.trim() !== '', 'cannot be blank');
const variantOptionsMap = z
  .record(optionText, optionText)
  .refine((o) => Object.keys(o).length <= 10, 'A variant has at most 10 options');
export const createVariantBodySchema = dataBody(
  z.object({
    product_id: idValue(),
    name: requiredText('Variant name', 200),
    sku: text(100).nullable().optional(),
    /** The product's price when absent. */
    price: priceSchema.optional(),
    options: variantOptionsMap.optional(),
    order_index: z.number().int().min(0).max(100_000).optional(),
  }),
);
export const patchVariantBodySchema = dataBody(
  z.object({
    name: requiredText('Variant name', 200).optional(),
    sku: text(100).nullable().optional(),
    price: priceSchema.optional(),
    options: variantOptionsMap.optional(),
    order_index: z.number().int().min(0).max(100_000).optional(),
  }),
);

export const variantOptionsQuerySchema = z.object({ productId: idQuery() });
export const variantOptionsAnswerSchema = dataAnswer(z.array(variantOptionSchema));
/** PUT product-variant-options?productId: the product's whole option list, in order. */
export const putVariantOptionsBodySchema = dataBody(
  z
    .array(
      z.object({
        name: requiredText('Option name', 100),
        values: z.array(requiredText('Option value', 100)).max(100),
      }),
    )
    .max(10),
);

/** GET product-images?ids=1|2|3: the products' first images. */
export const productImagesQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .refine((ids) => {
      const parsed = parseIdList(ids);
      return parsed !== null && parsed.length <= PRODUCT_IMAGES_MAX_IDS;
    }, `ids are product ids joined by a vertical bar, at most ${PRODUCT_IMAGES_MAX_IDS}`),
});
export const productImagesAnswerSchema = dataAnswer(
  z.array(z.object({ id: z.number().int(), image_url: z.string().nullable() })),
);

/* ----------------------------------------------------------------------------------------------
 * Discounts (store/discounts)
 * -------------------------------------------------------------------------------------------- */

export const discountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** A percent for 'percent'; major units of `currency` for 'fixed'. */
  value: z.number(),
  currency: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  usage_limit_per_customer: z.number().int().nullable(),
  used_count: z.number().int(),
  min_order: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Discount = z.infer<typeof discountSchema>;
export const discountAnswerSchema = dataAnswer(discountSchema);
export const discountListAnswerSchema = listAnswer(discountSchema);
export const discountListQuerySchema = z.object({ ...pageQuery, query: blankAsAbsent(queryText(200)) });

export const discountCodeSchema = z
  .string()
  .trim()
  .min(1, 'Code is required')
  .max(50, 'Code must be at most 50 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Code holds letters, digits, hyphens and underscores');
const discountFields = {
  code: discountCodeSchema,
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().positive('Value must be more than 0').max(1_000_000_000),
  currency: currencyCode().nullable(),
  usage_limit: z.number().int().min(1).max(1_000_000_000).nullable(),
  usage_limit_per_customer: z.number().int().min(1).max(1_000_000_000).nullable(),
  min_order: priceSchema.nullable(),
  starts_at: isoDateTime().nullable(),
  ends_at: isoDateTime().nullable(),
  active: z.boolean(),
};
export const createDiscountBodySchema = dataBody(
  z.object({
    ...discountFields,
    currency: discountFields.currency.optional(),
    usage_limit: discountFields.usage_limit.optional(),
    usage_limit_per_customer: discountFields.usage_limit_per_customer.optional(),
    min_order: discountFields.min_order.optional(),
    starts_at: discountFields.starts_at.optional(),
    ends_at: discountFields.ends_at.optional(),
    active: discountFields.active.default(true),
  }),
);
export type CreateDiscountBody = z.input<typeof createDiscountBodySchema>;
export const patchDiscountBodySchema = dataBody(z.object(discountFields).partial());
