/**
 * The Content-Security-Policy of a published page that takes card payments through a gateway's own
 * script (Stripe.js): scripts from our origin and the gateway's only, frames from the gateway's (its
 * card fields, 3-D Secure challenges) and the video block's players only. Card data is typed into the
 * gateway's frames, so no other script on the page may run beside them (PCI DSS 4.0 req. 6.4.3; as
 * Shopify's checkout runs no merchant scripts). Other pages keep the open policy (tracking codes).
 */
export type GatewayOrigins = { scripts: string[]; frames: string[] };

/** Frames our own blocks embed (the video block's players). */
export const BLOCK_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** Stripe.js's origin (from STRIPE_JS_URL) for scripts; its frames there and at js/hooks.stripe.com. */
export function stripeOrigins(stripeJsUrl: string): GatewayOrigins {
  const origin = new URL(stripeJsUrl).origin;
  return {
    scripts: [origin],
    frames: [...new Set([origin, 'https://js.stripe.com', 'https://hooks.stripe.com'])],
  };
}

/** The page's policy with the gateway's script and frame origins added, and nothing more. */
export function paymentPageCsp(base: string, origins: GatewayOrigins): string {
  const scripts = ["'self'", ...origins.scripts].join(' ');
  const frames = ["'self'", ...origins.frames, ...BLOCK_FRAME_ORIGINS].join(' ');
  return `${base}; script-src ${scripts}; frame-src ${frames}`;
}

const PAYMENT_FORM = Buffer.from('data-payment-form');
const hasForm = new WeakMap<Buffer, boolean>();

/** Whether a rendered page has a payment form (remembered per cached page). */
export function takesPayments(html: Buffer): boolean {
  let answer = hasForm.get(html);
  if (answer === undefined) {
    answer = html.indexOf(PAYMENT_FORM) >= 0;
    hasForm.set(html, answer);
  }
  return answer;
}
