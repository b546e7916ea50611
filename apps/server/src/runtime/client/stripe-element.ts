/**
 * Stripe's Payment Element as the payment form's element: Stripe.js (STRIPE_JS_URL) with the
 * merchant's publishable key renders the card inputs in Stripe's own frames, so card data goes from
 * the shopper's browser to Stripe and never to us. The server opens the PaymentIntent for the priced
 * cart; `confirm` confirms it here (a 3-D Secure challenge shows in place) and the server then asks
 * Stripe how it went.
 */
import { type PaymentElement, showBelow } from './payment-element.ts';

/** The little of Stripe.js the checkout calls. */
type StripeError = { message?: string; code?: string; type?: string };
type StripeElements = {
  create(type: 'payment', options?: Record<string, unknown>): { mount(host: HTMLElement): void };
  submit(): Promise<{ error?: StripeError }>;
  update(options: Record<string, unknown>): void;
};
type StripeJs = {
  elements(options: Record<string, unknown>): StripeElements;
  /** A saved card confirmed on-session: an off-session charge the bank declined for authentication. */
  confirmCardPayment(
    clientSecret: string,
    data?: { payment_method?: string },
  ): Promise<{ error?: StripeError; paymentIntent?: { status: string } }>;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<{ error?: StripeError; paymentIntent?: { status: string } }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

/**
 * Confirms a payment the server opened with a saved card (an upsell the bank wants authenticated):
 * Stripe.js shows the bank's challenge in place and answers how it went; the server then asks Stripe.
 */
export async function confirmSavedCard(options: {
  publishableKey: string;
  scriptUrl: string;
  clientSecret: string;
  paymentMethod: string | null;
}): Promise<{ error?: string }> {
  try {
    if (!window.Stripe) await loadScript(options.scriptUrl);
    if (!window.Stripe) return { error: STRIPE_UNAVAILABLE };
    const stripe = window.Stripe(options.publishableKey);
    const { error } = await stripe.confirmCardPayment(
      options.clientSecret,
      options.paymentMethod ? { payment_method: options.paymentMethod } : undefined,
    );
    return error ? { error: error.message ?? 'Your card was declined.' } : {};
  } catch {
    return { error: STRIPE_UNAVAILABLE };
  }
}

export const STRIPE_UNAVAILABLE = 'The card form could not be loaded. Reload the page to try again.';

/** Loads a script; resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.appendChild(script);
  });
}

export function stripeElement(options: {
  publishableKey: string;
  scriptUrl: string;
  currency: string | null;
}): PaymentElement {
  let host: HTMLElement | null = null;
  let ready: Promise<{ stripe: StripeJs; elements: StripeElements } | null> = Promise.resolve(null);

  const showError = (message: string) => {
    if (host) showBelow(host, message);
  };

  return {
    mount(form) {
      // Stripe's frames take the place of our card fields.
      for (const field of Array.from(form.querySelectorAll<HTMLElement>('.fw-card-field')))
        field.hidden = true;
      host = document.createElement('div');
      host.className = 'fw-stripe-element';
      host.setAttribute('data-stripe-element', '');
      // The payment form is a two-column grid (expiry beside CVC): Stripe's element spans both.
      host.style.gridColumn = '1 / -1';
      const mountPoint = document.createElement('div');
      host.appendChild(mountPoint);
      form.appendChild(host);
      ready = loadScript(options.scriptUrl)
        .then(() => {
          if (!window.Stripe) throw new Error('Stripe.js is missing');
          const stripe = window.Stripe(options.publishableKey);
          // Created before the intent (Stripe's deferred flow): it must be saved for later as the intent is.
          const elements = stripe.elements({
            mode: 'payment',
            amount: 100,
            currency: (options.currency ?? 'USD').toLowerCase(),
            setupFutureUsage: 'off_session',
          });
          elements.create('payment', { layout: 'tabs' }).mount(mountPoint);
          return { stripe, elements };
        })
        .catch(() => {
          showError(STRIPE_UNAVAILABLE);
          return null;
        });
    },
    async submit() {
      const loaded = await ready;
      if (!loaded) {
        showError(STRIPE_UNAVAILABLE);
        return { error: STRIPE_UNAVAILABLE };
      }
      showError('');
      // Stripe checks the card fields and marks them inside its element.
      const { error } = await loaded.elements.submit();
      if (error) {
        // Said below the element too: a field Stripe marks may be scrolled away from the Pay button.
        const message = error.message ?? 'Check your card details';
        showError(message);
        return { error: message };
      }
      return { payment: { kind: 'intent' } };
    },
    async confirm(clientSecret) {
      const loaded = await ready;
      if (!loaded) return { error: STRIPE_UNAVAILABLE };
      const { error } = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        clientSecret,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      return error ? { error: error.message ?? 'Your card was declined.' } : {};
    },
    showError,
    update(amountMinor, currency) {
      void ready.then((loaded) => {
        if (loaded && amountMinor > 0)
          loaded.elements.update({ amount: amountMinor, currency: currency.toLowerCase() });
      });
    },
  };
}
