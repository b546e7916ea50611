import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf } from '../../../db/client.ts';
import { defineJob, type JobQueue } from '../../../jobs/queue.ts';

/**
 * One job of one run: its current step, and the steps after it up to the next side effect (see
 * `run-steps.ts`). Idempotent (the step's row is its claim). Fetched STEP_BATCH at a time and run side by
 * side: steps of different runs are independent, and a run's own steps are ordered by its row (a step
 * moves the run only from where it is), so two jobs of one run in a batch act once.
 */
export const STEP_BATCH = 20;
/** A failing step is tried this many times, then the run stops visibly as failed. */
export const MAX_STEP_ATTEMPTS = 5;
// retryLimit is above MAX_STEP_ATTEMPTS: a step's own failures stop at MAX_STEP_ATTEMPTS (the run then
// fails visibly, the job completes); the three retries beyond cover a job that fails before it can record
// an attempt (a lost connection). Its retry delay is the engine's `retryDelaySeconds`, given per send.
export const runStepJob = defineJob('automations.step', z.object({ runId: z.number().int() }), {
  retryLimit: MAX_STEP_ATTEMPTS + 3,
  retryBackoff: true,
  batchSize: STEP_BATCH,
  concurrent: true,
  workers: 2,
});

/**
 * Fair share between accounts: a step job's pg-boss priority is this minus the account's running runs,
 * counted up to this many (a bounded read of the partial index per job sent), so one merchant's burst
 * queues behind another's single run, not before it. Beyond the ceiling every burst is equal (FIFO).
 */
export const FAIR_SHARE_CEILING = 100;

/** Sending a run's step jobs, each prioritised by how few runs its account has running. */
export function createStepJobs({
  db,
  queue,
  retryDelaySeconds,
}: {
  db: Db;
  queue: JobQueue;
  /** A failed step's job is retried this long after, doubled each time (pg-boss backoff). */
  retryDelaySeconds: number;
}) {
  async function priorityOf(accountId: number) {
    const [row] = rowsOf<{ running: number }>(
      await db.execute(sql`select count(*)::int as running from (
        select 1 from automation_runs where account_id = ${accountId} and status = 'running'
        limit ${FAIR_SHARE_CEILING}) r`),
    );
    return FAIR_SHARE_CEILING - Number(row?.running ?? 0);
  }

  return {
    /** The run's next job (after `startAfter`: a wait's end). */
    async enqueue(run: { id: number; accountId: number }, startAfter?: Date) {
      await queue.send(
        runStepJob,
        { runId: run.id },
        {
          retryDelay: retryDelaySeconds,
          priority: await priorityOf(run.accountId),
          ...(startAfter && { startAfter }),
        },
      );
    },

    /** The first jobs of new runs in one send, each account's priority counted once. */
    async enqueueMany(runs: Array<{ id: number; accountId: number }>) {
      if (runs.length === 0) return;
      const priorities = new Map<number, number>();
      for (const { accountId } of runs) {
        if (!priorities.has(accountId)) priorities.set(accountId, await priorityOf(accountId));
      }
      await queue.sendMany(
        runStepJob,
        runs.map((run) => ({ runId: run.id })),
        {
          retryDelay: retryDelaySeconds,
          priority: (index) => priorities.get(runs[index]?.accountId ?? 0) ?? FAIR_SHARE_CEILING,
        },
      );
    },
  };
}
export type StepJobs = ReturnType<typeof createStepJobs>;
