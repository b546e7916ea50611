/**
 * Checkout on a published page: product list (single, multi, qty), order bump, order summary with
 * discount codes, the payment form, and one-click upsell answers. Totals shown here are for display
 * only: the server prices the cart again from its database when the order is placed.
 */
import { ADDRESS_FIELDS } from '@funnelwork/domain/customers/address-fields';
import { splitFullName } from '@funnelwork/domain/customers/checkout-fields';
import { NUMBER_INPUT_MAX, NUMBER_INPUT_MIN } from '@funnelwork/domain/shared/messages';
import { formatPrice } from '@funnelwork/domain/shared/money';
import {
  controlOfCustomerField,
  customerKeyOfControl,
  fieldsIn,
  revealControl,
  showError as showFieldError,
  validate,
} from './forms.ts';
import { elementFor } from './gateway-elements.ts';
import { mountPayPalButtons, OrderRefused } from './paypal-buttons.ts';
import { guardPlacedOrder, THANK_YOU_URL } from './placed-order.ts';
import { type PageData, registerAction, registerHydrator } from './registry.ts';
import { confirmSavedCard, STRIPE_UNAVAILABLE } from './stripe-element.ts';

type Line = { name: string; variant_title: string | null; amount: number; qty: number };
type Quote = {
  currency: string;
  lines: Line[];
  subtotal: number;
  discount: number;
  total: number;
  /** A placed order's (POST /_fw/order). */
  order_number?: string;
  created_at?: string;
  email?: string;
};

/** A placed order's number, date and e-mail above its lines (the confirmation's heading facts). */
function showOrderDetails(summary: HTMLElement, order: Quote) {
  q('.fw-order-details', summary)?.remove();
  const list = document.createElement('dl');
  list.className = 'fw-order-details';
  list.setAttribute('data-order-details', '');
  const date = new Date(order.created_at ?? '');
  const facts: Array<[string, string]> = [
    ['Order', `#${order.order_number}`],
    ['Date', Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'long' })],
    ['E-mail', order.email ?? ''],
  ];
  for (const [term, value] of facts) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }
  summary.insertBefore(list, summary.firstChild);
}
type Answer = { data?: Record<string, unknown>; error?: { message?: string } };

/** PayPal Checkout's catalogue id (its buttons name it on the checkout they place). */
const PAYPAL_GATEWAY = 18;

const q = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  root.querySelector<T>(selector);
const all = <T extends Element = HTMLInputElement>(selector: string, root: ParentNode = document) =>
  Array.from(root.querySelectorAll<T>(selector));

async function post(url: string, body: unknown): Promise<{ status: number; json: Answer }> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Answer };
}

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** "a currency symbol defaults to $, and RON is written 'amount lei'" (spec §9), as the page renders it. */
const money = (amount: number, currency: string) => formatPrice(amount, currency);

/**
 * Goes to the next step: the page's own next address, else the answer's step URL against this page;
 * after a paid order with no step left, the built-in confirmation (a paid order always ends on one).
 */
function goNext(data: PageData, answer: Answer, paid = false) {
  const slug = answer.data?.next_url as string | null | undefined;
  const target = data.nextUrl ?? (slug ? new URL(slug, window.location.href).href : null);
  if (target) window.location.assign(target);
  else if (paid) window.location.assign(THANK_YOU_URL);
}

/** The variant chosen for a product of the list (its select), or null for a product without variants. */
function variantChosen(input: Element): number | null {
  const select = q<HTMLSelectElement>('[data-variant-select]', input.closest('[data-product-id]') ?? input);
  return select ? Number(select.value) : null;
}

