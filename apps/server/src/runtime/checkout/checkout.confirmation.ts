import { isOfferStep } from '@funnelwork/blocks';
import { fromMinorUnits } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { PlacedOrderBody } from './checkout.contracts.ts';
import { liveSession } from './checkout.order-sessions.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { loadPageContext } from './page-context.ts';

/** An order of the account with its items in the order they were added, or null. */
async function orderWithItems(db: Db, accountId: number, orderId: number) {
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

/** What a shopper sees of the order they placed: the thank-you page's summary and the confirmation. */
export function createCheckoutConfirmation(deps: CheckoutContext) {
  const { db } = deps;

  /**
   * The order this browser placed in the page's funnel (its order cookie), priced as it was charged:
   * the order summary on a thank-you page shows it. Null without a live order session for the page's
   * account and funnel, so another merchant's page learns nothing from a shopper's cookie.
   */
  async function placedOrder(body: PlacedOrderBody, token: string | null | undefined) {
    if (!token) return null;
    const context = await loadPageContext(db, body.step_id, body.page_id);
    const session = await liveSession(deps, token, context.accountId);
    if (!session || session.funnelId !== context.funnelId) return null;
    const placed = await orderWithItems(db, context.accountId, session.orderId);
    if (!placed) return null;
    // A confirmation shown is the shopper leaving the offers: the order's receipt is due.
    if (!isOfferStep(context.stepType)) await deps.closing.closeOrder(context.accountId, session.orderId);
    const { order, items } = placed;
    const subtotal = items.reduce((sum, item) => sum + Number(item.amountMinor) * item.qty, 0);
    return {
      order_number: order.orderNumber,
      created_at: new Date(order.createdAt).toISOString(),
      email: order.email,
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
    const session = await liveSession(deps, token);
    const placed = session && (await orderWithItems(db, session.accountId, session.orderId));
    if (!placed) return null;
    await deps.closing.closeOrder(session.accountId, session.orderId);
    const { order, items } = placed;
    return {
      orderNumber: order.orderNumber,
      createdAt: new Date(order.createdAt),
      email: order.email,
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

  return { placedOrder, confirmation };
}
