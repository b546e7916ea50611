import { fromMinorUnits, gatewayById, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { steps } from '../../db/schema/index.ts';
import type { OrderPaidEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent, type OrderRow } from '../../modules/orders/orders.queries.ts';
import { type StartedSubscription, startSubscriptions } from './checkout.after-payment.ts';
import type { OrderClosing } from './checkout.order-close.ts';
import { newSession } from './checkout.order-sessions.ts';
import type { Line } from './checkout.pricing.ts';
import { bumpDailyStats, giveDiscountUseBack } from './commerce.ts';
import { type StoredAnswer, storeAnswer } from './idempotency.ts';
import { nextStepOf } from './page-context.ts';
import { ACTIVITY } from './subscriptions.ts';

/** The answer of a payment endpoint: stored for the idempotency key, then sent as is. */
export const failure = (
  status: number,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
): StoredAnswer => ({
  status,
  body: { error: { message, code, status, field: 'payment', ...extra } },
});

/** The shopper an order's activity names. */
export type Person = { firstName: string; lastName: string; optinEmail: string };

/** What recording a charge's outcome needs of its order. */
export type ChargedOrder = {
  accountId: number;
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'amountMinor' | 'discountMinor' | 'customerId' | 'currency'>;
  funnelId: number;
  person: Person;
  gatewayId: number;
};

/**
 * A declined (or failed) payment, inside the order's transaction: the code's use given back, the
 * timeline's error, 'Attempted purchase', 'order.payment_failed', and the 402 stored for the key.
 */
export async function recordPaymentFailure(
  tx: Db,
  charged: ChargedOrder,
  requestId: number,
  result: { message: string; code?: string; retryable: boolean },
): Promise<StoredAnswer> {
  const { accountId, order, funnelId, person, gatewayId } = charged;
  await giveDiscountUseBack(tx, accountId, requestId);
  await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.error, 'Payment failed', {
    amount: fromMinorUnits(order.amountMinor),
    error: result.message,
    can_retry: false,
    gatewayId,
  });
  await recordActivity(tx, accountId, {
    eventId: ACTIVITY.attemptedPurchase,
    customerId: order.customerId,
    ...person,
    amountMinor: order.amountMinor,
    currency: order.currency,
    funnelId,
    orderId: order.id,
  });
  await recordEvent(tx, 'order.payment_failed', `checkout-${order.id}`, {
    accountId,
    orderId: order.id,
    customerId: order.customerId,
    funnelId,
    amountMinor: order.amountMinor,
    currency: order.currency,
    message: result.message,
  });
  const answer = failure(402, result.message, result.code ?? 'payment_failed', {
    retryable: result.retryable,
  });
  await storeAnswer(tx, requestId, answer, order.id);
  return answer;
}

/**
 * A paid checkout, inside the order's transaction: the timeline, 'Purchase', the daily stats, its
 * subscriptions and 'order.paid' in the outbox (once per order, whichever path reports the payment).
 */
export async function recordPaymentSuccess(
  tx: Db,
  charged: ChargedOrder,
  payment: { reference: string; lines: Line[]; saved: string | null; now: Date },
  confirmation: { closing: Pick<OrderClosing, 'recordCheckoutPaid'>; stepId: number | null },
): Promise<{ event: OrderPaidEvent; started: StartedSubscription[]; confirmed: boolean }> {
  const { accountId, order, funnelId, person, gatewayId } = charged;
  await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.info, 'Payment succeeded', {
    amount: fromMinorUnits(order.amountMinor),
    ref: payment.reference,
    desc: `Charged through ${gatewayById(gatewayId).name}`,
    gatewayId,
  });
  await recordActivity(tx, accountId, {
    eventId: ACTIVITY.purchase,
    customerId: order.customerId,
    ...person,
    amountMinor: order.amountMinor,
    currency: order.currency,
    funnelId,
    orderId: order.id,
  });
  await bumpDailyStats(tx, accountId, funnelId, payment.now, order.amountMinor, 1);
  const started = await startSubscriptions(
    tx,
    accountId,
    payment.lines,
    { id: order.id, customerId: order.customerId, funnelId },
    gatewayId,
    payment.saved,
    person,
    payment.now,
  );
  const event: OrderPaidEvent = {
    accountId,
    orderId: order.id,
    customerId: order.customerId,
    funnelId,
    amountMinor: order.amountMinor,
    currency: order.currency,
    source: 'checkout',
  };
  // One confirmation per order: now, or when the shopper leaves the offers that follow (order-close).
  const next = await nextStepAfter(tx, accountId, funnelId, confirmation.stepId);
  const confirmed = await confirmation.closing.recordCheckoutPaid(tx, next, event, started);
  return { event, started, confirmed: confirmed !== null };
}

/** The step a shopper goes to after the checkout step of an order (none when that step is gone). */
async function nextStepAfter(tx: Db, accountId: number, funnelId: number, stepId: number | null) {
  if (stepId === null) return null;
  const [step] = await tx
    .select({ orderIndex: steps.orderIndex })
    .from(steps)
    .where(and(eq(steps.accountId, accountId), eq(steps.id, stepId)));
  return step ? nextStepOf(tx, { accountId, funnelId, stepId, stepOrderIndex: step.orderIndex }) : null;
}

/**
 * The answer of a paid checkout (stored for its key): the order, the next step and the token of a new
 * order session, which the route sets as the order cookie.
 */
export async function paidAnswer(
  tx: Db,
  charged: ChargedOrder,
  step: { stepId: number; stepOrderIndex: number },
  saved: string | null,
  now: Date,
): Promise<StoredAnswer> {
  const { accountId, order, funnelId, gatewayId } = charged;
  const token = await newSession(
    tx,
    accountId,
    { orderId: order.id, customerId: order.customerId, funnelId, gatewayId, saved },
    now,
  );
  const next = await nextStepOf(tx, { accountId, funnelId, ...step });
  return {
    status: 201,
    body: {
      data: {
        order_id: order.id,
        order_number: order.orderNumber,
        amount: fromMinorUnits(order.amountMinor),
        discount: fromMinorUnits(order.discountMinor),
        currency: order.currency,
        order_token: token,
        next_step_id: next?.id ?? null,
        next_url: next?.url ?? null,
      },
    },
  };
}