/** The products chosen in the page's product list, each with its chosen variant (none without a list). */
function chosenItems() {
  const list = q('[data-product-list]');
  if (!list) return [];
  const mode = list.getAttribute('data-selection-type');
  if (mode === 'qty') {
    return all('input[type="number"]', list)
      .map((input) => ({
        product_id: Number(input.closest('[data-product-id]')?.getAttribute('data-product-id')),
        variant_id: variantChosen(input),
        qty: Math.min(NUMBER_INPUT_MAX, Math.max(NUMBER_INPUT_MIN, Math.floor(Number(input.value) || 0))),
      }))
      .filter((item) => item.product_id > 0 && item.qty > 0);
  }
  return all('input:checked', list)
    .map((input) => ({ product_id: Number(input.value), variant_id: variantChosen(input), qty: 1 }))
    .filter((item) => item.product_id > 0);
}

function cartOf(data: PageData, discountCode: string | null) {
  const bump = q<HTMLInputElement>('[data-order-bump] input[name="order_bump"]');
  return {
    step_id: data.stepId,
    page_id: data.pageId,
    items: chosenItems(),
    order_bump: bump?.checked ?? false,
    discount_code: discountCode,
  };
}

let discountCode: string | null = null;
let refreshSummary: () => void = () => {};

/** "Customer fields" the form collects under these names; any other named field is metadata. */
const CUSTOMER_KEYS: readonly string[] = ['email', 'first_name', 'last_name', 'phone', ...ADDRESS_FIELDS];

function formValues() {
  const customer: Record<string, string> = {};
  const fields: Record<string, string> = {};
  for (const input of all<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    '.fw-page input[name], .fw-page select[name], .fw-page textarea[name]',
  )) {
    const name = input.name;
    if (!name || name === 'order_bump' || name === 'discount_code' || name.startsWith('products_')) continue;
    if (
      input instanceof HTMLInputElement &&
      (input.type === 'checkbox' || input.type === 'radio') &&
      !input.checked
    )
      continue;
    const key = customerKeyOfControl(input);
    if (CUSTOMER_KEYS.includes(key) && !(key === 'email' && customer.email)) customer[key] = input.value;
    else if (key === 'full_name') {
      const { first_name, last_name } = splitFullName(input.value);
      customer.first_name ??= first_name;
      if (last_name) customer.last_name ??= last_name;
    } else fields[name] = input.value;
  }
  return { customer, fields };
}

