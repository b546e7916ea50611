import { checkRegions, idNumberOrDigits, isStorableText, text, UNSTORABLE_MESSAGE } from '@funnelwork/domain';
import {
  CUSTOMER_FIELD_MAX,
  type CustomerFieldKey,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  tooLongMessage,
} from '@funnelwork/domain/customers/checkout-fields';
import { NUMBER_INPUT_MAX } from '@funnelwork/domain/shared/messages';
import { z } from 'zod';

const id = idNumberOrDigits();
/** A checkout form field: trimmed, then at most `max` characters. */
const field = (max = 255) => text(max, { trim: true });

/** "Number inputs: min 0, max 10000." */
export const MAX_QTY = NUMBER_INPUT_MAX;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'The idempotency key is at least 8 characters')
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'The idempotency key holds letters, digits and - _ . : only');

/** A customer field: trimmed, at most its `CUSTOMER_FIELD_MAX` characters, the page script's message. */
const customerField = (key: CustomerFieldKey) =>
  z
    .string()
    .trim()
    .max(CUSTOMER_FIELD_MAX[key], tooLongMessage(CUSTOMER_FIELD_MAX[key]))
    .refine(isStorableText, UNSTORABLE_MESSAGE)
    .default('');

/** The shopper's own fields, by the rules the page script checks first (customers/checkout-fields.ts). */
export const customerFieldsSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .regex(EMAIL_PATTERN, EMAIL_MESSAGE)
      .max(CUSTOMER_FIELD_MAX.email, tooLongMessage(CUSTOMER_FIELD_MAX.email)),
    first_name: customerField('first_name'),
    last_name: customerField('last_name'),
    phone: customerField('phone'),
    shipping_address: customerField('shipping_address'),
    shipping_city: customerField('shipping_city'),
    shipping_state: customerField('shipping_state'),
    shipping_zip: customerField('shipping_zip'),
    shipping_country: customerField('shipping_country'),
    address: customerField('address'),
    city: customerField('city'),
    state: customerField('state'),
    zip: customerField('zip'),
    country: customerField('country'),
  })
  // A region belongs to its country where we list the country's regions (issue 35, item 7).
  .superRefine(checkRegions);
export type CustomerFields = z.infer<typeof customerFieldsSchema>;

export const paymentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
    exp_month: z.coerce
      .number()
      .int()
      .min(1, 'Enter a valid expiry date')
      .max(12, 'Enter a valid expiry date'),
    exp_year: z.coerce.number().int().min(0).max(2200),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Enter a valid CVC'),
  }),
  z.object({ kind: z.literal('token'), token: z.string().trim().min(1).max(255) }),
  /** Confirmed in the browser with the gateway's own script (Stripe.js): the answer has its client secret. */
  z.object({ kind: z.literal('intent') }),
  z.object({ kind: z.literal('none') }),
]);

export const checkoutBodySchema = z.object({
  step_id: id,
  page_id: id,
  items: z
    .array(
      z.object({
        product_id: id,
        variant_id: id.nullish(),
        qty: z.coerce.number().int().min(1).max(MAX_QTY).default(1),
      }),
    )
    .max(50)
    .default([]),
  order_bump: z.boolean().default(false),
  discount_code: field(64).nullish(),
  customer: customerFieldsSchema,
  /** Other form fields: kept as the customer's metadata. */
  fields: z.record(z.string().trim().min(1).max(100), z.string().max(2000)).default({}),
  gateway_id: z.coerce.number().int().min(1).max(18).nullish(),
  payment: paymentSchema,
  idempotency_key: idempotencyKeySchema,
  /** The shopper chose to buy again on a checkout this browser already bought on (else 409). */
  new_purchase: z.boolean().default(false),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** After the page confirmed a payment with the gateway's script: the server asks the gateway how it went. */
export const completePaymentBodySchema = z.object({
  step_id: id,
  page_id: id,
  idempotency_key: idempotencyKeySchema,
  /** The shopper closed the gateway's window without approving (PayPal's onCancel). */
  cancelled: z.boolean().default(false),
});
export type CompletePaymentBody = z.infer<typeof completePaymentBodySchema>;

/** The Sandbox's card form: the test card it turns into a payment-method token. */
export const sandboxCardBodySchema = z.object({
  number: z.string().trim().max(40),
  exp_month: z.coerce.number().int().min(0).max(99),
  exp_year: z.coerce.number().int().min(0).max(2200),
  cvc: z.string().trim().max(8),
});

export const upsellBodySchema = z.object({
  /** The order token of the checkout answer; the httpOnly cookie is used when absent. */
  order_token: z.string().trim().min(16).max(200).nullish(),
  step_id: id,
  page_id: id.nullish(),
  answer: z.enum(['yes', 'no']),
  product_id: id.nullish(),
  variant_id: id.nullish(),
  qty: z.coerce.number().int().min(1).max(MAX_QTY).default(1),
});
export type UpsellBody = z.infer<typeof upsellBodySchema>;

/** The page's report after the shopper confirmed (or not) an upsell charge the bank wanted authenticated. */
export const upsellCompleteBodySchema = upsellBodySchema.pick({
  order_token: true,
  step_id: true,
  page_id: true,
});
export type UpsellCompleteBody = z.infer<typeof upsellCompleteBodySchema>;

export const discountBodySchema = z.object({
  step_id: id,
  page_id: id,
  code: field(64).min(1, 'Enter a discount code'),
});
export type DiscountBody = z.infer<typeof discountBodySchema>;

/** The page asking for the order its browser placed (the order cookie names the order). */
export const placedOrderBodySchema = z.object({ step_id: id, page_id: id });
export type PlacedOrderBody = z.infer<typeof placedOrderBodySchema>;

/** The cart of a checkout page, priced by the server for the order summary's display. */
export const quoteBodySchema = checkoutBodySchema.pick({
  step_id: true,
  page_id: true,
  items: true,
  order_bump: true,
  discount_code: true,
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;
