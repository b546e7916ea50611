import { randomBytes } from 'node:crypto';
import {
  addressesOf,
  completeAddresses,
  fromMinorUnits,
  gatewayById,
  TIMELINE_EVENT_TYPES,
} from '@funnelwork/domain/rules';
import type { OrderPaidEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import type { ChargeRequest, ChargeResult } from '../../gateways/types.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent, insertOrder } from '../../modules/orders/orders.queries.ts';
import { afterPaid, startSubscriptions } from './checkout.after-payment.ts';
import type { CheckoutBody } from './checkout.contracts.ts';
import { newSession } from './checkout.order-sessions.ts';
import { currencyOf, type Line, priceLines, subtotalOf } from './checkout.pricing.ts';
import type { CheckoutContext } from './checkout.service.ts';
import {
  bumpDailyStats,
  giveDiscountUseBack,
  priceDiscount,
  resolveGateway,
  takeDiscountUse,
  upsertCustomer,
} from './commerce.ts';
import { claimKey, releaseKey, requestHash, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { loadPageContext, nextStepOf } from './page-context.ts';
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

function paymentMethodOf(body: CheckoutBody): ChargeRequest['paymentMethod'] {
  const p = body.payment;
  if (p.kind === 'card')
    return { kind: 'card', number: p.number, expMonth: p.exp_month, expYear: p.exp_year, cvc: p.cvc };
  if (p.kind === 'token') return { kind: 'token', token: p.token };
  return { kind: 'none' };
}

/** The checkout submit: the charge of a cart and the paid (or failed) order it records. */
export function createCheckoutPayment(deps: CheckoutContext) {
  const { db, gateways, clock } = deps;

  /**
   * A checkout submit: prices the cart from the database, charges it once per idempotency key through
   * the page's gateway, and records the customer, the order (paid, or failed on a decline), its
   * timeline, activity, daily stats and subscriptions in one transaction with the stored answer.
   */
  async function placeOrder(
    body: CheckoutBody,
    visit: { visitorId?: string | null } = {},
  ): Promise<StoredAnswer> {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const { accountId } = context;
    const claim = await claimKey(db, accountId, `checkout:${body.idempotency_key}`, requestHash(body));
    if (claim.kind === 'answer') return claim.answer;
    const requestId = claim.requestId;

    let lines: Line[];
    let discount: Awaited<ReturnType<typeof priceDiscount>> | null = null;
    let gateway: Awaited<ReturnType<typeof resolveGateway>>;
    const now = clock();
    try {
      lines = await priceLines(db, context, body);
      if (body.discount_code) {
        discount = await priceDiscount(
          db,
          accountId,
          body.discount_code,
          subtotalOf(lines),
          currencyOf(lines),
          now,
          body.customer.email,
          { usageLimit: 'taken-later' },
        );
      }
      gateway = await resolveGateway(db, gateways, accountId, context.paymentMethods, body.gateway_id);
      // Last before the charge: the code's use is taken atomically, or this checkout stops uncharged.
      if (discount) await takeDiscountUse(db, accountId, discount.id, requestId, body.customer.email);
    } catch (error) {
      // Nothing was charged: the key is free for a corrected repeat (with any use it held given back).
      await db.transaction(async (tx) => {
        await giveDiscountUseBack(tx, accountId, requestId);
        await releaseKey(tx, requestId);
      });
      throw error;
    }
    const currency = currencyOf(lines);
    const subtotal = subtotalOf(lines);
    const total = subtotal - Math.min(discount?.amountMinor ?? 0, subtotal);

    let result: ChargeResult;
    if (total === 0) {
      result = { ok: true, reference: `free_${randomBytes(12).toString('hex')}` };
    } else {
      result = await gateway.adapter.charge(gateway.credentials, {
        amountMinor: total,
        currency,
        idempotencyKey: `checkout-${accountId}-${body.idempotency_key}`,
        paymentMethod: paymentMethodOf(body),
        description: lines
          .map((line) => line.name)
          .join(', ')
          .slice(0, 200),
        customerEmail: body.customer.email,
      });
    }

    // Pages stored with the first form presets post the shipping city, state, zip and country unprefixed.
    const shopper = completeAddresses(body.customer);
    const outcome = await db.transaction(async (tx) => {
      const customer = await upsertCustomer(tx, accountId, shopper, body.fields, { now });
      const person = {
        firstName: customer.firstName,
        lastName: customer.lastName,
        optinEmail: customer.email,
      };
      const order = await insertOrder(tx, accountId, {
        customerId: customer.id,
        funnelId: context.funnelId,
        stepId: context.stepId,
        pageId: context.pageId,
        currency,
        gatewayId: gateway.gatewayId,
        reference: result.ok ? result.reference : null,
        paymentStatus: result.ok ? null : 'failed',
        discount: discount ? { code: discount.code, amountMinor: discount.amountMinor } : null,
        addresses: addressesOf(shopper),
        items: lines.map(({ currency: _c, recurringInterval: _r, ...item }) => item),
        visitorId: visit.visitorId ?? null,
        hasOrderBump: body.order_bump === true && context.orderBumpProductId !== null,
      });
      const gatewayName = gatewayById(gateway.gatewayId).name;
      // The activity of this charge: 'Attempted purchase' when declined, 'Purchase' when paid.
      const activity = {
        customerId: customer.id,
        ...person,
        amountMinor: total,
        currency,
        funnelId: context.funnelId,
        orderId: order.id,
      };
      if (!result.ok) {
        // A failed charge takes no use of the code.
        await giveDiscountUseBack(tx, accountId, requestId);
        await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.error, 'Payment failed', {
          amount: fromMinorUnits(total),
          error: result.message,
          can_retry: false,
          gatewayId: gateway.gatewayId,
        });
        await recordActivity(tx, accountId, { eventId: ACTIVITY.attemptedPurchase, ...activity });
        await recordEvent(tx, 'order.payment_failed', `checkout-${order.id}`, {
          accountId,
          orderId: order.id,
          customerId: customer.id,
          funnelId: context.funnelId,
          amountMinor: total,
          currency,
          message: result.message,
        });
        const answer = failure(402, result.message, result.code ?? 'payment_failed', {
          retryable: result.retryable,
        });
        await storeAnswer(tx, requestId, answer, order.id);
        return { answer, paid: null };
      }
      await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.info, 'Payment succeeded', {
        amount: fromMinorUnits(total),
        ref: result.reference,
        desc: `Charged through ${gatewayName}`,
        gatewayId: gateway.gatewayId,
      });
      await recordActivity(tx, accountId, { eventId: ACTIVITY.purchase, ...activity });
      await bumpDailyStats(tx, accountId, context.funnelId, now, total, 1);
      const saved = gateway.adapter.capabilities.savedPaymentMethods
        ? (result.savedPaymentMethod ?? null)
        : null;
      const started = await startSubscriptions(
        tx,
        accountId,
        lines,
        order,
        gateway.gatewayId,
        saved,
        person,
        now,
      );
      const token = await newSession(
        tx,
        accountId,
        {
          orderId: order.id,
          customerId: customer.id,
          funnelId: context.funnelId,
          gatewayId: gateway.gatewayId,
          saved,
        },
        now,
      );
      const next = await nextStepOf(tx, context);
      const answer: StoredAnswer = {
        status: 201,
        body: {
          data: {
            order_id: order.id,
            order_number: order.orderNumber,
            amount: fromMinorUnits(order.amountMinor),
            discount: fromMinorUnits(order.discountMinor),
            currency,
            order_token: token,
            next_step_id: next?.id ?? null,
            next_url: next?.url ?? null,
          },
        },
      };
      await storeAnswer(tx, requestId, answer, order.id);
      const event: OrderPaidEvent = {
        accountId,
        orderId: order.id,
        customerId: customer.id,
        funnelId: context.funnelId,
        amountMinor: order.amountMinor,
        currency,
        source: 'checkout',
      };
      // One confirmation per order: now, or when the shopper leaves the offers that follow.
      const confirmed = await deps.closing.recordCheckoutPaid(tx, next, event, started);
      return { answer, paid: { event, started, confirmed: confirmed !== null } };
    });
    if (outcome.paid) {
      const { event, started, confirmed } = outcome.paid;
      await afterPaid(deps, event, started, { confirmed });
    }
    return outcome.answer;
  }

  return { placeOrder };
}
