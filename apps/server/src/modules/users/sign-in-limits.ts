import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/index.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures of one e-mail from one address within the window before that address must wait. */
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
/** Failures from one address within the window, whatever the e-mails, before it must wait. */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** The e-mail limits count by: letter case and surrounding spaces do not make another account. */
export const limitedEmail = (email: string) => email.trim().toLowerCase();

/**
 * The address limits count by: an IPv4 address (also when IPv4-mapped), or an IPv6 address's /64
 * network, which one subscriber gets whole, so walking through it does not bring fresh attempts.
 */
export function limitedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toRFC5952String()}/64`;
}

/**
 * Failed sign-ins in a sliding window, per (e-mail, address) and per address. A wait applies to the
 * address that failed, never to the account: the right password from elsewhere still signs in.
 */
export function createSignInLimits({ db, clock }: { db: Db; clock: () => Date }) {
  /** When the limit stops applying: the moment its max-th newest failure in the window leaves it. */
  async function blockedUntil(where: SQL | undefined, max: number): Promise<number> {
    const since = new Date(clock().getTime() - SIGN_IN_WINDOW_MS);
    const [oldestCounted] = await db
      .select({ at: signInFailures.createdAt })
      .from(signInFailures)
      .where(and(where, gt(signInFailures.createdAt, since)))
      .orderBy(desc(signInFailures.createdAt))
      .offset(max - 1)
      .limit(1);
    return oldestCounted ? new Date(oldestCounted.at).getTime() + SIGN_IN_WINDOW_MS : 0;
  }

  return {
    /** Whole seconds this address must wait before trying this e-mail again; 0 when it may now. */
    async retryAfterSeconds(email: string, ip: string): Promise<number> {
      const address = limitedAddress(ip);
      const until = Math.max(
        await blockedUntil(
          and(eq(signInFailures.email, limitedEmail(email)), eq(signInFailures.ip, address)),
          MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
        ),
        await blockedUntil(eq(signInFailures.ip, address), MAX_FAILURES_PER_ADDRESS),
      );
      const waitMs = until - clock().getTime();
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },

    async recordFailure(email: string, ip: string) {
      await db
        .insert(signInFailures)
        .values({ email: limitedEmail(email), ip: limitedAddress(ip), createdAt: clock() });
    },

    /** A success forgets this address's failures for the e-mail; other addresses' still count. */
    async clearFailures(email: string, ip: string) {
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.email, limitedEmail(email)), eq(signInFailures.ip, limitedAddress(ip))));
    },
  };
}
