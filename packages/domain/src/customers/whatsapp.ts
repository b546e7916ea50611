import { dialCodeFor } from './countries.ts';

/**
 * "if the number has no leading plus or 00, the dial code of the shipping or billing country is
 * prepended; plus signs, spaces and hyphens are removed." A leading 00 is the international
 * prefix, so it is dropped like the plus.
 */
export function whatsappNumber(
  phone: string,
  shippingCountry?: string | null,
  billingCountry?: string | null,
): string {
  const trimmed = phone.trim();
  const cleaned = (s: string) => s.replace(/[+\s-]/g, '');
  if (trimmed.startsWith('+')) return cleaned(trimmed);
  if (trimmed.startsWith('00')) return cleaned(trimmed.slice(2));
  const dial = dialCodeFor(shippingCountry) ?? dialCodeFor(billingCountry) ?? '';
  return `${dial}${cleaned(trimmed)}`;
}

export const whatsappLink = (
  phone: string,
  shippingCountry?: string | null,
  billingCountry?: string | null,
) => `https://wa.me/${whatsappNumber(phone, shippingCountry, billingCountry)}`;
