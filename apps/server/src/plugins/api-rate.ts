import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiRequestCounts } from '../db/schema/index.ts';

/** Who made an API request: a member's session (`m:<member id>`) or a developer app's key (`k:<key id>`). */
export type ApiCaller = { bucket: string; owner: boolean };

/** Which limit refused a request: the account's whole allowance, or the caller's share of it. */
export type ApiRateRefusal = { limit: 'account' | 'share'; share: number; retryAfterSeconds: number };

/**
 * One caller's share of an account's API requests a minute: a quarter, so that no member or key alone
 * (and no three of them) can use up what the owner needs. docs/decisions/accounts-and-security.md "Accounts and limits".
 */
export const apiShareOf = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 4));

const ACCOUNT_BUCKET = '*';
const minuteOf = (now: number) => Math.floor(now / 60_000);

/**
 * The plan's API requests a minute, counted in the database in fixed one-minute windows, so that every
 * server process counts the same requests:
 * - each member or API key may make a share of the allowance (`apiShareOf`);
 * - everyone but the owner stops when the account's total leaves the owner that share;
 * - the owner stops only at the account's total.
 * So the account never exceeds its allowance and no one else can lock the owner out. A refused request
 * is not counted: a caller hammering past its limit does not eat into anyone else's.
 */
export function createApiRateCounter({ db }: { db: Db }) {
  let prunedMinute = 0;

  async function prune(minute: number) {
    if (minute === prunedMinute) return;
    prunedMinute = minute;
    await db.delete(apiRequestCounts).where(lt(apiRequestCounts.minute, minute - 1));
  }

  return {
    /** Counts one request of `caller`; null when it is within the limits, else which one refused it. */
    async take(
      accountId: number,
      caller: ApiCaller,
      perMinute: number | null,
      now: number,
    ): Promise<ApiRateRefusal | null> {
      const minute = minuteOf(now);
      await prune(minute);
      const buckets = [ACCOUNT_BUCKET, caller.bucket];
      const counted = await db
        .insert(apiRequestCounts)
        .values(buckets.map((bucket) => ({ accountId, bucket, minute, count: 1 })))
        .onConflictDoUpdate({
          target: [apiRequestCounts.accountId, apiRequestCounts.bucket, apiRequestCounts.minute],
          set: { count: sql`${apiRequestCounts.count} + 1` },
        })
        .returning({ bucket: apiRequestCounts.bucket, count: apiRequestCounts.count });
      if (perMinute === null) return null;
      const total = counted.find((row) => row.bucket === ACCOUNT_BUCKET)?.count ?? 0;
      const mine = counted.find((row) => row.bucket === caller.bucket)?.count ?? 0;
      const share = apiShareOf(perMinute);
      const limit = caller.owner
        ? total > perMinute
          ? 'account'
          : null
        : mine > share
          ? 'share'
          : total > perMinute - share
            ? 'account'
            : null;
      if (!limit) return null;
      await db
        .update(apiRequestCounts)
        .set({ count: sql`${apiRequestCounts.count} - 1` })
        .where(
          and(
            eq(apiRequestCounts.accountId, accountId),
            eq(apiRequestCounts.minute, minute),
            inArray(apiRequestCounts.bucket, buckets),
          ),
        );
      return { limit, share, retryAfterSeconds: 60 - new Date(now).getUTCSeconds() };
    },

    /** The account's requests this minute (the usage bar). */
    async current(accountId: number, now = Date.now()): Promise<number> {
      const [row] = await db
        .select({ count: apiRequestCounts.count })
        .from(apiRequestCounts)
        .where(
          and(
            eq(apiRequestCounts.accountId, accountId),
            eq(apiRequestCounts.bucket, ACCOUNT_BUCKET),
            eq(apiRequestCounts.minute, minuteOf(now)),
          ),
        );
      return row?.count ?? 0;
    },
  };
}

export type ApiRateCounter = ReturnType<typeof createApiRateCounter>;
