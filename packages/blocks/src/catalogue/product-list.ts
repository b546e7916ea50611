import { z } from 'zod';
import { productListEmail, productListRenderer } from '../render/blocks/product-list.tsx';
import { advanced, advancedSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

/** "selectionType single, multi or qty ('Single checkout', 'Multi-checkout', 'Multi-Quantity')". */
export const SELECTION_TYPES = {
  single: 'Single checkout',
  multi: 'Multi-checkout',
  qty: 'Multi-Quantity',
} as const;

export const productListAttributesSchema = z.object({
  basic: z.object({
    selectionType: z.enum(['single', 'multi', 'qty']),
    entries: z.array(
      z.object({
        productId: z.number().int().positive().nullable(),
        title: z.string(),
        pcs: z.number().int().min(0),
        price: z.number().min(0),
        /**
         * The linked product as the page is drawn (bound by withSellableProducts, never stored or edited):
         * its currency and its variants, of which the shopper chooses one.
         */
        product: z
          .object({
            currency: z.string(),
            variants: z.array(
              z.object({ id: z.number().int().positive(), name: z.string(), price: z.number() }),
            ),
          })
          .optional()
          .meta({ bound: true }),
      }),
    ),
    titleFont: fontSchema,
    priceFont: fontSchema,
  }),
  advanced: advancedSchema,
});
export type ProductListAttributes = z.infer<typeof productListAttributesSchema>;

export const productList = defineBlock({
  type: 'productList',
  tag: 'product-list',
  title: 'Product list',
  palette: { page: { group: 'Checkout', at: 7 }, email: { group: 'Commerce', at: 0 } },
  icon: 'list-details',
  page: productListRenderer,
  email: productListEmail,
  attributes: productListAttributesSchema,
  defaults: (): ProductListAttributes => ({
    basic: {
      selectionType: 'single',
      entries: [],
      titleFont: font({ bold: true }),
      priceFont: font(),
    },
    advanced: advanced(),
  }),
});
