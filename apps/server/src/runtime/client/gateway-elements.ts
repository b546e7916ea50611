import { noPaymentElement, type PaymentElement, showBelow } from './payment-element.ts';
import type { PageData } from './registry.ts';
import { sandboxElement } from './sandbox-element.ts';
import { STRIPE_UNAVAILABLE, stripeElement } from './stripe-element.ts';

/** The catalogue's gateway ids whose forms differ (orders spec §3). */
const STRIPE = 1;
const CASH_ON_DELIVERY = 5;
const PAYPAL = 18;

/** The element of the gateway the page's checkout charges (the server names it in #fw-data). */
export function elementFor(data: PageData): PaymentElement {
  const { gateway } = data;
  switch (gateway.id) {
    case STRIPE:
      if (gateway.publishableKey && gateway.scriptUrl) {
        return stripeElement({
          publishableKey: gateway.publishableKey,
          scriptUrl: gateway.scriptUrl,
          currency: data.currency,
        });
      }
      return unavailableElement();
    case CASH_ON_DELIVERY:
      return noPaymentElement();
    case PAYPAL:
      return paypalOnlyElement();
    default:
      return sandboxElement();
  }
}

/** A gateway whose form cannot work here (Stripe without its publishable key): says so, posts nothing. */
function unavailableElement(): PaymentElement {
  let form: HTMLElement | null = null;
  const show = (message: string) => {
    if (form) showBelow(form, message);
  };
  return {
    mount(element) {
      form = element;
      for (const field of Array.from(element.querySelectorAll<HTMLElement>('.fw-card-field')))
        field.hidden = true;
      show(STRIPE_UNAVAILABLE);
    },
    submit: async () => {
      show(STRIPE_UNAVAILABLE);
      return { error: STRIPE_UNAVAILABLE };
    },
    confirm: async () => ({ error: STRIPE_UNAVAILABLE }),
    showError: show,
  };
}

export const PAY_WITH_PAYPAL = 'Pay with the PayPal button.';

/** PayPal alone (no card gateway): its buttons take the place of the card fields and the order button. */
function paypalOnlyElement(): PaymentElement {
  let form: HTMLElement | null = null;
  return {
    mount(element) {
      form = element;
      for (const field of Array.from(element.querySelectorAll<HTMLElement>('.fw-card-field')))
        field.hidden = true;
      for (const button of Array.from(document.querySelectorAll<HTMLElement>('[data-action="submit-step"]')))
        button.hidden = true;
    },
    submit: async () => {
      if (form) showBelow(form, PAY_WITH_PAYPAL);
      return { error: PAY_WITH_PAYPAL };
    },
    confirm: async () => ({ error: PAY_WITH_PAYPAL }),
    showError(message) {
      if (form) showBelow(form, message);
    },
  };
}
