import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowsOf } from '../db/client.ts';
import { createTestApp, type TestApp, waitFor } from '../test/harness.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './queue.ts';

// Issue 35 item 19: a receipt held by a killed process waited pg-boss's default 15 minutes.
const EXPIRY = 5;

/** A payload of each kind the app registers: a kind added without one fails the first test. */
const SAMPLES: Record<string, unknown> = {
  'analytics.rollup': {},
  'automations.step': { runId: 1 },
  'billing.reconcile': {},
  'checkout.close-order': { accountId: 1, orderId: 1 },
  'checkout.reconcile': {},
  'billing.renew': { accountId: 1, dueAt: '2026-01-01T00:00:00.000Z' },
  'hooks.deliver': { accountId: 1, subscriptionId: 1, eventId: 1 },
  'mail.automation': { messageId: 1 },
  'mail.send': { messageId: 1 },
  'orders.export': { exportId: 1 },
  'orders.export-expire': { exportId: 1 },
  'receipts.send': { accountId: 1, orderId: 1, kind: 'order_confirmation', key: 'k' },
  'sms.send': { messageId: 1 },
  'subscriptions.renew': { subscriptionId: 1, dueAt: '2026-01-01T00:00:00.000Z' },
  'users.password-reset': { email: 'nobody@example.test' },
  'webhooks.deliver': { deliveryId: 1 },
};

let t: TestApp;
let kinds: Array<JobDefinition<z.ZodType>>;

beforeAll(async () => {
  // The app registers every kind on its queue (not started): the list the tests go through.
  t = await createTestApp({ config: { jobExpirySeconds: EXPIRY } });
  kinds = t.queue.kinds().map((kind) => kind.job);
});
afterAll(async () => {
  await t.close();
});

/** A queue on the test's database with every kind registered, each job handed to `handle`. */
function queueOf(
  handle: (kind: string, items: unknown[]) => Promise<ReadonlyArray<unknown>>,
  workers?: number,
): JobQueue {
  const queue = createJobQueue(t.database, { jobExpirySeconds: EXPIRY, pollingIntervalSeconds: 0.5 });
  for (const job of kinds) {
    const options = workers === undefined ? job.options : { ...job.options, workers };
    queue.workBatch({ ...job, options }, (items) => handle(job.id, items));
  }
  return queue;
}

const jobRows = async () =>
  rowsOf<{ name: string; state: string; retry_count: number; expire: number }>(
    await t.database.db.execute(
      sql`select name, state, retry_count, extract(epoch from expire_in)::int as expire from pgboss.job`,
    ),
  );

describe('every job kind honours JOB_EXPIRY_SECONDS', () => {
  it('each registered kind has a sample here, and the app registers the kinds that hold work', () => {
    expect(kinds.map((job) => job.id).filter((id) => !(id in SAMPLES))).toEqual([]);
    expect(kinds.map((job) => job.id)).toEqual(expect.arrayContaining(['receipts.send', 'mail.send']));
    for (const kind of t.queue.kinds()) expect(kind.expireInSeconds, kind.job.id).toBe(EXPIRY);
  });

  it('a job of each kind held by a process that died is taken over after the expiry', async () => {
    // The holder makes the queues, takes one job of each kind and exits without finishing any: to the
    // database, a killed process (it has no workers; it takes the jobs by hand).
    const holder = queueOf(async () => new Promise<never>(() => {}), 0);
    const taken = new Map<string, number>();
    const taker = queueOf(async (kind, items) => {
      taken.set(kind, (taken.get(kind) ?? 0) + items.length);
      return items.map(() => undefined);
    });
    await holder.start();
    try {
      const queues = rowsOf<{ name: string; expire_seconds: number }>(
        await t.database.db.execute(sql`select name, expire_seconds from pgboss.queue`),
      );
      for (const job of kinds) {
        expect(queues.find((q) => q.name === job.id)?.expire_seconds, job.id).toBe(EXPIRY);
      }
      // Sent as the app sends them, then fetched by the holder as its workers would.
      for (const job of kinds) await t.queue.send(job, SAMPLES[job.id]);
      for (const job of kinds) expect(await holder.boss.fetch(job.id), job.id).toHaveLength(1);
      await holder.stop();
      const held = await jobRows();
      expect(held.filter((row) => row.state !== 'active')).toEqual([]);
      expect(held.filter((row) => row.expire !== EXPIRY)).toEqual([]);

      await taker.start();
      await waitFor(async () => {
        // The retry delay after an expiry (up to minutes for billing) is not what this test is about.
        await t.database.db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
        return taken.size === kinds.length ? true : undefined;
      }, 60_000);
      const done = await waitFor(async () => {
        const rows = await jobRows();
        return rows.every((row) => row.state === 'completed') ? rows : undefined;
      });
      expect(done.filter((row) => row.retry_count !== 1)).toEqual([]);
    } finally {
      await taker.stop();
      await holder.stop();
    }
    expect([...taken.values()].every((count) => count === 1)).toBe(true);
  }, 120_000);
});
