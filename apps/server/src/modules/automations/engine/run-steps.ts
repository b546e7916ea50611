import { parsePathKey, stepAt } from '@funnelwork/domain/automations/rules';
import { and, eq } from 'drizzle-orm';
import { automationRunSteps, automationRuns } from '../../../db/schema/index.ts';
import type { RunContext, RunContexts } from './run-context.ts';
import { afterDone, type Run, type RunStep } from './run-state.ts';
import type { EngineParts } from './step-kind.ts';
import { stepKindOf } from './step-kinds.ts';

/** Steps one job runs at most (a guard: a run's tree is finite and a run only moves forward). */
const STEPS_PER_JOB = 50;

/** The `automations.step` job's work: a run's steps, from where it is. */
export function createStepRunner(parts: EngineParts, { contextOf }: Pick<RunContexts, 'contextOf'>) {
  const { db, clock, state, jobs } = parts;

  /** Runs the run's current step once; answers whether the run moved on to a step that is due now. */
  async function stepOnce(
    run: Run,
    key: string,
    existing: RunStep | undefined,
    context: () => Promise<RunContext>,
  ): Promise<boolean> {
    const path = parsePathKey(key);
    const current = stepAt(run.steps, path);
    if (!current) {
      await db.transaction((tx) => state.advance(tx, run, key, null));
      return false;
    }
    if (existing?.status === 'failed') return false;
    const now = clock();
    if (existing?.status === 'done') {
      // Done by an earlier job that stopped before moving on: move on without acting again.
      const next = afterDone(run, path, existing.result);
      return db.transaction((tx) => state.advance(tx, run, key, next));
    }
    try {
      return await stepKindOf(current.type).run(
        { run, key, path, step: current, existing, now, context },
        parts,
      );
    } catch (error) {
      await state.failAttempt(run, key, current, error);
      return false;
    }
  }

  /**
   * Runs the run's current step, then the steps after it in the same job until the run waits, ends, or
   * reaches a second side effect (e-mail, SMS, integration): a job does at most one side effect, and a
   * resumed wait or a condition goes on to the next step at once instead of costing a job. The job calls
   * it, and it is safe to call again at any point: every step acts only from where the run is.
   */
  return async function step(runId: number): Promise<void> {
    let sideEffects = 0;
    let accountId = 0;
    // The run's event, order and customer, read once per job when a step first needs them.
    let context: Promise<RunContext> | undefined;
    for (let taken = 0; taken < STEPS_PER_JOB; taken++) {
      // The run with its current step's row, in one read.
      const [found] = await db
        .select({ run: automationRuns, existing: automationRunSteps })
        .from(automationRuns)
        .leftJoin(
          automationRunSteps,
          and(
            eq(automationRunSteps.runId, automationRuns.id),
            eq(automationRunSteps.path, automationRuns.currentPath),
          ),
        )
        .where(eq(automationRuns.id, runId));
      const run = found?.run;
      accountId = run?.accountId ?? accountId;
      if (!run || (run.status !== 'running' && run.status !== 'waiting') || run.currentPath === null) return;
      const current = stepAt(run.steps, parsePathKey(run.currentPath));
      if (current && stepKindOf(current.type).sideEffect) {
        // The next side effect is the next job's (its own priority, expiry and retries).
        if (sideEffects > 0) return jobs.enqueue(run);
        sideEffects++;
      }
      const contextOfRun = () => {
        context ??= contextOf(run);
        return context;
      };
      if (!(await stepOnce(run, run.currentPath, found.existing ?? undefined, contextOfRun))) return;
    }
    await jobs.enqueue({ id: runId, accountId });
  };
}
