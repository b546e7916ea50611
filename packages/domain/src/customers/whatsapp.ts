import { dialCodeFor } from './countries.ts';

const NON_DIGITS = /\D/g;

/**
 * "Customer phone link for WhatsApp: if the number has no leading plus or 00, the dial code of the
 * shipping or billing country is prepended; plus signs, spaces and hyphens are removed."
 * - A number starting with '+' or '00' (after surrounding spaces) keeps its own code; the '00' is dropped.
 * - Otherwise the shipping country's dial code is prepended, the billing country's when the shipping
 *   country is missing or unknown, and nothing when neither is known.
 * - The result holds digits only (any other character, not only '+', spaces and hyphens, is removed).
 * - As the spec says, the code is simply prepended: a national trunk '0' is not removed.
 */
export function whatsappNumber(
  phone: string,
  shippingCountry?: string | null,
  billingCountry?: string | null,
): string {
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) return trimmed.replace(NON_DIGITS, '');
  if (trimmed.startsWith('00')) return trimmed.slice(2).replace(NON_DIGITS, '');
  const digits = trimmed.replace(NON_DIGITS, '');
  if (!digits) return '';
  const dialCode = dialCodeFor(shippingCountry) ?? dialCodeFor(billingCountry) ?? '';
  return `${dialCode}${digits}`;
}

/** The WhatsApp chat link for a customer phone: `https://wa.me/<digits>`. */
export function whatsappLink(
  phone: string,
  shippingCountry?: string | null,
  billingCountry?: string | null,
): string {
  return `https://wa.me/${whatsappNumber(phone, shippingCountry, billingCountry)}`;
}
