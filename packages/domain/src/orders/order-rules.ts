import { gatewayById } from './gateways.ts';

export type OrderFlags = {
  payment_status?: 'processing' | 'failed' | null;
  is_fulfilled?: boolean;
  is_refunded?: boolean;
  is_canceled?: boolean;
  is_archived?: boolean;
  reference?: string | null;
  gateway_id?: number | null;
  amount?: number;
};

export type OrderStatus = 'Pending' | 'Failed' | 'Fulfilled' | 'Refunded' | 'Paid';

/**
 * "payment_status processing gives 'Pending' …; failed gives 'Failed' …; fulfilled gives
 * 'Fulfilled'; refunded gives 'Refunded'; otherwise 'Paid'" (first match wins).
 */
export function orderStatus(order: OrderFlags): OrderStatus {
  if (order.payment_status === 'processing') return 'Pending';
  if (order.payment_status === 'failed') return 'Failed';
  if (order.is_fulfilled) return 'Fulfilled';
  if (order.is_refunded) return 'Refunded';
  return 'Paid';
}

/** "(the details panel reads 'Pending payment')", "('Payment failed')". */
export function orderStatusDetail(order: OrderFlags): string {
  const status = orderStatus(order);
  if (status === 'Pending') return 'Pending payment';
  if (status === 'Failed') return 'Payment failed';
  return status;
}

/** "A canceled order shows amount 0.00." */
export const displayedAmount = (order: OrderFlags): number => (order.is_canceled ? 0 : (order.amount ?? 0));

/**
 * The money lines of the order summary. Total is the spec's shown amount (0.00 once canceled, and a
 * refund cancels too); a canceled or refunded order also shows what it was charged ('Original total')
 * and, when refunded, what went back ('Refunded': a refund gives back every charge of the order), so
 * the panel does not read as if the order had cost nothing.
 */
export function summaryTotals(order: OrderFlags): {
  original: number | null;
  refunded: number | null;
  total: number;
} {
  const amount = order.amount ?? 0;
  return {
    original: order.is_canceled || order.is_refunded ? amount : null,
    refunded: order.is_refunded ? amount : null,
    total: order.is_refunded ? 0 : displayedAmount(order),
  };
}

/**
 * "No merchant ships an unpaid order" (issue 35): a payment that failed or is still pending has taken
 * no money, so there is nothing to fulfil or refund. Null when the payment went through.
 */
export function unpaidReason(order: OrderFlags, action: 'fulfilled' | 'refunded'): string | null {
  if (order.payment_status === 'failed') return `The payment failed: this order cannot be ${action}.`;
  if (order.payment_status === 'processing') {
    return `The payment is still pending: this order cannot be ${action} until it is paid.`;
  }
  return null;
}

/**
 * A failed payment is an attempt of its customer, not an order to ship (issue 35: three declined
 * tries leave three FAILED orders beside the paid one): the list tags it 'Attempt', the customer panel
 * lists it under Payment attempts.
 */
export const isPaymentAttempt = (order: OrderFlags) => order.payment_status === 'failed';

/**
 * "Fulfill is disabled if the order is fulfilled or canceled", and while its payment failed or is
 * pending (issue 35).
 */
export const canFulfill = (order: OrderFlags) =>
  !order.is_fulfilled && !order.is_canceled && unpaidReason(order, 'fulfilled') === null;
/** "Update tracking info is disabled if the order is canceled or not fulfilled." */
export const canUpdateTracking = (order: OrderFlags) => !order.is_canceled && !!order.is_fulfilled;
/** "Cancel order is disabled if already canceled." */
export const canCancel = (order: OrderFlags) => !order.is_canceled;
/**
 * "Refund is enabled only if the gateway supports refunds, the order is not refunded and it has a
 * reference", and only once its payment went through: a failed or pending payment took no money (issue 35).
 */
export const canRefund = (order: OrderFlags) =>
  gatewayById(order.gateway_id).refundable &&
  !order.is_refunded &&
  !!order.reference &&
  unpaidReason(order, 'refunded') === null;

/**
 * The cancel popup's text when refund is not offered: 'Order refunded already.', or 'Orders
 * processed using {gateway} gateway cannot be refunded through the product.', or 'This order
 * cannot be refunded through the product.'; for a failed or pending payment, that it took no money.
 * Null when the refund switch is offered.
 */
