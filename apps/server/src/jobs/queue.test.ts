import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { createJobQueue, defineJob, type JobQueue, registerRepeatingJob } from './queue.ts';

let database: TestDatabase;
let queue: JobQueue;
const attempts: number[] = [];
const done: number[] = [];

const flakyJob = defineJob('test.flaky', z.object({ n: z.number() }), { retryLimit: 3, retryDelay: 1 });

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  queue.work(flakyJob, async ({ n }) => {
    attempts.push(n);
    // Fails the first time: the retry must run it again.
    if (attempts.filter((x) => x === n).length === 1) throw new Error('first attempt fails');
    done.push(n);
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.drop();
});

async function waitFor(check: () => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('job queue (pg-boss on the same database)', () => {
  it('enqueues, runs and retries a job', async () => {
    const id = await queue.send(flakyJob, { n: 7 });
    expect(id).toBeTruthy();
    await waitFor(() => done.includes(7));
    expect(attempts.filter((x) => x === 7)).toEqual([7, 7]);
  });

  it('runs a job sent to a started worker without waiting for its next poll', async () => {
    // A worker that polls once an hour: the job runs because sending it wakes this process's worker.
    const slow = createJobQueue(database, { pollingIntervalSeconds: 3600 });
    const ran: number[] = [];
    const hourlyJob = defineJob('test.hourly', z.object({ n: z.number() }));
    slow.work(hourlyJob, async ({ n }) => {
      ran.push(n);
    });
    await slow.start();
    try {
      // Past the worker's first fetch at start.
      await new Promise((r) => setTimeout(r, 300));
      await slow.send(hourlyJob, { n: 1 });
      await waitFor(() => ran.includes(1));
      expect(ran).toEqual([1]);
    } finally {
      await slow.stop();
    }
  });

  it('a job sent in a transaction exists only if it commits; wake runs it once, with two workers', async () => {
    const slow = createJobQueue(database, { pollingIntervalSeconds: 3600 });
    const ran: number[] = [];
    const txJob = defineJob('test.in-tx', z.object({ n: z.number() }), { workers: 2 });
    slow.work(txJob, async ({ n }) => {
      ran.push(n);
    });
    await slow.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
      await expect(
        database.db.transaction(async (tx) => {
          await slow.sendIn(tx, txJob, { n: 1 });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await database.db.transaction(async (tx) => {
        await slow.sendIn(tx, txJob, { n: 2 });
      });
      slow.wake(txJob);
      await waitFor(() => ran.includes(2));
      await new Promise((r) => setTimeout(r, 500));
      expect(ran).toEqual([2]);
      const { rows } = await database.executeSql(
        `select count(*)::int as n from pgboss.job where name = 'test.in-tx'`,
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await slow.stop();
    }
  });

  it('a batch handler gets the fetched jobs together; a job it answers with an error is retried alone', async () => {
    const polling = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
    const batches: number[][] = [];
    const batchJob = defineJob('test.batch', z.object({ n: z.number() }), {
      batchSize: 10,
      retryLimit: 2,
      retryDelay: 1,
    });
    polling.workBatch(batchJob, async (items) => {
      batches.push(items.map((item) => item.n));
      // The job of 3 fails on its first run only.
      const first = batches.flat().filter((n) => n === 3).length === 1;
      return items.map((item) => (item.n === 3 && first ? new Error('refused') : undefined));
    });
    await polling.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
      await polling.sendMany(batchJob, [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
      await waitFor(() => batches.flat().filter((n) => n === 3).length === 2);
      expect(batches[0]?.sort()).toEqual([1, 2, 3, 4]);
      expect(batches.slice(1).flat()).toEqual([3]);
      const { rows } = await database.executeSql(
        `select data->>'n' as n, state, retry_count from pgboss.job where name = 'test.batch' order by n`,
      );
      expect(rows.map((row) => [row.n, row.retry_count])).toEqual([
        ['1', 0],
        ['2', 0],
        ['3', 1],
        ['4', 0],
      ]);
    } finally {
      await polling.stop();
    }
  });

  // The three below poll once a minute and wait 10 s at most: only the due-time timers run them in time.
  it('runs a delayed job when it is due, not at the next poll', async () => {
    const slow = createJobQueue(database, { pollingIntervalSeconds: 60 });
    const ranAt: number[] = [];
    const delayedJob = defineJob('test.delayed', z.object({ n: z.number() }));
    slow.work(delayedJob, async () => {
      ranAt.push(Date.now());
    });
    await slow.start();
    try {
      await new Promise((r) => setTimeout(r, 300)); // past the worker's first fetch
      const due = Date.now() + 1_500;
      await slow.send(delayedJob, { n: 1 }, { startAfter: new Date(due) });
      await waitFor(() => ranAt.length > 0, 10_000);
      console.log(`delayed job ran ${(ranAt[0] ?? 0) - due} ms after its due time`);
      expect(ranAt[0]).toBeGreaterThanOrEqual(due);
    } finally {
      await slow.stop();
    }
  });

  it('retries a failed job after its retry delay (with backoff), not at the next poll', async () => {
    const slow = createJobQueue(database, { pollingIntervalSeconds: 60 });
    const attemptsAt: number[] = [];
    const retriedJob = defineJob('test.retried', z.object({ n: z.number() }), {
      retryLimit: 2,
      retryDelay: 1,
      retryBackoff: true,
    });
    slow.work(retriedJob, async () => {
      attemptsAt.push(Date.now());
      if (attemptsAt.length === 1) throw new Error('first attempt fails');
    });
    await slow.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
      await slow.send(retriedJob, { n: 1 });
      await waitFor(() => attemptsAt.length === 2, 10_000);
      const [first = 0, second = 0] = attemptsAt;
      console.log(`retried ${second - first} ms after the failure (backoff: 1 to 2 s)`);
      // pg-boss's first backoff is retryDelay × (1 + a random fraction): at least a second.
      expect(second - first).toBeGreaterThanOrEqual(1_000);
    } finally {
      await slow.stop();
    }
  });

  it('after a restart, runs the job due meanwhile at once and the one due later when due', async () => {
    const restartJob = defineJob('test.restart', z.object({ n: z.number() }));
    const before = createJobQueue(database, { pollingIntervalSeconds: 60 });
    before.work(restartJob, async () => {
      throw new Error('the process before the restart runs nothing');
    });
    await before.start();
    const dueWhileDown = Date.now() + 300;
    const dueAfter = Date.now() + 2_500;
    await before.send(restartJob, { n: 1 }, { startAfter: new Date(dueWhileDown) });
    await before.send(restartJob, { n: 2 }, { startAfter: new Date(dueAfter) });
    await before.stop();
    await new Promise((r) => setTimeout(r, 500));

    const after = createJobQueue(database, { pollingIntervalSeconds: 60 });
    const ranAt = new Map<number, number>();
    after.work(restartJob, async ({ n }) => {
      ranAt.set(n, Date.now());
    });
    const restartedAt = Date.now();
    await after.start();
    try {
      await waitFor(() => ranAt.size === 2, 10_000);
      console.log(
        `after the restart: the overdue job ran in ${(ranAt.get(1) ?? 0) - restartedAt} ms, the later one ${(ranAt.get(2) ?? 0) - dueAfter} ms after its due time`,
      );
      expect(ranAt.get(2)).toBeGreaterThanOrEqual(dueAfter);
    } finally {
      await after.stop();
    }
  });

  it('a repeating job keeps one chain across restarts: each boot kicks it, one run waits', async () => {
    const tickJob = defineJob('test.tick', z.object({}), { policy: 'short' });
    let runs = 0;
    const waiting = async () =>
      Number(
        (
          await database.executeSql(
            "select count(*)::int as n from pgboss.job where name = $1 and state = 'created'",
            [tickJob.id],
          )
        ).rows[0]?.n,
      );
    for (let boot = 1; boot <= 3; boot++) {
      const q = createJobQueue(database, { pollingIntervalSeconds: 60 });
      const chain = registerRepeatingJob(q, tickJob, 60_000, async () => {
        runs++;
      });
      await q.start();
      await chain.kick();
      // The first boot's kick runs at once and sends the next run a minute on; the later boots' kicks
      // find that run waiting and add none (with pg-boss's standard policy each added a chain).
      await waitFor(() => runs >= 1, 10_000);
      await new Promise((r) => setTimeout(r, 300));
      await q.stop();
      expect(await waiting(), `runs waiting after boot ${boot}`).toBe(1);
    }
    expect(runs).toBe(1);
  });

  it('a repeating job with nothing to do sleeps until signalled; many signals add one run', async () => {
    const sleepyJob = defineJob('test.sleepy', z.object({}), { policy: 'short' });
    const q = createJobQueue(database, { pollingIntervalSeconds: 60 });
    // Runs that find work, from the next one on.
    let work = 0;
    const runs: number[] = [];
    const chain = registerRepeatingJob(
      q,
      sleepyJob,
      1_000,
      async () => {
        runs.push(Date.now());
        if (work === 0) return false;
        work -= 1;
        return true;
      },
      undefined,
      { everyMs: 60_000, wake: 'test.sleepy.wake' },
    );
    const waiting = async () =>
      (
        await database.executeSql(
          `select singleton_key as key, extract(epoch from start_after - now()) as due_in
             from pgboss.job where name = $1 and state = 'created'`,
          [sleepyJob.id],
        )
      ).rows as Array<{ key: string; due_in: number }>;
    // Signalled before the queue runs: nothing to send to, and nothing fails (the boot's kick covers it).
    q.signal('test.sleepy.wake');
    await q.start();
    try {
      await chain.kick();
      await waitFor(() => runs.length === 1, 10_000);
      await new Promise((r) => setTimeout(r, 1_500));
      // Nothing was there: the next run is a minute away, not a second.
      expect(runs).toHaveLength(1);
      const idle = await waiting();
      expect(idle.map((j) => j.key)).toEqual(['test.sleepy']);
      expect(Number(idle[0]?.due_in)).toBeGreaterThan(55);

      // Work written: five signals at once bring one run a second on, beside the idle one.
      work = 2;
      for (let i = 0; i < 5; i++) q.signal('test.sleepy.wake');
      await new Promise((r) => setTimeout(r, 100));
      expect((await waiting()).map((j) => j.key).sort()).toEqual(['test.sleepy', 'test.sleepy:soon']);
      // A run that found work sends the next a second on; the one that finds nothing goes back to sleep.
      await waitFor(() => runs.length === 4, 15_000);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(runs).toHaveLength(4);
      expect((await waiting()).map((j) => j.key)).toEqual(['test.sleepy']);
    } finally {
      await q.stop();
    }
  });

  it('refuses a repeating job whose queue would let runs pile up', () => {
    const loose = defineJob('test.loose', z.object({}));
    expect(() => registerRepeatingJob(queue, loose, 1_000, async () => {})).toThrow(
      "test.loose repeats: define it with policy 'short' (one waiting run at a time)",
    );
  });

  it('refuses a payload that does not match the job schema', async () => {
    await expect(queue.send(flakyJob, { n: 'seven' } as never)).rejects.toThrow();
  });

  it('stop does nothing on a queue that is not running, and stops its parts once', async () => {
    const idle = createJobQueue(database);
    await idle.stop();
    const stops: string[] = [];
    idle.whileRunning({ start: () => stops.push('start'), stop: async () => void stops.push('stop') });
    await idle.start();
    await idle.stop();
    await idle.stop();
    expect(stops).toEqual(['start', 'stop']);
  });

  it("a test app's close stops a queue the test started itself (its pollers would meet a closed database)", async () => {
    const t = await createTestApp();
    await t.queue.start();
    const stops: string[] = [];
    t.queue.whileRunning({ start: () => stops.push('start'), stop: async () => void stops.push('stop') });
    await t.close();
    expect(stops).toEqual(['start', 'stop']);
  });
});
