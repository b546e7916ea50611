import { z } from 'zod';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, idValue, queryText, requiredText, text } from '../shared/inputs.ts';
import { ORDERS_PAGE_SIZE } from '../shared/page-sizes.ts';

/* ----------------------------------------------------------------------------------------------
 * Orders (orders spec §3, §7)
 * -------------------------------------------------------------------------------------------- */

/** `all` lists archived and not archived orders; the default hides archived ones. */
export const archivedFilterSchema = z.enum(['true', 'false', '1', '0', 'all']);

/** "GET orders?page&per_page&query (optional funnel_id)": page is zero-based. */
export const orderListQuerySchema = z.object({
  page: z.union([z.literal('').transform(() => 0), z.coerce.number().int().min(0).max(1_000_000)]).default(0),
  per_page: z
    .union([z.literal('').transform(() => ORDERS_PAGE_SIZE), z.coerce.number().int().min(1).max(100)])
    .default(ORDERS_PAGE_SIZE),
  /** Part of the order number, customer first or last name or e-mail, case-insensitively. */
  query: blankAsAbsent(queryText(200)),
  funnel_id: blankAsAbsent(idQuery()),
  archived: blankAsAbsent(archivedFilterSchema),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  variant_title: z.string().nullable(),
  image_url: z.string().nullable(),
  /** Major units, two decimals. */
  amount: z.number(),
  qty: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderCustomerSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

/** "Order: id, order_number, customer_id, page_id, funnel_id, step_id, customer (…), first_name, …, created_at." */
export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  customer_id: z.number().int().nullable(),
  page_id: z.number().int().nullable(),
  funnel_id: z.number().int().nullable(),
  step_id: z.number().int().nullable(),
  customer: orderCustomerSchema.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  optin_email: z.string(),
  /** The first item's name (the list's Product column). */
  name: z.string(),
  items: z.array(orderItemSchema),
  items_count: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  currency_code: z.string(),
  is_canceled: z.boolean(),
  is_refunded: z.boolean(),
  is_fulfilled: z.boolean(),
  is_archived: z.boolean(),
  is_apps: z.boolean(),
  payment_status: z.enum(['processing', 'failed']).nullable(),
  reference: z.string().nullable(),
  gateway_id: z.number().int().nullable(),
  app_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderAnswerSchema = dataAnswer(orderSchema);
export const orderListAnswerSchema = listAnswer(orderSchema);

export const orderParamsSchema = z.object({ id: idQuery() });
export const orderNoteParamsSchema = z.object({ id: idQuery(), noteId: idQuery() });
export const orderEventParamsSchema = z.object({ id: idQuery(), eventId: idQuery() });

/** A query-string switch ('true', 'false', '1', '0'). */
const querySwitch = blankAsAbsent(z.enum(['true', 'false', '1', '0']));

/** "PUT orders/{id}/cancel?refund&reason". */
export const cancelOrderQuerySchema = z.object({
  refund: querySwitch,
  reason: blankAsAbsent(queryText(1000)),
});
/** "PUT orders/{id}/refund?reason". */
export const refundOrderQuerySchema = z.object({ reason: blankAsAbsent(queryText(1000)) });

/** "is_canceled, is_refunded, amount". */
export const cancelOrderAnswerSchema = dataAnswer(
  z.object({ is_canceled: z.boolean(), is_refunded: z.boolean(), amount: z.number() }),
);
export type CancelOrderAnswer = z.infer<typeof cancelOrderAnswerSchema>;

export const shippingCarrierSchema = z.enum(['other', 'fedex', 'usps']);
const trackingUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
    'Enter a web address (http or https)',
  );

/** "Fulfillment: order_id, tracking_number, shipping_carrier (other, fedex, usps), tracking_url (optional), trigger_automations". */
export const fulfillmentInputSchema = z.object({
  order_id: idValue().optional(),
  tracking_number: text(200).trim().nullable().optional(),
  shipping_carrier: z
    .union([shippingCarrierSchema, z.literal('')])
    .nullable()
    .optional(),
  tracking_url: trackingUrlSchema.nullable().optional(),
  /** "the trigger-automations switch defaults to on". */
  trigger_automations: z.boolean().optional(),
});
export const fulfillBodySchema = dataBody(fulfillmentInputSchema).nullish();
export type FulfillBody = z.input<typeof fulfillBodySchema>;
export type FulfillmentInput = z.input<typeof fulfillmentInputSchema>;

/** An address as the shopper gave it at purchase; every part blank when the page did not ask. */
export const postalAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});

