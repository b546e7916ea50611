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

type EventInfo = { label: string; version: number; channels: readonly EventChannel[] };

/** Each event's label, payload version and channels; its payload schema is in catalogue.ts (zod stays out of first loads). */
export const EVENTS = {
  'order.paid': {
    label: 'Purchase (order paid)',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'funnel_apps', 'integrations'],
  },
  'order.upsell_accepted': {
    label: 'Upsell accepted',
    version: 1,
    channels: ['webhooks', 'rest_hooks', 'integrations'],
  },
  'order.payment_failed': {
    label: 'Purchase attempt (payment failed)',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'funnel_apps', 'integrations'],
  },
  'order.refunded': {
    label: 'Refund',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'order.fulfilled': {
    label: 'Order fulfilled',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.started': {
    label: 'New subscription',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.renewed': {
    label: 'Subscription renewed',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.failed': {
    label: 'Subscription payment failed',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'subscription.cancelled': {
    label: 'Subscription canceled',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'integrations'],
  },
  'optin.created': {
    label: 'Opt-in',
    version: 1,
    channels: ['automations', 'webhooks', 'rest_hooks', 'funnel_apps', 'integrations'],
  },
} as const satisfies Record<string, EventInfo>;

export type EventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as [EventName, ...EventName[]];

/** The names of the events a channel receives. */
export type EventsOf<C extends EventChannel> = {
  [K in EventName]: C extends (typeof EVENTS)[K]['channels'][number] ? K : never;
}[EventName];

/** The events a channel receives, in the catalogue's order. */
export function eventsOf<C extends EventChannel>(channel: C): [EventsOf<C>, ...EventsOf<C>[]] {
  return EVENT_NAMES.filter((name) =>
    (EVENTS[name].channels as readonly EventChannel[]).includes(channel),
  ) as [EventsOf<C>, ...EventsOf<C>[]];
}

export const EVENT_LABELS = Object.fromEntries(
  EVENT_NAMES.map((name) => [name, EVENTS[name].label]),
) as Record<EventName, string>;

/** Whether a string is one of the catalogue's event names. */
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENTS, name);
}
