import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../net/safe-fetch.ts';

/**
 * Why a hook may not target a URL, checked when it is subscribed so the answer names the field; each
 * delivery then goes through the outbound guard (net/safe-fetch.ts), which pins the checked address and
 * refuses the same addresses.
 */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

export type TargetCheck = (url: string) => Promise<string | null>;

/** Why a hook may not target this URL, or null when it may. */
export function createTargetCheck({
  allowPrivate,
  resolve = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address),
}: {
  allowPrivate: boolean;
  resolve?: (host: string) => Promise<string[]>;
}): TargetCheck {
  return async (value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return 'must be an http or https URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
    if (allowPrivate) return null;
    // The URL parser already turned decimal and hex IPv4 forms (http://2130706433/) into dotted ones.
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host === 'localhost' || host.endsWith('.localhost')) return 'may not point at a private address';
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        return 'names a host that does not resolve';
      }
    }
    if (addresses.length === 0) return 'names a host that does not resolve';
    return addresses.some(isPrivateAddress) ? 'may not point at a private address' : null;
  };
}
