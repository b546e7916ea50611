import { fromMinorUnits, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { checkoutRequests, orderItems, orderSessions, orders } from '../../db/schema/index.ts';
import type { OrderPaidEvent, UpsellAcceptedEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import { PAYPAL_GATEWAY_ID } from '../../gateways/paypal.ts';
import type { ChargeResult, GatewayFailure } from '../../gateways/types.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent } from '../../modules/orders/orders.queries.ts';
import { HttpError } from '../../plugins/errors.ts';
import { afterPaid, recordPaid, startSubscriptions } from './checkout.after-payment.ts';
import type { UpsellBody, UpsellCompleteBody } from './checkout.contracts.ts';
import { isConfirmed, staysOnOffers } from './checkout.order-close.ts';
import { OFFER_EXPIRED, sessionOf } from './checkout.order-sessions.ts';
import { failure } from './checkout.payment.ts';
import { type Line, lineOf, MIXED_CURRENCIES, PRODUCT_UNAVAILABLE, variantOf } from './checkout.pricing.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { bumpDailyStats, unprocessable } from './commerce.ts';
import {
  claimKey,
  releaseKey,
  requestHash,
  STILL_PROCESSING,
  type StoredAnswer,
  storeAnswer,
} from './idempotency.ts';
import { loadPageContext, nextStepOf, type PageContext, productsOfStep } from './page-context.ts';
import { ACTIVITY } from './subscriptions.ts';

/** The shopper's answer when the bank wants a saved card's upsell charge confirmed in place (3-D Secure). */
export const UPSELL_NEEDS_AUTHENTICATION = 'Your bank asks you to confirm this payment.';
/** A failed or abandoned confirmation: nothing was charged, nothing added. */
export const UPSELL_NOT_CONFIRMED =
  'The payment was not confirmed, so nothing was charged and the offer was not added to your order.';
/**
 * A one-click offer after a PayPal checkout: PayPal saved nothing to charge again, and this page cannot
 * ask for a second PayPal approval yet (docs/decisions/checkout-and-payments.md).
 */
export const PAYPAL_UPSELL_NEEDS_APPROVAL =
  'You paid with PayPal: this offer would need a new PayPal approval, which this page cannot ask for. Nothing was charged.';
/** Asked to complete an offer whose charge needs no confirmation (none was opened, or it is settled). */
export const NO_UPSELL_TO_CONFIRM = 'There is no payment to confirm for this offer';

/** The metadata key of an upsell's payment at the gateway: its claim's key (`upsell:<order>:<step>`). */
export const UPSELL_METADATA = 'funnelwork_upsell';

/** What recording an accepted upsell needs: its order session, the charged line, the claim's answer. */
type Pending = {
  accountId: number;
  session: { orderId: number; gatewayId: number; savedPaymentMethod: string | null };
  stepId: number;
  line: Line;
  currency: string;
  requestId: number;
  moveOn: { next_step_id: number | null; next_url: string | null };
};

/** One-click upsells and downsells: a charge of the checkout's saved payment method, added to its order. */
export function createCheckoutUpsells(deps: CheckoutContext) {
  const { db, gateways, clock, closing } = deps;

  /**
   * A one-click upsell or downsell answer. Yes charges the saved payment method for the offer's
   * product and adds it to the same order (once per order and step); no moves on. Both answer the
   * next step's URL.
   */
  async function upsell(body: UpsellBody, token: string | null | undefined): Promise<StoredAnswer> {
    const session = await sessionOf(deps, token);
    const context = await loadPageContext(db, body.step_id, body.page_id ?? null);
    if (context.accountId !== session.accountId || context.funnelId !== session.funnelId)
      throw unprocessable(OFFER_EXPIRED, 'offer_expired', 'step_id');
    const { accountId } = context;
    const next = await nextStepOf(db, context);
    const moveOn = { next_step_id: next?.id ?? null, next_url: next?.url ?? null };
    // Leaving the offers confirms the order, once, with every line (checkout.order-close.ts).
    const leaves = !staysOnOffers(next);
    if (body.answer === 'no') {
      if (leaves) await closing.closeOrder(accountId, session.orderId);
      return { status: 200, body: { data: { accepted: false, ...moveOn } } };
    }

    // One acceptance per order and offer step, whatever the client sends: a double click is one charge.
    const key = `upsell:${session.orderId}:${context.stepId}`;
    const claim = await claimKey(
      deps,
      accountId,
      key,
      requestHash({ step: context.stepId, order: session.orderId }),
    );
    if (claim.kind === 'answer') return claim.answer;
    const requestId = claim.requestId;
    let line: Line;
    let currency: string;
    try {
      const wanted = body.product_id ? [body.product_id] : [];
      const catalogue = await productsOfStep(db, context, wanted);
      const entry = body.product_id
        ? catalogue.get(body.product_id)
        : [...catalogue.values()].find(({ product }) => product.stepId === context.stepId);
      if (!entry) throw unprocessable(PRODUCT_UNAVAILABLE, 'product_unavailable', 'product_id');
      // A one-click offer shows no choice of variant: the one posted, else its first (as the page shows).
      line = lineOf(
        entry,
        variantOf(entry.product, entry.variants, body.variant_id ?? null, false, 'variant_id'),
        body.qty,
      );
      const [order] = await db
        .select({ currency: orders.currency })
        .from(orders)
        .where(eq(orders.id, session.orderId));
      currency = order?.currency ?? line.currency;
      if (line.currency !== currency) throw unprocessable(MIXED_CURRENCIES, 'mixed_currencies', 'product_id');
      // PayPal keeps no payment method for us (no vaulting): its offer would need a new approval.
      if (session.gatewayId === PAYPAL_GATEWAY_ID)
        throw unprocessable(PAYPAL_UPSELL_NEEDS_APPROVAL, 'paypal_approval_required', 'payment');
      const adapter = gateways.adapterFor(session.gatewayId);
      if (!adapter?.capabilities.savedPaymentMethods || !session.savedPaymentMethod)
        throw unprocessable(
          'This payment method cannot be charged again',
          'saved_method_unavailable',
          'payment',
        );
    } catch (error) {
      await releaseKey(db, requestId);
      throw error;
    }
    const adapter = gateways.adapterFor(session.gatewayId);
    const credentials = await gateways.credentialsFor(accountId, session.gatewayId);
    const amount = line.amountMinor * line.qty;
    const result: ChargeResult = adapter
      ? await adapter.charge(credentials, {
          amountMinor: amount,
          currency,
          idempotencyKey: `upsell-${accountId}-${session.orderId}-${context.stepId}`,
          paymentMethod: { kind: 'token', token: session.savedPaymentMethod as string },
          description: line.name,
          // The webhook settles a confirmed payment whose page never reported (`upsellEvent`).
          metadata: { funnelwork_account: String(accountId), [UPSELL_METADATA]: key },
        })
      : { ok: false, message: 'This payment method cannot be charged again', retryable: false };

    if (!result.ok && result.action) {
      // The bank wants the shopper: the page confirms this payment in place (3-D Secure), then reports.
      const answer = failure(402, UPSELL_NEEDS_AUTHENTICATION, 'authentication_required', {
        retryable: false,
        requires_action: true,
        client_secret: result.action.clientSecret,
        payment_method: result.action.paymentMethod,
        payment_reference: result.action.reference,
        offer: line,
        ...moveOn,
      });
      await db.transaction(async (tx) => {
        await addEvent(
          tx,
          accountId,
          session.orderId,
          TIMELINE_EVENT_TYPES.info,
          'Upsell needs authentication',
          {
            amount: fromMinorUnits(amount),
            ref: result.action?.reference,
            desc: line.name,
            gatewayId: session.gatewayId,
          },
        );
        await storeAnswer(tx, requestId, answer, session.orderId);
      });
      return answer;
    }
    const outcome = await db.transaction(async (tx) => {
      const pending = { accountId, session, stepId: context.stepId, line, currency, requestId, moveOn };
      if (result.ok) return accept(tx, pending, result.reference);
      await addEvent(tx, accountId, session.orderId, TIMELINE_EVENT_TYPES.error, 'Upsell payment failed', {
        amount: fromMinorUnits(amount),
        error: result.message,
        can_retry: false,
        gatewayId: session.gatewayId,
      });
      const answer = failure(402, result.message, result.code ?? 'payment_failed', {
        retryable: result.retryable,
        ...moveOn,
      });
      await storeAnswer(tx, requestId, answer, session.orderId);
      return { answer, paid: null };
    });
    if (outcome.paid) {
      const { event, accepted, started, confirmed } = outcome.paid;
      deps.events.publish('order.upsell_accepted', accepted);
      await afterPaid(deps, event, started, { confirmed });
    }
    if (leaves) await closing.closeOrder(accountId, session.orderId);
    return outcome.answer;
  }

  /** What an accepted upsell records, in the transaction that also stores its answer. */
  async function accept(tx: Db, pending: Pending, reference: string) {
    const { accountId, session, line, currency, requestId, moveOn } = pending;
    const context = { stepId: pending.stepId };
    const amount = line.amountMinor * line.qty;
    const now = clock();
    const result = { reference };
    await tx.insert(orderItems).values({
      accountId,
      orderId: session.orderId,
      productId: line.productId,
      name: line.name,
      variantTitle: line.variantTitle,
      imageUrl: line.imageUrl,
      amountMinor: line.amountMinor,
      qty: line.qty,
    });
    const [order] = await tx
      .update(orders)
      .set({
        amountMinor: sql`${orders.amountMinor} + ${amount}`,
        itemsCount: sql`${orders.itemsCount} + ${line.qty}`,
        upsellsTaken: sql`${orders.upsellsTaken} + 1`,
        updatedAt: now,
      })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, session.orderId)))
      .returning();
    if (!order) throw new HttpError(404, OFFER_EXPIRED, 'offer_expired');
    await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.info, 'Upsell accepted', {
      amount: fromMinorUnits(amount),
      ref: result.reference,
      desc: line.name,
      gatewayId: session.gatewayId,
    });
    const person = { firstName: order.firstName, lastName: order.lastName, optinEmail: order.email };
    await recordActivity(tx, accountId, {
      eventId: ACTIVITY.purchase,
      customerId: order.customerId,
      ...person,
      amountMinor: amount,
      currency,
      funnelId: order.funnelId,
      orderId: order.id,
    });
    // The upsell adds revenue to the same order: the day's order count stays.
    await bumpDailyStats(tx, accountId, order.funnelId, now, amount, 0);
    const started = await startSubscriptions(
      tx,
      accountId,
      [line],
      order,
      session.gatewayId,
      session.savedPaymentMethod,
      person,
      now,
    );
    const answer: StoredAnswer = {
      status: 200,
      body: {
        data: {
          accepted: true,
          order_id: order.id,
          amount: fromMinorUnits(order.amountMinor),
          currency,
          ...moveOn,
        },
      },
    };
    await storeAnswer(tx, requestId, answer, order.id);
    const event: OrderPaidEvent = {
      accountId,
      orderId: order.id,
      customerId: order.customerId,
      funnelId: order.funnelId,
      amountMinor: amount,
      currency,
      source: 'upsell',
    };
    // One upsell charge per order and step (the charge's own idempotency key says the same).
    const key = `upsell-${order.id}-${context.stepId}`;
    const { source: _source, ...charged } = event;
    const accepted: UpsellAcceptedEvent = { ...charged, stepId: context.stepId, productId: line.productId };
    await recordEvent(tx, 'order.upsell_accepted', key, accepted);
    // The order's row is locked above: its confirmation is recorded or not. Once it is (the shopper came
    // back to an offer after it), this purchase is confirmed on its own.
    const confirmed = await isConfirmed(tx, accountId, order.id);
    await recordPaid(tx, key, event, started, { confirm: confirmed });
    return { answer, paid: { event, accepted, started, confirmed } };
  }

  /**
   * The page's report after the shopper confirmed (or not) an upsell charge the bank wanted
   * authenticated: settled by `settleUpsell`, as the webhook's report is.
   */
  async function completeUpsell(body: UpsellCompleteBody, token: string | null | undefined) {
    const session = await sessionOf(deps, token);
    const context = await loadPageContext(db, body.step_id, body.page_id ?? null);
    if (context.accountId !== session.accountId || context.funnelId !== session.funnelId)
      throw unprocessable(OFFER_EXPIRED, 'offer_expired', 'step_id');
    const answer = await settleUpsell(session, context);
    if (!answer) throw unprocessable(NO_UPSELL_TO_CONFIRM, 'no_payment_to_confirm', 'step_id');
    return answer;
  }

  /**
   * The gateway's webhook reports an upsell payment (named by its metadata's claim key, e.g. the
   * shopper confirmed the challenge and closed the tab before the page reported): settled by
   * `settleUpsell`, as the page's report is, so the offer is added once whichever comes first.
   */
  async function upsellEvent(
    accountId: number,
    gatewayId: number,
    reference: string,
    claim: string,
  ): Promise<'paid' | 'failed' | 'pending' | 'ignored'> {
    const match = /^upsell:(\d+):(\d+)$/.exec(claim);
    if (!match) return 'ignored';
    const [session] = await db
      .select()
      .from(orderSessions)
      .where(and(ownedBy(orderSessions, accountId), eq(orderSessions.orderId, Number(match[1]))))
      .orderBy(desc(orderSessions.id))
      .limit(1);
    if (!session || session.gatewayId !== gatewayId) return 'ignored';
    const context = await loadPageContext(db, Number(match[2]), null).catch(() => null);
    if (!context || context.accountId !== accountId || context.funnelId !== session.funnelId)
      return 'ignored';
    const answer = await settleUpsell(session, context, reference);
    if (!answer) return 'ignored';
    if (answer.status === 200) return 'paid';
    if (answer.status === 409) return 'pending';
    const error = (answer.body as { error?: { code?: string; message?: string } }).error;
    if (error?.code === 'payment_not_confirmed') return 'failed';
    // Stripe not reachable now: 503, so Stripe sends the event again.
    if (answer.status === 503)
      throw new HttpError(503, error?.message ?? STILL_PROCESSING, error?.code ?? 'gateway_unavailable');
    return 'pending';
  }

  /**
   * Settles an upsell charge the bank wanted authenticated, for the page's report and the webhook's
   * alike: the gateway is asked how the payment went (never the page, never the event's copy), and
   * the offer is added once, replacing the claim's 'needs authentication' answer in the same
   * transaction, so a double report, a retry, the webhook or a concurrent one records it once. A
   * failed confirmation is final and recorded as such; one still open answers 409. Null when there is
   * no upsell claim (or, given `reference`, none waiting for that payment).
   */
  async function settleUpsell(
    session: Pending['session'],
    context: PageContext,
    reference?: string,
  ): Promise<StoredAnswer | null> {
    const { accountId } = context;
    const key = `upsell:${session.orderId}:${context.stepId}`;
    const stored = async () => {
      const [row] = await db
        .select()
        .from(checkoutRequests)
        .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.idempotencyKey, key)));
      return row;
    };
    const row = await stored();
    if (!row) return null;
    if (row.state !== 'done' || row.response === null || row.responseStatus === null)
      return failure(409, STILL_PROCESSING, 'payment_in_progress');
    const waiting = waitingOf(row.response);
    // A webhook's payment that is not this claim's (an earlier charge of it, say): not settled by it.
    if (reference !== undefined && waiting && waiting.reference !== reference) return null;
    // Settled already (by an earlier report): the same answer again.
    if (!waiting) return { status: row.responseStatus, body: row.response } satisfies StoredAnswer;

    const adapter = gateways.adapterFor(session.gatewayId);
    const credentials = await gateways.credentialsFor(accountId, session.gatewayId);
    const outcome = adapter?.paymentOutcome
      ? await adapter.paymentOutcome(credentials, waiting.reference)
      : ({ ok: false, message: NO_UPSELL_TO_CONFIRM, retryable: false } satisfies GatewayFailure);
    if ('ok' in outcome) {
      return failure(outcome.retryable ? 503 : 402, outcome.message, outcome.code ?? 'payment_failed', {
        retryable: outcome.retryable,
      });
    }
    // Not confirmed by the shopper yet (the off-session decline is still the intent's last error).
    if (
      outcome.status === 'pending' ||
      (outcome.status === 'failed' && outcome.code === 'authentication_required')
    )
      return failure(409, STILL_PROCESSING, 'payment_in_progress');
    const line = waiting.line;
    const amount = line.amountMinor * line.qty;
    const paidAsOffered =
      outcome.status === 'succeeded' &&
      outcome.amountMinor === amount &&
      outcome.currency === waiting.currency.toUpperCase();
    const moveOn = { next_step_id: waiting.next_step_id, next_url: waiting.next_url };

    const settled = await db.transaction(async (tx) => {
      // The claim's row, taken only while it still waits: a second report finds it settled (and waits
      // for this transaction's lock before it looks, on PostgreSQL).
      const [taken] = await tx
        .update(checkoutRequests)
        .set({ claimedAt: clock() })
        .where(
          and(
            eq(checkoutRequests.id, row.id),
            sql`${checkoutRequests.response}->'error'->>'code' = 'authentication_required'`,
          ),
        )
        .returning({ id: checkoutRequests.id });
      if (!taken) return null;
      if (paidAsOffered) {
        const pending = {
          accountId,
          session,
          stepId: context.stepId,
          line,
          currency: waiting.currency,
          requestId: row.id,
          moveOn,
        };
        return accept(tx, pending, waiting.reference);
      }
      const message = outcome.status === 'failed' ? outcome.message : 'The payment does not match the offer';
      await addEvent(tx, accountId, session.orderId, TIMELINE_EVENT_TYPES.error, 'Upsell payment failed', {
        amount: fromMinorUnits(amount),
        error: message,
        can_retry: false,
        gatewayId: session.gatewayId,
      });
      const answer = failure(402, `${UPSELL_NOT_CONFIRMED} ${message}`, 'payment_not_confirmed', {
        retryable: false,
        ...moveOn,
      });
      await storeAnswer(tx, row.id, answer, session.orderId);
      return { answer, paid: null };
    });
    if (!settled) {
      const again = await stored();
      return { status: again?.responseStatus ?? 409, body: again?.response ?? {} } as StoredAnswer;
    }
    if (!settled.paid) await adapter?.cancelPayment?.(credentials, waiting.reference);
    if (settled.paid) {
      const { event, accepted, started, confirmed } = settled.paid;
      deps.events.publish('order.upsell_accepted', accepted);
      await afterPaid(deps, event, started, { confirmed });
    }
    // Leaving the offers confirms the order (as `upsell` does once its answer is final).
    if (!staysOnOffers(await nextStepOf(db, context))) await closing.closeOrder(accountId, session.orderId);
    return settled.answer;
  }

  return { upsell, completeUpsell, upsellEvent };
}

/** The claim's answer of an upsell waiting for the shopper's confirmation (stored by `upsell`). */
function waitingOf(response: Record<string, unknown>) {
  const error = response.error as Record<string, unknown> | undefined;
  if (error?.code !== 'authentication_required' || error.requires_action !== true) return null;
  const line = error.offer as Line;
  return {
    reference: String(error.payment_reference),
    line,
    currency: line.currency,
    next_step_id: (error.next_step_id as number | null) ?? null,
    next_url: (error.next_url as string | null) ?? null,
  };
}
