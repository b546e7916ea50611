import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/client.ts';
import { throttleEvents } from '../db/schema/index.ts';

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

/** The e-mail limits count by: letter case and surrounding spaces do not make another account. */
export const limitedEmail = (email: string) => email.trim().toLowerCase();

/** One counted attempt: its kind, whom it is about ('' for nobody) and the client's address. */
export type Attempt = { scope: string; subject: string; ip: string };

/**
 * At most `max` attempts of the scope within `windowMs`, counted per subject, per address, or per
 * both together (the attempts that share every dimension named in `per`).
 */
export type Limit = { per: ReadonlyArray<'subject' | 'address'>; max: number; windowMs: number };

/** The 429's wait in whole minutes, rounded up (its Retry-After header has the seconds). */
export const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Sliding-window limits on attempts, kept in the database so that every server process sharing it
 * counts the same attempts (README "Running several processes"). A wait applies to what the limit
 * counts by: an address that failed, an e-mail that was tried, never more.
 */
export function createThrottle({ db, clock }: { db: Db; clock: () => Date }) {
  function matching({ scope, subject, ip }: Attempt, per: Limit['per']): SQL | undefined {
    return and(
      eq(throttleEvents.scope, scope),
      per.includes('subject') ? eq(throttleEvents.subject, subject) : undefined,
      per.includes('address') ? eq(throttleEvents.address, limitedAddress(ip)) : undefined,
    );
  }

  /** When the limit stops applying: the moment the `nth` newest attempt in the window leaves it; 0 if none. */
  async function blockedUntil(attempt: Attempt, limit: Limit, nth: number): Promise<number> {
    const since = new Date(clock().getTime() - limit.windowMs);
    const [counted] = await db
      .select({ at: throttleEvents.createdAt })
      .from(throttleEvents)
      .where(and(matching(attempt, limit.per), gt(throttleEvents.createdAt, since)))
      .orderBy(desc(throttleEvents.createdAt))
      .offset(nth - 1)
      .limit(1);
    return counted ? new Date(counted.at).getTime() + limit.windowMs : 0;
  }

  async function waitUntil(attempt: Attempt, limits: readonly Limit[], extra: number): Promise<number> {
    let until = 0;
    for (const limit of limits)
      until = Math.max(until, await blockedUntil(attempt, limit, limit.max + extra));
    return until;
  }

  const secondsFrom = (until: number) => {
    const waitMs = until - clock().getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  };

  return {
    /** Whole seconds before this attempt may be made (its limits already reached); 0 when it may now. */
    async retryAfterSeconds(attempt: Attempt, limits: readonly Limit[]): Promise<number> {
      return secondsFrom(await waitUntil(attempt, limits, 0));
    },

    /** Counts an attempt that was made (a failure, for limits that count failures). */
    async record({ scope, subject, ip }: Attempt): Promise<void> {
      await db
        .insert(throttleEvents)
        .values({ scope, subject, address: limitedAddress(ip), createdAt: clock() });
    },

    /**
     * Counts an attempt and answers 0 when it is within its limits, else the seconds to wait (the
     * refused attempt is not counted). Counted first and checked after, so concurrent attempts cannot
     * all pass one check: at worst a few of them are refused together.
     */
    async take(attempt: Attempt, limits: readonly Limit[]): Promise<number> {
      const waitMs = await this.takeMs(attempt, limits);
      return waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
    },

    /** `take` with the wait in milliseconds (a limit of a second's window needs them). */
    async takeMs(attempt: Attempt, limits: readonly Limit[]): Promise<number> {
      const [row] = await db
        .insert(throttleEvents)
        .values({
          scope: attempt.scope,
          subject: attempt.subject,
          address: limitedAddress(attempt.ip),
          createdAt: clock(),
        })
        .returning({ id: throttleEvents.id });
      if ((await waitUntil(attempt, limits, 1)) === 0) return 0;
      if (row) await db.delete(throttleEvents).where(eq(throttleEvents.id, row.id));
      return Math.max(1, (await waitUntil(attempt, limits, 0)) - clock().getTime());
    },

    /** Forgets the attempts of the scope that share this attempt's dimensions in `per` (after a success). */
    async clear(attempt: Attempt, per: Limit['per']): Promise<void> {
      await db.delete(throttleEvents).where(matching(attempt, per));
    },

    /** Drops attempts older than every window (`longestWindowMs`): they count for nothing. */
    async prune(longestWindowMs: number): Promise<void> {
      await db
        .delete(throttleEvents)
        .where(lt(throttleEvents.createdAt, new Date(clock().getTime() - longestWindowMs)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
