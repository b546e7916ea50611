import { and, eq, lt, sql } from 'drizzle-orm';
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

/** How long a process keeps the requests it took ahead and has not used; then they go back. */
export const API_RATE_RETURN_MS = 250;
/** The most requests a process takes ahead for one caller. */
const MOST_AHEAD = 16;

/**
 * One bucket's count in one minute as the database last answered it, and the requests this process took
 * ahead in it. The account's bucket has two: what the owner took (within the whole allowance) and what
 * anyone else took (within what leaves the owner a share), for a member must not use the owner's.
 */
type Cell = { accountId: number; bucket: string; minute: number; known: number; held: number };

/**
 * The plan's API requests a minute, counted in the database in fixed one-minute windows, so that every
 * server process counts the same requests:
 * - each member or API key may make a share of the allowance (`apiShareOf`);
 * - everyone but the owner stops when the account's total leaves the owner that share;
 * - the owner stops only at the account's total.
 * So the account never exceeds its allowance and no one else can lock the owner out. A refused request
 * is not counted: a caller hammering past its limit does not eat into anyone else's.
 *
 * A process takes requests ahead, counted in the database at once, and uses them without a write: up to
 * MOST_AHEAD and an eighth of what is left below the limit, so near a limit it takes one at a time, as
 * it did for every request (an upsert per request was most of an authenticated request's time on
 * PGlite: a floor of 2.3–2.8 ms against 0.65–0.85 ms without it). What it has not used goes back after
 * API_RATE_RETURN_MS, so another caller meets a limit early by at most that for that long. No count is
 * ever below the requests made: every process together stays within the allowance.
 */
