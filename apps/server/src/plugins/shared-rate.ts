import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCells } from '../db/schema/index.ts';

/**
 * Requests a minute as a token bucket (a minute's allowance at once, then one every 60/limit seconds),
 * counted in the database so that every server process shares it: the generic cell rate algorithm keeps
 * one time per limited thing (its "theoretical arrival time", `tat`) and one statement both checks and
 * takes, so concurrent requests in several processes cannot all pass one check.
 */
export function createSharedRateLimiter({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  let prunedAt = 0;

  return {
    /** Takes one request of `name` at `perMinute`: 0 when allowed, else the whole seconds to wait. */
    async take(name: string, perMinute: number): Promise<number> {
      const now = clock();
      // Whole milliseconds, so that exactly `perMinute` requests pass at once.
      const interval = Math.ceil(60_000 / perMinute);
      const tolerance = (perMinute - 1) * interval;
      if (now - prunedAt > 60_000) {
        prunedAt = now;
        // A cell whose time has passed is a full bucket: the same as no row.
        await db.delete(rateLimitCells).where(lt(rateLimitCells.tat, now));
      }
      const taken = await db
        .insert(rateLimitCells)
        .values({ name, tat: now + interval })
        .onConflictDoUpdate({
          target: rateLimitCells.name,
          set: { tat: sql`greatest(${rateLimitCells.tat}, ${now}::bigint) + ${interval}::bigint` },
          setWhere: sql`greatest(${rateLimitCells.tat}, ${now}::bigint) - ${now}::bigint <= ${tolerance}::bigint`,
        })
        .returning({ tat: rateLimitCells.tat });
      if (taken.length > 0) return 0;
      const [cell] = await db
        .select({ tat: rateLimitCells.tat })
        .from(rateLimitCells)
        .where(eq(rateLimitCells.name, name));
      const waitMs = Math.max(0, (cell?.tat ?? now) - now) - tolerance;
      return Math.max(1, Math.ceil(waitMs / 1000));
    },
  };
}

export type SharedRateLimiter = ReturnType<typeof createSharedRateLimiter>;