export const fulfillmentSchema = z.object({
  order_id: z.number().int(),
  tracking_number: z.string().nullable(),
  shipping_carrier: shippingCarrierSchema.nullable(),
  tracking_url: z.string().nullable(),
  trigger_automations: z.boolean(),
  /** Where the order ships and whom it bills (issue 19; the spec's Fulfillment has no address). */
  shipping_address: postalAddressSchema,
  billing_address: postalAddressSchema,
});
export type Fulfillment = z.infer<typeof fulfillmentSchema>;
export const fulfillmentAnswerSchema = dataAnswer(fulfillmentSchema);
/** "Fulfill … answer: is_fulfilled or error" (spec §7). */
export const fulfillAnswerSchema = dataAnswer(z.object({ is_fulfilled: z.boolean() }));
export const archiveAnswerSchema = dataAnswer(z.object({ is_archived: z.boolean() }));

/* Notes */

/** "Note text must be non-empty to post or save." */
export const noteBodySchema = dataBody(z.object({ value: requiredText('Note', 5000) }));
export const orderNoteSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  user_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  page_id: z.number().int().nullable(),
  funnel_id: z.number().int().nullable(),
  step_id: z.number().int().nullable(),
  value: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;
export const orderNoteAnswerSchema = dataAnswer(orderNoteSchema);
export const orderNoteListAnswerSchema = dataAnswer(z.array(orderNoteSchema));

/* Timeline */

/** "id, type, name, created_at, value (JSON text holding amount, ref, desc, error, can_retry, gatewayId)". */
export const orderEventSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  value: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;
export const orderEventListAnswerSchema = dataAnswer(z.array(orderEventSchema));

/* Exports */

/** "params (JSON: exportType 'all' or 'by_date', rangeStart and rangeEnd in unix seconds, 0 for all)". */
export const exportParamsSchema = z
  .object({
    exportType: z.enum(['all', 'by_date']),
    rangeStart: z.number().int().min(0).max(253_402_300_799).default(0),
    rangeEnd: z.number().int().min(0).max(253_402_300_799).default(0),
  })
  .refine(
    (p) => p.exportType === 'all' || (p.rangeStart > 0 && p.rangeEnd >= p.rangeStart),
    'by_date needs rangeStart and rangeEnd (unix seconds, end not before start)',
  );
export type ExportParamsInput = z.input<typeof exportParamsSchema>;

/** The params may come as JSON text (as the spec's client sends them) or as an object. */
const exportParamsField = z.union([
  z
    .string()
    .max(2000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'params must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(exportParamsSchema),
  exportParamsSchema,
]);

/** "POST exports: funnel_id, params JSON and the blank job fields" (the blank fields are ignored). */
export const createExportBodySchema = dataBody(
  z.object({
    funnel_id: idValue().nullable().optional(),
    params: exportParamsField,
  }),
);
export type CreateExportBody = z.input<typeof createExportBodySchema>;

export const exportJobSchema = z.object({
  id: z.number().int(),
  funnel_id: z.number().int().nullable(),
  time: z.string(),
  data_size: z.number().int(),
  file_name: z.string().nullable(),
  done: z.boolean(),
  failed: z.boolean(),
  time_done: z.string().nullable(),
  expiry_date: z.string(),
  expired: z.boolean(),
  downloads: z.number().int(),
  params: z.object({
    exportType: z.enum(['all', 'by_date']),
    rangeStart: z.number(),
    rangeEnd: z.number(),
  }),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
export const exportJobAnswerSchema = dataAnswer(exportJobSchema);

/** "POST download-export: job id, funnel id". */
export const downloadExportBodySchema = dataBody(
  z.object({ id: idValue(), funnel_id: idValue().nullable().optional() }),
);
