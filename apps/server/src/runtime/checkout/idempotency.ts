import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { checkoutRequests } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

/** A stored answer: the HTTP status and the JSON body the first request answered. */
export type StoredAnswer = { status: number; body: Record<string, unknown> };

export type Claim = { kind: 'owner'; requestId: number } | { kind: 'answer'; answer: StoredAnswer };

/**
 * A pending claim older than this is taken to be from a process that died; a repeat takes it over. A claim
 * whose owner process is known to be gone (process-liveness.ts) is taken over at once.
 */
export const STALE_CLAIM_MS = 2 * 60_000;
/** How long a repeat waits for the first request's answer before answering 409. */
export const WAIT_FOR_ANSWER_MS = 20_000;

export const KEY_REUSED = 'This idempotency key was already used for another request';
export const STILL_PROCESSING = 'This payment is still being processed. Try again in a moment.';

export const requestHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims an idempotency key for a request. The first request becomes the owner; a repeat with the same
 * key (and the same body) waits until the owner has stored its answer and gets that answer.
 */
export async function claimKey(
  { db, liveness }: Pick<Database, 'db' | 'liveness'>,
  accountId: number,
  key: string,
  hash: string,
  options: { clock?: () => Date; waitMs?: number } = {},
): Promise<Claim> {
  const clock = options.clock ?? (() => new Date());
  const deadline = Date.now() + (options.waitMs ?? WAIT_FOR_ANSWER_MS);
  const owner = await liveness.self();
  let pause = 20;
  for (;;) {
    const [inserted] = await db
      .insert(checkoutRequests)
      .values({ accountId, idempotencyKey: key, requestHash: hash, claimedAt: clock(), claimedBy: owner })
      .onConflictDoNothing()
      .returning({ id: checkoutRequests.id });
    if (inserted) return { kind: 'owner', requestId: inserted.id };

    const [row] = await db
      .select()
      .from(checkoutRequests)
      .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.idempotencyKey, key)));
    if (row) {
      if (row.requestHash !== hash)
        throw new HttpError(422, KEY_REUSED, 'idempotency_key_reused', 'idempotency_key');
      if (row.state === 'done' && row.responseStatus !== null && row.response !== null) {
        return { kind: 'answer', answer: { status: row.responseStatus, body: row.response } };
      }
      const claimedAt = new Date(row.claimedAt);
      // A shopper retrying after a crash gets their order as soon as a server is back, not minutes later.
      const ownerGone =
        row.claimedBy !== null && row.claimedBy !== owner && !(await liveness.isAlive(row.claimedBy));
      if (ownerGone || clock().getTime() - claimedAt.getTime() > STALE_CLAIM_MS) {
        const [taken] = await db
          .update(checkoutRequests)
          .set({ claimedAt: clock(), claimedBy: owner })
          .where(and(eq(checkoutRequests.id, row.id), eq(checkoutRequests.claimedAt, claimedAt)))
          .returning({ id: checkoutRequests.id });
        if (taken) return { kind: 'owner', requestId: taken.id };
      }
    }
    if (Date.now() > deadline) throw new HttpError(409, STILL_PROCESSING, 'payment_in_progress');
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
}

/** Stores the owner's answer (inside the transaction that made its rows, when it made any). */
export async function storeAnswer(
  db: Db,
  requestId: number,
  answer: StoredAnswer,
  orderId: number | null = null,
): Promise<void> {
  await db
    .update(checkoutRequests)
    .set({ state: 'done', responseStatus: answer.status, response: answer.body, orderId })
    .where(eq(checkoutRequests.id, requestId));
}

/** Gives the key back (the request failed before anything happened), so a repeat is tried afresh. */
export async function releaseKey(db: Db, requestId: number): Promise<void> {
  await db.delete(checkoutRequests).where(eq(checkoutRequests.id, requestId));
}
