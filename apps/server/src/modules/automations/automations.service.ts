import type { Automation, AutomationRun, AutomationTemplateSummary } from '@funnelwork/domain';
import { entriesOf } from '@funnelwork/domain/automations/entries';
import type { AutomationStep } from '@funnelwork/domain/automations/rules';
import { parsePathKey } from '@funnelwork/domain/automations/rules';
import { insertStep, removeStep, replaceStep } from '@funnelwork/domain/automations/step-tree';
import { AUTOMATION_TEMPLATES, automationTemplate } from '@funnelwork/domain/automations/templates';
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import {
  type AutomationTrigger,
  automationRunSteps,
  automationRuns,
  automations,
  emailTemplates,
  funnels,
  orders,
  outboxEvents,
} from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import type { AutomationsEngine } from './engine/engine.ts';

type Row = typeof automations.$inferSelect;

const out = (row: Row): Automation => ({
  id: row.id,
  name: row.name,
  funnel_id: row.funnelId,
  status: row.status,
  archived: row.archivedAt !== null,
  version: row.version,
  trigger: { ...row.trigger, step_ids: row.trigger.step_ids ?? [], qty: row.trigger.qty ?? 1 },
  steps: row.steps,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

const invalid = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, 'validation_error', field);

/** Every e-mail step's template, anywhere in the tree. */
function templateIdsOf(steps: AutomationStep[]): number[] {
  return steps.flatMap((step) => {
    if (step.type === 'send_email') return [step.email_template_id];
    if (step.type === 'condition') return [...templateIdsOf(step.yes), ...templateIdsOf(step.no)];
    return [];
  });
}

/** Whether some list of the tree has a step after its End automation. */
function endFollowed(steps: AutomationStep[]): boolean {
  return steps.some(
    (step, index) =>
      (step.type === 'end' && index < steps.length - 1) ||
      (step.type === 'condition' && (endFollowed(step.yes) || endFollowed(step.no))),
  );
}

/** Automations per account and funnel: CRUD, activation, archive, and their runs. */
export function createAutomationsService({
  db,
  engine,
  startFromShared,
}: {
  db: Db;
  engine: AutomationsEngine;
  /** Copies a shared e-mail design into the member's templates (the e-mail templates service's). */
  startFromShared: (
    accountId: number,
    userId: number,
    input: { sharedId: string },
  ) => Promise<{ id: number }>;
}) {
  async function find(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(automations)
      .where(and(ownedBy(automations, accountId), eq(automations.id, id)));
    if (!row) throw notFound('Automation');
    return row;
  }

  /** The funnel and the e-mail templates an automation names must be the account's. */
  async function checkReferences(
    accountId: number,
    funnelId: number | null,
    steps: AutomationStep[] | undefined,
  ) {
    if (funnelId !== null) {
      const [funnel] = await db
        .select({ id: funnels.id })
        .from(funnels)
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnelId)));
      if (!funnel) throw invalid('data.funnel_id', 'no such funnel in this account');
    }
    for (const templateId of new Set(templateIdsOf(steps ?? []))) {
      const [template] = await db
        .select({ id: emailTemplates.id })
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, templateId)));
      if (!template) throw invalid('data.steps', `e-mail template ${templateId} is not in this account`);
    }
  }

  async function setStatus(accountId: number, id: number, values: Partial<typeof automations.$inferInsert>) {
    await find(accountId, id);
    const [row] = await db
      .update(automations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(ownedBy(automations, accountId), eq(automations.id, id)))
      .returning();
    return out(row as Row);
  }

  async function runOut(run: typeof automationRuns.$inferSelect, withSteps: boolean): Promise<AutomationRun> {
    const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, run.eventId));
    const payload = (event?.payload ?? {}) as Record<string, unknown>;
    // The run history names the order by its number, as everything else does (issue 35), not its id.
    const [order] =
      typeof payload.orderId === 'number'
        ? await db
            .select({ number: orders.orderNumber })
            .from(orders)
            .where(and(ownedBy(orders, run.accountId), eq(orders.id, payload.orderId)))
        : [];
    const steps = withSteps
      ? await db
          .select()
          .from(automationRunSteps)
          .where(eq(automationRunSteps.runId, run.id))
          .orderBy(asc(automationRunSteps.id))
      : [];
    return {
      id: run.id,
      automation_id: run.automationId,
      version: run.version,
      status: run.status,
      trigger_event: {
        type: event?.type ?? '',
        key: event?.key ?? '',
        payload,
      },
      order_number: order?.number ?? null,
      current_path: run.currentPath,
      created_at: iso(run.createdAt),
      finished_at: run.finishedAt ? iso(run.finishedAt) : null,
      steps: steps.map((step) => ({
        path: step.path,
        type: step.type,
        status: step.status,
        attempts: step.attempts,
        error: step.error,
        started_at: iso(step.startedAt),
        finished_at: step.finishedAt ? iso(step.finishedAt) : null,
        result: step.result,
      })),
    };
  }

  async function findRun(accountId: number, runId: number) {
    const [run] = await db
      .select()
      .from(automationRuns)
      .where(and(ownedBy(automationRuns, accountId), eq(automationRuns.id, runId)));
    if (!run) throw notFound('Run');
    return run;
  }

  const service = {
    async list(accountId: number, query: { funnel_id?: number; archived?: 'true' | 'false' }) {
      const where: SQL[] = [ownedBy(automations, accountId)];
      if (query.funnel_id !== undefined) where.push(eq(automations.funnelId, query.funnel_id));
      where.push(
        query.archived === 'true' ? isNotNull(automations.archivedAt) : isNull(automations.archivedAt),
      );
      const rows = await db
        .select()
        .from(automations)
        .where(and(...where))
        .orderBy(desc(automations.id));
      return rows.map(out);
    },

    async get(accountId: number, id: number) {
      return out(await find(accountId, id));
    },

    async create(
      accountId: number,
      input: { name: string; funnel_id: number | null; trigger: AutomationTrigger; steps: AutomationStep[] },
    ) {
      await checkReferences(accountId, input.funnel_id, input.steps);
      const [row] = await db
        .insert(automations)
        .values({
          accountId,
          funnelId: input.funnel_id,
          name: input.name,
          trigger: input.trigger,
          steps: input.steps,
        })
        .returning();
      return out(row as Row);
    },

    /** The templates to start from: name, description and trigger (spec §7.4 "templates"). */
    templates(): AutomationTemplateSummary[] {
      return AUTOMATION_TEMPLATES.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        trigger: t.trigger,
      }));
    },

    /**
     * Starts a draft automation from a template: each shared design its e-mails use is copied into the
     * member's e-mail templates once, and the steps point at the copies. Checked before anything is made.
     */
    async fromTemplate(
      accountId: number,
      userId: number,
      input: { template_id: string; name?: string; funnel_id: number | null },
    ) {
      const template = automationTemplate(input.template_id);
      if (!template) throw invalid('data.template_id', 'no such automation template');
      await checkReferences(accountId, input.funnel_id, []);
      const copies = new Map<string, number>();
      for (const design of template.designs) {
        copies.set(design, (await startFromShared(accountId, userId, { sharedId: design })).id);
      }
      return service.create(accountId, {
        name: input.name ?? template.name,
        funnel_id: input.funnel_id,
        trigger: { id: template.trigger, funnel_ids: [], step_ids: [], product_ids: [] },
        steps: template.steps((design) => copies.get(design) as number),
      });
    },

    /** The automation's entries: each step with its path, in reading order. */
    async entries(accountId: number, id: number) {
      return entriesOf((await find(accountId, id)).steps);
    },

    /** Adds, changes or removes one entry: the edited tree is saved as a new version. */
    async editEntry(
      accountId: number,
      id: number,
      edit: { kind: 'add' | 'change'; path: string; step: AutomationStep } | { kind: 'remove'; path: string },
      field: string,
    ) {
      const row = await find(accountId, id);
      const path = parsePathKey(edit.path);
      let steps: AutomationStep[];
      try {
        steps =
          edit.kind === 'add'
            ? insertStep(row.steps, path, edit.step)
            : edit.kind === 'change'
              ? replaceStep(row.steps, path, edit.step)
              : removeStep(row.steps, path);
      } catch {
        throw invalid(field, `no ${edit.kind === 'add' ? 'place' : 'step'} ${edit.path} in this automation`);
      }
      if (endFollowed(steps)) throw invalid(field, 'nothing can follow an End automation');
      if (steps.length > 50) throw invalid(field, 'an automation has at most 50 steps in a list');
      return service.patch(accountId, id, { steps });
    },

    /** Update-all: every entry at once (a new version). */
    async replaceEntries(accountId: number, id: number, steps: AutomationStep[]) {
      if (endFollowed(steps)) throw invalid('data.steps', 'nothing can follow an End automation');
      return service.patch(accountId, id, { steps });
    },

    /** An edit is a new version; runs in flight keep the steps they started with. */
    async patch(
      accountId: number,
      id: number,
      input: { name?: string; trigger?: AutomationTrigger; steps?: AutomationStep[] },
    ) {
      const row = await find(accountId, id);
      await checkReferences(accountId, null, input.steps);
      const changesDefinition = input.trigger !== undefined || input.steps !== undefined;
      const [updated] = await db
        .update(automations)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.trigger !== undefined && { trigger: input.trigger }),
          ...(input.steps !== undefined && { steps: input.steps }),
          ...(changesDefinition && { version: row.version + 1 }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(automations, accountId), eq(automations.id, id)))
        .returning();
      return out(updated as Row);
    },

    async activate(accountId: number, id: number) {
      const row = await find(accountId, id);
      if (row.steps.length === 0)
        throw invalid('steps', 'an automation needs at least one step to be activated');
      return setStatus(accountId, id, { status: 'active' });
    },
    deactivate: (accountId: number, id: number) => setStatus(accountId, id, { status: 'inactive' }),
    archive: (accountId: number, id: number) =>
      setStatus(accountId, id, { archivedAt: new Date(), status: 'inactive' }),
    restore: (accountId: number, id: number) => setStatus(accountId, id, { archivedAt: null }),

    async remove(accountId: number, id: number) {
      await find(accountId, id);
      await db.delete(automations).where(and(ownedBy(automations, accountId), eq(automations.id, id)));
    },

    async runs(accountId: number, id: number, query: { status?: AutomationRun['status'] }) {
      await find(accountId, id);
      const rows = await db
        .select()
        .from(automationRuns)
        .where(
          and(
            ownedBy(automationRuns, accountId),
            eq(automationRuns.automationId, id),
            query.status ? eq(automationRuns.status, query.status) : undefined,
          ),
        )
        .orderBy(desc(automationRuns.id))
        .limit(200);
      return Promise.all(rows.map((run) => runOut(run, false)));
    },

    /** Sent, opened and clicked per e-mail step (each message counted once per kind; bots never counted). */
    async emailStats(accountId: number, id: number) {
      await find(accountId, id);
      const rows = rowsOf<{ path: string; sent: string; opened: string; clicked: string }>(
        await db.execute(sql`
          select s.path,
            count(*) as sent,
            count(*) filter (where exists (select 1 from email_tracking_events e
              where e.mail_message_id = (s.result->>'mail_message_id')::bigint and e.kind = 'open')) as opened,
            count(*) filter (where exists (select 1 from email_tracking_events e
              where e.mail_message_id = (s.result->>'mail_message_id')::bigint and e.kind = 'click')) as clicked
          from automation_run_steps s join automation_runs r on r.id = s.run_id
          where r.account_id = ${accountId} and r.automation_id = ${id}
            and s.type = 'send_email' and s.result ? 'mail_message_id'
          group by s.path order by s.path`),
      );
      return rows.map((row) => ({
        path: row.path,
        sent: Number(row.sent),
        opened: Number(row.opened),
        clicked: Number(row.clicked),
      }));
    },

    async run(accountId: number, runId: number) {
      return runOut(await findRun(accountId, runId), true);
    },

    async retry(accountId: number, runId: number) {
      await findRun(accountId, runId);
      if (!(await engine.retry(accountId, runId))) {
        throw new HttpError(422, 'Only a failed run can be retried', 'not_failed');
      }
      return runOut(await findRun(accountId, runId), true);
    },

    async cancel(accountId: number, runId: number) {
      await findRun(accountId, runId);
      if (!(await engine.cancel(accountId, runId))) {
        throw new HttpError(422, 'Only a running or waiting run can be cancelled', 'not_open');
      }
      return runOut(await findRun(accountId, runId), true);
    },
  };
  return service;
}
export type AutomationsService = ReturnType<typeof createAutomationsService>;
