import { z } from 'zod';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import { blankAsAbsent, queryText, text } from '../shared/inputs.ts';
import { CUSTOMERS_PAGE_SIZE } from '../shared/page-sizes.ts';
import { regionErrors } from './states.ts';

/** "GET customer-briefs?page&per_page(25)&query": page is zero-based, as in the orders list. */
export const customerListQuerySchema = z.object({
  page: z.union([z.literal('').transform(() => 0), z.coerce.number().int().min(0).max(1_000_000)]).default(0),
  per_page: z
    .union([z.literal('').transform(() => CUSTOMERS_PAGE_SIZE), z.coerce.number().int().min(1).max(100)])
    .default(CUSTOMERS_PAGE_SIZE),
  /** Part of the first or last name or e-mail, case-insensitively. */
  query: blankAsAbsent(queryText(200)),
});

export const customerMetadataSchema = z.array(z.object({ key: z.string(), value: z.string() }));

/** "Customer: id, first_name, last_name, email, optin_email (read-only), payer_email, phone, …, created_time." */
export const customerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  optin_email: z.string(),
  payer_email: z.string(),
  phone: z.string(),
  shipping_address: z.string(),
  shipping_state: z.string(),
  shipping_city: z.string(),
  shipping_zip: z.string(),
  shipping_country: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  metadata: customerMetadataSchema,
  is_auto_optin: z.boolean(),
  created_time: z.string(),
  /** The "Orders (with count)" section's count: its orders, not its failed payment attempts. */
  orders_count: z.number().int(),
  /** When the customer's e-mail unsubscribed from the account's marketing e-mail (issue 20), or null. */
  marketing_unsubscribed_at: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerAnswerSchema = dataAnswer(customerSchema);

export const customerBriefSchema = customerSchema.pick({
  id: true,
  first_name: true,
  last_name: true,
  email: true,
  optin_email: true,
  phone: true,
  is_auto_optin: true,
  created_time: true,
});
export type CustomerBrief = z.infer<typeof customerBriefSchema>;
export const customerBriefListAnswerSchema = listAnswer(customerBriefSchema);

/** "GET customers/{id}?brief": the flag may come bare (`?brief`); the answer is the same customer. */
export const customerQuerySchema = z.object({ brief: queryText(20).optional() });

/** "Customer's orders row: id, name, items_count, created_at, currency, amount". */
export const customerOrderRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  items_count: z.number().int(),
  created_at: z.string(),
  currency: z.string(),
  amount: z.number(),
  /** The order's payment_status: a failed one is listed as a payment attempt, not an order (issue 35). */
  payment_status: z.enum(['processing', 'failed']).nullable(),
});
export const customerOrdersAnswerSchema = dataAnswer(z.array(customerOrderRowSchema));

export const customersStatsSchema = z.object({
  /** Live customers of the account. */
  count: z.number().int(),
  /** Customers first seen in the last 30 days. */
  new_last_30_days: z.number().int(),
  /** Customers who opted in automatically (the auto-optin tag). */
  auto_optin_count: z.number().int(),
});
export const customersStatsAnswerSchema = dataAnswer(customersStatsSchema);

const field = (max: number) => text(max).trim();
const emailOrBlank = field(320).refine(
  (value) => value === '' || z.email().safeParse(value).success,
  'Enter a valid e-mail address',
);

/**
 * "Save changes sends the whole customer". The editable fields are taken; id, optin_email, metadata,
 * is_auto_optin, created_time and orders_count are read-only ("Customer optin email is read-only;
 * Meta is read-only") and ignored when sent.
 */
export const patchCustomerBodySchema = dataBody(
  z
    .object({
      first_name: field(200).optional(),
      last_name: field(200).optional(),
      email: emailOrBlank.optional(),
      payer_email: emailOrBlank.optional(),
      phone: field(50).optional(),
      shipping_address: field(500).optional(),
      shipping_state: field(200).optional(),
      shipping_city: field(200).optional(),
      shipping_zip: field(50).optional(),
      shipping_country: field(100).optional(),
      address: field(500).optional(),
      state: field(200).optional(),
      city: field(200).optional(),
      zip: field(50).optional(),
      country: field(100).optional(),
    })
    .superRefine(checkRegions),
);
export type PatchCustomerBody = z.input<typeof patchCustomerBodySchema>;

/**
 * A zod check of an address form: each region belongs to its country where the country's regions are
 * listed (US states, Canadian provinces …), any text otherwise; the issue names the region field.
 */
export function checkRegions(value: Readonly<Record<string, unknown>>, context: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(regionErrors(value)))
    context.addIssue({ code: 'custom', path: [field], message });
}
