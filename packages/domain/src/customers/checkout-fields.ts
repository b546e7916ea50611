// Imports nothing but the address fields: the published pages' script checks a checkout's fields with
// these rules before it posts them, and the server's checkout contract is built from them.
import type { ADDRESS_FIELDS } from './address-fields.ts';

/** Spec: "Required form field: 'This field is required'". */
export const REQUIRED_MESSAGE = 'This field is required';
export const EMAIL_MESSAGE = 'Enter a valid e-mail address';
export const tooLongMessage = (max: number) => `Use at most ${max} characters`;

/** zod's e-mail pattern (`z.email()`'s default), so the page and the server agree on every address. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The customer fields a checkout posts, with the most characters the server keeps of each. */
export const CUSTOMER_FIELD_MAX = {
  email: 320,
  first_name: 255,
  last_name: 255,
  phone: 64,
  shipping_address: 500,
  shipping_city: 255,
  shipping_state: 255,
  shipping_zip: 32,
  shipping_country: 64,
  address: 500,
  city: 255,
  state: 255,
  zip: 32,
  country: 64,
} as const satisfies Record<
  (typeof ADDRESS_FIELDS)[number] | 'email' | 'first_name' | 'last_name' | 'phone',
  number
>;
export type CustomerFieldKey = keyof typeof CUSTOMER_FIELD_MAX;

export const isCustomerFieldKey = (key: string): key is CustomerFieldKey => key in CUSTOMER_FIELD_MAX;

/** A form field's posted name as a customer field key: 'shippingCity' and 'Shipping city' → 'shipping_city'. */
export const customerKeyOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A 'full name' field as the first and last name the checkout keeps: the first word, then the rest. */
export function splitFullName(value: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = value.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** What the server would refuse in a customer field's value (null: nothing). Emptiness is the form's rule. */
export function customerFieldProblem(key: CustomerFieldKey, value: string): string | null {
  const trimmed = value.trim();
  const max = CUSTOMER_FIELD_MAX[key];
  if (key === 'email') {
    if (trimmed === '') return REQUIRED_MESSAGE;
    if (!EMAIL_PATTERN.test(trimmed.toLowerCase())) return EMAIL_MESSAGE;
  }
  return trimmed.length > max ? tooLongMessage(max) : null;
}
