import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import type { PlacedOrderBody } from './checkout.contracts.ts';
import { liveSession } from './checkout.order-sessions.ts';
import type { CheckoutContext } from './checkout.service.ts';
import type { StoredAnswer } from './idempotency.ts';
import { loadPageContext, nextStepOf, type PageContext } from './page-context.ts';

export const ORDER_ALREADY_PLACED =
  'Your order is already placed. To buy again, choose Buy again and complete the form.';

/** The order a browser placed on a checkout step: its number and the step that follows it. */
export type PlacedOrder = { order_number: string; next_url: string | null };

/**
 * The paid order this browser placed on this checkout step (its order cookie names the order), while
 * the order session lives: the checkout session a second purchase must be asked for explicitly.
 */
export async function placedOrderOn(
  deps: Pick<CheckoutContext, 'db' | 'clock'>,
  context: PageContext,
  token: string | null | undefined,
): Promise<PlacedOrder | null> {
  if (!token) return null;
  const session = await liveSession(deps, token, context.accountId);
  if (!session) return null;
  const [order] = await deps.db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, context.accountId),
        eq(orders.id, session.orderId),
        eq(orders.stepId, context.stepId),
      ),
    );
  if (!order) return null;
  const next = await nextStepOf(deps.db, context);
  return { order_number: order.orderNumber, next_url: next?.url ?? null };
}

/**
 * Refuses, before any charge, a checkout of a step this browser already bought on, unless the request
 * says it is a new purchase: a Back, a refresh, a second tab, a stale page or a script repeat never
 * charges twice, whichever gateway would take the payment.
 */
export async function repeatPurchaseRefusal(
  deps: Pick<CheckoutContext, 'db' | 'clock'>,
  context: PageContext,
  token: string | null | undefined,
  newPurchase: boolean,
): Promise<StoredAnswer | null> {
  if (newPurchase) return null;
  const placed = await placedOrderOn(deps, context, token);
  if (!placed) return null;
  return {
    status: 409,
    body: {
      error: {
        message: ORDER_ALREADY_PLACED,
        code: 'order_already_placed',
        status: 409,
        field: 'new_purchase',
        placed_order: placed,
      },
    },
  };
}

/** What the checkout page asks on load and on a return from the history: did this browser buy here? */
export function createCheckoutPlacedOrder(deps: CheckoutContext) {
  async function placedOrderOfStep(body: PlacedOrderBody, token: string | null | undefined) {
    if (!token) return null;
    return placedOrderOn(deps, await loadPageContext(deps.db, body.step_id, body.page_id), token);
  }
  return { placedOrderOfStep };
}
