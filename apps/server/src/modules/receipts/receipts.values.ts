import { escapeHtml } from '@funnelwork/blocks';
import type { MergeMarkup, MergeValues } from '@funnelwork/blocks/email';
import { formatPrice, fromMinorUnits } from '@funnelwork/domain/rules';

export type ReceiptOrder = {
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  currency: string;
  amountMinor: number;
  discountCode: string | null;
  discountMinor: number;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountry: string;
  trackingNumber: string | null;
  shippingCarrier: string | null;
  trackingUrl: string | null;
};

export type ReceiptLine = { name: string; variantTitle: string | null; amountMinor: number; qty: number };

/** A carrier's public tracking page for a number; 'other' carriers give their own URL. */
export function carrierTrackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!trackingNumber) return null;
  const number = encodeURIComponent(trackingNumber);
  if (carrier === 'fedex') return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
  if (carrier === 'usps') return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
  return null;
}

const CELL = 'padding:6px 0;border-bottom:1px solid #e9ecef';

/** The order's lines as a table (HTML part) and one line each (text part); every text escaped. */
export function orderLinesMarkup(
  lines: ReceiptLine[],
  currency: string,
  discount: ReceiptOrder,
): MergeMarkup {
  const rows = lines.map((line) => {
    const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
    const total = formatPrice(fromMinorUnits(line.amountMinor * line.qty), currency);
    return { name, qty: line.qty, total };
  });
  if (discount.discountMinor > 0) {
    const label = discount.discountCode ? `Discount (${discount.discountCode})` : 'Discount';
    rows.push({ name: label, qty: 0, total: formatPrice(-fromMinorUnits(discount.discountMinor), currency) });
  }
  const html = rows
    .map(
      (row) =>
        `<tr><td style="${CELL}">${escapeHtml(row.name)}</td><td style="${CELL};text-align:center;white-space:nowrap">${row.qty > 0 ? `× ${row.qty}` : ''}</td><td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(row.total)}</td></tr>`,
    )
    .join('');
  return {
    html:
      rows.length === 0
        ? ''
        : `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${html}</table>`,
    text: rows.map((row) => `${row.name}${row.qty > 0 ? ` × ${row.qty}` : ''}: ${row.total}`).join('\n'),
  };
}

/**
 * 'Shipping to' and the address on its lines; empty when the order has none (a digital product's
 * receipt says nothing of shipping).
 */
export function shippingAddressMarkup(order: ReceiptOrder): MergeMarkup {
  const cityLine = [order.shippingCity, order.shippingState, order.shippingZip].filter(Boolean).join(' ');
  const lines = [
    [order.firstName, order.lastName].filter(Boolean).join(' '),
    order.shippingAddress,
    cityLine,
    order.shippingCountry,
  ].filter((line) => line.trim() !== '');
  if (order.shippingAddress.trim() === '' && cityLine === '') return { html: '', text: '' };
  return {
    html: `<strong>Shipping to</strong><br>${lines.map(escapeHtml).join('<br>')}`,
    text: ['Shipping to', ...lines].join('\n'),
  };
}

/** Every merge tag a receipt can use, from the order and its lines. */
export function receiptValues(order: ReceiptOrder, lines: ReceiptLine[]): MergeValues {
  return {
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    order_number: order.orderNumber,
    order_total: formatPrice(fromMinorUnits(order.amountMinor), order.currency),
    product_name: lines[0]?.name,
    tracking_number: order.trackingNumber,
    tracking_url: order.trackingUrl || carrierTrackingUrl(order.shippingCarrier, order.trackingNumber),
    order_lines: orderLinesMarkup(lines, order.currency, order),
    shipping_address: shippingAddressMarkup(order),
  };
}