export function refundUnavailableReason(order: OrderFlags): string | null {
  if (canRefund(order)) return null;
  if (order.is_refunded) return 'Order refunded already.';
  const unpaid = unpaidReason(order, 'refunded');
  if (unpaid) return unpaid;
  const gateway = gatewayById(order.gateway_id);
  if (!gateway.refundable && gateway.name !== 'Unknown') {
    return `Orders processed using ${gateway.name} gateway cannot be refunded through the product.`;
  }
  return 'This order cannot be refunded through the product.';
}

/** Why Fulfil is refused: fulfilled already, canceled, or not paid. Null when it is allowed. */
export function fulfillUnavailableReason(order: OrderFlags): string | null {
  if (order.is_fulfilled) return 'Order fulfilled already.';
  if (order.is_canceled) return 'A canceled order cannot be fulfilled.';
  return unpaidReason(order, 'fulfilled');
}

export const SHIPPING_CARRIERS = [
  { value: 'other', label: 'Other' },
  { value: 'fedex', label: 'FedEx' },
  { value: 'usps', label: 'USPS' },
] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number]['value'];

/** "The tracking URL field shows only when the carrier is empty or 'other'." */
export const showsTrackingUrl = (carrier: string | null | undefined) => !carrier || carrier === 'other';
/** "the save button label is 'Update' when a tracking_number exists, otherwise 'Add'." */
export const trackingSaveLabel = (trackingNumber: string | null | undefined) =>
  trackingNumber ? 'Update' : 'Add';
/** "the trigger-automations switch appears only when no tracking number is entered" */
export const showsTriggerAutomations = (trackingNumber: string | null | undefined) => !trackingNumber?.trim();

export type OrderItemLine = { product_id: number; name: string; variant_title?: string | null; qty: number };

/** "variant title (hidden when it is 'Main Product')" */
export const shownVariantTitle = (item: OrderItemLine) =>
  item.variant_title && item.variant_title !== 'Main Product' ? item.variant_title : null;
/** "' x qty' when qty is above 1" */
export const quantitySuffix = (item: OrderItemLine) => (item.qty > 1 ? ` x ${item.qty}` : '');

/**
 * "Only items with product_id above 2 are linked": to /funnel/{funnel_id}/steps/{step_id}/product/{id}
 * for orders flagged is_apps, and to the same path under /wfunnel for other orders.
 */
export function productLink(
  order: { funnel_id: number | null; step_id: number | null; is_apps?: boolean },
  item: { product_id: number },
): string | null {
  if (item.product_id <= 2 || order.funnel_id === null || order.step_id === null) return null;
  const kind = order.is_apps ? 'funnel' : 'wfunnel';
  return `/${kind}/${order.funnel_id}/steps/${order.step_id}/product/${item.product_id}`;
}

/** At most this many ids go into one product images call (the server's limit). */
export const PRODUCT_IMAGES_MAX_IDS = 100;

/**
 * The products whose pictures the order summary asks the "wfunnel product images call, ids joined by a
 * vertical bar" for: the items of a wfunnel order (not is_apps) that are real products (product_id above
 * 2, the same ones that are linked) and carry no picture of their own, each id once, in item order. The
 * picture stored on an item is what the shopper bought and stays shown; only missing ones are looked
 * up (docs/decisions/orders-and-customers.md). Empty: no call.
 */
export function productImageIds(order: {
  is_apps?: boolean;
  items: Array<{ product_id: number; image_url?: string | null }>;
}): number[] {
  if (order.is_apps) return [];
  const ids = new Set<number>();
  for (const item of order.items) if (item.product_id > 2 && !item.image_url) ids.add(item.product_id);
  return [...ids].slice(0, PRODUCT_IMAGES_MAX_IDS);
}

/**
 * The orders search's term: "Search finds an order by anything the list shows for it" (issue 35), and
 * the list shows the number as '#4997', so a leading '#' is the number's. Lower-case; blank means none.
 */
export function orderSearchTerm(query: string | undefined): string | undefined {
  const term = query?.trim().toLowerCase().replace(/^#+/, '').trim();
  return term || undefined;
}

/** The heading's "shown range in the form 'x - y from total'" for a zero-based page. */
export function shownRange(page: number, perPage: number, shown: number, total: number): string {
  if (shown === 0) return `0 - 0 from ${total}`;
  const first = page * perPage + 1;
  return `${first} - ${first + shown - 1} from ${total}`;
}
