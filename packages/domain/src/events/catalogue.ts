import { z } from 'zod';
import { EVENT_NAMES, EVENTS, type EventName } from './names.ts';

/**
 * The public payload of each event of names.ts (snake_case, versioned: a change that is not an addition is
 * a new version), and the catalogue the server, the webhooks and the OpenAPI document read: names.ts's
 * label, version and channels with the payload schema.
 */
export * from './names.ts';

const id = z.number().int().positive();
const money = {
  amount_minor: z.number().int().describe('In the currency’s minor unit (cents).'),
  currency: z.string().describe('ISO 4217 code.'),
};
const subscription = z.object({
  account_id: id,
  subscription_id: id,
  customer_id: id.nullable(),
  product_id: id,
  order_id: id.optional().describe('The renewal’s new order (subscription.renewed).'),
  message: z.string().optional().describe('The gateway’s message (subscription.failed).'),
});

const EVENT_PAYLOADS = {
  'order.paid': z.object({
    account_id: id,
    order_id: id,
    customer_id: id.nullable(),
    funnel_id: id.nullable(),
    ...money,
    source: z
      .enum(['checkout', 'upsell', 'renewal'])
      .describe(
        'checkout: the order with every line; upsell: an offer after it; renewal: a subscription’s order.',
      ),
  }),
  'order.upsell_accepted': z.object({
    account_id: id,
    order_id: id,
    customer_id: id.nullable(),
    funnel_id: id.nullable(),
    step_id: id.describe('The offer’s step.'),
    product_id: id,
    ...money,
  }),
  'order.payment_failed': z.object({
    account_id: id,
    order_id: id,
    customer_id: id.nullable(),
    funnel_id: id.nullable(),
    ...money,
    message: z.string().describe('The gateway’s reason.'),
  }),
  'order.refunded': z.object({
    account_id: id,
    order_id: id,
    customer_id: id.nullable(),
    ...money,
    refund_reference: z.string(),
  }),
  'order.fulfilled': z.object({
    account_id: id,
    order_id: id,
    customer_id: id.nullable(),
    tracking_number: z.string().nullable(),
    trigger_automations: z.boolean(),
    change: z
      .enum(['fulfilled', 'tracking'])
      .describe('tracking: the tracking info changed after fulfilment.'),
  }),
  'subscription.started': subscription,
  'subscription.renewed': subscription,
  'subscription.failed': subscription,
  'subscription.cancelled': subscription,
  'optin.created': z.object({
    account_id: id,
    customer_id: id,
    funnel_id: id.nullable(),
    step_id: id.optional().describe('The opt-in page’s step.'),
    email: z.string(),
  }),
} satisfies Record<EventName, z.ZodObject>;

export const EVENT_CATALOGUE = Object.fromEntries(
  EVENT_NAMES.map((name) => [name, { ...EVENTS[name], payload: EVENT_PAYLOADS[name] }]),
) as { [K in EventName]: (typeof EVENTS)[K] & { payload: (typeof EVENT_PAYLOADS)[K] } };

/** The public payload of an event, as receivers get it in `data`. */
export type EventPayload<K extends EventName> = z.infer<(typeof EVENT_PAYLOADS)[K]>;

/** camelCase keys as the snake_case the API speaks (orderId → order_id). */
function snakeKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), child]),
  );
}

/**
 * An event as recorded (camelCase, internal) as its public payload: snake_case, only the fields its
 * schema publishes. A recorded payload that does not fit the schema throws: the contract broke.
 */
export function publicPayload(name: EventName, recorded: Record<string, unknown>): Record<string, unknown> {
  return EVENT_CATALOGUE[name].payload.parse(snakeKeys(recorded));
}
