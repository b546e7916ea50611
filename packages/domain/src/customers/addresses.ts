import { ADDRESS_FIELDS } from './address-fields.ts';
import { findCountry } from './countries.ts';

export { ADDRESS_FIELDS };

/** One postal address as the order's fulfillment answer gives it. */
export type PostalAddress = { address: string; city: string; state: string; zip: string; country: string };

/** The address fields a checkout or opt-in posts. */
export type AddressFields = { [K in (typeof ADDRESS_FIELDS)[number]]?: string };

const PARTS = ['city', 'state', 'zip', 'country'] as const;
const filled = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * A shopper's shipping and billing address made whole. Pages built with the first form presets post
 * the shipping street as `shipping_address` but its city, state, zip and country unprefixed: when a
 * shipping street comes with no shipping city, state, zip or country, the unprefixed ones are its.
 * Without a billing street (`address`) the billing address is the shipping address ("billing same as
 * shipping", Shopify's default). Other fields pass through unchanged.
 */
export function completeAddresses<T extends AddressFields>(fields: T): T {
  const completed: T = { ...fields };
  if (!filled(fields.shipping_address)) return completed;
  if (!PARTS.some((part) => filled(fields[`shipping_${part}`]))) {
    for (const part of PARTS) if (fields[part] !== undefined) completed[`shipping_${part}`] = fields[part];
  }
  if (!filled(fields.address)) {
    completed.address = completed.shipping_address;
    for (const part of PARTS) completed[part] = completed[`shipping_${part}`] ?? '';
  }
  return completed;
}

/** The shipping and the billing address of completed fields, as stored on an order. */
export function addressesOf(fields: AddressFields): { shipping: PostalAddress; billing: PostalAddress } {
  const text = (value: string | undefined) => value?.trim() ?? '';
  return {
    shipping: {
      address: text(fields.shipping_address),
      city: text(fields.shipping_city),
      state: text(fields.shipping_state),
      zip: text(fields.shipping_zip),
      country: text(fields.shipping_country),
    },
    billing: {
      address: text(fields.address),
      city: text(fields.city),
      state: text(fields.state),
      zip: text(fields.zip),
      country: text(fields.country),
    },
  };
}

/** An address's country by its name when it is a known code or name, else as stored. */
export const countryName = (country: string) => findCountry(country)?.name ?? country;

/**
 * An address as the order panel shows it: the street, then 'city, state zip', then the country by its
 * name; blank parts and lines are left out, so an empty address has no lines.
 */
export function addressLines(address: PostalAddress): string[] {
  const part = (value: string) => value.trim();
  const region = [part(address.state), part(address.zip)].filter(Boolean).join(' ');
  return [
    part(address.address),
    [part(address.city), region].filter(Boolean).join(', '),
    countryName(part(address.country)),
  ].filter(Boolean);
}
