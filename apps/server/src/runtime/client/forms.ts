import {
  customerFieldProblem,
  customerKeyOf,
  isCustomerFieldKey,
  REQUIRED_MESSAGE,
  splitFullName,
} from '@funnelwork/domain/customers/checkout-fields';
import type { PageData } from './registry.ts';

export const REQUIRED = REQUIRED_MESSAGE;

/**
 * The form fields of a scope (a form, a two-step form's step, or the page), payment fields excluded;
 * a two-step form's other step counts (it is only out of view), a hidden popup's fields do not.
 */
export function fieldsIn(scope: ParentNode): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>('.fw-field')).filter(
    (field) => !field.closest('[data-payment-form]') && !field.closest('[hidden]:not(.fw-form-step)'),
  );
}

/** Shows a two-step form's step ('1' or '2'). */
export function showFormStep(form: HTMLElement, step: string): void {
  form.setAttribute('data-current-step', step);
  form.querySelectorAll<HTMLElement>('.fw-form-step').forEach((element) => {
    element.hidden = element.getAttribute('data-step') !== step;
  });
  form.querySelectorAll<HTMLElement>('.fw-step-header').forEach((header) => {
    if (header.getAttribute('data-step') === step) header.setAttribute('aria-current', 'step');
    else header.removeAttribute('aria-current');
  });
}

/** Brings a control into view, switching a two-step form to the step that holds it, and focuses it. */
export function revealControl(control: HTMLElement): void {
  const step = control.closest<HTMLElement>('.fw-form-step');
  const form = step?.closest<HTMLElement>('[data-two-step-form]');
  if (step?.hidden && form) showFormStep(form, step.getAttribute('data-step') ?? '1');
  control.focus();
}

type NamedControl = { name: string; type: string };
/** The customer field a control fills: by its name ('shippingCity' → 'shipping_city'), else an e-mail input's. */
export function customerKeyOfControl(control: NamedControl): string {
  const key = customerKeyOf(control.name);
  return !isCustomerFieldKey(key) && control.type === 'email' ? 'email' : key;
}

/** The page's control that fills a customer field ('first_name' and 'last_name' may be one 'full name'). */
export function controlOfCustomerField(key: string): HTMLElement | null {
  const controls = Array.from(
    document.querySelectorAll<Control>(
      '.fw-page input[name], .fw-page select[name], .fw-page textarea[name]',
    ),
  );
  const named = (wanted: string) => controls.find((c) => customerKeyOfControl(c) === wanted) ?? null;
  return named(key) ?? (key === 'first_name' || key === 'last_name' ? named('full_name') : null);
}

/** What the server would refuse in a control's value, by the customer field it fills (null: nothing). */
function customerProblem(control: Control): string | null {
  if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) return null;
  const key = customerKeyOfControl(control);
  if (key === 'full_name') {
    const { first_name, last_name } = splitFullName(control.value);
    return customerFieldProblem('first_name', first_name) ?? customerFieldProblem('last_name', last_name);
  }
  if (!isCustomerFieldKey(key) || (key !== 'email' && control.value.trim() === '')) return null;
  return customerFieldProblem(key, control.value);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const controlsOf = (field: HTMLElement) =>
  Array.from(field.querySelectorAll<Control>('input,select,textarea')).filter(
    (c) => c.name !== '' && !c.disabled,
  );

function fieldValue(controls: Control[]): string {
  const values = controls
    .filter((c) => !(c instanceof HTMLInputElement) || !['checkbox', 'radio'].includes(c.type) || c.checked)
    .map((c) => c.value.trim());
  return values.filter(Boolean).join(', ');
}

export function showError(field: HTMLElement, message: string | null): void {
  let box = field.querySelector<HTMLElement>('.fw-field-error');
  for (const control of controlsOf(field)) {
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
  if (!message) {
    box?.remove();
    return;
  }
  if (!box) {
    box = document.createElement('div');
    box.className = 'fw-field-error';
    box.setAttribute('role', 'alert');
    field.appendChild(box);
  }
  box.textContent = message;
}

/** Checks required fields and max lengths; marks each bad field; answers whether all are good. */
export function validate(fields: HTMLElement[]): boolean {
  let ok = true;
  for (const field of fields) {
    const controls = controlsOf(field);
    if (controls.length === 0) continue;
    const type = field.getAttribute('data-input-type');
    const required = controls.some((c) => c.required) && type !== 'checkbox';
    const max = Number(field.getAttribute('data-max-length') ?? 0);
    let message: string | null = null;
    if (
      type === 'double'
        ? controls.some((c) => c.required && c.value.trim() === '')
        : required && fieldValue(controls) === ''
    )
      message = REQUIRED;
    else if (max > 0 && controls.some((c) => c.value.length > max)) message = `Use at most ${max} characters`;
    else message = controls.map(customerProblem).find((problem) => problem !== null) ?? null;
    showError(field, message);
    if (message) ok = false;
  }
  const first = fields.find((f) => f.querySelector('.fw-field-error'));
  const control = first?.querySelector<HTMLElement>('input,select,textarea');
  if (control) revealControl(control);
  return ok;
}

/** Field values by name (checkboxes joined), for the opt-in call. */
export function valuesOf(fields: HTMLElement[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const byName = new Map<string, Control[]>();
    for (const control of controlsOf(field))
      byName.set(control.name, [...(byName.get(control.name) ?? []), control]);
    for (const [name, controls] of byName) values[name] = fieldValue(controls);
  }
  return values;
}

/** Sends an opt-in; goes to the next step, or shows the server's messages on their fields. */
export async function submitOptin(
  fields: HTMLElement[],
  data: PageData,
  button?: HTMLElement,
): Promise<void> {
  const body = new URLSearchParams({ ...valuesOf(fields), fw_page_id: String(data.pageId) });
  button?.setAttribute('disabled', '');
  try {
    const response = await fetch(data.optinUrl, {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    const answer = (await response.json()) as {
      data?: { next_url: string | null };
      fields?: Record<string, string>;
    };
    if (response.ok) {
      const next = answer.data?.next_url ?? data.nextUrl;
      if (next) window.location.assign(next);
      return;
    }
    for (const field of fields) {
      const names = controlsOf(field).map((c) => c.name);
      const message = names.map((n) => answer.fields?.[n]).find(Boolean);
      showError(field, message ?? null);
    }
  } finally {
    button?.removeAttribute('disabled');
  }
}

/** Typing clears a field's message; max lengths hold while typing. */
export function hydrateField(field: HTMLElement): void {
  field.addEventListener('input', () => {
    if (field.querySelector('.fw-field-error')) showError(field, null);
  });
}
