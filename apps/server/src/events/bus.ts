/**
 * The server's in-process event bus: what happened to orders, subscriptions and opt-ins, for the
 * automations to subscribe to. Publishers call `publish` only after their transaction committed,
 * so a handler never sees an event whose rows were rolled back. Handlers run after the publisher
 * has moved on (a microtask later); a failing handler is logged and never reaches the publisher.
 */

import {
  EVENT_NAMES as CATALOGUE_EVENT_NAMES,
  type EventName as CatalogueEventName,
} from '@funnelwork/domain/events/catalogue';

export type OrderPaidEvent = {
  accountId: number;
  orderId: number;
  customerId: number | null;
  funnelId: number | null;
  amountMinor: number;
  currency: string;
  /**
   * 'checkout' (the order as the shopper left its checkout and offers, every line), 'upsell' (an offer
   * accepted after that order was confirmed) or 'renewal' (a subscription's new order).
   */
  source: 'checkout' | 'upsell' | 'renewal';
};

/**
 * A one-click upsell or downsell accepted and charged: the item added to the order. The order's
 * 'order.paid' (receipt, On Purchase) comes once, when the shopper leaves the offers, with every line.
 */
export type UpsellAcceptedEvent = {
  accountId: number;
  orderId: number;
  customerId: number | null;
  funnelId: number | null;
  /** The offer's step and the product bought there. */
  stepId: number;
  productId: number;
  /** What this acceptance charged. */
  amountMinor: number;
  currency: string;
};

/** A declined or failed charge at checkout ("Purchase Attempt"). */
export type PaymentFailedEvent = {
  accountId: number;
  orderId: number;
  customerId: number | null;
  funnelId: number | null;
  amountMinor: number;
  currency: string;
  message: string;
};

export type OrderRefundedEvent = {
  accountId: number;
  orderId: number;
  customerId: number | null;
  amountMinor: number;
  currency: string;
  refundReference: string;
};

/** An order fulfilled, or its tracking info added or changed afterwards. */
export type OrderFulfilledEvent = {
  accountId: number;
  orderId: number;
  customerId: number | null;
  trackingNumber: string | null;
  /** "trigger_automations": the merchant's choice in the fulfil popup. */
  triggerAutomations: boolean;
  /** 'fulfilled' by the fulfil action, 'tracking' when tracking info changed after it. */
  change: 'fulfilled' | 'tracking';
};

export type SubscriptionEvent = {
  accountId: number;
  subscriptionId: number;
  customerId: number | null;
  productId: number;
  /** The renewal's new order (renewed), absent otherwise. */
  orderId?: number;
  /** The gateway's message (failed). */
  message?: string;
};

export type OptinCreatedEvent = {
  accountId: number;
  customerId: number;
  funnelId: number | null;
  /** The opt-in page's step (an automation may be limited to steps). */
  stepId?: number;
  email: string;
};

export type EventMap = {
  'order.paid': OrderPaidEvent;
  'order.upsell_accepted': UpsellAcceptedEvent;
  'order.payment_failed': PaymentFailedEvent;
  'order.refunded': OrderRefundedEvent;
  'order.fulfilled': OrderFulfilledEvent;
  'subscription.started': SubscriptionEvent;
  'subscription.renewed': SubscriptionEvent;
  'subscription.failed': SubscriptionEvent;
  'subscription.cancelled': SubscriptionEvent;
  'optin.created': OptinCreatedEvent;
};

/** The catalogue's names (packages/domain events/catalogue.ts): EventMap[K] fails to compile for one it lacks. */
export type EventName = CatalogueEventName;
export const EVENT_NAMES: readonly EventName[] = CATALOGUE_EVENT_NAMES;
export type EventHandler<K extends EventName> = (payload: EventMap[K]) => void | Promise<void>;

export type EventBus = {
  /** Adds a handler; the answer removes it again. */
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /** Hands the event to every handler of its name. Call after the commit. */
  publish<K extends EventName>(name: K, payload: EventMap[K]): void;
  /** Resolves once every handler started so far has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
};

/** `onError` reports a handler that failed (the app's logger). */
export function createEventBus({
  onError,
}: {
  onError: (name: EventName, error: unknown) => void;
}): EventBus {
  const handlers = new Map<EventName, Set<EventHandler<EventName>>>();
  const running = new Set<Promise<void>>();

  return {
    subscribe(name, handler) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as EventHandler<EventName>);
      handlers.set(name, set);
      return () => {
        set.delete(handler as EventHandler<EventName>);
      };
    },
    publish(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        const run: Promise<void> = Promise.resolve()
          .then(() => handler(payload))
          .catch((error: unknown) => onError(name, error))
          .finally(() => {
            running.delete(run);
          });
        running.add(run);
      }
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