export function createApiRateCounter({ db }: { db: Db }) {
  let prunedMinute = 0;
  const cells = new Map<string, Cell>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let returning: Promise<void> = Promise.resolve();

  const keyOf = (accountId: number, bucket: string, minute: number, owner = false) =>
    `${accountId}|${bucket}|${minute}${owner ? '|owner' : ''}`;
  function cellOf(accountId: number, bucket: string, minute: number, owner = false): Cell {
    const key = keyOf(accountId, bucket, minute, owner);
    let cell = cells.get(key);
    if (!cell) {
      cell = { accountId, bucket, minute, known: 0, held: 0 };
      cells.set(key, cell);
    }
    return cell;
  }

  async function prune(minute: number) {
    if (minute === prunedMinute) return;
    prunedMinute = minute;
    for (const [key, cell] of cells) if (cell.minute < minute - 1 && cell.held === 0) cells.delete(key);
    await db.delete(apiRequestCounts).where(lt(apiRequestCounts.minute, minute - 1));
  }

  /** Adds `count` to each cell's row in one upsert and answers the new counts (each cell's `known` takes its). */
  async function add(counts: Array<[Cell, number]>) {
    const rows = await db
      .insert(apiRequestCounts)
      .values(
        counts.map(([cell, count]) => ({
          accountId: cell.accountId,
          bucket: cell.bucket,
          minute: cell.minute,
          count,
        })),
      )
      .onConflictDoUpdate({
        target: [apiRequestCounts.accountId, apiRequestCounts.bucket, apiRequestCounts.minute],
        set: { count: sql`${apiRequestCounts.count} + excluded.count` },
      })
      .returning({ bucket: apiRequestCounts.bucket, count: apiRequestCounts.count });
    const answered = new Map<Cell, number>();
    for (const [cell] of counts) {
      cell.known = rows.find((r) => r.bucket === cell.bucket)?.count ?? cell.known;
      answered.set(cell, cell.known);
    }
    return answered;
  }

  /** Takes `count` back from each cell's row (requests taken ahead and not used), in one statement. */
  async function subtract(counts: Array<[Cell, number]>) {
    // Per row: the account's two cells share one, which an update changes once.
    const rows = new Map<string, [Cell, number]>();
    for (const [cell, count] of counts) {
      const row = keyOf(cell.accountId, cell.bucket, cell.minute);
      rows.set(row, [cell, (rows.get(row)?.[1] ?? 0) + count]);
    }
    const values = sql.join(
      [...rows.values()].map(
        ([cell, count]) =>
          sql`(${cell.accountId}::bigint, ${cell.bucket}::text, ${cell.minute}::int, ${count}::int)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update api_request_counts c set count = c.count - v.n
        from (values ${values}) as v(account_id, bucket, minute, n)
       where c.account_id = v.account_id and c.bucket = v.bucket and c.minute = v.minute`);
    for (const [cell, count] of counts) cell.known -= count;
  }

  /** Gives back what this process holds and has not used. */
  function giveBack(): Promise<void> {
    timer = null;
    const counts: Array<[Cell, number]> = [];
    for (const cell of cells.values()) {
      if (cell.held === 0) continue;
      counts.push([cell, cell.held]);
      cell.held = 0;
    }
    if (counts.length === 0) return returning;
    // A failed return leaves them counted: a caller may meet its limit early, never late.
    returning = returning.then(() => subtract(counts)).catch(() => undefined);
    return returning;
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
      const all = cellOf(accountId, ACCOUNT_BUCKET, minute, caller.owner);
      const mine = cellOf(accountId, caller.bucket, minute);
      // What this process holds is claimed before any wait: a give-back or another request could take it
      // while this one's upsert is on its way (a member was refused so, with a share left).
      const claimed = [all, mine].filter((cell) => cell.held > 0);
      for (const cell of claimed) cell.held -= 1;
      if (claimed.length === 2) return null;
      const share = perMinute === null ? 0 : apiShareOf(perMinute);
      // The caller's limits: the owner's is the account's total, anyone else's their share and what
      // leaves the owner theirs.
      const limits = new Map<Cell, number>([
        [all, perMinute === null ? Number.POSITIVE_INFINITY : caller.owner ? perMinute : perMinute - share],
        [mine, perMinute === null || caller.owner ? Number.POSITIVE_INFINITY : share],
      ]);
      const left = Math.min(...[...limits].map(([cell, limit]) => limit - cell.known));
      const ahead = Math.max(1, Math.min(MOST_AHEAD, Math.floor(left / 8)));
      const taking: Array<[Cell, number]> = [all, mine]
        .filter((cell) => !claimed.includes(cell))
        .map((cell) => [cell, ahead]);
      const counted = await add(taking);
      // Of what it took, what fits under each limit (from the counts its own upsert answered).
      const fits = new Map(
        taking.map(([cell, count]) => [
          cell,
          Math.max(0, Math.min(count, (limits.get(cell) ?? 0) - ((counted.get(cell) ?? 0) - count))),
        ]),
      );
      const limit = fits.get(mine) === 0 ? 'share' : fits.get(all) === 0 ? 'account' : null;
      // What did not fit goes back at once, and all it took when the request is refused: a refused
      // request is not counted (what it claimed is held again). The rest is held, less the one used now.
      const back: Array<[Cell, number]> = [];
      for (const [cell, count] of taking) {
        const kept = limit ? 0 : (fits.get(cell) ?? 0);
        cell.held += Math.max(0, kept - 1);
        if (kept < count) back.push([cell, count - kept]);
      }
      if (limit) for (const cell of claimed) cell.held += 1;
      if (!timer && (all.held > 0 || mine.held > 0)) {
        timer = setTimeout(() => void giveBack(), API_RATE_RETURN_MS);
        timer.unref?.();
      }
      if (back.length > 0) await subtract(back);
      if (limit) return { limit, share, retryAfterSeconds: 60 - new Date(now).getUTCSeconds() };
      return null;
    },

    /** The account's requests this minute (the usage bar), less those this process took ahead and has not used. */
    async current(accountId: number, now = Date.now()): Promise<number> {
      const minute = minuteOf(now);
      const [row] = await db
        .select({ count: apiRequestCounts.count })
        .from(apiRequestCounts)
        .where(
          and(
            eq(apiRequestCounts.accountId, accountId),
            eq(apiRequestCounts.bucket, ACCOUNT_BUCKET),
            eq(apiRequestCounts.minute, minute),
          ),
        );
      const held = (owner: boolean) => cells.get(keyOf(accountId, ACCOUNT_BUCKET, minute, owner))?.held ?? 0;
      return (row?.count ?? 0) - held(true) - held(false);
    },

    /** Gives back what this process took ahead and has not used (the server's close). */
    async close() {
      if (timer) clearTimeout(timer);
      await giveBack();
    },
  };
}

export type ApiRateCounter = ReturnType<typeof createApiRateCounter>;
