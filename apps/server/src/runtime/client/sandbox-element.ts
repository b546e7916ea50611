/**
 * The Sandbox's card form as an element: the test card is checked in the browser (Luhn, expiry, CVC,
 * in Stripe's words, next to the field), then turned into a payment-method token by the Sandbox
 * (`/_fw/sandbox/payment-methods`), so the checkout itself posts only the token, as with Stripe.
 */
import { type CardField, cardProblem } from '@funnelwork/domain/gateways/card-checks';
import { showError as showFieldError } from './forms.ts';
import { type PaymentElement, postJson, showBelow } from './payment-element.ts';

const SANDBOX_PAYMENT_METHODS = '/_fw/sandbox/payment-methods';

export function sandboxElement(): PaymentElement {
  let form: HTMLElement | null = null;
  const input = (key: string) =>
    form?.querySelector<HTMLInputElement>(`[data-gateway-field="${CSS.escape(key)}"]`) ?? null;
  const value = (key: string) => input(key)?.value.trim() ?? '';

  function showError(message: string, field?: string) {
    const control = field ? input(field) : null;
    const box = control?.closest<HTMLElement>('.fw-card-field');
    if (!control || !box) {
      if (form) showBelow(form, message);
      return;
    }
    showFieldError(box, message);
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

  return {
    mount(element) {
      form = element;
    },
    async submit() {
      const [month = '', year = ''] = value('expiry').split(/\s*\/\s*|\s+/);
      const card = {
        number: value('number').replace(/\D/g, ''),
        exp_month: Number(month),
        exp_year: Number(year),
        cvc: value('cvc'),
      };
      const problem = cardProblem({
        number: card.number,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        cvc: card.cvc,
      });
      if (problem) {
        showError(problem.message, problem.field);
        return { error: problem.message };
      }
      const { status, json } = await postJson(SANDBOX_PAYMENT_METHODS, card);
      const token = json.data?.id;
      if (status === 201 && typeof token === 'string') return { payment: { kind: 'token', token } };
      const message = json.error?.message ?? 'Something went wrong... Please try again later';
      showError(message, json.error?.field?.replace(/^payment\./, '') as CardField | undefined);
      return { error: message };
    },
    // The Sandbox charges at the checkout: nothing to confirm in the browser.
    confirm: async () => ({}),
    showError,
  };
}
