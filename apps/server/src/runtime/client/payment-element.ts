/**
 * The payment form's element: one small interface every gateway's card form implements, so the
 * checkout has one path for all of them (checkout.ts). An element collects the payment (`submit`: a
 * token, or 'intent' when the gateway confirms in the browser), confirms an opened payment in place
 * (`confirm`: 3-D Secure), and shows the gateway's message next to its fields. One file per gateway.
 */
import type { PageData } from './registry.ts';

export type PaymentChoice = { kind: 'token'; token: string } | { kind: 'intent' } | { kind: 'none' };

export interface PaymentElement {
  /** Takes over the payment form's card fields (or hides them when there is nothing to type). */
  mount(form: HTMLElement): void;
  /** The payment to post, or the error (already shown next to the field it is about). */
  submit(): Promise<{ payment: PaymentChoice } | { error: string }>;
  /** Confirms the payment the server opened; an error is the gateway's message, not yet shown. */
  confirm(clientSecret: string): Promise<{ error?: string }>;
  /** Shows a message next to the element's field ('number', 'expiry', 'cvc'; the card as a whole when none). */
  showError(message: string, field?: string): void;
  /** The order's total changed (minor units), for gateways whose form shows it. */
  update?(amountMinor: number, currency: string): void;
}

/** Cash On Delivery: nothing to type, nothing posted. */
export function noPaymentElement(): PaymentElement {
  let box: HTMLElement | null = null;
  return {
    mount(form) {
      for (const field of Array.from(form.querySelectorAll<HTMLElement>('.fw-card-field')))
        field.hidden = true;
      box = form;
    },
    submit: async () => ({ payment: { kind: 'none' } }),
    confirm: async () => ({}),
    showError(message) {
      if (box) showBelow(box, message);
    },
  };
}

/** A message under the form or element (one box, replaced on each call; empty hides it). */
export function showBelow(host: HTMLElement, message: string): void {
  let box = host.querySelector<HTMLElement>(':scope > .fw-payment-error');
  if (!box) {
    box = document.createElement('p');
    box.className = 'fw-payment-error';
    box.setAttribute('role', 'alert');
    host.appendChild(box);
  }
  box.textContent = message;
  box.hidden = message === '';
}

/** POSTs JSON to our own origin (the page's endpoints). */
export async function postJson(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json().catch(() => ({}))) as {
      data?: Record<string, unknown>;
      error?: { message?: string; field?: string; code?: string };
    },
  };
}

export type ElementFactory = (data: PageData) => PaymentElement;
