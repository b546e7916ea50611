import { isPublicAddress, OutboundFailedError, OutboundRefusedError } from '../../net/safe-fetch.ts';

/**
 * Why a hook may not target a URL, checked when it is subscribed so the answer names the field; each
 * delivery then goes through the same outbound guard (net/safe-fetch.ts), which pins the checked
 * address. Both answer to one setting: OUTBOUND_ALLOW_HOSTS names the private `host:port` pairs that
 * may be reached (tests' receivers), as for every other outgoing call.
 */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

export type TargetCheck = (url: string) => Promise<string | null>;

/** Why a hook may not target this URL, or null when it may; `check` is the outbound guard's. */
export function createTargetCheck({ check }: { check: (url: string) => Promise<void> }): TargetCheck {
  return async (value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return 'must be an http or https URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
    try {
      await check(url.href);
      return null;
    } catch (error) {
      if (error instanceof OutboundFailedError) return 'names a host that does not resolve';
      if (error instanceof OutboundRefusedError && /user name or password/.test(error.message)) {
        return 'may not carry a user name or password';
      }
      if (error instanceof OutboundRefusedError) return 'may not point at a private address';
      throw error;
    }
  };
}
