/**
 * A checkout this browser already bought on shows the order, not a form ready to charge again: on load,
 * on a return from the back-forward cache, after its own payment, and when the server refuses a repeat
 * (409 order_already_placed). A second purchase is the shopper's explicit 'Buy again', which sends
 * `new_purchase` with a fresh idempotency key.
 */
import type { PageData } from './registry.ts';

export type PlacedOrder = { order_number: string; next_url: string | null };

/** The built-in confirmation a paid order ends on when its checkout is the funnel's last step. */
export const THANK_YOU_URL = '/_fw/thank-you';

const isPlacedOrder = (value: unknown): value is PlacedOrder =>
  typeof value === 'object' && value !== null && typeof (value as PlacedOrder).order_number === 'string';

/** The part of the page a placed order stands in for: the whole form the payment form is in. */
const formAround = (paymentForm: HTMLElement) =>
  paymentForm.closest<HTMLElement>('[data-two-step-form]') ??
  paymentForm.closest<HTMLElement>('form') ??
  paymentForm;

export type PlacedOrderGuard = {
  /** Whether the page shows a placed order (the form is not to be submitted). */
  shown(): boolean;
  /** Whether the next submit is a purchase the shopper asked for after a placed order. */
  buyingAgain(): boolean;
  /** Shows the order a submit just placed (kept if the page comes back from the history). */
  show(order: unknown): void;
  /** Shows the placed order of a refused repeat; answers whether the refusal was one. */
  showRefusal(error: unknown): boolean;
};

/** Watches the payment form's page for an order this browser placed on it; `renewKey` on 'Buy again'. */
export function guardPlacedOrder(
  paymentForm: HTMLElement,
  data: PageData,
  renewKey: () => void,
): PlacedOrderGuard {
  const form = formAround(paymentForm);
  let notice: HTMLElement | null = null;
  let again = false;
  const submitButtons = () =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('[data-action="submit-step"]'));

  function show(order: unknown) {
    if (!isPlacedOrder(order)) return;
    notice?.remove();
    notice = document.createElement('div');
    notice.className = 'fw-placed-order';
    notice.setAttribute('role', 'status');
    const title = document.createElement('p');
    title.className = 'fw-placed-order-title';
    title.textContent = `Your order #${order.order_number} is placed.`;
    const text = document.createElement('p');
    text.textContent = 'Nothing more is charged here unless you choose Buy again.';
    const onward = document.createElement('a');
    // As after a payment: the page's own next address, else the step's against this page, else ours.
    onward.href =
      data.nextUrl ?? (order.next_url ? new URL(order.next_url, window.location.href).href : THANK_YOU_URL);
    onward.textContent = 'Continue with your order';
    const buyAgain = document.createElement('button');
    buyAgain.type = 'button';
    buyAgain.className = 'fw-buy-again';
    buyAgain.textContent = 'Buy again';
    buyAgain.addEventListener('click', () => {
      again = true;
      renewKey();
      notice?.remove();
      notice = null;
      form.hidden = false;
      for (const button of submitButtons()) button.hidden = false;
      form.querySelector<HTMLElement>('input, select, textarea')?.focus();
    });
    notice.append(title, text, onward, buyAgain);
    form.before(notice);
    form.hidden = true;
    // A submit button outside the form (a loose button on the page) goes too.
    for (const button of submitButtons()) button.hidden = true;
    again = false;
  }

  const ask = () => {
    void fetch('/_fw/checkout/placed', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ step_id: data.stepId, page_id: data.pageId }),
    })
      .then((res) => (res.ok ? res.json() : null))
      .then((answer: { data?: unknown } | null) => {
        if (answer?.data && !again) show(answer.data);
      })
      // The server refuses a repeat anyway; the form stays as it is.
      .catch(() => undefined);
  };
  ask();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) ask();
  });

  return {
    shown: () => notice !== null,
    buyingAgain: () => again,
    show,
    showRefusal: (error) => {
      const refusal = error as { code?: string; placed_order?: unknown } | undefined;
      if (refusal?.code !== 'order_already_placed') return false;
      show(refusal.placed_order);
      return true;
    },
  };
}
