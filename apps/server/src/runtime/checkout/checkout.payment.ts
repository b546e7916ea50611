import { randomBytes } from 'node:crypto';
import { addressesOf, completeAddresses, gatewayById } from '@funnelwork/domain/rules';
import type { ChargeRequest, ChargeResult } from '../../gateways/types.ts';
import { insertOrder } from '../../modules/orders/orders.queries.ts';
import { afterPaid } from './checkout.after-payment.ts';
import type { CheckoutBody } from './checkout.contracts.ts';
import { createCheckoutIntents } from './checkout.intents.ts';
import {
  type ChargedOrder,
  failure,
  paidAnswer,
  recordPaymentFailure,
  recordPaymentSuccess,
} from './checkout.outcomes.ts';
import { repeatPurchaseRefusal } from './checkout.placed-order.ts';
import { currencyOf, type Line, priceLines, subtotalOf } from './checkout.pricing.ts';
import type { CheckoutContext } from './checkout.service.ts';
import {
  giveDiscountUseBack,
  PAYMENT_METHOD_UNAVAILABLE,
  priceDiscount,
  type ResolvedGateway,
  resolveGateway,
  takeDiscountUse,
  unprocessable,
  upsertCustomer,
} from './commerce.ts';
import { claimKey, releaseKey, requestHash, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { loadPageContext } from './page-context.ts';

export { failure };

/**
 * Card numbers never reach us for a gateway with its own card form (Stripe.js): the page confirms the
 * payment there. Refused before anything is recorded, so the key stays free.
 */
function refuseCardDetails(gateway: ResolvedGateway, body: CheckoutBody) {
  const inBrowser = gateway.adapter.startPayment !== undefined;
  if (inBrowser && body.payment.kind === 'card') {
    throw unprocessable(
      `${gatewayById(gateway.gatewayId).name} takes card details through its own form on the page`,
      'card_details_refused',
      'payment',
    );
  }
  if (!inBrowser && body.payment.kind === 'intent') {
    throw unprocessable(PAYMENT_METHOD_UNAVAILABLE, 'gateway_unavailable', 'payment');
  }
}

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
  const intents = createCheckoutIntents(deps);

  /**
   * A checkout submit: prices the cart from the database, charges it once per idempotency key through
   * the page's gateway, and records the customer, the order (paid, or failed on a decline), its
   * timeline, activity, daily stats and subscriptions in one transaction with the stored answer.
   */
  async function placeOrder(
    body: CheckoutBody,
    visit: { visitorId?: string | null; orderToken?: string | null } = {},
  ): Promise<StoredAnswer> {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const { accountId } = context;
    const claim = await claimKey(deps, accountId, `checkout:${body.idempotency_key}`, requestHash(body));
    if (claim.kind === 'answer') return claim.answer;
    const requestId = claim.requestId;
    const refusal = await repeatPurchaseRefusal(deps, context, visit.orderToken, body.new_purchase);
    if (refusal) {
      await releaseKey(db, requestId);
      return refusal;
    }

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
      refuseCardDetails(gateway, body);
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

    // Stripe and the like: the page confirms the payment with the gateway's script, then asks us to verify.
    if (total > 0 && gateway.adapter.startPayment) {
      return intents.openPayment({
        body,
        context,
        requestId,
        lines,
        discount,
        gateway,
        total,
        currency,
        visit,
        now,
      });
    }

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
      const charged: ChargedOrder = {
        accountId,
        order,
        funnelId: context.funnelId,
        person: { firstName: customer.firstName, lastName: customer.lastName, optinEmail: customer.email },
        gatewayId: gateway.gatewayId,
      };
      // A failed charge takes no use of the code: 'Attempted purchase', and the 402 for the key.
      if (!result.ok)
        return { answer: await recordPaymentFailure(tx, charged, requestId, result), paid: null };
      const saved = gateway.adapter.capabilities.savedPaymentMethods
        ? (result.savedPaymentMethod ?? null)
        : null;
      const paid = await recordPaymentSuccess(
        tx,
        charged,
        { reference: result.reference, lines, saved, now },
        { closing: deps.closing, stepId: context.stepId },
      );
      const answer = await paidAnswer(tx, charged, context, saved, now);
      await storeAnswer(tx, requestId, answer, order.id);
      return { answer, paid };
    });
    if (outcome.paid) {
      const { event, started, confirmed } = outcome.paid;
      await afterPaid(deps, event, started, { confirmed });
    }
    return outcome.answer;
  }

  return {
    placeOrder,
    completePayment: intents.completePayment,
    gatewayEvent: intents.gatewayEvent,
    settleFromGateway: intents.settleFromGateway,
    disputeOpened: intents.disputeOpened,
    reconcilePayments: intents.reconcilePayments,
  };
}
