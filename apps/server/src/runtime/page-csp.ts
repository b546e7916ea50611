/**
 * The Content-Security-Policy of a published page that takes card payments through a gateway's own
 * script (Stripe.js, PayPal's SDK): scripts from our origin and the gateways' only, frames from the
 * gateways' (card fields, 3-D Secure challenges, PayPal's buttons) and the video block's players only,
 * requests to our origin and the gateways' only. Card data is typed into the
 * gateway's frames, so no other script on the page may run beside them (PCI DSS 4.0 req. 6.4.3; as
 * Shopify's checkout runs no merchant scripts). Other pages keep the open policy (tracking codes).
 */
export type GatewayOrigins = { scripts: string[]; frames: string[]; connects: string[] };

/** Frames our own blocks embed (the video block's players). */
export const BLOCK_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** Stripe.js's origin (from STRIPE_JS_URL) for scripts; its frames there and at js/hooks.stripe.com. */
export function stripeOrigins(stripeJsUrl: string): GatewayOrigins {
  const origin = new URL(stripeJsUrl).origin;
  return {
    scripts: [origin],
    frames: [...new Set([origin, 'https://js.stripe.com', 'https://hooks.stripe.com'])],
    // Stripe's published policy: its API, and Google Maps for the address autocomplete.
    connects: [...new Set([origin, 'https://api.stripe.com', 'https://maps.googleapis.com'])],
  };
}

/**
 * PayPal's JS SDK (from PAYPAL_SDK_URL) and PayPal's own origins as its CSP guide lists them: scripts
 * from paypal.com and paypalobjects.com, its buttons' frames and calls at paypal.com (sandbox included).
 */
export function paypalOrigins(sdkUrl: string): GatewayOrigins {
  const origin = new URL(sdkUrl).origin;
  return {
    scripts: [...new Set([origin, 'https://*.paypal.com', 'https://*.paypalobjects.com'])],
    frames: [...new Set([origin, 'https://*.paypal.com'])],
    connects: [...new Set([origin, 'https://*.paypal.com'])],
  };
}

/** The origins of every gateway a page's payment form loads, once each. */
export function mergeOrigins(all: readonly GatewayOrigins[]): GatewayOrigins {
  const union = (pick: (o: GatewayOrigins) => string[]) => [...new Set(all.flatMap(pick))];
  return {
    scripts: union((o) => o.scripts),
    frames: union((o) => o.frames),
    connects: union((o) => o.connects),
  };
}

/** The page's policy with the gateway's script and frame origins added, and nothing more. */
export function paymentPageCsp(base: string, origins: GatewayOrigins): string {
  const scripts = ["'self'", ...origins.scripts].join(' ');
  const frames = ["'self'", ...origins.frames, ...BLOCK_FRAME_ORIGINS].join(' ');
  const connects = ["'self'", ...origins.connects].join(' ');
  return `${base}; script-src ${scripts}; frame-src ${frames}; connect-src ${connects}`;
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
