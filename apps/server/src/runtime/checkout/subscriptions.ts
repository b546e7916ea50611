import { fromMinorUnits, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { customers, type RecurringInterval, subscriptions } from '../../db/schema/index.ts';
import type { EventBus, OrderPaidEvent, SubscriptionEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent, insertOrder } from '../../modules/orders/orders.queries.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { bumpDailyStats } from './commerce.ts';

/** Activity event types (orders spec §3). */
export const ACTIVITY = {
  clicked: 1,
  purchase: 2,
  optin: 3,
  subscriptionStarted: 4,
  subscriptionCancelled: 5,
  subscriptionCompleted: 6,
  subscriptionFailed: 7,
  dispute: 8,
  refunded: 9,
  attemptedPurchase: 10,
  recurringPayment: 11,
} as const;

/** A renewal that failed with a retryable error is tried again this much later, at most this often. */
export const RENEWAL_RETRY_MS = 24 * 60 * 60_000;
export const RENEWAL_MAX_ATTEMPTS = 3;

/** One renewal of one subscription, due at `dueAt` (a stale job for another due date does nothing). */
export const renewSubscriptionJob = defineJob(
  'subscriptions.renew',
  z.object({ subscriptionId: z.number().int().positive(), dueAt: z.string() }),
  { retryLimit: 3, retryDelay: 60, retryBackoff: true },
);

/** The next charge date after `from`, one interval later (months and years keep the day of month). */
export function addInterval(from: Date, interval: RecurringInterval): Date {
  const next = new Date(from.getTime());
  switch (interval) {
    case 'day':
      next.setUTCDate(next.getUTCDate() + 1);
      break;
    case 'week':
      next.setUTCDate(next.getUTCDate() + 7);
      break;
    case 'month':
      next.setUTCMonth(next.getUTCMonth() + 1);
      break;
    case 'year':
      next.setUTCFullYear(next.getUTCFullYear() + 1);
      break;
  }
  return next;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const cancelledEvent = (sub: SubscriptionRow): SubscriptionEvent => ({
  accountId: sub.accountId,
  subscriptionId: sub.id,
  customerId: sub.customerId,
  productId: sub.productId,
});

export function subscriptionOut(row: SubscriptionRow) {
  return {
    id: row.id,
    customer_id: row.customerId,
    order_id: row.orderId,
    product_id: row.productId,
    funnel_id: row.funnelId,
    name: row.name,
    variant_title: row.variantTitle,
    qty: row.qty,
    amount: fromMinorUnits(row.amountMinor),
    currency: row.currency,
    interval: row.interval,
    gateway_id: row.gatewayId,
    status: row.status,
    next_charge_at: iso(row.nextChargeAt),
    renewals: row.renewals,
    cancelled_at: iso(row.cancelledAt),
    created_at: iso(row.createdAt),
  };
}

type Deps = {
  db: Db;
  gateways: GatewayRegistry;
  queue: JobQueue;
  events: EventBus;
  clock?: () => Date;
  log?: (message: string) => void;
};

export function createSubscriptionsService({
  db,
  gateways,
  queue,
  events,
  clock = () => new Date(),
  log,
}: Deps) {
  const report = log ?? ((message: string) => console.error(message));

  /** Enqueues the renewal job of a subscription at its next charge date (after the commit). */
  async function schedule(row: { id: number; nextChargeAt: Date | string }) {
    const dueAt = new Date(row.nextChargeAt).toISOString();
    try {
      await queue.send(
        renewSubscriptionJob,
        { subscriptionId: row.id, dueAt },
        { startAfter: new Date(dueAt), singletonKey: `subscription-${row.id}-${dueAt}` },
      );
    } catch (error) {
      report(`renewal of subscription ${row.id} not scheduled: ${(error as Error).message}`);
    }
  }

  async function customerOf(tx: Db, accountId: number, customerId: number | null) {
    if (customerId === null) return { firstName: '', lastName: '', optinEmail: '' };
    const [row] = await tx
      .select({ firstName: customers.firstName, lastName: customers.lastName, optinEmail: customers.email })
      .from(customers)
      .where(and(ownedBy(customers, accountId), eq(customers.id, customerId)));
    return row ?? { firstName: '', lastName: '', optinEmail: '' };
  }

  /**
   * Runs one renewal: charges the saved payment method, records the new order with 'Recurring
   * payment' activity and moves next_charge_at one interval on; a failure records 'Subscription
   * failed' (retried later when the gateway says it may work, else the subscription fails).
   */
  async function renew(
    subscriptionId: number,
    dueAt: string,
  ): Promise<'renewed' | 'failed' | 'retry' | 'skipped'> {
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (sub?.status !== 'active') return 'skipped';
    const due = new Date(sub.nextChargeAt);
    // A job for an earlier due date (already renewed) or one that runs early does nothing.
    if (due.toISOString() !== new Date(dueAt).toISOString() || due.getTime() > clock().getTime())
      return 'skipped';
    const adapter = gateways.adapterFor(sub.gatewayId);
    const now = clock();
    let result: Awaited<ReturnType<NonNullable<typeof adapter>['charge']>>;
    if (!adapter?.capabilities.savedPaymentMethods || !sub.savedPaymentMethod) {
      result = { ok: false, message: 'This payment method cannot be charged again', retryable: false };
    } else {
      const credentials = await gateways.credentialsFor(sub.accountId, sub.gatewayId);
      result = await adapter.charge(credentials, {
        amountMinor: sub.amountMinor * sub.qty,
        currency: sub.currency,
        idempotencyKey: `subscription-${sub.id}-${due.toISOString()}-${sub.failedAttempts}`,
        paymentMethod: { kind: 'token', token: sub.savedPaymentMethod },
        description: `${sub.name} (renewal)`,
      });
    }
    if (result.ok) {
      const reference = result.reference;
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, sub.id))
          .for('update');
        if (locked?.status !== 'active' || new Date(locked.nextChargeAt).getTime() !== due.getTime())
          return null;
        const order = await insertOrder(tx, sub.accountId, {
          customerId: sub.customerId,
          funnelId: sub.funnelId,
          currency: sub.currency,
          gatewayId: sub.gatewayId,
          reference,
          items: [
            {
              productId: sub.productId,
              name: sub.name,
              variantTitle: sub.variantTitle,
              amountMinor: sub.amountMinor,
              qty: sub.qty,
            },
          ],
        });
        await addEvent(tx, sub.accountId, order.id, TIMELINE_EVENT_TYPES.info, 'Recurring payment', {
          amount: fromMinorUnits(order.amountMinor),
          ref: reference,
          gatewayId: sub.gatewayId,
          desc: `Renewal ${locked.renewals + 1} of subscription ${sub.id}`,
        });
        const person = await customerOf(tx, sub.accountId, sub.customerId);
        await recordActivity(tx, sub.accountId, {
          eventId: ACTIVITY.recurringPayment,
          customerId: sub.customerId,
          ...person,
          amountMinor: order.amountMinor,
          currency: sub.currency,
          funnelId: sub.funnelId,
          orderId: order.id,
        });
        await bumpDailyStats(tx, sub.accountId, sub.funnelId, now, order.amountMinor, 1);
        const nextChargeAt = addInterval(due, sub.interval);
        await tx
          .update(subscriptions)
          .set({ nextChargeAt, renewals: locked.renewals + 1, failedAttempts: 0, updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        const paid: OrderPaidEvent = {
          accountId: sub.accountId,
          orderId: order.id,
          customerId: sub.customerId,
          funnelId: sub.funnelId,
          amountMinor: order.amountMinor,
          currency: sub.currency,
          source: 'renewal',
        };
        const renewed: SubscriptionEvent = {
          accountId: sub.accountId,
          subscriptionId: sub.id,
          customerId: sub.customerId,
          productId: sub.productId,
          orderId: order.id,
        };
        await recordEvent(tx, 'order.paid', `renewal-${order.id}`, paid);
        await recordEvent(tx, 'subscription.renewed', `renewal-${order.id}`, renewed);
        return { order, nextChargeAt, paid, renewed };
      });
      if (!outcome) return 'skipped';
      events.publish('order.paid', outcome.paid);
      events.publish('subscription.renewed', outcome.renewed);
      await schedule({ id: sub.id, nextChargeAt: outcome.nextChargeAt });
      return 'renewed';
    }
    const attempts = sub.failedAttempts + 1;
    const retry = result.retryable && attempts < RENEWAL_MAX_ATTEMPTS;
    const nextChargeAt = retry ? new Date(now.getTime() + RENEWAL_RETRY_MS) : due;
    const failed: SubscriptionEvent = {
      accountId: sub.accountId,
      subscriptionId: sub.id,
      customerId: sub.customerId,
      productId: sub.productId,
      message: result.message,
    };
    await db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ failedAttempts: attempts, status: retry ? 'active' : 'failed', nextChargeAt, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      await recordEvent(tx, 'subscription.failed', `${sub.id}-${due.toISOString()}-${attempts}`, failed);
      const person = await customerOf(tx, sub.accountId, sub.customerId);
      await recordActivity(tx, sub.accountId, {
        eventId: ACTIVITY.subscriptionFailed,
        customerId: sub.customerId,
        ...person,
        amountMinor: sub.amountMinor * sub.qty,
        currency: sub.currency,
        funnelId: sub.funnelId,
        orderId: sub.orderId,
      });
      if (sub.orderId !== null) {
        await addEvent(
          tx,
          sub.accountId,
          sub.orderId,
          TIMELINE_EVENT_TYPES.error,
          'Recurring payment failed',
          {
            amount: fromMinorUnits(sub.amountMinor * sub.qty),
            error: result.message,
            can_retry: false,
            gatewayId: sub.gatewayId,
          },
        );
      }
    });
    events.publish('subscription.failed', failed);
    if (retry) await schedule({ id: sub.id, nextChargeAt });
    return retry ? 'retry' : 'failed';
  }

  return {
    schedule,
    renew,

    /** Registers the renewal job's handler (before the queue starts). */
    registerJobs() {
      queue.work(renewSubscriptionJob, async ({ subscriptionId, dueAt }) => {
        await renew(subscriptionId, dueAt);
      });
    },

    async list(accountId: number, params: { page: number; per_page: number }) {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(ownedBy(subscriptions, accountId))
        .orderBy(desc(subscriptions.id))
        .limit(params.per_page)
        .offset(params.page * params.per_page);
      return rows.map(subscriptionOut);
    },

    async get(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(ownedBy(subscriptions, accountId), eq(subscriptions.id, id)));
      if (!row) throw notFound('Subscription');
      return subscriptionOut(row);
    },

    /** Cancels a subscription: no further renewals, 'Subscription cancelled' activity. */
    async cancel(accountId: number, id: number) {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const [sub] = await tx
          .select()
          .from(subscriptions)
          .where(and(ownedBy(subscriptions, accountId), eq(subscriptions.id, id)))
          .for('update');
        if (!sub) throw notFound('Subscription');
        if (sub.status === 'cancelled')
          throw new HttpError(422, 'This subscription is already cancelled', 'already_cancelled');
        const [updated] = await tx
          .update(subscriptions)
          .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
          .where(eq(subscriptions.id, sub.id))
          .returning();
        await recordEvent(tx, 'subscription.cancelled', String(sub.id), cancelledEvent(sub));
        const person = await customerOf(tx, accountId, sub.customerId);
        await recordActivity(tx, accountId, {
          eventId: ACTIVITY.subscriptionCancelled,
          customerId: sub.customerId,
          ...person,
          amountMinor: sub.amountMinor * sub.qty,
          currency: sub.currency,
          funnelId: sub.funnelId,
          orderId: sub.orderId,
        });
        return updated as SubscriptionRow;
      });
      events.publish('subscription.cancelled', cancelledEvent(row));
      return subscriptionOut(row);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
