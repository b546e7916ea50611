import type { PageData } from './registry.ts';

export const REQUIRED = 'This field is required';

/** The form fields of a scope (a form, a two-step form's step, or the page), payment fields excluded. */
export function fieldsIn(scope: ParentNode): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>('.fw-field')).filter(
    (field) => !field.closest('[data-payment-form]') && !field.closest('[hidden]'),
  );
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
    showError(field, message);
    if (message) ok = false;
  }
  const first = fields.find((f) => f.querySelector('.fw-field-error'));
  first?.querySelector<HTMLElement>('input,select,textarea')?.focus();
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
