import { fillMergeTemplate, mergeTemplate } from '@funnelwork/blocks/email';
import { integrationActionOf } from '@funnelwork/domain/automations/integration-actions';
import {
  AUTOMATION_TRIGGERS,
  type AutomationStep,
  type BoughtLine,
  branchPath,
  type ConditionValues,
  conditionsHold,
  nextPath,
  parsePathKey,
  pathKey,
  type StepPath,
  stepAt,
  triggerQtyHolds,
} from '@funnelwork/domain/automations/rules';
import { waitEndsAt } from '@funnelwork/domain/automations/waits';
import { TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import {
  accounts,
  automationRunSteps,
  automationRuns,
  automations,
  customers,
  emailTemplates,
  mailMessages,
  orderItems,
  orders,
  outboxEvents,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { EventName } from '../../events/bus.ts';
import type { Outbox, OutboxEvent } from '../../events/outbox.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { isSuppressed, marketingLinks, unsubscribeHeaders } from '../../mail/marketing.ts';
import { isOutboundRefusal } from '../../net/safe-fetch.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import { addEvent } from '../orders/orders.queries.ts';
import { receiptValues } from '../receipts/receipts.values.ts';
import { recordSms, type SmsSending } from '../sms/sms.sending.ts';

/**
 * One job of one run: its current step, and the steps after it up to the next side effect (see
 * `step`). Idempotent (the step's row is its claim). Fetched STEP_BATCH at a time and run side by side:
 * steps of different runs are independent, and a run's own steps are ordered by its row (a step moves
 * the run only from where it is), so two jobs of one run in a batch act once.
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

/** A run with no job in flight for this long (at most) is handed a new one by the sweep. */
const STALE_MS = 60_000;
/**
 * Fair share between accounts: a step job's pg-boss priority is this minus the account's running runs,
 * counted up to this many (a bounded read of the partial index per job sent), so one merchant's burst
 * queues behind another's single run, not before it. Beyond the ceiling every burst is equal (FIFO).
 */
export const FAIR_SHARE_CEILING = 100;
/** Steps one job runs at most (a guard: a run's tree is finite and a run only moves forward). */
const STEPS_PER_JOB = 50;

const TRIGGER_EVENTS = [...new Set(AUTOMATION_TRIGGERS.map((t) => t.event))] as EventName[];

type Run = typeof automationRuns.$inferSelect;

/** What a run knows of its event: the customer, the order and its products. */
type RunContext = {
  event: { type: string; key: string; payload: Record<string, unknown> };
  customer: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    country: string;
    phone: string;
  } | null;
  order: (typeof orders.$inferSelect & { lines: Array<typeof orderItems.$inferSelect> }) | null;
  productIds: number[];
  funnelId: number | null;
  /** The step the event happened on (an opt-in's page, an order's checkout), when known. */
  stepId: number | null;
  timeZone: string;
};

class StepFailure extends Error {}

/**
 * The automations engine. Runs are state in the database, executed by the `automations.step` job: a
 * trigger event from the outbox starts one run per matching active automation (unique per automation
 * and event); each step is recorded with its side effect in one transaction, then the next step's job
 * is enqueued. A wait is a delayed job (and the run's `resume_at`, which the sweep re-enqueues if the
 * job was lost), never a timer. A failing step is retried with backoff, then the run fails visibly.
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
}: {
  db: Db;
  queue: JobQueue;
  outbox: Pick<Outbox, 'consume'>;
  mailer: Mailer;
  /** SMS delivery: the send_sms step records the message and its debit, this sends it after the commit. */
  sms: Pick<SmsSending, 'enqueueIn' | 'wake'>;
  /** The integration step's call: the adapters' methods, as call-integration-method runs them. */
  integrations: Pick<IntegrationsService, 'callForAutomation'>;
  /** The links' HMAC key and the public address they point to. */
  marketing: { key: Buffer; publicUrl: string };
  clock?: () => Date;
  /** The queue's job expiry (JOB_EXPIRY_SECONDS): a step's lease and the sweep's staleness follow it. */
  jobExpirySeconds?: number;
  /** A failed step's job is retried this long after, doubled each time (pg-boss backoff). */
  retryDelaySeconds?: number;
  sweepMs?: number;
}) {
  const staleMs = Math.min(STALE_MS, jobExpirySeconds * 1000);
  const sweepEveryMs = sweepMs ?? Math.min(30_000, staleMs / 2);

  /** A step job's priority: higher for an account with fewer running runs (per-account fairness). */
  async function priorityOf(accountId: number) {
    const [row] = rowsOf<{ running: number }>(
      await db.execute(sql`select count(*)::int as running from (
        select 1 from automation_runs where account_id = ${accountId} and status = 'running'
        limit ${FAIR_SHARE_CEILING}) r`),
    );
    return FAIR_SHARE_CEILING - Number(row?.running ?? 0);
  }

  /** The run's next job, prioritised by how few runs its account has running (per-account fairness). */
  async function enqueue(run: { id: number; accountId: number }, startAfter?: Date) {
    await queue.send(
      runStepJob,
      { runId: run.id },
      {
        retryDelay: retryDelaySeconds,
        priority: await priorityOf(run.accountId),
        ...(startAfter && { startAfter }),
      },
    );
  }

  /** The first jobs of new runs in one send, each account's priority counted once. */
  async function enqueueMany(runs: Array<{ id: number; accountId: number }>) {
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
  }

  /** What a run knows of its event, in three reads: the event with the owner's time zone, the order with its lines, the customer. */
  async function contextOf(run: Pick<Run, 'accountId' | 'eventId'>): Promise<RunContext> {
    const [found] = await db
      .select({ event: outboxEvents, timeZone: users.timeZone })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerUserId))
      .leftJoin(outboxEvents, and(eq(outboxEvents.accountId, accounts.id), eq(outboxEvents.id, run.eventId)))
      .where(eq(accounts.id, run.accountId));
    const event = found?.event ?? null;
    const payload = (event?.payload ?? {}) as Record<string, unknown>;
    const orderId = typeof payload.orderId === 'number' ? payload.orderId : null;
    let order: RunContext['order'] = null;
    if (orderId !== null) {
      const rows = await db
        .select({ order: orders, line: orderItems })
        .from(orders)
        .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(and(ownedBy(orders, run.accountId), eq(orders.id, orderId)))
        .orderBy(orderItems.id);
      const [first] = rows;
      if (first) {
        order = { ...first.order, lines: rows.flatMap(({ line }) => (line ? [line] : [])) };
      }
    }
    const customerId =
      typeof payload.customerId === 'number' ? payload.customerId : (order?.customerId ?? null);
    let customer: RunContext['customer'] = null;
    if (customerId !== null) {
      const [row] = await db
        .select({
          id: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          country: customers.country,
          phone: customers.phone,
        })
        .from(customers)
        .where(and(ownedBy(customers, run.accountId), eq(customers.id, customerId)));
      customer = row ?? null;
    }
    const productIds = order
      ? order.lines.map((line) => line.productId)
      : typeof payload.productId === 'number'
        ? [payload.productId]
        : [];
    const funnelId = typeof payload.funnelId === 'number' ? payload.funnelId : (order?.funnelId ?? null);
    const stepId = typeof payload.stepId === 'number' ? payload.stepId : (order?.stepId ?? null);
    return {
      event: { type: event?.type ?? '', key: event?.key ?? '', payload },
      customer,
      order,
      productIds,
      funnelId,
      stepId,
      timeZone: found?.timeZone ?? 'Europe/London',
    };
  }

  function conditionValues(context: RunContext): ConditionValues {
    const email =
      context.customer?.email || context.order?.email || String(context.event.payload.email ?? '');
    return {
      customer_email: email,
      customer_first_name: context.customer?.firstName ?? context.order?.firstName ?? '',
      customer_country: context.customer?.country ?? context.order?.country ?? '',
      order_total: context.order ? (context.order.amountMinor / 100).toFixed(2) : '',
      order_currency: context.order?.currency ?? '',
      product_id: context.productIds.map(String),
      funnel_id: context.funnelId === null ? '' : String(context.funnelId),
    };
  }

  /** What the event bought: its order's lines, else its subscription's product and quantity. */
  async function boughtLinesOf(accountId: number, context: RunContext): Promise<BoughtLine[]> {
    if (context.order) return context.order.lines.map(({ productId, qty }) => ({ productId, qty }));
    const subscriptionId = context.event.payload.subscriptionId;
    if (typeof subscriptionId !== 'number') return [];
    return db
      .select({ productId: subscriptions.productId, qty: subscriptions.qty })
      .from(subscriptions)
      .where(and(ownedBy(subscriptions, accountId), eq(subscriptions.id, subscriptionId)));
  }

  /** The trigger ids an event fires ("Order Fulfilled" only by the fulfil action with trigger_automations on). */
  function triggerIdsOf(event: OutboxEvent): string[] {
    if (
      event.type === 'order.fulfilled' &&
      (event.payload.change !== 'fulfilled' || !event.payload.triggerAutomations)
    ) {
      return [];
    }
    return AUTOMATION_TRIGGERS.filter((t) => t.event === event.type).map((t) => t.id);
  }

  /**
   * Starts one run per active automation whose trigger and limits match each event: the events'
   * automations in one read, the runs in one insert (unique per automation and event, so an event
   * handed over again starts nothing twice) and their first jobs in one send. An event's order and
   * customer are read only when a matching automation is limited to funnels or products.
   */
  async function startRunsFor(events: OutboxEvent[]): Promise<number[]> {
    const firing = events
      .map((event) => ({ event, triggerIds: triggerIdsOf(event) }))
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
      const limited = matching.some(
        (automation) =>
          automation.funnelId !== null ||
          automation.trigger.funnel_ids.length > 0 ||
          automation.trigger.product_ids.length > 0 ||
          (automation.trigger.step_ids ?? []).length > 0 ||
          (automation.trigger.qty ?? 1) > 1,
      );
      const probe = limited ? await contextOf({ accountId, eventId: event.id }) : null;
      let bought: BoughtLine[] | null = null;
      for (const automation of matching) {
        if (probe) {
          if ((automation.trigger.qty ?? 1) > 1) {
            bought ??= await boughtLinesOf(accountId, probe);
            if (!triggerQtyHolds(automation.trigger, bought)) continue;
          }
          const { funnel_ids: funnelIds, product_ids: productIds } = automation.trigger;
          if (automation.funnelId !== null && automation.funnelId !== probe.funnelId) continue;
          if (funnelIds.length > 0 && (probe.funnelId === null || !funnelIds.includes(probe.funnelId)))
            continue;
          if (productIds.length > 0 && !probe.productIds.some((id) => productIds.includes(id))) continue;
          // Saved before steps could be chosen: no step limit.
          const stepIds = automation.trigger.step_ids ?? [];
          if (stepIds.length > 0 && (probe.stepId === null || !stepIds.includes(probe.stepId))) continue;
        }
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
    await enqueueMany(started);
    return started.map((run) => run.id);
  }

  /** Starts one run per active automation whose trigger and limits match the event. */
  function startRuns(event: OutboxEvent): Promise<number[]> {
    return startRunsFor([event]);
  }

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

  /** The step after a done one: a condition's chosen branch, else the next in the tree. */
  function afterDone(run: Run, path: StepPath, result: Record<string, unknown>): StepPath | null {
    const branch = result.branch;
    if (branch === 'yes' || branch === 'no') return branchPath(run.steps, path, branch);
    return nextPath(run.steps, path);
  }

  /**
   * Records a failed attempt; after the last one, or a refusal of a private address, the step and the run
   * fail (no exception: done retrying).
   */
  async function failAttempt(run: Run, path: string, step: AutomationStep, error: unknown) {
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
  }

  /** The merge values of a run's message: the order's receipt values, else the customer's name and e-mail. */
  function mergeValuesOf(context: Awaited<ReturnType<typeof contextOf>>) {
    return context.order
      ? receiptValues(context.order, context.order.lines)
      : {
          first_name: context.customer?.firstName,
          last_name: context.customer?.lastName,
          email: context.customer?.email,
        };
  }

  /**
   * The claim of a step that sends (an e-mail, an SMS): it is recorded done in the transaction that
   * records the message. Undefined when an earlier attempt already did, so nothing is sent twice.
   */
  async function claimStep(tx: Db, run: Run, path: string, type: AutomationStep['type']) {
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
  }

  async function sendEmail(
    run: Run,
    path: string,
    step: Extract<AutomationStep, { type: 'send_email' }>,
    contextOfRun: () => Promise<RunContext>,
  ): Promise<{ continues: boolean; deliver: number | null }> {
    const context = await contextOfRun();
    const [template] = await db
      .select({ compiled: emailTemplates.compiled })
      .from(emailTemplates)
      .where(and(ownedBy(emailTemplates, run.accountId), eq(emailTemplates.id, step.email_template_id)));
    if (!template?.compiled) throw new StepFailure('The e-mail template no longer exists');
    const to =
      step.to === 'address'
        ? (step.address ?? '')
        : context.customer?.email || context.order?.email || String(context.event.payload.email ?? '');
    if (to === '') throw new StepFailure('The customer has no e-mail address');
    const values = mergeValuesOf(context);
    const subject = fillMergeTemplate(mergeTemplate(step.subject), values, false);
    // Marketing e-mail: an address that unsubscribed gets nothing; the step is done, marked skipped.
    const suppressed = await isSuppressed(db, run.accountId, to);
    // The merchant's e-mail: past the plan's e-mails a month the attempt fails with the limit's message.
    if (!suppressed) await mailer.checkLimit(run.accountId);
    // The template version is stored once; the message keeps its values and its links are made from its
    // id when it is sent or shown (mailer.ts `messageContent`).
    const body = suppressed ? null : await mailer.bodyOf(run.accountId, template.compiled);
    return db.transaction(async (tx) => {
      const claim = await claimStep(tx, run, path, step.type);
      if (!claim) return { continues: false, deliver: null };
      // No stored body: the address is suppressed.
      if (body === null) {
        await tx
          .update(automationRunSteps)
          .set({ result: { skipped: 'unsubscribed', to } })
          .where(eq(automationRunSteps.id, claim.id));
        const continues = await advance(tx, run, path, nextPath(run.steps, parsePathKey(path)));
        return { continues, deliver: null };
      }
      const message = await mailer.record(tx, {
        to,
        subject,
        text: '',
        body: { id: body, values },
        marketing: step.track !== false ? 'track' : 'plain',
        accountId: run.accountId,
        accountServer: true,
      });
      // The one-click unsubscribe headers name the message's own link, known once it has an id.
      const links = marketingLinks(marketing.key, marketing.publicUrl, message.id);
      await tx
        .update(mailMessages)
        .set({ headers: unsubscribeHeaders(links) })
        .where(eq(mailMessages.id, message.id));
      await tx
        .update(automationRunSteps)
        .set({ result: { mail_message_id: message.id, to, subject } })
        .where(eq(automationRunSteps.id, claim.id));
      if (context.order) {
        await addEvent(
          tx,
          run.accountId,
          context.order.id,
          TIMELINE_EVENT_TYPES.email,
          'Automation e-mail sent',
          {
            desc: `To ${to}: ${subject}`,
          },
        );
      }
      // Its mail job commits with it: a crash after the commit cannot leave the e-mail unsent.
      await mailer.deliverIn(tx, message.id, { lane: 'automation' });
      const continues = await advance(tx, run, path, nextPath(run.steps, parsePathKey(path)));
      return { continues, deliver: message.id };
    });
  }

  /** Like an e-mail: the message, its debit and its send job are recorded with the step, the provider called after. */
  async function sendSms(
    run: Run,
    path: string,
    step: Extract<AutomationStep, { type: 'send_sms' }>,
    contextOfRun: () => Promise<RunContext>,
  ): Promise<{ continues: boolean; deliver: number | null }> {
    const context = await contextOfRun();
    const to = context.customer?.phone ?? '';
    if (to.trim() === '') throw new StepFailure('The customer has no phone number');
    const values = mergeValuesOf(context);
    const text = fillMergeTemplate(mergeTemplate(step.text), values, false);
    return db.transaction(async (tx) => {
      const claim = await claimStep(tx, run, path, step.type);
      if (!claim) return { continues: false, deliver: null };
      // A refusal (short balance, no number) throws here and rolls the claim back: the step fails visibly.
      const recorded = await recordSms(tx, {
        accountId: run.accountId,
        to,
        body: text,
        funnelId: context.funnelId,
      });
      await tx
        .update(automationRunSteps)
        .set({
          result:
            recorded.status === 'skipped'
              ? { skipped: 'unsubscribed', to: recorded.to }
              : { sms_message_id: recorded.messageId, to: recorded.to },
        })
        .where(eq(automationRunSteps.id, claim.id));
      if (recorded.status === 'queued') await sms.enqueueIn(tx, recorded.messageId);
      const continues = await advance(tx, run, path, nextPath(run.steps, parsePathKey(path)));
      return { continues, deliver: recorded.status === 'queued' ? recorded.messageId : null };
    });
  }

  /** An integration step's input: its texts with the run's merge values (customer, order, product) filled in. */
  function integrationInput(context: RunContext, params: Record<string, string | string[]>) {
    const values = {
      ...mergeValuesOf(context),
      order_id: context.order ? String(context.order.id) : undefined,
      customer_id: context.customer ? String(context.customer.id) : undefined,
      product_id: context.productIds.join(','),
      funnel_id: context.funnelId === null ? undefined : String(context.funnelId),
      currency: context.order?.currency,
    };
    const fill = (text: string) => fillMergeTemplate(mergeTemplate(text), values, false);
    return Object.fromEntries(
      Object.entries(params).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.map(fill) : fill(value),
      ]),
    );
  }

  /**
   * The input an order action takes from the run's order rather than from texts: Shopify's line items
   * (custom items: title, unit price, quantity), shipping address and currency; GA4's purchase
   * (transaction id, value, currency, items). Blank optional texts are left out (GA4 refuses them).
   */
  function orderActionInput(
    step: Extract<AutomationStep, { type: 'integration' }>,
    context: RunContext,
    texts: Record<string, string | string[]>,
  ): Record<string, unknown> {
    const filled = Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== ''));
    const order = context.order;
    if (!order) throw new StepFailure('This action needs an order: use it with a purchase trigger');
    const unit = (minor: number) => Number((minor / 100).toFixed(2));
    const title = (line: (typeof order.lines)[number]) =>
      (line.variantTitle ? `${line.name} – ${line.variantTitle}` : line.name).slice(0, 100);
    if (step.method === 'create-order') {
      const country = order.shippingCountry || order.country;
      return {
        ...filled,
        line_items: order.lines.map((line) => ({
          title: title(line),
          price: unit(line.amountMinor).toFixed(2),
          quantity: line.qty,
        })),
        shipping_address: {
          first_name: order.firstName || undefined,
          last_name: order.lastName || undefined,
          address1: order.shippingAddress || order.address,
          city: order.shippingCity || order.city,
          province: order.shippingState || order.state || undefined,
          zip: order.shippingZip || order.zip || undefined,
          ...(/^[A-Za-z]{2}$/.test(country) ? { country_code: country } : { country: country || undefined }),
        },
        currency: order.currency,
      };
    }
    return {
      ...filled,
      transaction_id: order.orderNumber,
      value: unit(order.amountMinor),
      currency: order.currency,
      items: order.lines.map((line) => ({
        item_id: String(line.productId),
        item_name: title(line),
        price: unit(line.amountMinor),
        quantity: line.qty,
      })),
    };
  }

  /**
   * Calls an integration's method. The step is recorded first, with its idempotency key and a lease
   * as long as a job may run, so a duplicate job does not call while one is calling; the adapter gets
   * the key (Mailchimp's upsert is idempotent by itself). Done and the run moved on in one transaction.
   */
  async function callIntegration(
    run: Run,
    path: string,
    step: Extract<AutomationStep, { type: 'integration' }>,
    contextOfRun: () => Promise<RunContext>,
  ): Promise<boolean> {
    const context = await contextOfRun();
    const texts = integrationInput(context, step.params);
    const action = integrationActionOf(step.integration_id, step.method);
    const input = action && 'orderFields' in action ? orderActionInput(step, context, texts) : texts;
    const idempotencyKey = `automation-run-${run.id}-step-${path}`;
    const now = clock();
    const leaseUntil = new Date(now.getTime() + jobExpirySeconds * 1000).toISOString();
    const [claim] = await db
      .insert(automationRunSteps)
      .values({
        accountId: run.accountId,
        runId: run.id,
        path,
        type: step.type,
        status: 'running',
        result: { idempotency_key: idempotencyKey, lease_until: leaseUntil },
      })
      .onConflictDoUpdate({
        target: [automationRunSteps.runId, automationRunSteps.path],
        set: { result: { idempotency_key: idempotencyKey, lease_until: leaseUntil } },
        setWhere: sql`${automationRunSteps.status} = 'running' and coalesce((${automationRunSteps.result}->>'lease_until')::timestamptz, '-infinity') < ${now.toISOString()}::timestamptz`,
      })
      .returning({ id: automationRunSteps.id });
    if (!claim) return false;
    let answer: unknown;
    try {
      answer = await integrations.callForAutomation(
        run.accountId,
        step.integration_id,
        step.method,
        input,
        idempotencyKey,
      );
    } catch (error) {
      await db
        .update(automationRunSteps)
        .set({ result: { idempotency_key: idempotencyKey } })
        .where(eq(automationRunSteps.id, claim.id));
      throw error;
    }
    return db.transaction(async (tx) => {
      const done = await tx
        .update(automationRunSteps)
        .set({
          status: 'done',
          finishedAt: clock(),
          error: null,
          result: { idempotency_key: idempotencyKey, method: step.method, answer: answer ?? null },
        })
        .where(and(eq(automationRunSteps.id, claim.id), eq(automationRunSteps.status, 'running')))
        .returning({ id: automationRunSteps.id });
      if (done.length === 0) return false;
      return advance(tx, run, path, nextPath(run.steps, parsePathKey(path)));
    });
  }

  /** A step with an effect outside the run (a message, a call): a job does at most one. */
  const SIDE_EFFECTS: ReadonlySet<AutomationStep['type']> = new Set([
    'send_email',
    'send_sms',
    'integration',
  ]);

  /**
   * Runs the run's current step, then the steps after it in the same job until the run waits, ends, or
   * reaches a second side effect (e-mail, SMS, integration): a job does at most one side effect, and a
   * resumed wait or a condition goes on to the next step at once instead of costing a job. The job calls
   * it, and it is safe to call again at any point: every step acts only from where the run is.
   */
  async function step(runId: number): Promise<void> {
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
      if (current && SIDE_EFFECTS.has(current.type)) {
        // The next side effect is the next job's (its own priority, expiry and retries).
        if (sideEffects > 0) return enqueue(run);
        sideEffects++;
      }
      const contextOfRun = () => {
        context ??= contextOf(run);
        return context;
      };
      if (!(await stepOnce(run, run.currentPath, found.existing ?? undefined, contextOfRun))) return;
    }
    await enqueue({ id: runId, accountId });
  }

  /** Runs the run's current step once; answers whether the run moved on to a step that is due now. */
  async function stepOnce(
    run: Run,
    key: string,
    existing: typeof automationRunSteps.$inferSelect | undefined,
    contextOfRun: () => Promise<RunContext>,
  ): Promise<boolean> {
    const path = parsePathKey(key);
    const current = stepAt(run.steps, path);
    if (!current) {
      await db.transaction((tx) => advance(tx, run, key, null));
      return false;
    }
    if (existing?.status === 'failed') return false;
    const now = clock();
    let continues = false;
    if (existing?.status === 'done') {
      // Done by an earlier job that stopped before moving on: move on without acting again.
      const next = afterDone(run, path, existing.result);
      return db.transaction((tx) => advance(tx, run, key, next));
    }
    try {
      switch (current.type) {
        case 'end':
        case 'condition': {
          let next: StepPath | null = null;
          let result: Record<string, unknown> = {};
          if (current.type === 'condition') {
            const holds = conditionsHold(current, conditionValues(await contextOfRun()));
            next = branchPath(run.steps, path, holds ? 'yes' : 'no');
            result = { branch: holds ? 'yes' : 'no' };
          }
          continues = await advanceWith(
            run,
            key,
            next,
            sql`insert into automation_run_steps (account_id, run_id, path, type, status, result, finished_at)
              values (${run.accountId}, ${run.id}, ${key}, ${current.type}, 'done', ${JSON.stringify(result)}::jsonb,
                ${now.toISOString()}::timestamptz)
              on conflict do nothing`,
          );
          break;
        }
        case 'wait': {
          if (!existing) {
            const context = await contextOfRun();
            const resumeAt = waitEndsAt(current, now, context.timeZone);
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
              await enqueue(run, resumeAt);
              return false;
            }
          }
          const resumeAt = new Date(String(existing?.result?.resume_at ?? now.toISOString()));
          if (existing && resumeAt.getTime() > now.getTime()) {
            // Woken early (a sweep, a duplicate): sleep again until it is due.
            await enqueue(run, resumeAt);
            return false;
          }
          continues = await advanceWith(
            run,
            key,
            nextPath(run.steps, path),
            sql`update automation_run_steps set status = 'done', finished_at = ${now.toISOString()}::timestamptz
              where run_id = ${run.id} and path = ${key}`,
          );
          break;
        }
        case 'send_email': {
          const sent = await sendEmail(run, key, current, contextOfRun);
          if (sent.deliver !== null) mailer.wake('automation');
          continues = sent.continues;
          break;
        }
        case 'send_sms': {
          const sent = await sendSms(run, key, current, contextOfRun);
          if (sent.deliver !== null) sms.wake();
          continues = sent.continues;
          break;
        }
        case 'integration': {
          continues = await callIntegration(run, key, current, contextOfRun);
          break;
        }
      }
    } catch (error) {
      await failAttempt(run, key, current, error);
      return false;
    }
    return continues;
  }

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
    await enqueueMany(rows);
    return rows.length;
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  queue.whileRunning({
    start() {
      const sweepNow = () => {
        sweep().catch((error: unknown) => {
          console.error('automations sweep failed:', error instanceof Error ? error.message : error);
        });
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
    startRuns,
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
      if (retried) await enqueue(retried);
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
