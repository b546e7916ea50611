import { isOfferStep } from '@funnelwork/blocks';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, outboxEvents } from '../../db/schema/index.ts';
import type { OrderPaidEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import { defineJob } from '../../jobs/queue.ts';
import { recordPaid, type StartedSubscription } from './checkout.after-payment.ts';
import type { CheckoutContext } from './checkout.service.ts';

/**
 * One order, one confirmation (issue 35): an order's 'order.paid' (its receipt, the On Purchase
 * automations, integrations) is recorded once, with every line, when its shopper leaves the funnel's
 * purchase path: at the checkout when no one-click offer follows, else when an offer's answer leads to
 * a step that is no offer, when the order's confirmation is shown, or by this delayed job at the
 * latest. Every way records the same outbox key (`checkout-{order}`), so whichever comes first wins.
 */
export const closeOrderJob = defineJob(
  'checkout.close-order',
  z.object({ accountId: z.number().int(), orderId: z.number().int() }),
  { retryLimit: 5, retryDelay: 10, retryBackoff: true },
);

/** The outbox key of an order's one confirmation. */
export const confirmationKey = (orderId: number) => `checkout-${orderId}`;

/** Whether the order's confirmation ('order.paid' of its checkout) is recorded already. */
export async function isConfirmed(tx: Db, accountId: number, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.accountId, accountId),
        eq(outboxEvents.type, 'order.paid'),
        eq(outboxEvents.key, confirmationKey(orderId)),
      ),
    );
  return row !== undefined;
}

/** Whether a shopper going on to `next` is still on the purchase path (a one-click offer awaits them). */
export const staysOnOffers = (next: { stepType: number } | null) =>
  next !== null && isOfferStep(next.stepType);

export function createOrderClosing(
  deps: Pick<
    CheckoutContext,
    'db' | 'events' | 'queue' | 'clock' | 'confirmationDelaySeconds' | 'jobExpirySeconds'
  >,
) {
  const { db, events, queue } = deps;

  /**
   * Records the order's confirmation unless it is recorded already: the order as it is now (its whole
   * amount; the receipt reads its lines when it is sent). The order row is locked first, so an offer
   * accepted at the same moment is either in it or sees it confirmed (checkout.upsells.ts).
   */
  async function closeOrder(accountId: number, orderId: number): Promise<boolean> {
    const paid = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
        .for('update');
      if (!order || order.paymentStatus !== null || order.reference === null) return null;
      const event: OrderPaidEvent = {
        accountId,
        orderId,
        customerId: order.customerId,
        funnelId: order.funnelId,
        amountMinor: Number(order.amountMinor),
        currency: order.currency,
        source: 'checkout',
      };
      return (await recordEvent(tx, 'order.paid', confirmationKey(orderId), event)) ? event : null;
    });
    if (paid) events.publish('order.paid', paid);
    return paid !== null;
  }

  /**
   * Inside a paid checkout's transaction: its confirmation now when no offer follows, else the delayed
   * job that confirms it at the latest (enqueued with the order, so a crash cannot lose it).
   */
  async function recordCheckoutPaid(
    tx: Db,
    next: { stepType: number } | null,
    paid: OrderPaidEvent,
    started: StartedSubscription[],
  ): Promise<OrderPaidEvent | null> {
    if (!staysOnOffers(next)) {
      await recordPaid(tx, confirmationKey(paid.orderId), paid, started);
      return paid;
    }
    await recordPaid(tx, confirmationKey(paid.orderId), paid, started, { confirm: false });
    // Only test apps run without a queue; there the shopper's leaving the offers confirms the order.
    if (!queue.isRunning()) return null;
    await queue.sendIn(
      tx,
      closeOrderJob,
      { accountId: paid.accountId, orderId: paid.orderId },
      {
        startAfter: new Date(deps.clock().getTime() + deps.confirmationDelaySeconds * 1000),
        expireInSeconds: deps.jobExpirySeconds,
      },
    );
    return null;
  }

  return { closeOrder, recordCheckoutPaid };
}

/** Registers the delayed confirmation's worker (at boot, before the queue starts). */
export function registerOrderClosing(
  queue: CheckoutContext['queue'],
  closing: Pick<ReturnType<typeof createOrderClosing>, 'closeOrder'>,
) {
  queue.work(closeOrderJob, async ({ accountId, orderId }) => {
    await closing.closeOrder(accountId, orderId);
  });
}

/** Confirms orders once (their checkout, their offers, the delayed job). */
export type OrderClosing = ReturnType<typeof createOrderClosing>;
