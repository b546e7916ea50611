import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { OrderPaidEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import type { Line } from './checkout.pricing.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { ACTIVITY, addInterval } from './subscriptions.ts';

export type StartedSubscription = { id: number; nextChargeAt: Date; productId: number };

/** Starts a subscription per recurring line of a paid order (inside its transaction). */
export async function startSubscriptions(
  tx: Db,
  accountId: number,
  lines: Line[],
  order: { id: number; customerId: number | null; funnelId: number | null },
  gatewayId: number,
  saved: string | null,
  person: { firstName: string; lastName: string; optinEmail: string },
  now: Date,
) {
  const started: StartedSubscription[] = [];
  for (const line of lines) {
    if (!line.recurringInterval) continue;
    const [row] = await tx
      .insert(subscriptions)
      .values({
        accountId,
        customerId: order.customerId,
        orderId: order.id,
        productId: line.productId,
        variantTitle: line.variantTitle,
        funnelId: order.funnelId,
        name: line.name,
        qty: line.qty,
        amountMinor: line.amountMinor,
        currency: line.currency,
        interval: line.recurringInterval,
        gatewayId,
        savedPaymentMethod: saved,
        nextChargeAt: addInterval(now, line.recurringInterval),
      })
      .returning({
        id: subscriptions.id,
        nextChargeAt: subscriptions.nextChargeAt,
        productId: subscriptions.productId,
      });
    if (!row) continue;
    started.push(row);
    await recordActivity(tx, accountId, {
      eventId: ACTIVITY.subscriptionStarted,
      customerId: order.customerId,
      ...person,
      amountMinor: line.amountMinor * line.qty,
      currency: line.currency,
      funnelId: order.funnelId,
      orderId: order.id,
    });
  }
  return started;
}

/**
 * Inside a paid charge's transaction: 'order.paid' (once per `key`, the purchase; not while the order
 * awaits its confirmation, see checkout.order-close.ts) and 'subscription.started' for each
 * subscription it started, into the outbox.
 */
export async function recordPaid(
  tx: Db,
  key: string,
  paid: OrderPaidEvent,
  started: StartedSubscription[],
  { confirm = true }: { confirm?: boolean } = {},
) {
  if (confirm) await recordEvent(tx, 'order.paid', key, paid);
  for (const sub of started) {
    await recordEvent(tx, 'subscription.started', `subscription-${sub.id}`, startedEvent(paid, sub));
  }
}

const startedEvent = (paid: OrderPaidEvent, sub: StartedSubscription) => ({
  accountId: paid.accountId,
  subscriptionId: sub.id,
  customerId: paid.customerId,
  productId: sub.productId,
});

/**
 * After a paid charge's transaction commits: 'order.paid', then 'subscription.started' for each
 * subscription it started, and each subscription's first renewal job.
 */
export function afterPaid(
  { events, subscriptions: subs }: Pick<CheckoutContext, 'events' | 'subscriptions'>,
  paid: OrderPaidEvent,
  started: StartedSubscription[],
  { confirmed = true }: { confirmed?: boolean } = {},
) {
  if (confirmed) events.publish('order.paid', paid);
  for (const sub of started) events.publish('subscription.started', startedEvent(paid, sub));
  return Promise.all(started.map((sub) => subs.schedule(sub)));
}
