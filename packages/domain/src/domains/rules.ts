/** Custom domains: syntax and the DNS record that proves ownership. */

export const DOMAIN_VERIFICATION_PREFIX = '_funnelwork';
export const DOMAIN_VERIFICATION_VALUE_PREFIX = 'funnelwork-verify=';

export type DomainCheck = { valid: true; name: string } | { valid: false; name: string; message: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Normalises what a merchant typed ('https://Shop.Example.com/', 'shop.example.com.') to a host name
 * ('shop.example.com') and checks its syntax: at least two labels of letters, digits and inner hyphens
 * (at most 63 each), an alphabetic top-level label, 253 characters at most, no port, path or address.
 */
export function checkDomainName(input: string): DomainCheck {
  const name = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/+$/, '')
    .replace(/\.$/, '');
  if (name === '') return { valid: false, name, message: 'Enter a domain name' };
  if (/[/?#@:\s]/.test(name)) {
    return { valid: false, name, message: 'Enter only the domain name, without a path, port or spaces' };
  }
  if (name.length > 253) return { valid: false, name, message: 'A domain name has at most 253 characters' };
  const labels = name.split('.');
  if (labels.length < 2)
    return { valid: false, name, message: 'Enter a full domain name such as shop.example.com' };
  if (!labels.every((label) => LABEL.test(label))) {
    return {
      valid: false,
      name,
      message: 'Each part of a domain name holds letters, digits and inner hyphens, 63 characters at most',
    };
  }
  if (!TLD.test(labels.at(-1) ?? '')) {
    return { valid: false, name, message: 'The domain name must end with a top-level domain such as .com' };
  }
  return { valid: true, name };
}

/** Where the TXT record goes: `_funnelwork.<domain>`. */
export function verificationRecordName(domain: string): string {
  return `${DOMAIN_VERIFICATION_PREFIX}.${domain}`;
}

/** What the TXT record holds: `funnelwork-verify=<token>`. */
export function verificationRecordValue(token: string): string {
  return `${DOMAIN_VERIFICATION_VALUE_PREFIX}${token}`;
}

/** Whether any TXT record (its strings joined, as DNS splits long ones) holds the expected value. */
export function txtRecordsProve(records: ReadonlyArray<ReadonlyArray<string>>, token: string): boolean {
  const expected = verificationRecordValue(token);
  return records.some((chunks) => chunks.join('').trim() === expected);
}
