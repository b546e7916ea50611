import { fillMergeTemplate, mergeTemplate } from '@funnelwork/blocks/email';
import { integrationActionOf } from '@funnelwork/domain/automations/integration-actions';
import { nextPath } from '@funnelwork/domain/automations/rules';
import { and, eq, sql } from 'drizzle-orm';
import { automationRunSteps } from '../../../../db/schema/index.ts';
import { mergeValuesOf, type RunContext } from '../run-context.ts';
import { StepFailure } from '../run-state.ts';
import type { EngineParts, StepKind, StepOf } from '../step-kind.ts';

/** An integration step's input: its texts with the run's merge values (customer, order, product) filled in. */
function textsOf(context: RunContext, params: Record<string, string | string[]>) {
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
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value.map(fill) : fill(value)]),
  );
}

/**
 * The method's input: its filled texts, or for an order action (Shopify's order, GA4's purchase) what its
 * adapter builds from the run's order and the non-blank texts (GA4 refuses blank optional ones).
 */
function inputOf(
  step: StepOf<'integration'>,
  context: RunContext,
  integrations: EngineParts['integrations'],
): Record<string, unknown> {
  const texts = textsOf(context, step.params);
  const action = integrationActionOf(step.integration_id, step.method);
  if (!action || !('orderFields' in action)) return texts;
  if (!context.order) throw new StepFailure('This action needs an order: use it with a purchase trigger');
  const fromOrder = integrations.inputFromOrderOf(step.integration_id, step.method);
  if (!fromOrder) throw new StepFailure(`${action.caption}: the integration cannot take an order`);
  return fromOrder(
    context.order,
    Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== '')),
  );
}

/**
 * Calls an integration's method. The step is recorded first, with its idempotency key and a lease
 * as long as a job may run, so a duplicate job does not call while one is calling; the adapter gets
 * the key (Mailchimp's upsert is idempotent by itself). Done and the run moved on in one transaction.
 */
export const integrationStep: StepKind<'integration'> = {
  sideEffect: true,
  async run({ run, key, path, step, context }, { db, clock, state, integrations, jobExpirySeconds }) {
    const input = inputOf(step, await context(), integrations);
    const idempotencyKey = `automation-run-${run.id}-step-${key}`;
    const now = clock();
    const leaseUntil = new Date(now.getTime() + jobExpirySeconds * 1000).toISOString();
    const [claim] = await db
      .insert(automationRunSteps)
      .values({
        accountId: run.accountId,
        runId: run.id,
        path: key,
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
      return state.advance(tx, run, key, nextPath(run.steps, path));
    });
  },
};
