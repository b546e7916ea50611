import { AUTOMATION_TRIGGERS } from '@funnelwork/domain/automations/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ownedBy } from '../../../db/query-helpers.ts';
import { automationRunSteps, automationRuns } from '../../../db/schema/index.ts';
import type { EventName } from '../../../events/bus.ts';
import type { Outbox, OutboxEvent } from '../../../events/outbox.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { createRunContexts } from './run-context.ts';
import { createRunState } from './run-state.ts';
import { createStepRunner } from './run-steps.ts';
import { createRunStarter } from './start-runs.ts';
import { createStepJobs, runStepJob } from './step-job.ts';
import type { EngineParts } from './step-kind.ts';

/** A run with no job in flight for this long (at most) is handed a new one by the sweep. */
const STALE_MS = 60_000;

const TRIGGER_EVENTS = [...new Set(AUTOMATION_TRIGGERS.map((t) => t.event))] as EventName[];

/**
 * The automations engine. Runs are state in the database, executed by the `automations.step` job: a
 * trigger event from the outbox starts one run per matching active automation (unique per automation
 * and event); each step is recorded with its side effect in one transaction, then the next step's job
 * is enqueued. A wait is a delayed job (and the run's `resume_at`, which the sweep re-enqueues if the
 * job was lost), never a timer. A failing step is retried with backoff, then the run fails visibly.
 * Its parts: start-runs.ts, run-steps.ts with a file per step kind (step-kinds.ts), run-context.ts,
 * run-state.ts and step-job.ts.
 */
export function createAutomationsEngine({
  db,
  queue,
  outbox,
  mailer,
  sms,
  integrations,
  marketing,
  clock = () => new Date(),
  jobExpirySeconds = 120,
  retryDelaySeconds = 5,
  sweepMs,
  onError,
}: {
  db: Db;
  queue: JobQueue;
  outbox: Pick<Outbox, 'consume'>;
  mailer: Mailer;
  sms: EngineParts['sms'];
  integrations: EngineParts['integrations'];
  marketing: EngineParts['marketing'];
  clock?: () => Date;
  /** The queue's job expiry (JOB_EXPIRY_SECONDS): a step's lease and the sweep's staleness follow it. */
  jobExpirySeconds?: number;
  /** A failed step's job is retried this long after, doubled each time (pg-boss backoff). */
  retryDelaySeconds?: number;
  sweepMs?: number;
  /** Where a failed sweep is reported (the app's logger). */
  onError: (error: unknown, what: string) => void;
}) {
  const staleMs = Math.min(STALE_MS, jobExpirySeconds * 1000);
  const sweepEveryMs = sweepMs ?? Math.min(30_000, staleMs / 2);
  const jobs = createStepJobs({ db, queue, retryDelaySeconds });
  const contexts = createRunContexts({ db });
  const parts: EngineParts = {
    db,
    clock,
    state: createRunState({ db, clock }),
    jobs,
    mailer,
    sms,
    integrations,
    marketing,
    jobExpirySeconds,
  };
  const startRunsFor = createRunStarter({ db, clock, contexts, jobs });
  const step = createStepRunner(parts, contexts);

  queue.work(runStepJob, ({ runId }) => step(runId));
  outbox.consume({
    name: 'automations',
    types: TRIGGER_EVENTS,
    async handle(event) {
      await startRunsFor([event]);
    },
    async handleMany(events) {
      await startRunsFor(events);
    },
  });

  /** Hands a job to every open run whose job may have been lost (a running run not moved for a minute, a wait past due). */
  async function sweep(): Promise<number> {
    const now = clock();
    const stale = new Date(now.getTime() - staleMs);
    const rows = await db
      .select({ id: automationRuns.id, accountId: automationRuns.accountId })
      .from(automationRuns)
      .where(
        sql`(${automationRuns.status} = 'running' and ${automationRuns.updatedAt} < ${stale.toISOString()}::timestamptz)
          or (${automationRuns.status} = 'waiting' and ${automationRuns.resumeAt} < ${stale.toISOString()}::timestamptz)`,
      )
      .limit(500);
    await jobs.enqueueMany(rows);
    return rows.length;
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  queue.whileRunning({
    start() {
      const sweepNow = () => {
        sweep().catch((error: unknown) => onError(error, 'automations sweep failed'));
      };
      // At start too: after downtime, overdue waits and runs a killed process left resume at once.
      sweepNow();
      timer = setInterval(sweepNow, sweepEveryMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
    },
  });

  return {
    /** Starts one run per active automation whose trigger and limits match the event. */
    startRuns: (event: OutboxEvent): Promise<number[]> => startRunsFor([event]),
    /** The outbox consumer's batch: runs for several events at once. */
    startRunsMany: startRunsFor,
    step,
    sweep,

    /** "Retry from the failed step": the step gets fresh attempts and the run goes on. */
    async retry(accountId: number, runId: number) {
      const now = clock();
      const retried = await db.transaction(async (tx) => {
        const [run] = await tx
          .update(automationRuns)
          .set({ status: 'running', finishedAt: null, updatedAt: now })
          .where(
            and(
              ownedBy(automationRuns, accountId),
              eq(automationRuns.id, runId),
              eq(automationRuns.status, 'failed'),
            ),
          )
          .returning();
        if (!run || run.currentPath === null) return null;
        await tx
          .update(automationRunSteps)
          .set({ status: 'running', attempts: 0, finishedAt: null })
          .where(and(eq(automationRunSteps.runId, run.id), eq(automationRunSteps.path, run.currentPath)));
        return run;
      });
      if (retried) await jobs.enqueue(retried);
      return retried !== null;
    },

    /** Cancels an open run: its next job finds it cancelled and does nothing. */
    async cancel(accountId: number, runId: number) {
      const now = clock();
      const [run] = await db
        .update(automationRuns)
        .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
        .where(
          and(
            ownedBy(automationRuns, accountId),
            eq(automationRuns.id, runId),
            inArray(automationRuns.status, ['running', 'waiting']),
          ),
        )
        .returning({ id: automationRuns.id });
      return run !== undefined;
    },
  };
}
export type AutomationsEngine = ReturnType<typeof createAutomationsEngine>;
