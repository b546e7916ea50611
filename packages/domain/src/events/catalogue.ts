import { z } from 'zod';

/**
 * The account's events, declared once: name, label, the public payload a receiver gets (snake_case,
 * versioned: a change that is not an addition is a new version) and the channels that receive it.
 * The server's bus and outbox types, the REST hooks' and the Webhook integration's event lists, the
 * automations' triggers and the OpenAPI document's `webhooks` section all derive from it.
 */

/** Who receives an event: automation triggers, the Webhook integration, REST hooks, funnel apps, the integrations' event choices. */
export const EVENT_CHANNELS = [
  'automations',
  'webhooks',
  'rest_hooks',
  'funnel_apps',
  'integrations',
] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];

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

type EventDefinition = {
  label: string;
  version: number;
  payload: z.ZodObject;
  channels: readonly EventChannel[];
};

export const EVENT_CATALOGUE = {
  'order.paid': {
    label: 'Purchase (order paid)',
    version: 1,
    payload: z.object({
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
    channels: ['automations', 'webhooks', 'rest_hooks', 'funnel_apps', 'integrations'],
  },
  'order.upsell_accepted': {
    label: 'Upsell accepted',
    version: 1,
    payload: z.object({
      account_id: id,
      order_id: id,
      customer_id: id.nullable(),
      funnel_id: id.nullable(),
      step_id: id.describe('The offer’s step.'),
      product_id: id,
      ...money,
    }),
    channels: ['webhooks', 'rest_hooks', 'integrations'],
  },
  'order.payment_failed': {
    label: 'Purchase attempt (payment failed)',
    version: 1,
    payload: z.object({
      account_id: id,
      order_id: id,
      customer_id: id.nullable(),
      funnel_id: id.nullable(),
      ...money,
      message: z.string().describe('The gateway’s reason.'),
    }),
    channels: ['automations', 'webhooks', 'rest_hooks', 'funnel_apps', 'integrations'],
  },
  'order.refunded': {
    label: 'Refund',
    version: 1,
    payload: z.object({
      account_id: id,
      order_id: id,
      customer_id: id.nullable(),
      ...money,
      refund_reference: z.string(),
    }),
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'order.fulfilled': {
    label: 'Order fulfilled',
    version: 1,
    payload: z.object({
      account_id: id,
      order_id: id,
      customer_id: id.nullable(),
      tracking_number: z.string().nullable(),
      trigger_automations: z.boolean(),
      change: z
        .enum(['fulfilled', 'tracking'])
        .describe('tracking: the tracking info changed after fulfilment.'),
    }),
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.started': {
    label: 'New subscription',
    version: 1,
    payload: subscription,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.renewed': {
    label: 'Subscription renewed',
    version: 1,
    payload: subscription,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.failed': {
    label: 'Subscription payment failed',
    version: 1,
    payload: subscription,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.cancelled': {
    label: 'Subscription canceled',
    version: 1,
    payload: subscription,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'optin.created': {
    label: 'Opt-in',
    version: 1,
    payload: z.object({
      account_id: id,
      customer_id: id,
      funnel_id: id.nullable(),
      step_id: id.optional().describe('The opt-in page’s step.'),
      email: z.string(),
    }),
    channels: ['automations', 'webhooks', 'rest_hooks', 'funnel_apps', 'integrations'],
  },
} as const satisfies Record<string, EventDefinition>;

export type EventName = keyof typeof EVENT_CATALOGUE;
export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as [EventName, ...EventName[]];
/** The public payload of an event, as receivers get it in `data`. */
export type EventPayload<K extends EventName> = z.infer<(typeof EVENT_CATALOGUE)[K]['payload']>;

/** The names of the events a channel receives. */
export type EventsOf<C extends EventChannel> = {
  [K in EventName]: C extends (typeof EVENT_CATALOGUE)[K]['channels'][number] ? K : never;
}[EventName];

/** The events a channel receives, in the catalogue's order. */
export function eventsOf<C extends EventChannel>(channel: C): [EventsOf<C>, ...EventsOf<C>[]] {
  return EVENT_NAMES.filter((name) =>
    (EVENT_CATALOGUE[name].channels as readonly EventChannel[]).includes(channel),
  ) as [EventsOf<C>, ...EventsOf<C>[]];
}

export const EVENT_LABELS = Object.fromEntries(
  EVENT_NAMES.map((name) => [name, EVENT_CATALOGUE[name].label]),
) as Record<EventName, string>;

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

/** Whether a string is one of the catalogue's event names. */
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENT_CATALOGUE, name);
}