/** The text of an error for the shopper: never the API's field path ('payment.exp_month: …'). */
export function shopperMessage(error: { message?: string; field?: string } | undefined): string {
  const message = error?.message ?? 'Something went wrong... Please try again later';
  const field = error?.field;
  return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/** The page's control an error's field names: a card field, or a form field by its posted name. */
function controlOf(form: HTMLElement, field: string | undefined): HTMLElement | null {
  if (!field) return null;
  const [scope, key = ''] = field.split('.');
  if (scope === 'payment') {
    const card = key.startsWith('exp_') ? 'expiry' : key;
    return q(`[data-gateway-field="${CSS.escape(card)}"]`, form);
  }
  if (scope === 'customer' && key) return controlOfCustomerField(key);
  // Other named fields ('discount_code', 'fields.How did you hear of us?').
  return q(`.fw-page [name="${CSS.escape(scope === 'fields' ? field.slice(7) : field)}"]`);
}

/** Shows an answered error next to the field it names (else under the payment form). */
function showAnswerError(form: HTMLElement, error: { message?: string; field?: string } | undefined) {
  const message = shopperMessage(error);
  const control = controlOf(form, error?.field);
  const box = control?.closest<HTMLElement>('.fw-field, .fw-card-field');
  if (!control || !box) return showError(form, message);
  showFieldError(box, message);
  revealControl(control);
  // Card fields have no name, so the field's own marking misses them.
  control.setAttribute('aria-invalid', 'true');
  control.addEventListener(
    'input',
    () => {
      control.removeAttribute('aria-invalid');
      showFieldError(box, null);
    },
    { once: true },
  );
}

function showError(form: HTMLElement, message: string) {
  let box = q('.fw-payment-error', form);
  if (!box) {
    box = document.createElement('p');
    box.className = 'fw-payment-error';
    box.setAttribute('role', 'alert');
    form.appendChild(box);
  }
  box.textContent = message;
  box.hidden = message === '';
}

/** The server's word to the shopper above the card fields (the Sandbox's test mode). */
function showNotice(form: HTMLElement, message: string) {
  const box = document.createElement('p');
  box.className = 'fw-payment-notice';
  box.setAttribute('role', 'note');
  box.textContent = message;
  form.insertBefore(box, form.firstChild);
}

// The payment form: one idempotency key per form load (renewed after an answered failure), the
// submit button disabled while the order is placed, the gateway's message shown on a decline. Every
// gateway goes through its element (gateway-elements.ts): a token or an intent to confirm in place.
registerHydrator('[data-payment-form]', (form, data) => {
  if (data.paymentNotice) showNotice(form, data.paymentNotice);
  const element = elementFor(data);
  element.mount(form);
  document.addEventListener('fw:quote', (event) => {
    const quote = (event as CustomEvent<Quote>).detail;
    element.update?.(Math.round(quote.total * 100), quote.currency);
  });
  let key = newKey();
  let busy = false;
  const placed = guardPlacedOrder(form, data, () => {
    key = newKey();
  });

  /** After the page confirmed the payment: the server asks the gateway (a moment's wait while it settles). */
  async function complete(cancelled = false) {
    const ids = { step_id: data.stepId, page_id: data.pageId, idempotency_key: key, cancelled };
    let answer = await post('/_fw/checkout/complete', ids);
    for (let wait = 500; answer.status === 409 && wait <= 4000; wait *= 2) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      answer = await post('/_fw/checkout/complete', ids);
    }
    return answer;
  }

  /** The checkout's body for a payment (the server prices the cart itself). */
  function checkoutBody(payment: unknown, gatewayId?: number) {
    const { customer, fields: extra } = formValues();
    return {
      ...cartOf(data, discountCode),
      customer,
      fields: extra,
      // With PayPal beside the card form, each names its gateway (else the account's default is charged).
      ...(gatewayId ? { gateway_id: gatewayId } : {}),
      payment,
      idempotency_key: key,
      new_purchase: placed.buyingAgain(),
    };
  }

  /** A paid answer goes on; any other is shown where it belongs. True when paid. */
  function settleAnswer(status: number, json: Answer): boolean {
    if (status === 201 || status === 200) {
      placed.show(json.data);
      goNext(data, json, true);
      return true;
    }
    if (placed.showRefusal(json.error)) return false;
    if (status !== 409) key = newKey();
    const error = json.error as { message?: string; field?: string } | undefined;
    if (error?.field?.startsWith('payment'))
      element.showError(shopperMessage(error), error.field.split('.')[1]);
    else showAnswerError(form, error);
    return false;
  }

  const paypal = data.gateway.paypal;
  if (paypal) {
    mountPayPalButtons(
      form,
      {
        clientId: paypal.clientId,
        sdkUrl: paypal.sdkUrl,
        currency: data.currency,
        alone: data.gateway.id === PAYPAL_GATEWAY,
      },
      {
        async createOrder() {
          if (busy || placed.shown() || !validate(fieldsIn(document))) throw new OrderRefused();
          showError(form, '');
          const { status, json } = await post(
            '/_fw/checkout',
            checkoutBody({ kind: 'intent' }, PAYPAL_GATEWAY),
          );
          if (status === 202 && typeof json.data?.client_secret === 'string') return json.data.client_secret;
          // Nothing to pay (a free cart) goes on at once; a refusal is shown by the form.
          settleAnswer(status, json);
          throw new OrderRefused();
        },
        async approve() {
          const { status, json } = await complete();
          settleAnswer(status, json);
        },
        async cancel() {
          const { status, json } = await complete(true);
          settleAnswer(status, json);
        },
      },
    );
  }

  async function pay() {
    const submitted = await element.submit();
    if ('error' in submitted) return;
    const body = checkoutBody(submitted.payment, paypal ? data.gateway.id : undefined);
    let { status, json } = await post('/_fw/checkout', body);
    if (status === 202 && typeof json.data?.client_secret === 'string') {
      const confirmed = await element.confirm(json.data.client_secret);
      ({ status, json } = await complete());
      if (status !== 201 && status !== 200 && confirmed.error) {
        // An answered failure is final for its key: the next attempt is a new payment.
        key = newKey();
        element.showError(confirmed.error);
        return;
      }
    }
    settleAnswer(status, json);
  }

  registerAction('submit-step', (button) => {
    if (busy || placed.shown()) return true;
    const fields = fieldsIn(document);
    if (!validate(fields)) return true;
    busy = true;
    const buttons = all<HTMLButtonElement>('[data-action="submit-step"]');
    for (const b of buttons) b.disabled = true;
    showError(form, '');
    void pay()
      .catch(() => showError(form, 'Something went wrong... Please try again later'))
      .finally(() => {
        busy = false;
        for (const b of buttons) b.disabled = false;
      });
    button.blur();
    return true;
  });
});

