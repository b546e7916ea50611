import { nextPath } from '@funnelwork/domain/automations/rules';
import { waitEndsAt } from '@funnelwork/domain/automations/waits';
import { eq, sql } from 'drizzle-orm';
import { automationRunSteps, automationRuns } from '../../../../db/schema/index.ts';
import type { StepKind } from '../step-kind.ts';

/**
 * A wait: a row with its `resume_at` and a delayed job, never a timer. The job that finds it due moves
 * the run on; one that comes early (a sweep, a duplicate) sleeps again until it is due.
 */
export const waitStep: StepKind<'wait'> = {
  sideEffect: false,
  async run({ run, key, path, step, existing, now, context }, { db, state, jobs }) {
    if (!existing) {
      const resumeAt = waitEndsAt(step, now, (await context()).timeZone);
      await db.transaction(async (tx) => {
        await tx
          .insert(automationRunSteps)
          .values({
            accountId: run.accountId,
            runId: run.id,
            path: key,
            type: 'wait',
            status: 'waiting',
            result: { resume_at: resumeAt.toISOString() },
          })
          .onConflictDoNothing();
        await tx
          .update(automationRuns)
          .set({ status: 'waiting', resumeAt, updatedAt: now })
          .where(eq(automationRuns.id, run.id));
      });
      if (resumeAt.getTime() > now.getTime()) {
        await jobs.enqueue(run, resumeAt);
        return false;
      }
    }
    const resumeAt = new Date(String(existing?.result?.resume_at ?? now.toISOString()));
    if (existing && resumeAt.getTime() > now.getTime()) {
      await jobs.enqueue(run, resumeAt);
      return false;
    }
    return state.advanceWith(
      run,
      key,
      nextPath(run.steps, path),
      sql`update automation_run_steps set status = 'done', finished_at = ${now.toISOString()}::timestamptz
        where run_id = ${run.id} and path = ${key}`,
    );
  },
};
