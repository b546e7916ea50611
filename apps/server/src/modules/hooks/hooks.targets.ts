import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * A first guard against hooks aimed at this server's own network: loopback, private, link-local (the
 * cloud metadata address), carrier-grade NAT, unspecified and unique-local addresses. The integrations
 * work brings the thorough guard (checked on the connected socket and on every redirect); this one
 * checks the URL's host and what it resolves to now.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, 'ipv4');
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
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
