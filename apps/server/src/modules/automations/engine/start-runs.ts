import type { BoughtLine } from '@funnelwork/domain/automations/rules';
import {
  triggerCountsQty,
  triggerIdsOf,
  triggerIsLimited,
  triggerMatches,
} from '@funnelwork/domain/automations/triggers';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { automationRuns, automations } from '../../../db/schema/index.ts';
import type { OutboxEvent } from '../../../events/outbox.ts';
import type { RunContexts } from './run-context.ts';
import type { StepJobs } from './step-job.ts';

/**
 * Starts one run per active automation whose trigger and limits match each event: the events'
 * automations in one read, the runs in one insert (unique per automation and event, so an event
 * handed over again starts nothing twice) and their first jobs in one send. An event's order and
 * customer are read only when a matching automation is limited to funnels or products.
 */
export function createRunStarter({
  db,
  clock,
  contexts,
  jobs,
}: {
  db: Db;
  clock: () => Date;
  contexts: RunContexts;
  jobs: Pick<StepJobs, 'enqueueMany'>;
}) {
  return async function startRunsFor(events: OutboxEvent[]): Promise<number[]> {
    const firing = events
      .map((event) => ({ event, triggerIds: triggerIdsOf(event.type, event.payload) }))
      .filter(({ triggerIds }) => triggerIds.length > 0);
    if (firing.length === 0) return [];
    const candidates = await db
      .select()
      .from(automations)
      .where(
        and(
          inArray(automations.accountId, [...new Set(firing.map(({ event }) => event.payload.accountId))]),
          eq(automations.status, 'active'),
          isNull(automations.archivedAt),
          inArray(sql<string>`${automations.trigger}->>'id'`, [
            ...new Set(firing.flatMap(({ triggerIds }) => triggerIds)),
          ]),
        ),
      );
    if (candidates.length === 0) return [];
    const values: Array<typeof automationRuns.$inferInsert> = [];
    for (const { event, triggerIds } of firing) {
      const { accountId } = event.payload;
      const matching = candidates.filter(
        (automation) =>
          automation.accountId === accountId && triggerIds.includes(String(automation.trigger.id)),
      );
      if (matching.length === 0) continue;
      const probe = matching.some(triggerIsLimited)
        ? await contexts.contextOf({ accountId, eventId: event.id })
        : null;
      const bought: BoughtLine[] =
        probe && matching.some(triggerCountsQty) ? await contexts.boughtLinesOf(accountId, probe) : [];
      for (const automation of matching) {
        if (probe && !triggerMatches(automation, { ...probe, bought })) continue;
        const hasSteps = automation.steps.length > 0;
        values.push({
          accountId,
          automationId: automation.id,
          eventId: event.id,
          version: automation.version,
          steps: automation.steps,
          status: hasSteps ? 'running' : 'done',
          currentPath: hasSteps ? '0' : null,
          finishedAt: hasSteps ? null : clock(),
        });
      }
    }
    if (values.length === 0) return [];
    const runs = await db.insert(automationRuns).values(values).onConflictDoNothing().returning({
      id: automationRuns.id,
      accountId: automationRuns.accountId,
      status: automationRuns.status,
    });
    const started = runs.filter((run) => run.status === 'running');
    await jobs.enqueueMany(started);
    return started.map((run) => run.id);
  };
}
