import { fromMinorUnits, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { OrderPaidEvent, UpsellAcceptedEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import type { ChargeResult } from '../../gateways/types.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent } from '../../modules/orders/orders.queries.ts';
import { HttpError } from '../../plugins/errors.ts';
import { afterPaid, recordPaid, startSubscriptions } from './checkout.after-payment.ts';
import type { UpsellBody } from './checkout.contracts.ts';
import { isConfirmed, staysOnOffers } from './checkout.order-close.ts';
import { OFFER_EXPIRED, sessionOf } from './checkout.order-sessions.ts';
import { failure } from './checkout.payment.ts';
import { type Line, lineOf, MIXED_CURRENCIES, PRODUCT_UNAVAILABLE, variantOf } from './checkout.pricing.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { bumpDailyStats, unprocessable } from './commerce.ts';
import { claimKey, releaseKey, requestHash, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { loadPageContext, nextStepOf, productsOfStep } from './page-context.ts';
import { ACTIVITY } from './subscriptions.ts';

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
      db,
      accountId,
      key,
      requestHash({ step: context.stepId, order: session.orderId }),
    );
    if (claim.kind === 'answer') return claim.answer;
    const requestId = claim.requestId;
    const now = clock();
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
        })
      : { ok: false, message: 'This payment method cannot be charged again', retryable: false };

    const outcome = await db.transaction(async (tx) => {
      if (!result.ok) {
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
      }
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
    });
    if (outcome.paid) {
      const { event, accepted, started, confirmed } = outcome.paid;
      deps.events.publish('order.upsell_accepted', accepted);
      await afterPaid(deps, event, started, { confirmed });
    }
    if (leaves) await closing.closeOrder(accountId, session.orderId);
    return outcome.answer;
  }

  return { upsell };
}
