/**
 * PayPal's buttons on the payment form: PayPal's JS SDK (PAYPAL_SDK_URL) with the merchant's client
 * id renders them; `createOrder` asks our server, which creates the PayPal order for the cart it
 * prices itself, and `onApprove` asks it to capture and verify. The shopper's PayPal login and funding
 * choice stay with PayPal: nothing of it passes through the page.
 */
import { showBelow } from './payment-element.ts';

type PayPalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: (data: { orderID: string }) => Promise<void> | void;
  onError?: (error: unknown) => void;
  style?: Record<string, unknown>;
};
declare global {
  interface Window {
    paypal?: {
      Buttons(options: PayPalButtonsOptions): {
        render(target: HTMLElement): Promise<void>;
        isEligible?(): boolean;
      };
    };
  }
}

export const PAYPAL_UNAVAILABLE = 'The PayPal button could not be loaded. Reload the page to try again.';

/** Thrown from createOrder when our server refused the order (its message is already shown). */
export class OrderRefused extends Error {}

export type PayPalHandlers = {
  /** Places the checkout with PayPal: the PayPal order's id, or OrderRefused. */
  createOrder(): Promise<string>;
  approve(): Promise<void>;
  cancel(): Promise<void>;
};

export function mountPayPalButtons(
  form: HTMLElement,
  options: { clientId: string; sdkUrl: string; currency: string | null; alone: boolean },
  handlers: PayPalHandlers,
): void {
  const host = document.createElement('div');
  host.className = 'fw-paypal';
  host.setAttribute('data-paypal-buttons', '');
  host.style.gridColumn = '1 / -1';
  const buttons = document.createElement('div');
  host.appendChild(buttons);
  if (!options.alone) {
    const divider = document.createElement('p');
    divider.className = 'fw-paypal-divider';
    divider.textContent = 'or pay by card';
    divider.style.cssText = 'margin:12px 0 0;text-align:center;color:#868e96;font-size:14px';
    host.appendChild(divider);
  }
  form.insertBefore(host, form.querySelector('.fw-card-field') ?? form.firstChild);
  const url = new URL(options.sdkUrl);
  url.searchParams.set('client-id', options.clientId);
  url.searchParams.set('currency', (options.currency ?? 'USD').toUpperCase());
  url.searchParams.set('intent', 'capture');
  url.searchParams.set('components', 'buttons');
  // Beside the page's own card form, PayPal's button is PayPal's wallet only.
  if (!options.alone) url.searchParams.set('disable-funding', 'card');
  const script = document.createElement('script');
  script.src = url.href;
  script.async = true;
  script.onerror = () => showBelow(host, PAYPAL_UNAVAILABLE);
  script.onload = () => {
    if (!window.paypal) return showBelow(host, PAYPAL_UNAVAILABLE);
    // PayPal's SDK may hand onError a copy of what createOrder threw: a flag, not the error, says it was ours.
    let refused = false;
    void window.paypal
      .Buttons({
        style: { layout: 'horizontal', label: 'paypal', tagline: false, height: 45 },
        createOrder: () =>
          handlers.createOrder().catch((error: unknown) => {
            refused = true;
            throw error;
          }),
        onApprove: () => handlers.approve(),
        onCancel: () => handlers.cancel(),
        onError: () => {
          // A refusal of our own is shown already; anything else is PayPal's failure.
          if (!refused) showBelow(form, 'PayPal could not take the payment. Try again.');
          refused = false;
        },
      })
      .render(buttons)
      .catch(() => showBelow(host, PAYPAL_UNAVAILABLE));
  };
  document.head.appendChild(script);
}