/** A product's price shows its chosen variant's; choosing a variant chooses the product too. */
function showVariant(select: HTMLSelectElement) {
  const product = select.closest('[data-product-id]');
  const price = product && q<HTMLElement>('.fw-product-price', product);
  const chosen = select.selectedOptions[0]?.getAttribute('data-price');
  if (price && chosen) {
    price.setAttribute('data-price', chosen);
    price.textContent = money(Number(chosen), price.getAttribute('data-currency') ?? '');
  }
  const input = product && q<HTMLInputElement>('input[type="radio"], input[type="checkbox"]', product);
  if (input) input.checked = true;
}

// Product list and order bump: a change re-prices the summary.
registerHydrator('[data-product-list]', (list) => {
  list.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.matches('[data-variant-select]'))
      showVariant(event.target);
    refreshSummary();
  });
});
registerHydrator('[data-order-bump]', (bump) => bump.addEventListener('change', () => refreshSummary()));

// Order summary: lines and totals from the server's price of the current cart; discount codes.
registerHydrator('[data-order-summary]', (summary, data) => {
  const body = q('[data-order-lines]', summary);
  const cell = (line: string) => q(`[data-line="${line}"] td`, summary);
  let seq = 0;
  // Without a payment form (a thank-you page) the summary shows the order this browser placed, and only
  // that: no order, no summary (a page with a product list prices its cart instead).
  const placed = q('[data-payment-form]') === null;
  const cart = q('[data-product-list]') !== null;
  refreshSummary = () => {
    const mine = ++seq;
    const ids = { step_id: data.stepId, page_id: data.pageId };
    const request = placed
      ? post('/_fw/order', ids).then((answer) =>
          answer.status === 200 && answer.json.data
            ? answer
            : cart
              ? post('/_fw/quote', cartOf(data, discountCode))
              : answer,
        )
      : post('/_fw/quote', cartOf(data, discountCode));
    void request.then(({ status, json }) => {
      if (mine !== seq) return;
      if (placed && !cart && !json.data) summary.hidden = true;
      if (status !== 200 || !json.data) return;
      const quote = json.data as unknown as Quote;
      // The payment element shows the total the gateway will be asked for (Stripe's wallets).
      document.dispatchEvent(new CustomEvent('fw:quote', { detail: quote }));
      if (placed && quote.order_number) showOrderDetails(summary, quote);
      if (body) {
        body.textContent = '';
        for (const line of quote.lines) {
          const row = document.createElement('tr');
          const name = document.createElement('td');
          const title =
            line.variant_title && line.variant_title !== 'Main Product' ? ` (${line.variant_title})` : '';
          name.textContent = `${line.name}${title}${line.qty > 1 ? ` x ${line.qty}` : ''}`;
          const price = document.createElement('td');
          price.textContent = money(line.amount * line.qty, quote.currency);
          row.append(name, price);
          body.appendChild(row);
        }
      }
      const set = (line: string, amount: number, hide = false) => {
        const target = cell(line);
        if (!target) return;
        target.textContent = money(amount, quote.currency);
        (target.parentElement as HTMLElement).hidden = hide;
      };
      set('subtotal', quote.subtotal);
      set('discount', -quote.discount, quote.discount === 0);
      set('tax', 0, true);
      set('total', quote.total);
    });
  };
  const toggle = q('[data-action="toggle-summary"]', summary);
  toggle?.addEventListener('click', () => {
    const open = summary.getAttribute('data-open') !== 'true';
    summary.setAttribute('data-open', String(open));
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = toggle.getAttribute(open ? 'data-hide-label' : 'data-show-label');
    for (const part of all<HTMLElement>('.fw-order-summary-table, .fw-discount-code', summary))
      part.hidden = !open;
  });
  const apply = q<HTMLButtonElement>('[data-action="apply-discount"]', summary);
  apply?.addEventListener('click', () => {
    const input = q<HTMLInputElement>('input[name="discount_code"]', summary);
    const code = input?.value.trim() ?? '';
    if (!code) return;
    apply.disabled = true;
    void post('/_fw/discount', { step_id: data.stepId, page_id: data.pageId, code })
      .then(({ status, json }) => {
        discountCode = status === 200 ? code : null;
        input?.setCustomValidity(status === 200 ? '' : (json.error?.message ?? ''));
        input?.reportValidity();
        refreshSummary();
      })
      .finally(() => {
        apply.disabled = false;
      });
  });
  refreshSummary();
});

