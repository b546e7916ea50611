import type { Customer, PatchCustomerBody } from '@funnelwork/domain';
import { ADDRESS_FIELDS } from '@funnelwork/domain/customers/addresses';
import { COUNTRIES, findCountry, statesOf } from '@funnelwork/domain/rules';

/** The fields the panel edits; optin_email and metadata are read-only ("Meta is read-only"). */
export const EDITABLE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'payer_email',
  'phone',
  ...ADDRESS_FIELDS,
] as const satisfies ReadonlyArray<keyof NonNullable<PatchCustomerBody['data']>>;

export type CustomerFormValues = Record<(typeof EDITABLE_FIELDS)[number], string>;

/**
 * The form's values for a customer. A country stored by name is shown by its two-letter code, so the
 * country picker finds it; an unknown one is kept as it is.
 */
export function customerFormValues(customer: Customer): CustomerFormValues {
  const values = Object.fromEntries(EDITABLE_FIELDS.map((key) => [key, customer[key]])) as CustomerFormValues;
  values.shipping_country = findCountry(customer.shipping_country)?.code ?? customer.shipping_country;
  values.country = findCountry(customer.country)?.code ?? customer.country;
  values.shipping_state = regionCode(values.shipping_country, customer.shipping_state);
  values.state = regionCode(values.country, customer.state);
  return values;
}

/** "Save changes sends the whole customer": every editable field, trimmed. */
export function customerPatch(values: CustomerFormValues): NonNullable<PatchCustomerBody['data']> {
  return Object.fromEntries(EDITABLE_FIELDS.map((key) => [key, values[key].trim()])) as CustomerFormValues;
}

export function customerFormChanged(customer: Customer, values: CustomerFormValues): boolean {
  const original = customerFormValues(customer);
  return EDITABLE_FIELDS.some((key) => original[key].trim() !== values[key].trim());
}

/** A customer's title: the full name, else the e-mail, else the opt-in e-mail, else its number. */
export function customerName(
  customer: Pick<Customer, 'id' | 'first_name' | 'last_name' | 'email'> & {
    optin_email?: string;
  },
): string {
  return (
    `${customer.first_name} ${customer.last_name}`.trim() ||
    customer.email ||
    customer.optin_email ||
    `Customer #${customer.id}`
  );
}

/** The country picker's options, with a stored value the list does not know kept selectable. */
export function countryOptions(current: string): Array<{ value: string; label: string }> {
  const options = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
  return current && !findCountry(current) ? [{ value: current, label: current }, ...options] : options;
}

/** A listed region stored by name ('Texas') as its code ('TX'), so the region picker finds it. */
function regionCode(country: string, region: string): string {
  const name = region.trim().toLowerCase();
  return statesOf(country).find((state) => state.name.toLowerCase() === name)?.code ?? region;
}

/**
 * The region picker's options for a country whose regions we list (empty: the region is free text),
 * with a stored value the list does not know kept selectable.
 */
export function regionOptions(country: string, current: string): Array<{ value: string; label: string }> {
  const options = statesOf(country).map((state) => ({ value: state.code, label: state.name }));
  if (options.length === 0) return [];
  return current && !options.some((option) => option.value === current)
    ? [{ value: current, label: current }, ...options]
    : options;
}
