import { z } from 'zod';
import { orderBumpEmail, orderBumpRenderer } from '../render/blocks/order-bump.tsx';
import { advanced, advancedSchema, border, borderSchema, font, fontSchema, spacing } from './common.ts';
import { defineBlock } from './define-block.ts';

export const ORDER_BUMP_BORDER_COLOR = '#FDCC5E';

export const orderBumpAttributesSchema = z.object({
  basic: z.object({
    selected: z.boolean(),
    productId: z.number().int().positive().nullable(),
    headline: z.string(),
    content: z.string(),
    headlineFont: fontSchema,
    contentFont: fontSchema,
    labelFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type OrderBumpAttributes = z.infer<typeof orderBumpAttributesSchema>;

export const orderBump = defineBlock({
  type: 'orderBump',
  tag: 'order-bump',
  title: 'Order bump',
  palette: { page: { group: 'Checkout', at: 6 } },
  icon: 'square-plus',
  page: orderBumpRenderer,
  email: orderBumpEmail,
  attributes: orderBumpAttributesSchema,
  /** "order bump dashed border 2 px colour #FDCC5E, radius 6, padding 15". */
  defaults: (): OrderBumpAttributes => ({
    basic: {
      selected: false,
      productId: null,
      headline: 'Yes, add this to my order',
      content: '',
      headlineFont: font({ bold: true }),
      contentFont: font(),
      labelFont: font({ bold: true }),
      backgroundColor: '#FFF9EC',
      border: border({ width: 2, color: ORDER_BUMP_BORDER_COLOR, style: 'dashed', radius: 6 }),
    },
    advanced: advanced({ padding: spacing(15) }),
  }),
});
