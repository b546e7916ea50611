import {
  type AutomationStep,
  branchPath,
  nextPath,
  pathKey,
  type StepPath,
} from '@funnelwork/domain/automations/rules';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client.ts';
import { automationRunSteps, automationRuns } from '../../../db/schema/index.ts';
import { isOutboundRefusal } from '../../../net/safe-fetch.ts';
import { MAX_STEP_ATTEMPTS } from './step-job.ts';

export type Run = typeof automationRuns.$inferSelect;
export type RunStep = typeof automationRunSteps.$inferSelect;

/** A step that cannot be done as it stands (no address, no order): it fails its attempt with this message. */
export class StepFailure extends Error {}

/** The step after a done one: a condition's chosen branch, else the next in the tree. */
export function afterDone(run: Run, path: StepPath, result: Record<string, unknown>): StepPath | null {
  const branch = result.branch;
  if (branch === 'yes' || branch === 'no') return branchPath(run.steps, path, branch);
  return nextPath(run.steps, path);
}

/** A run's place and its steps' rows: every move is from where the run is, so a late duplicate job never acts twice. */
export function createRunState({ db, clock }: { db: Db; clock: () => Date }) {
  /**
   * Moves the run from the step at `from` to `next` (null: done), in the step's transaction, only if it
   * is still at `from`: a late duplicate job never moves a run back. Answers whether a next step is due.
   */
  async function advance(tx: Db, run: Run, from: string, next: StepPath | null) {
    const now = clock();
    const moved = await tx
      .update(automationRuns)
      .set(
        next === null
          ? { currentPath: null, status: 'done', finishedAt: now, resumeAt: null, updatedAt: now }
          : { currentPath: pathKey(next), status: 'running', resumeAt: null, updatedAt: now },
      )
      .where(
        and(
          eq(automationRuns.id, run.id),
          eq(automationRuns.currentPath, from),
          inArray(automationRuns.status, ['running', 'waiting']),
        ),
      )
      .returning({ id: automationRuns.id });
    return moved.length > 0 && next !== null;
  }

  /**
   * `advance` with the step's own write, in one statement (a data-modifying CTE is atomic by itself):
   * the hot steps (a resumed wait, a condition, an end) need no transaction, which on the embedded
   * database would hold every other statement back for its three round trips.
   */
  async function advanceWith(run: Run, from: string, next: StepPath | null, stepWrite: SQL) {
    const now = clock().toISOString();
    const moved = rowsOf<{ id: number }>(
      await db.execute(sql`
        with step_write as (${stepWrite})
        update automation_runs set
          current_path = ${next === null ? null : pathKey(next)},
          status = ${next === null ? 'done' : 'running'},
          finished_at = ${next === null ? now : null}::timestamptz,
          resume_at = null,
          updated_at = ${now}::timestamptz
        where id = ${run.id} and current_path = ${from} and status in ('running', 'waiting')
        returning id`),
    );
    return moved.length > 0 && next !== null;
  }

  return {
    advance,
    advanceWith,

    /** A step without a side effect (an end, a condition) recorded done with its result, and the run moved to `next`. */
    recordDone(
      run: Run,
      key: string,
      type: AutomationStep['type'],
      next: StepPath | null,
      result: Record<string, unknown>,
      now: Date,
    ) {
      return advanceWith(
        run,
        key,
        next,
        sql`insert into automation_run_steps (account_id, run_id, path, type, status, result, finished_at)
          values (${run.accountId}, ${run.id}, ${key}, ${type}, 'done', ${JSON.stringify(result)}::jsonb,
            ${now.toISOString()}::timestamptz)
          on conflict do nothing`,
      );
    },

    /**
     * The claim of a step that sends (an e-mail, an SMS): it is recorded done in the transaction that
     * records the message. Undefined when an earlier attempt already did, so nothing is sent twice.
     */
    async claimStep(tx: Db, run: Run, path: string, type: AutomationStep['type']) {
      const now = clock();
      const [claim] = await tx
        .insert(automationRunSteps)
        .values({ accountId: run.accountId, runId: run.id, path, type, status: 'done', finishedAt: now })
        .onConflictDoUpdate({
          target: [automationRunSteps.runId, automationRunSteps.path],
          set: { status: 'done', finishedAt: now, error: null },
          setWhere: sql`${automationRunSteps.status} = 'running'`,
        })
        .returning({ id: automationRunSteps.id });
      return claim;
    },

    /**
     * Records a failed attempt; after the last one, or a refusal of a private address, the step and the run
     * fail (no exception: done retrying).
     */
    async failAttempt(run: Run, path: string, step: AutomationStep, error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock();
      const [row] = await db
        .insert(automationRunSteps)
        .values({
          accountId: run.accountId,
          runId: run.id,
          path,
          type: step.type,
          status: 'running',
          attempts: 1,
          error: message,
        })
        .onConflictDoUpdate({
          target: [automationRunSteps.runId, automationRunSteps.path],
          set: { attempts: sql`${automationRunSteps.attempts} + 1`, error: message },
        })
        .returning({ attempts: automationRunSteps.attempts });
      // A call refused for its private address fails the step now: more attempts would be refused too.
      if ((row?.attempts ?? MAX_STEP_ATTEMPTS) < MAX_STEP_ATTEMPTS && !isOutboundRefusal(error)) throw error;
      await db.transaction(async (tx) => {
        await tx
          .update(automationRunSteps)
          .set({ status: 'failed', finishedAt: now })
          .where(and(eq(automationRunSteps.runId, run.id), eq(automationRunSteps.path, path)));
        await tx
          .update(automationRuns)
          .set({ status: 'failed', finishedAt: now, updatedAt: now })
          .where(eq(automationRuns.id, run.id));
      });
    },
  };
}
export type RunState = ReturnType<typeof createRunState>;