// One-click upsell: the yes-link charges the saved payment method once; the next step either way. When
// the bank wants the shopper to confirm that charge (3-D Secure), it is confirmed here with the gateway's
// script, and the server asks the gateway before it adds the offer.
registerAction('yes-link', (button, _event, data) => {
  if (button.getAttribute('aria-busy') === 'true') return true;
  button.setAttribute('aria-busy', 'true');
  const productId = Number(button.getAttribute('data-product-id')) || null;
  const ids = { step_id: data.stepId, page_id: data.pageId };
  const settle = ({ status, json }: { status: number; json: Answer }) => {
    const error = json.error as (Record<string, unknown> & { message?: string }) | undefined;
    // No order of this browser to add the offer to: say so, charge nothing, confirm nothing.
    if (status === 422 || error?.code === 'payment_not_confirmed') {
      button.removeAttribute('aria-busy');
      showOfferError(button, shopperMessage(error));
      return;
    }
    goNext(data, json.data ? json : { data: error as Record<string, unknown> }, json.data?.accepted === true);
  };
  void post('/_fw/upsell', { ...ids, answer: 'yes', product_id: productId })
    .then(async (answer) => {
      const error = answer.json.error as Record<string, unknown> | undefined;
      if (error?.requires_action !== true) return settle(answer);
      showOfferError(button, shopperMessage(answer.json.error));
      const { publishableKey, scriptUrl } = data.gateway;
      const confirmed =
        publishableKey && scriptUrl
          ? await confirmSavedCard({
              publishableKey,
              scriptUrl,
              clientSecret: String(error.client_secret),
              paymentMethod: typeof error.payment_method === 'string' ? error.payment_method : null,
            })
          : { error: STRIPE_UNAVAILABLE };
      // Whatever Stripe.js said, the server asks Stripe itself (a failed challenge is recorded as such).
      let report = await post('/_fw/upsell/complete', ids);
      for (let tries = 0; report.status === 409 && !confirmed.error && tries < 5; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        report = await post('/_fw/upsell/complete', ids);
      }
      if (report.status === 409) {
        button.removeAttribute('aria-busy');
        return showOfferError(button, confirmed.error ?? shopperMessage(report.json.error));
      }
      settle(report);
    })
    .catch(() => button.removeAttribute('aria-busy'));
  return true;
});

/** An offer's refusal under its yes-link (e.g. 'This offer is only for a placed order…'). */
function showOfferError(button: HTMLElement, message: string) {
  const holder = button.parentElement ?? document.body;
  let box = q('.fw-offer-error', holder);
  if (!box) {
    box = document.createElement('p');
    box.className = 'fw-offer-error';
    box.setAttribute('role', 'alert');
    holder.appendChild(box);
  }
  box.textContent = message;
}
