import { z } from 'zod';
import { paymentFormEmail, paymentFormRenderer } from '../render/blocks/payment-form.tsx';
import { advanced, advancedSchema, border, borderSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

export const paymentFormAttributesSchema = z.object({
  basic: z.object({
    showLabels: z.boolean(),
    labelFont: fontSchema,
    inputFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type PaymentFormAttributes = z.infer<typeof paymentFormAttributesSchema>;

/** The card fields of the checkout; the gateway decides which fields it shows. */
export const paymentForm = defineBlock({
  type: 'paymentForm',
  tag: 'payment-form',
  title: 'Payment form',
  palette: { page: { group: 'Checkout', at: 4 }, email: { group: 'Commerce', at: 2 } },
  icon: 'credit-card',
  page: paymentFormRenderer,
  email: paymentFormEmail,
  attributes: paymentFormAttributesSchema,
  defaults: (): PaymentFormAttributes => ({
    basic: {
      showLabels: true,
      labelFont: font({ bold: true }),
      inputFont: font(),
      backgroundColor: '#FFFFFF',
      border: border({ width: 1, color: '#D5DAE3', style: 'solid', radius: 6 }),
    },
    advanced: advanced(),
  }),
});
