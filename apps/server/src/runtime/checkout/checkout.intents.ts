import {
  addressesOf,
  completeAddresses,
  fromMinorUnits,
  TIMELINE_EVENT_TYPES,
} from '@funnelwork/domain/rules';
import { and, asc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import {
  checkoutRequests,
  customers,
  orderEvents,
  orderItems,
  orders,
  products,
} from '../../db/schema/index.ts';
import type { GatewayFailure, IntentOutcome, RefundResult } from '../../gateways/types.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent, insertOrder, type OrderRow } from '../../modules/orders/orders.queries.ts';
import { HttpError } from '../../plugins/errors.ts';
import { afterPaid } from './checkout.after-payment.ts';
import type { CheckoutBody, CompletePaymentBody } from './checkout.contracts.ts';
import {
  type ChargedOrder,
  failure,
  paidAnswer,
  recordPaymentFailure,
  recordPaymentSuccess,
} from './checkout.outcomes.ts';
import type { Line } from './checkout.pricing.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { type ResolvedGateway, upsertCustomer } from './commerce.ts';
import { STILL_PROCESSING, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { loadPageContext, type PageContext } from './page-context.ts';
import { ACTIVITY } from './subscriptions.ts';

export const NO_PAYMENT_TO_COMPLETE = 'There is no payment to complete for this checkout';
export const PAYMENT_MISMATCH = 'The payment does not match the order';
export const DISPUTE_OPENED = 'Dispute opened';
/** The orders spec's app_id of orders paid through a gateway named by gateway_id. */
const GATEWAY_APP_ID = 8;
export const PAYMENT_CANCELLED = 'You cancelled the payment. Nothing was charged.';
/** A payment the shopper left unfinished for a day: closed at the gateway and recorded failed. */
export const PAYMENT_ABANDONED = 'The payment was not finished, so nothing was charged.';
/** A payment made after its order was recorded failed: refunded in full, and the shopper told so. */
export const LATE_PAYMENT_REFUNDED =
  'Your payment came after this order had closed, so it was refunded in full.';
/** The order's timeline events of such a payment: refunded, or not (the merchant refunds it at the gateway). */
export const LATE_PAYMENT_REFUND_EVENT = 'Late payment refunded';
export const LATE_PAYMENT_UNREFUNDED_EVENT = 'Late payment not refunded';
/** The reconciliation asks about processing orders at least this old (the page and webhook come first). */
export const RECONCILE_AFTER_MS = 60 * 60_000;
/** A payment still waiting for its shopper this long after the checkout is closed as abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
/** Older processing orders are left to the gateway's webhook and the merchant (they show as Pending). */
export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** Orders read per page of a run. */
export const RECONCILE_BATCH = 200;

/** The webhook-side and page-side report of a payment: what the gateway says of it. */
export type PaymentReport = IntentOutcome | GatewayFailure;

type OpenPayment = {
  body: CheckoutBody;
  context: PageContext;
  requestId: number;
  lines: Line[];
  discount: { code: string; amountMinor: number } | null;
  gateway: ResolvedGateway;
  total: number;
  currency: string;
  visit: { visitorId?: string | null };
  now: Date;
};

/**
 * Payments the shopper confirms in the browser with the gateway's own script (Stripe.js and its
 * 3-D Secure): the checkout opens the payment and records a processing order; the page confirms it;
 * then either the page (`completePayment`) or the gateway's webhook (`gatewayEvent`) reports it, and
 * `settle` asks what the gateway says and records the order paid or failed, exactly once.
 */
export function createCheckoutIntents(deps: CheckoutContext) {
  const { db, gateways, clock } = deps;

  /** Opens the gateway's payment for the priced cart and records the order as processing. */
  async function openPayment(input: OpenPayment): Promise<StoredAnswer> {
    const { body, context, requestId, lines, discount, gateway, total, currency, now } = input;
    const { accountId } = context;
    const started = await gateway.adapter.startPayment?.(gateway.credentials, {
      amountMinor: total,
      currency,
      // The checkout's own key: a repeat after a crash gets the same payment back from the gateway.
      idempotencyKey: `checkout-${accountId}-${body.idempotency_key}`,
      customerEmail: body.customer.email,
      description: lines
        .map((line) => line.name)
        .join(', ')
        .slice(0, 200),
      metadata: { funnelwork_account: String(accountId), funnelwork_request: String(requestId) },
    });
    if (!started) throw new Error('the gateway has no payments confirmed in the browser');
    const shopper = completeAddresses(body.customer);
    return db.transaction(async (tx) => {
      const customer = await upsertCustomer(tx, accountId, shopper, body.fields, { now });
      const order = await insertOrder(tx, accountId, {
        customerId: customer.id,
        funnelId: context.funnelId,
        stepId: context.stepId,
        pageId: context.pageId,
        currency,
        gatewayId: gateway.gatewayId,
        // Orders spec: app_id 8 names the gateway by its id on the timeline ('via PayPal Card Payments').
        appId: GATEWAY_APP_ID,
        reference: started.ok ? started.reference : null,
        paymentStatus: started.ok ? 'processing' : 'failed',
        discount,
        addresses: addressesOf(shopper),
        items: lines.map(({ currency: _c, recurringInterval: _r, ...item }) => item),
        visitorId: input.visit.visitorId ?? null,
        hasOrderBump: body.order_bump === true && context.orderBumpProductId !== null,
      });
      if (!started.ok) {
        const person = {
          firstName: customer.firstName,
          lastName: customer.lastName,
          optinEmail: customer.email,
        };
        const charged = {
          accountId,
          order,
          funnelId: context.funnelId,
          person,
          gatewayId: gateway.gatewayId,
        };
        return recordPaymentFailure(tx, charged, requestId, started);
      }
      const answer: StoredAnswer = {
        status: 202,
        body: {
          data: {
            order_id: order.id,
            gateway_id: gateway.gatewayId,
            client_secret: started.clientSecret,
            requires_confirmation: true,
          },
        },
      };
      await storeAnswer(tx, requestId, answer, order.id);
      return answer;
    });
  }

  /** An order's lines as its subscriptions need them (the products' intervals, read again). */
  async function linesOf(tx: Db, order: OrderRow): Promise<Line[]> {
    const items = await tx
      .select()
      .from(orderItems)
      .where(and(ownedBy(orderItems, order.accountId), eq(orderItems.orderId, order.id)));
    const ids = items.map((item) => item.productId);
    const intervals = new Map(
      (ids.length === 0
        ? []
        : await tx
            .select({ id: products.id, interval: products.recurringInterval })
            .from(products)
            .where(and(ownedBy(products, order.accountId), inArray(products.id, ids)))
      ).map((row) => [row.id, row.interval]),
    );
    return items.map((item) => ({
      productId: item.productId,
      name: item.name,
      variantTitle: item.variantTitle,
      imageUrl: item.imageUrl,
      amountMinor: item.amountMinor,
      qty: item.qty,
      currency: order.currency,
      recurringInterval: intervals.get(item.productId) ?? null,
    }));
  }

  async function chargedOf(tx: Db, order: OrderRow): Promise<ChargedOrder> {
    const [customer] = order.customerId
      ? await tx
          .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
          .from(customers)
          .where(and(ownedBy(customers, order.accountId), eq(customers.id, order.customerId)))
      : [];
    return {
      accountId: order.accountId,
      order,
      funnelId: order.funnelId ?? 0,
      person: {
        firstName: customer?.firstName ?? order.firstName,
        lastName: customer?.lastName ?? order.lastName,
        optinEmail: customer?.email ?? order.email,
      },
      gatewayId: order.gatewayId ?? 0,
    };
  }

  /** The checkout request that opened an order (its stored answer is what the page is told). */
  async function checkoutRequestOf(tx: Db, order: OrderRow) {
    const [request] = await tx
      .select({ id: checkoutRequests.id })
      .from(checkoutRequests)
      .where(and(ownedBy(checkoutRequests, order.accountId), eq(checkoutRequests.orderId, order.id)));
    return request;
  }

  /** What the gateway says now of an order's payment (for its priced amount); null when it cannot be asked. */
  async function askGateway(order: OrderRow): Promise<PaymentReport | null> {
    const adapter = gateways.adapterFor(order.gatewayId);
    if (!adapter?.paymentOutcome) return null;
    const credentials = await gateways.credentialsFor(order.accountId, order.gatewayId ?? 0);
    return adapter.paymentOutcome(credentials, order.reference ?? '', {
      amountMinor: order.amountMinor,
      currency: order.currency,
    });
  }

  /** Closes an order's payment at the gateway (best effort), so it can never be paid later. */
  async function cancelAtGateway(order: OrderRow) {
    const credentials = await gateways.credentialsFor(order.accountId, order.gatewayId ?? 0);
    await gateways.adapterFor(order.gatewayId)?.cancelPayment?.(credentials, order.reference ?? '');
  }

  /**
   * Records what the gateway says of a processing order, once: the first report moves it from
   * processing (a row lock), later ones find it settled and change nothing. Answers the order's state.
   */
  async function settle(order: OrderRow, report: PaymentReport): Promise<'paid' | 'failed' | 'pending'> {
    if (!('status' in report) || report.status === 'pending') return 'pending';
    let outcome = report;
    if (
      outcome.status === 'succeeded' &&
      (outcome.amountMinor !== order.amountMinor || outcome.currency !== order.currency.toUpperCase())
    ) {
      // Never a paid order for a payment of another amount: the merchant sees why on the timeline.
      outcome = { status: 'failed', message: PAYMENT_MISMATCH, code: 'amount_mismatch' };
    }
    const now = clock();
    const settled = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(orders)
        .where(and(ownedBy(orders, order.accountId), eq(orders.id, order.id)))
        .for('update');
      // Money taken for an order already recorded failed: PayPal's shopper approved, and the page's report
      // captured, in the moment the reconciliation closed the order as abandoned (PayPal cannot void an
      // order nobody approved yet).
      if (locked?.paymentStatus === 'failed' && outcome.status === 'succeeded') {
        return { kind: 'late' as const, amountMinor: outcome.amountMinor };
      }
      if (locked?.paymentStatus !== 'processing') return null;
      const request = await checkoutRequestOf(tx, order);
      const charged = await chargedOf(tx, locked);
      if (outcome.status === 'failed') {
        await tx
          .update(orders)
          .set({ paymentStatus: 'failed', updatedAt: now })
          .where(eq(orders.id, order.id));
        if (request) await recordPaymentFailure(tx, charged, request.id, { ...outcome, retryable: false });
        return { kind: 'failed' as const };
      }
      await tx.update(orders).set({ paymentStatus: null, updatedAt: now }).where(eq(orders.id, order.id));
      const lines = await linesOf(tx, locked);
      const saved = outcome.savedPaymentMethod ?? null;
      const paid = await recordPaymentSuccess(
        tx,
        charged,
        { reference: locked.reference ?? '', lines, saved, now },
        { closing: deps.closing, stepId: locked.stepId },
      );
      return { kind: 'paid' as const, paid };
    });
    if (settled?.kind === 'paid') {
      const { event, started, confirmed } = settled.paid;
      await afterPaid(deps, event, started, { confirmed });
    }
    if (settled?.kind === 'failed') await cancelAtGateway(order);
    if (settled?.kind === 'late') await refundLatePayment(order, settled.amountMinor);
    const [after] = await db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (after?.paymentStatus === null) return 'paid';
    return after?.paymentStatus === 'failed' ? 'failed' : 'pending';
  }

  /**
   * A payment that succeeded at the gateway for an order recorded failed is given back in full, once (the
   * gateway's idempotency key, and the timeline event under the order's lock): the order stays failed, its
   * timeline says what happened, and the checkout's stored answer tells the shopper. A refund the gateway
   * refuses is on the timeline for the merchant, whose back office cannot refund an unpaid order.
   */
  async function refundLatePayment(order: OrderRow, amountMinor: number) {
    const adapter = gateways.adapterFor(order.gatewayId);
    let result: RefundResult = { ok: false, message: 'The gateway cannot refund payments', retryable: false };
    try {
      if (adapter?.capabilities.refunds) {
        const credentials = await gateways.credentialsFor(order.accountId, order.gatewayId ?? 0);
        result = await adapter.refund(credentials, {
          reference: order.reference ?? '',
          amountMinor,
          currency: order.currency,
          idempotencyKey: `order-${order.id}-late-payment`,
          reason: 'The payment came after the order had closed',
        });
      }
    } catch (error) {
      result = {
        ok: false,
        message: (error as Error).message || 'The gateway did not answer',
        retryable: true,
      };
    }
    await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
      const recorded = await tx
        .select({ name: orderEvents.name })
        .from(orderEvents)
        .where(
          and(
            ownedBy(orderEvents, order.accountId),
            eq(orderEvents.orderId, order.id),
            inArray(orderEvents.name, [LATE_PAYMENT_REFUND_EVENT, LATE_PAYMENT_UNREFUNDED_EVENT]),
          ),
        );
      const names = new Set(recorded.map((event) => event.name));
      if (names.has(LATE_PAYMENT_REFUND_EVENT)) return;
      const amount = fromMinorUnits(amountMinor);
      const gatewayId = order.gatewayId ?? undefined;
      if (!result.ok) {
        if (!names.has(LATE_PAYMENT_UNREFUNDED_EVENT)) {
          await addEvent(
            tx,
            order.accountId,
            order.id,
            TIMELINE_EVENT_TYPES.error,
            LATE_PAYMENT_UNREFUNDED_EVENT,
            {
              amount,
              error: result.message,
              desc: 'The payment came after the order had closed: refund it at the gateway.',
              gatewayId,
            },
          );
        }
        return;
      }
      await addEvent(tx, order.accountId, order.id, TIMELINE_EVENT_TYPES.refund, LATE_PAYMENT_REFUND_EVENT, {
        amount,
        ref: result.refundReference,
        desc: 'The payment came after the order had closed.',
        gatewayId,
      });
      const request = await checkoutRequestOf(tx, order);
      if (request) {
        const answer = failure(402, LATE_PAYMENT_REFUNDED, 'payment_refunded', { retryable: false });
        await storeAnswer(tx, request.id, answer, order.id);
      }
    });
  }

  /**
   * The page after the shopper confirmed (or failed to confirm) the payment: asks the gateway, records
   * the outcome, and answers as the checkout does (the paid order and its order token, or the 402).
   */
  async function completePayment(body: CompletePaymentBody): Promise<StoredAnswer> {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const { accountId } = context;
    const key = `checkout:${body.idempotency_key}`;
    const [request] = await db
      .select()
      .from(checkoutRequests)
      .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.idempotencyKey, key)));
    const [order] = request?.orderId
      ? await db
          .select()
          .from(orders)
          .where(and(ownedBy(orders, accountId), eq(orders.id, request.orderId)))
      : [];
    if (!request || !order || order.stepId !== context.stepId) {
      throw new HttpError(404, NO_PAYMENT_TO_COMPLETE, 'not_found', 'idempotency_key');
    }
    const adapter = gateways.adapterFor(order.gatewayId);
    let saved: string | null = null;
    // Processing: ask the gateway. Paid by the webhook meanwhile: ask for the saved card of the session.
    if (
      order.paymentStatus === 'processing' ||
      (order.paymentStatus === null && request.responseStatus === 202)
    ) {
      let report: PaymentReport = (await askGateway(order)) ?? { status: 'pending' };
      // The shopper closed the gateway's window (PayPal) before approving: nothing can be paid now.
      if (body.cancelled && 'status' in report && report.status === 'pending') {
        report = { status: 'failed', message: PAYMENT_CANCELLED, code: 'payer_cancelled' };
      }
      if (!('status' in report)) {
        return failure(report.retryable ? 503 : 402, report.message, report.code ?? 'payment_failed', {
          retryable: report.retryable,
        });
      }
      if (report.status === 'succeeded' && adapter?.capabilities.savedPaymentMethods) {
        saved = report.savedPaymentMethod ?? null;
      }
      if (order.paymentStatus === 'processing' && (await settle(order, report)) === 'pending') {
        return failure(409, STILL_PROCESSING, 'payment_in_progress');
      }
    }
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(checkoutRequests)
        .where(eq(checkoutRequests.id, request.id))
        .for('update');
      if (locked?.responseStatus === 201 || locked?.responseStatus === 402) {
        return { status: locked.responseStatus, body: locked.response ?? {} };
      }
      const [settled] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (!settled || settled.paymentStatus !== null) {
        return failure(409, STILL_PROCESSING, 'payment_in_progress');
      }
      // Paid (on this report or the webhook's): the order session opens for this browser only.
      const answer = await paidAnswer(tx, await chargedOf(tx, settled), context, saved, clock());
      await storeAnswer(tx, request.id, answer, order.id);
      return answer;
    });
  }

  /** The order a gateway's payment (its reference at that gateway) was opened for, if any in this account. */
  async function orderOfPayment(accountId: number, gatewayId: number, reference: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(
        and(ownedBy(orders, accountId), eq(orders.gatewayId, gatewayId), eq(orders.reference, reference)),
      );
    return order;
  }

  /**
   * A gateway's webhook reports a payment of this account: the order it opened (found by the payment's
   * reference) is settled as the page's report would; payments of no checkout here are ignored.
   */
  async function gatewayEvent(
    accountId: number,
    gatewayId: number,
    reference: string,
    report: PaymentReport,
  ): Promise<'paid' | 'failed' | 'pending' | 'ignored'> {
    const order = await orderOfPayment(accountId, gatewayId, reference);
    if (!order) return 'ignored';
    return settle(order, report);
  }

  /**
   * A gateway's webhook says a payment of this account may be ready (PayPal: approved by the shopper):
   * the gateway is asked (and captures, PayPal, for the priced amount only), and the order is settled as
   * the page's report would settle it. Not reachable now: 503, so the gateway sends the event again.
   */
  async function settleFromGateway(
    accountId: number,
    gatewayId: number,
    reference: string,
  ): Promise<'paid' | 'failed' | 'pending' | 'ignored'> {
    const order = await orderOfPayment(accountId, gatewayId, reference);
    if (!order) return 'ignored';
    if (order.paymentStatus !== 'processing') return order.paymentStatus === null ? 'paid' : 'failed';
    const report = await askGateway(order);
    if (!report) return 'ignored';
    if (!('status' in report)) throw new HttpError(503, report.message, report.code ?? 'gateway_unavailable');
    return settle(order, report);
  }

  /**
   * A dispute the gateway opened on an order's payment: 'Started a new dispute' and a timeline event,
   * once per dispute (the order's row lock orders Stripe's retries of the event).
   */
  async function disputeOpened(
    accountId: number,
    gatewayId: number,
    reference: string,
    dispute: { id: string; amountMinor: number; reason: string },
  ): Promise<'recorded' | 'ignored'> {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(ownedBy(orders, accountId), eq(orders.gatewayId, gatewayId), eq(orders.reference, reference)),
        )
        .for('update');
      if (!order) return 'ignored';
      const events = await tx
        .select({ value: orderEvents.value })
        .from(orderEvents)
        .where(
          and(
            ownedBy(orderEvents, accountId),
            eq(orderEvents.orderId, order.id),
            eq(orderEvents.name, DISPUTE_OPENED),
          ),
        );
      if (events.some((e) => (e.value as { ref?: string } | null)?.ref === dispute.id)) return 'recorded';
      await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.error, DISPUTE_OPENED, {
        amount: fromMinorUnits(dispute.amountMinor),
        ref: dispute.id,
        desc: `Reason: ${dispute.reason.replaceAll('_', ' ')}`,
        gatewayId,
      });
      const charged = await chargedOf(tx, order);
      await recordActivity(tx, accountId, {
        eventId: ACTIVITY.dispute,
        customerId: order.customerId,
        ...charged.person,
        amountMinor: dispute.amountMinor,
        currency: order.currency,
        funnelId: order.funnelId,
        orderId: order.id,
      });
      return 'recorded';
    });
  }

  /**
   * The processing orders neither the page nor the webhook reported (a tab closed, a webhook lost, a
   * shopper who never finished), an hour to a week old: each gateway is asked, and what it says is recorded
   * through `settle`, as the page's report would be. A payment still waiting for its shopper a day after
   * the checkout is closed at the gateway first (a Stripe intent cancelled; a PayPal order is captured only
   * here and on the page's report, both of which need a processing order) and recorded failed; one the
   * gateway is still processing, or that it cannot be asked about (unreachable, disconnected), is left.
   */
  async function reconcilePayments(
    onError: (error: unknown, orderId: number) => void = () => {},
  ): Promise<{ paid: number; failed: number }> {
    const now = clock();
    const counts = { paid: 0, failed: 0 };
    // Page by page (by id) through the window, so orders that cannot be asked never crowd out the others.
    for (let after = 0; ; ) {
      const waiting = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.paymentStatus, 'processing'),
            isNotNull(orders.reference),
            gt(orders.id, after),
            gt(orders.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_MS)),
            lt(orders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(RECONCILE_BATCH);
      for (const order of waiting) {
        try {
          const report = await reconciledReport(order, now);
          if (!report) continue;
          const state = await settle(order, report);
          if (state === 'paid') counts.paid += 1;
          if (state === 'failed') counts.failed += 1;
        } catch (error) {
          // One order the gateway or the database fails on does not hold up the others.
          onError(error, order.id);
        }
      }
      const last = waiting.at(-1);
      if (!last || waiting.length < RECONCILE_BATCH) break;
      after = last.id;
    }
    return counts;
  }

  /** What to record of one processing order, or null to ask again on the next run. */
  async function reconciledReport(order: OrderRow, now: Date): Promise<PaymentReport | null> {
    const report = await askGateway(order);
    if (!report || !('status' in report)) return null;
    if (report.status !== 'pending') return report;
    const age = now.getTime() - new Date(order.createdAt).getTime();
    if (!report.awaitingPayer || age < ABANDONED_AFTER_MS) return null;
    // Closed at the gateway before it is recorded failed (settle closes it again, harmlessly), then asked
    // again: the shopper may have paid since.
    await cancelAtGateway(order);
    const again = await askGateway(order);
    if (!again || !('status' in again)) return null;
    if (again.status === 'succeeded') return again;
    if (again.status === 'failed' || again.awaitingPayer) {
      return { status: 'failed', message: PAYMENT_ABANDONED, code: 'payer_abandoned' };
    }
    return null;
  }

  return { openPayment, completePayment, gatewayEvent, settleFromGateway, disputeOpened, reconcilePayments };
}
