import {
  fromMinorUnits,
  gatewayById,
  refundUnavailableReason,
  TIMELINE_EVENT_TYPES,
  toMinorUnits,
} from '@funnelwork/domain/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { orderEvents, orders } from '../../db/schema/index.ts';
import type { OrderRefundedEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import type { GatewayCredentials, RefundResult } from '../../gateways/types.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { recordActivity } from '../activity/activity.queries.ts';
import { type OrdersContext, unprocessable, updateOrder } from './orders.context.ts';
import { addEvent, findOrder, type OrderRow } from './orders.queries.ts';

/** Activity event type 9 'Was refunded' (orders spec §3). */
const WAS_REFUNDED = 9;

/** A refund claim older than this is taken to be from a process that died during the gateway call. */
export const REFUND_CLAIM_TIMEOUT_MS = 5 * 60_000;

type RefundAction = 'refund' | 'cancel_refund';

const cancelAnswer = (row: OrderRow) => ({
  is_canceled: row.isCanceled,
  is_refunded: row.isRefunded,
  amount: fromMinorUnits(row.amountMinor),
});

function assertNotCanceled(order: OrderRow) {
  if (order.isCanceled) throw unprocessable('Order canceled already.', 'already_canceled');
}

function assertRefundable(order: OrderRow) {
  const unavailable = refundUnavailableReason({
    gateway_id: order.gatewayId,
    is_refunded: order.isRefunded,
    reference: order.reference,
    payment_status: order.paymentStatus,
  });
  if (unavailable) throw unprocessable(unavailable, order.paymentStatus ? 'not_paid' : 'refund_unavailable');
}

/** One timeline event of one of the account's orders. */
const eventOf = (accountId: number, orderId: number, eventId: number) =>
  and(ownedBy(orderEvents, accountId), eq(orderEvents.orderId, orderId), eq(orderEvents.id, eventId));

/** The 'Order canceled' timeline event (type 5), with the reason as its `desc`. */
function addCancelEvent(
  tx: Db,
  accountId: number,
  orderId: number,
  reason: string | undefined,
  userId: number | null,
) {
  return addEvent(
    tx,
    accountId,
    orderId,
    TIMELINE_EVENT_TYPES.cancel,
    'Order canceled',
    { desc: reason },
    userId,
  );
}

/** The retried event no longer offers Retry: its attempt has been made. */
async function clearRetry(tx: Db, accountId: number, orderId: number, eventId: number) {
  await tx
    .update(orderEvents)
    .set({ value: sql`${orderEvents.value} || '{"can_retry": false}'::jsonb` })
    .where(eventOf(accountId, orderId, eventId));
}

/**
 * The refund state machine of an order: cancel (with or without a refund), refund, and the retry of a
 * failed attempt from its timeline event.
 */
export function createOrderRefunds({ db, gateways, events, clock, withLockedOrder }: OrdersContext) {
  /** The adapter and credentials a refund of this order needs, or the 422 that says why not. */
  async function refundRoute(accountId: number, order: OrderRow) {
    assertRefundable(order);
    const gateway = gatewayById(order.gatewayId);
    const adapter = gateways.adapterFor(order.gatewayId);
    if (!adapter?.capabilities.refunds) {
      throw unprocessable(
        `Orders processed using ${gateway.name} gateway cannot be refunded through the product.`,
        'refund_unavailable',
      );
    }
    let credentials: GatewayCredentials | null = null;
    if (adapter.capabilities.needsCredentials) {
      credentials = await gateways.credentialsFor(accountId, adapter.gatewayId);
      if (!credentials) {
        throw unprocessable(
          `${gateway.name} is not connected: connect it in the payment gateway settings to refund this order.`,
          'gateway_not_connected',
        );
      }
    }
    return { adapter, credentials };
  }

  /**
   * The order's charges at its gateway: the checkout's (the order's reference, for the amount the
   * upsells did not add) and each accepted upsell's (its timeline event holds reference and amount).
   */
  async function chargesOf(accountId: number, order: OrderRow) {
    const upsells = await db
      .select({ value: orderEvents.value })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.accountId, accountId),
          eq(orderEvents.orderId, order.id),
          eq(orderEvents.name, 'Upsell accepted'),
        ),
      )
      .orderBy(asc(orderEvents.id));
    const extra = upsells
      .map(({ value }) => ({ reference: value.ref ?? '', amountMinor: toMinorUnits(value.amount ?? 0) }))
      .filter((charge) => charge.reference !== '' && charge.amountMinor > 0);
    const upsold = extra.reduce((sum, charge) => sum + charge.amountMinor, 0);
    return [{ reference: order.reference ?? '', amountMinor: order.amountMinor - upsold }, ...extra];
  }

  /**
   * Refund (and, for cancel, cancel) an order at its gateway, exactly once.
   *
   * 1. A short transaction locks the order row, checks the rules and claims the refund
   *    (`refund_state = 'pending'`). A concurrent request finds the claim and gets 409.
   * 2. The gateway is called outside any transaction, so PGlite's one serialised connection is not
   *    held during a slow network call. The idempotency key is the order id and its attempt number:
   *    a repeat of the same attempt (a crash after the call) cannot refund twice at the gateway.
   * 3. A second short transaction records the outcome: refunded and canceled, with events 4 (and 5),
   *    or unchanged with an error event (type 1, can_retry when the gateway says it may work later).
   */
  async function refundAtGateway(
    accountId: number,
    userId: number | null,
    id: number,
    options: { action: RefundAction; reason?: string; retryOfEventId?: number },
  ) {
    const before = await findOrder(db, accountId, id);
    if (options.action === 'cancel_refund') assertNotCanceled(before);
    const { adapter, credentials } = await refundRoute(accountId, before);

    const claimed = await withLockedOrder(accountId, id, async (tx, order) => {
      if (options.action === 'cancel_refund') assertNotCanceled(order);
      assertRefundable(order);
      const claimAge = order.refundClaimedAt
        ? clock().getTime() - new Date(order.refundClaimedAt).getTime()
        : 0;
      if (order.refundState === 'pending' && claimAge < REFUND_CLAIM_TIMEOUT_MS) {
        throw new HttpError(409, 'A refund of this order is already in progress.', 'refund_in_progress');
      }
      return updateOrder(tx, order.id, {
        refundState: 'pending',
        refundClaimedAt: clock(),
        updatedAt: clock(),
      });
    });

    // Each charge of the order is refunded at the gateway: the checkout's, then every accepted
    // upsell's (one-click upsells are charges of their own, so the checkout's charge alone cannot
    // take the whole amount back).
    let result: RefundResult = { ok: false, message: 'Nothing to refund', retryable: false };
    let first: RefundResult | null = null;
    const charges = await chargesOf(accountId, claimed);
    for (const [index, charge] of charges.entries()) {
      const key = `order-${claimed.id}-refund-${claimed.refundAttempts}${index === 0 ? '' : `-${index}`}`;
      try {
        result = await adapter.refund(credentials, {
          reference: charge.reference,
          amountMinor: charge.amountMinor,
          currency: claimed.currency,
          idempotencyKey: key,
          reason: options.reason,
        });
      } catch (error) {
        result = {
          ok: false,
          message: (error as Error).message || 'The gateway did not answer',
          retryable: true,
        };
      }
      // A later attempt (a new key after a failed one) may find charges its predecessor refunded.
      const earlier = index > 0 || claimed.refundAttempts > 0;
      if (!result.ok && earlier && result.code === 'charge_already_refunded') {
        result = { ok: true, refundReference: charge.reference };
      }
      if (index === 0) first = result;
      if (!result.ok) break;
    }
    if (result.ok && first?.ok) result = first;

    const gatewayId = claimed.gatewayId ?? undefined;
    const amount = fromMinorUnits(claimed.amountMinor);
    const outcome = await withLockedOrder(accountId, id, async (tx, order) => {
      if (options.retryOfEventId !== undefined) await clearRetry(tx, accountId, id, options.retryOfEventId);
      if (!result.ok) {
        await tx
          .update(orders)
          .set({
            refundState: null,
            refundClaimedAt: null,
            // A retryable failure keeps its key: the gateway may have done it after all.
            refundAttempts: result.retryable ? order.refundAttempts : order.refundAttempts + 1,
            updatedAt: clock(),
          })
          .where(eq(orders.id, order.id));
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.error,
          options.action === 'cancel_refund' ? 'Cancel with refund failed' : 'Refund failed',
          {
            amount,
            error: result.message,
            can_retry: result.retryable,
            gatewayId,
            action: options.action,
            ...(options.reason && { reason: options.reason }),
          },
          userId,
        );
        return { ok: false as const, message: result.message };
      }
      const now = clock();
      const row = await updateOrder(tx, order.id, {
        isRefunded: true,
        refundedAt: now,
        refundReference: result.refundReference,
        isCanceled: true,
        canceledAt: order.canceledAt ?? now,
        refundState: null,
        refundClaimedAt: null,
        updatedAt: now,
      });
      await addEvent(
        tx,
        accountId,
        order.id,
        TIMELINE_EVENT_TYPES.refund,
        'Order refunded',
        { amount, ref: result.refundReference, desc: options.reason, gatewayId },
        userId,
      );
      if (!order.isCanceled) await addCancelEvent(tx, accountId, order.id, options.reason, userId);
      await recordActivity(tx, accountId, {
        eventId: WAS_REFUNDED,
        customerId: order.customerId,
        firstName: order.firstName,
        lastName: order.lastName,
        optinEmail: order.email,
        amountMinor: order.amountMinor,
        currency: order.currency,
        funnelId: order.funnelId,
        orderId: order.id,
      });
      const refunded: OrderRefundedEvent = {
        accountId,
        orderId: row.id,
        customerId: row.customerId,
        amountMinor: before.amountMinor,
        currency: row.currency,
        refundReference: result.refundReference,
      };
      // An order is refunded once (whole-order refunds), so its id is the event's key.
      await recordEvent(tx, 'order.refunded', String(row.id), refunded);
      return { ok: true as const, row, refunded };
    });
    if (!outcome.ok) throw unprocessable(outcome.message, 'gateway_error');
    // After the commit: automations ('On Refund') subscribe to it.
    events?.publish('order.refunded', outcome.refunded);
    return cancelAnswer(outcome.row);
  }

  return {
    async cancel(
      accountId: number,
      userId: number,
      id: number,
      options: { refund: boolean; reason?: string },
    ) {
      if (options.refund) {
        return refundAtGateway(accountId, userId, id, { action: 'cancel_refund', reason: options.reason });
      }
      return withLockedOrder(accountId, id, async (tx, order) => {
        assertNotCanceled(order);
        const now = clock();
        const row = await updateOrder(tx, order.id, { isCanceled: true, canceledAt: now, updatedAt: now });
        await addCancelEvent(tx, accountId, order.id, options.reason, userId);
        return cancelAnswer(row);
      });
    },

    refund: (accountId: number, userId: number, id: number, reason?: string) =>
      refundAtGateway(accountId, userId, id, { action: 'refund', reason }),

    /** "Timeline: events whose value has can_retry offer a Retry action." */
    async retryEvent(accountId: number, userId: number, orderId: number, eventId: number) {
      await findOrder(db, accountId, orderId);
      const [event] = await db
        .select()
        .from(orderEvents)
        .where(eventOf(accountId, orderId, eventId));
      if (!event) throw notFound('Timeline event');
      const value = event.value ?? {};
      if (!value.can_retry || !value.action) {
        throw unprocessable('This event cannot be retried.', 'not_retryable');
      }
      return refundAtGateway(accountId, userId, orderId, {
        action: value.action,
        reason: value.reason,
        retryOfEventId: eventId,
      });
    },
  };
}
