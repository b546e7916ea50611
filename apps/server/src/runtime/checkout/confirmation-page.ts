import { escapeHtml } from '@funnelwork/blocks';
import type { CheckoutService } from './checkout.service.ts';

type Confirmation = NonNullable<Awaited<ReturnType<CheckoutService['confirmation']>>>;

export const CONFIRMATION_TITLE = 'Thank you for your order!';
export const CONFIRMATION_GONE = 'This order confirmation is no longer available.';

/** Our own markup only, no scripts: the page may be served on the dashboard's host (the /p/ form). */
export const CONFIRMATION_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'";

function money(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** The order's day as a shopper reads it ('November 29, 2026'); UTC, as the page knows no time zone. */
export function orderDate(at: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/**
 * The built-in thank-you page a paid order ends on when its checkout is the funnel's last step: the
 * order number, date and e-mail, its lines and the amount charged.
 */
export function confirmationHtml(order: Confirmation | null): string {
  const body = order
    ? `<h1>${CONFIRMATION_TITLE}</h1><p>Your payment was received. Order <strong>#${escapeHtml(order.orderNumber)}</strong></p>
<dl><dt>Date</dt><dd>${orderDate(order.createdAt)}</dd><dt>E-mail</dt><dd>${escapeHtml(order.email)}</dd></dl>
<table>${order.lines
        .map(
          (line) =>
            `<tr><td>${escapeHtml(line.name)}${line.qty > 1 ? ` x ${line.qty}` : ''}</td><td>${money(line.amountMinor, order.currency)}</td></tr>`,
        )
        .join('')}${
        order.discountMinor > 0
          ? `<tr><td>Discount</td><td>-${money(order.discountMinor, order.currency)}</td></tr>`
          : ''
      }<tr class="total"><th scope="row">Total</th><td>${money(order.totalMinor, order.currency)}</td></tr></table>`
    : `<h1>Order confirmation</h1><p>${CONFIRMATION_GONE}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${order ? CONFIRMATION_TITLE : 'Order confirmation'}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8f9fa;color:#212529;display:flex;min-height:100vh;align-items:center;justify-content:center}main{background:#fff;border-radius:12px;padding:32px 40px;max-width:520px;width:100%;box-shadow:0 2px 12px rgba(0,0,0,.06)}h1{font-size:26px;margin:0 0 8px}p{color:#495057}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:16px 0 0;color:#495057}dt{font-weight:600}dd{margin:0}table{width:100%;border-collapse:collapse;margin-top:16px}td,th{padding:8px 0;border-top:1px solid #e9ecef;text-align:left}td:last-child{text-align:right}.total th,.total td{font-weight:700}</style>
</head><body><main>${body}</main></body></html>`;
}
