import { z } from 'zod';
import { orderSummaryRenderer } from '../render/blocks/order-summary.tsx';
import { advanced, advancedSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

/**
 * "Order summary labels default: Total, Product, Price, Subtotal, Discount, Tax, Discount code, Apply,
 * Show order summary, Hide order summary."
 */
export const ORDER_SUMMARY_LABELS = {
  total: 'Total',
  product: 'Product',
  price: 'Price',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  discountCode: 'Discount code',
  apply: 'Apply',
  showSummary: 'Show order summary',
  hideSummary: 'Hide order summary',
} as const;

const labelsSchema = z.object({
  total: z.string(),
  product: z.string(),
  price: z.string(),
  subtotal: z.string(),
  discount: z.string(),
  tax: z.string(),
  discountCode: z.string(),
  apply: z.string(),
  showSummary: z.string(),
  hideSummary: z.string(),
});

export const orderSummaryAttributesSchema = z.object({
  basic: z.object({
    showImages: z.boolean(),
    allowDiscountCodes: z.boolean(),
    showHeader: z.boolean(),
    showTotal: z.boolean(),
    collapsable: z.boolean(),
    isOpen: z.boolean(),
    labels: labelsSchema,
    headerFont: fontSchema,
    itemFont: fontSchema,
  }),
  advanced: advancedSchema,
});
export type OrderSummaryAttributes = z.infer<typeof orderSummaryAttributesSchema>;

export const orderSummary = defineBlock({
  type: 'orderSummary',
  tag: 'order-summary',
  title: 'Order summary',
  palette: { page: { group: 'Checkout', at: 5 } },
  icon: 'receipt',
  page: orderSummaryRenderer,
  email: false,
  attributes: orderSummaryAttributesSchema,
  defaults: (): OrderSummaryAttributes => ({
    basic: {
      showImages: true,
      allowDiscountCodes: true,
      showHeader: true,
      showTotal: true,
      collapsable: false,
      isOpen: true,
      labels: { ...ORDER_SUMMARY_LABELS },
      headerFont: font({ bold: true }),
      itemFont: font(),
    },
    advanced: advanced(),
  }),
});
