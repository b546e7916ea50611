import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { BILLING_INTERVALS, LIMIT_KEYS } from './rules.ts';

const limitsSchema = z.object(
  Object.fromEntries(LIMIT_KEYS.map((key) => [key, z.number().int().nullable()])) as Record<
    (typeof LIMIT_KEYS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);

/** A plan of the platform: trials (7-trial, 14-trial) and paid plans, monthly and yearly. */
export const planSchema = z.object({
  key: z.string(),
  name: z.string(),
  family: z.string(),
  interval: z.enum(['trial', ...BILLING_INTERVALS]),
  /** Major units per interval (0 for trials). */
  price: z.number(),
  currency: z.string(),
  trial_days: z.number().int().nullable(),
  features: z.array(z.string()),
  limits: limitsSchema,
});
export type Plan = z.infer<typeof planSchema>;
export const plansAnswerSchema = z.object({ data: z.array(planSchema) });

export const usageSchema = z.object({
  key: z.enum(LIMIT_KEYS),
  title: z.string(),
  used: z.number().int(),
  limit: z.number().int().nullable(),
  percent: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

export const paymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type PaymentMethodSummary = z.infer<typeof paymentMethodSchema>;

/** `GET billing-details`: the plan, its renewal, usage against each limit, the payment method. */
export const billingDetailsSchema = z.object({
  plan: planSchema,
  plan_expiry_date: z.string().nullable(),
  /** none: a trial or an expired plan; active: renews at plan_expiry_date; past_due: in dunning. */
  status: z.enum(['none', 'active', 'past_due', 'cancelled', 'expired']),
  renews: z.boolean(),
  provider: z.enum(['sandbox', 'stripe']),
  read_only: z.boolean(),
  payment_method: paymentMethodSchema.nullable(),
  usage: z.array(usageSchema),
  /** How the checkout screen pays: card fields (the Sandbox gateway) or Stripe Checkout's hosted page. */
  checkout: z.enum(['card', 'stripe_checkout']),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export const billingDetailsAnswerSchema = dataAnswer(billingDetailsSchema);

/** `POST billing/place-order`: the details, and with Stripe Checkout the hosted page to send the browser to. */
export const placeOrderAnswerSchema = dataAnswer(
  billingDetailsSchema.extend({ checkout_url: z.string().nullable() }),
);
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswerSchema>['data'];

export const chargeSchema = z.object({
  id: z.number().int(),
  plan_key: z.string(),
  plan_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  description: z.string(),
  failure_message: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
  /** The invoice PDF of a paid charge (an API path, with the bearer token). */
  invoice_url: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;
export const chargesAnswerSchema = z.object({ data: z.array(chargeSchema) });

const cardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number of 12 to 19 digits')),
  exp_month: z.number().int().min(1, 'must be a month 1–12').max(12, 'must be a month 1–12'),
  exp_year: z.number().int().min(2000, 'must be a four-digit year').max(2100, 'must be a four-digit year'),
  cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
});

/** The card (sandbox billing) or a Stripe payment method id from Stripe.js (Stripe billing). */
export const billingPaymentSchema = z.union([
  z.object({ card: cardSchema }),
  z.object({
    payment_method: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe payment method id'),
  }),
]);
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

/** `POST billing/place-order`: a paid plan and interval, paid now. */
export const placeOrderBodySchema = dataBody(
  z.object({
    plan: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a plan name such as startup'),
    interval: z.enum(BILLING_INTERVALS, { error: 'must be month or year' }),
    /** A card, a Stripe.js payment method, or `{ checkout: 'stripe' }`: pay on Stripe Checkout's page. */
    payment: z.union([billingPaymentSchema, z.object({ checkout: z.literal('stripe') })]),
  }),
);
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

/** `POST billing/update-details`: a new payment method for the coming renewals. */
export const updateBillingDetailsBodySchema = dataBody(z.object({ payment: billingPaymentSchema }));
