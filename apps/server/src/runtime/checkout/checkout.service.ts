import { createHash, randomBytes } from 'node:crypto';
import {
  addressesOf,
  completeAddresses,
  fromMinorUnits,
  gatewayById,
  TIMELINE_EVENT_TYPES,
} from '@funnelwork/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orderSessions, orders, subscriptions } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/bus.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import type { ChargeRequest, ChargeResult } from '../../gateways/types.ts';
import { recordActivity } from '../../modules/activity/activity.queries.ts';
import { addEvent, insertOrder } from '../../modules/orders/orders.queries.ts';
import { HttpError } from '../../plugins/errors.ts';
import type {
  CheckoutBody,
  DiscountBody,
  PlacedOrderBody,
  QuoteBody,
  UpsellBody,
} from './checkout.contracts.ts';
import {
  bumpDailyStats,
  giveDiscountUseBack,
  priceDiscount,
  resolveGateway,
  takeDiscountUse,
  unprocessable,
  upsertCustomer,
} from './commerce.ts';
import { claimKey, releaseKey, requestHash, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { loadPageContext, nextStepOf, type PageContext, productsOfStep } from './page-context.ts';
import { ACTIVITY, addInterval, type SubscriptionsService } from './subscriptions.ts';

/** How long after a checkout its one-click upsells can still charge the saved payment method. */
export const ORDER_SESSION_MS = 2 * 60 * 60_000;

export const NO_PRODUCTS = 'Choose a product';
export const PRODUCT_UNAVAILABLE = 'This product is not available on this page';
export const OFFER_EXPIRED = 'This offer has expired';
export const MIXED_CURRENCIES = 'Products in different currencies cannot be bought together';

type Deps = {
  db: Db;
  gateways: GatewayRegistry;
  events: EventBus;
  subscriptions: SubscriptionsService;
  clock?: () => Date;
};

type Line = {
  productId: number;
  name: string;
  variantTitle: string | null;
  imageUrl: string | null;
  amountMinor: number;
  qty: number;
  currency: string;
  recurringInterval: 'day' | 'week' | 'month' | 'year' | null;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The answer of a payment endpoint: stored for the idempotency key, then sent as is. */
const failure = (
  status: number,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
): StoredAnswer => ({
  status,
  body: { error: { message, code, status, field: 'payment', ...extra } },
});

export function createCheckoutService({
  db,
  gateways,
  events,
  subscriptions: subs,
  clock = () => new Date(),
}: Deps) {
  /** Prices the chosen products from the database; the client's prices are never used. */
  async function priceLines(context: PageContext, body: CheckoutBody): Promise<Line[]> {
    const list = context.productLists[0];
    let chosen = body.items;
    if (list) {
      const listed = new Set(list.productIds);
      if (chosen.some((item) => !listed.has(item.product_id)))
        throw unprocessable(PRODUCT_UNAVAILABLE, 'product_unavailable', 'items');
      if (list.selectionType === 'single' && (chosen.length !== 1 || chosen[0]?.qty !== 1))
        throw unprocessable('Choose one product', 'invalid_selection', 'items');
      if (list.selectionType === 'multi') chosen = chosen.map((item) => ({ ...item, qty: 1 }));
      if (new Set(chosen.map((item) => `${item.product_id}:${item.variant_id ?? ''}`)).size !== chosen.length)
        throw unprocessable('Each product is chosen once', 'invalid_selection', 'items');
    }
    const wanted = chosen.map((item) => item.product_id);
    if (body.order_bump && context.orderBumpProductId !== null) wanted.push(context.orderBumpProductId);
    const catalogue = await productsOfStep(db, context, wanted);
    if (!list && chosen.length === 0) {
      // A page without a product list sells the step's own products, one of each.
      chosen = [...catalogue.values()]
        .filter(
          ({ product }) => product.stepId === context.stepId && product.id !== context.orderBumpProductId,
        )
        .map(({ product }) => ({ product_id: product.id, variant_id: null, qty: 1 }));
    }
    if (chosen.length === 0) throw unprocessable(NO_PRODUCTS, 'no_products', 'items');
    const lines = chosen.map((item) => {
      const entry = catalogue.get(item.product_id);
      if (!entry) throw unprocessable(PRODUCT_UNAVAILABLE, 'product_unavailable', 'items');
      return lineOf(entry, item.variant_id ?? null, item.qty);
    });
    if (body.order_bump) {
      const bump =
        context.orderBumpProductId === null ? undefined : catalogue.get(context.orderBumpProductId);
      if (!bump) throw unprocessable('This page has no order bump', 'no_order_bump', 'order_bump');
      lines.push(lineOf(bump, null, 1));
    }
    const currencies = new Set(lines.map((line) => line.currency));
    if (currencies.size > 1) throw unprocessable(MIXED_CURRENCIES, 'mixed_currencies', 'items');
    return lines;
  }

  function lineOf(
    entry: NonNullable<Awaited<ReturnType<typeof productsOfStep>> extends Map<number, infer V> ? V : never>,
    variantId: number | null,
    qty: number,
  ): Line {
    const { product, variants } = entry;
    let variant = variantId === null ? undefined : variants.find((v) => v.id === variantId);
    if (variantId !== null && !variant)
      throw unprocessable('This variant is not available', 'variant_unavailable', 'items');
    // A product with variants is bought as one of them: its first when none was chosen.
    if (!variant && variants.length > 0) variant = variants[0];
    return {
      productId: product.id,
      name: product.name,
      variantTitle: variant?.name ?? null,
      imageUrl: product.images[0] ?? null,
      amountMinor: variant?.priceMinor ?? product.priceMinor,
      qty,
      currency: product.currency,
      recurringInterval: product.recurringInterval,
    };
  }

  function paymentMethodOf(body: CheckoutBody): ChargeRequest['paymentMethod'] {
    const p = body.payment;
    if (p.kind === 'card')
      return { kind: 'card', number: p.number, expMonth: p.exp_month, expYear: p.exp_year, cvc: p.cvc };
    if (p.kind === 'token') return { kind: 'token', token: p.token };
    return { kind: 'none' };
  }

  async function newSession(
    tx: Db,
    accountId: number,
    values: {
      orderId: number;
      customerId: number | null;
      funnelId: number;
      gatewayId: number;
      saved: string | null;
    },
    now: Date,
  ) {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(orderSessions).values({
      accountId,
      tokenHash: hashToken(token),
      orderId: values.orderId,
      customerId: values.customerId,
      funnelId: values.funnelId,
      gatewayId: values.gatewayId,
      savedPaymentMethod: values.saved,
      expiresAt: new Date(now.getTime() + ORDER_SESSION_MS),
    });
    return token;
  }

  /** Starts a subscription per recurring line of a paid order (inside its transaction). */
  async function startSubscriptions(
    tx: Db,
    accountId: number,
    lines: Line[],
    order: { id: number; customerId: number | null; funnelId: number | null },
    gatewayId: number,
    saved: string | null,
    person: { firstName: string; lastName: string; optinEmail: string },
    now: Date,
  ) {
    const started: Array<{ id: number; nextChargeAt: Date; productId: number }> = [];
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

  function afterCommit(
    accountId: number,
    customerId: number | null,
    started: Array<{ id: number; nextChargeAt: Date; productId: number }>,
  ) {
    for (const sub of started) {
      events.publish('subscription.started', {
        accountId,
        subscriptionId: sub.id,
        customerId,
        productId: sub.productId,
      });
    }
    return Promise.all(started.map((sub) => subs.schedule(sub)));
  }

  /**
   * A checkout submit: prices the cart from the database, charges it once per idempotency key through
   * the page's gateway, and records the customer, the order (paid, or failed on a decline), its
   * timeline, activity, daily stats and subscriptions in one transaction with the stored answer.
   */
  async function placeOrder(body: CheckoutBody): Promise<StoredAnswer> {
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
      lines = await priceLines(context, body);
      const currency = (lines[0] as Line).currency;
      const subtotal = lines.reduce((sum, line) => sum + line.amountMinor * line.qty, 0);
      if (body.discount_code) {
        discount = await priceDiscount(
          db,
          accountId,
          body.discount_code,
          subtotal,
          currency,
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
    const currency = (lines[0] as Line).currency;
    const subtotal = lines.reduce((sum, line) => sum + line.amountMinor * line.qty, 0);
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
      });
      const gatewayName = gatewayById(gateway.gatewayId).name;
      if (!result.ok) {
        // A failed charge takes no use of the code.
        await giveDiscountUseBack(tx, accountId, requestId);
        await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.error, 'Payment failed', {
          amount: fromMinorUnits(total),
          error: result.message,
          can_retry: false,
          gatewayId: gateway.gatewayId,
        });
        await recordActivity(tx, accountId, {
          eventId: ACTIVITY.attemptedPurchase,
          customerId: customer.id,
          ...person,
          amountMinor: total,
          currency,
          funnelId: context.funnelId,
          orderId: order.id,
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
      await recordActivity(tx, accountId, {
        eventId: ACTIVITY.purchase,
        customerId: customer.id,
        ...person,
        amountMinor: total,
        currency,
        funnelId: context.funnelId,
        orderId: order.id,
      });
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
      return { answer, paid: { order, customerId: customer.id, started } };
    });
    if (outcome.paid) {
      events.publish('order.paid', {
        accountId,
        orderId: outcome.paid.order.id,
        customerId: outcome.paid.customerId,
        funnelId: context.funnelId,
        amountMinor: outcome.paid.order.amountMinor,
        currency,
        source: 'checkout',
      });
      await afterCommit(accountId, outcome.paid.customerId, outcome.paid.started);
    }
    return outcome.answer;
  }

  /** The live order session of a token, or 422 'This offer has expired'. */
  async function sessionOf(token: string | null | undefined) {
    if (!token) throw unprocessable(OFFER_EXPIRED, 'offer_expired', 'order_token');
    const [row] = await db
      .select()
      .from(orderSessions)
      .where(eq(orderSessions.tokenHash, hashToken(token)));
    if (!row || new Date(row.expiresAt).getTime() <= clock().getTime())
      throw unprocessable(OFFER_EXPIRED, 'offer_expired', 'order_token');
    return row;
  }

  /**
   * A one-click upsell or downsell answer. Yes charges the saved payment method for the offer's
   * product and adds it to the same order (once per order and step); no moves on. Both answer the
   * next step's URL.
   */
  async function upsell(body: UpsellBody, token: string | null | undefined): Promise<StoredAnswer> {
    const session = await sessionOf(token);
    const context = await loadPageContext(db, body.step_id, body.page_id ?? null);
    if (context.accountId !== session.accountId || context.funnelId !== session.funnelId)
      throw unprocessable(OFFER_EXPIRED, 'offer_expired', 'step_id');
    const { accountId } = context;
    const next = await nextStepOf(db, context);
    const moveOn = { next_step_id: next?.id ?? null, next_url: next?.url ?? null };
    if (body.answer === 'no') return { status: 200, body: { data: { accepted: false, ...moveOn } } };

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
      line = lineOf(entry, body.variant_id ?? null, body.qty);
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
      return { answer, paid: { order, started } };
    });
    if (outcome.paid) {
      events.publish('order.paid', {
        accountId,
        orderId: outcome.paid.order.id,
        customerId: outcome.paid.order.customerId,
        funnelId: outcome.paid.order.funnelId,
        amountMinor: amount,
        currency,
        source: 'upsell',
      });
      await afterCommit(accountId, outcome.paid.order.customerId, outcome.paid.started);
    }
    return outcome.answer;
  }

  /** A discount code's terms for the order summary to show (the total is priced again at checkout). */
  async function discountTerms(body: DiscountBody) {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const found = await priceDiscount(
      db,
      context.accountId,
      body.code,
      null,
      context.funnelCurrency,
      clock(),
    );
    return {
      code: found.code,
      kind: found.kind,
      value: found.kind === 'percent' ? found.valueMinor / 100 : fromMinorUnits(found.valueMinor),
      currency: found.currency,
      min_order: found.minOrderMinor === null ? null : fromMinorUnits(found.minOrderMinor),
    };
  }

  /** The order summary's lines and totals, priced like the checkout will price them. */
  async function quote(body: QuoteBody) {
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const lines = await priceLines(context, { ...body, items: body.items } as CheckoutBody);
    const currency = (lines[0] as Line).currency;
    const subtotal = lines.reduce((sum, line) => sum + line.amountMinor * line.qty, 0);
    const discount = body.discount_code
      ? await priceDiscount(db, context.accountId, body.discount_code, subtotal, currency, clock())
      : null;
    const off = Math.min(discount?.amountMinor ?? 0, subtotal);
    return {
      currency,
      lines: lines.map((line) => ({
        product_id: line.productId,
        name: line.name,
        variant_title: line.variantTitle,
        image_url: line.imageUrl,
        amount: fromMinorUnits(line.amountMinor),
        qty: line.qty,
      })),
      subtotal: fromMinorUnits(subtotal),
      discount: fromMinorUnits(off),
      total: fromMinorUnits(subtotal - off),
    };
  }

  /**
   * The order this browser placed in the page's funnel (its order cookie), priced as it was charged:
   * the order summary on a thank-you page shows it. Null without a live order session for the page's
   * account and funnel, so another merchant's page learns nothing from a shopper's cookie.
   */
  async function placedOrder(body: PlacedOrderBody, token: string | null | undefined) {
    if (!token) return null;
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const session = await liveSession(token, context.accountId);
    if (!session || session.funnelId !== context.funnelId) return null;
    const placed = await orderWithItems(context.accountId, session.orderId);
    if (!placed) return null;
    const { order, items } = placed;
    const subtotal = items.reduce((sum, item) => sum + Number(item.amountMinor) * item.qty, 0);
    return {
      currency: order.currency,
      lines: items.map((item) => ({
        product_id: item.productId,
        name: item.name,
        variant_title: item.variantTitle,
        image_url: item.imageUrl,
        amount: fromMinorUnits(Number(item.amountMinor)),
        qty: item.qty,
      })),
      subtotal: fromMinorUnits(subtotal),
      discount: fromMinorUnits(Number(order.discountMinor)),
      total: fromMinorUnits(Number(order.amountMinor)),
    };
  }

  /**
   * The built-in confirmation after a paid order on a funnel's last step: the order its browser's order
   * cookie names, while that session lives. Null otherwise (the cookie is the only key: it names one
   * order of one account and is sent to that host only).
   */
  async function confirmation(token: string | null | undefined) {
    if (!token) return null;
    const session = await liveSession(token);
    const placed = session && (await orderWithItems(session.accountId, session.orderId));
    if (!placed) return null;
    const { order, items } = placed;
    return {
      orderNumber: order.orderNumber,
      currency: order.currency,
      lines: items.map((item) => ({
        name: item.name,
        qty: item.qty,
        amountMinor: Number(item.amountMinor) * item.qty,
      })),
      discountMinor: Number(order.discountMinor),
      totalMinor: Number(order.amountMinor),
    };
  }

  /** The order session an order cookie's token names, while it lives (of `accountId` when given). */
  async function liveSession(token: string, accountId?: number) {
    const [session] = await db
      .select()
      .from(orderSessions)
      .where(
        and(
          eq(orderSessions.tokenHash, hashToken(token)),
          accountId === undefined ? undefined : eq(orderSessions.accountId, accountId),
        ),
      );
    return session && new Date(session.expiresAt).getTime() > clock().getTime() ? session : null;
  }

  /** An order of the account with its items in the order they were added, or null. */
  async function orderWithItems(accountId: number, orderId: number) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
    if (!order) return null;
    const items = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, order.id)))
      .orderBy(orderItems.id);
    return { order, items };
  }

  return { placeOrder, upsell, discountTerms, quote, placedOrder, confirmation };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
