import {
  HOOK_EVENTS,
  HOOKS_PER_ACCOUNT_MAX,
  type Hook,
  type HookEvent as HookEventName,
} from '@funnelwork/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSealedBox, deriveKey } from '../../crypto/sealed-box.ts';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { accounts, hookDeliveries, hookSubscriptions, outboxEvents } from '../../db/schema/index.ts';
import type { Outbox, OutboxEvent } from '../../events/outbox.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { isOutboundRefusal } from '../../net/safe-fetch.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { newSigningSecret } from '../integrations/webhook/webhook.signature.ts';
import type { DeliverHook } from './hooks.delivery.ts';
import type { TargetCheck } from './hooks.targets.ts';

/** One event to one subscription; retried with backoff (about a day in all) until it answers 2xx. */
export const deliverHookJob = defineJob(
  'hooks.deliver',
  z.object({ accountId: z.number().int(), subscriptionId: z.number().int(), eventId: z.number().int() }),
  { retryLimit: 12, retryDelay: 30, retryBackoff: true },
);

/** Each subscription's signing secret, sealed under a key of its own, bound to the account. */
function secretBox(serverSecret: Buffer) {
  const box = createSealedBox(deriveKey(serverSecret, 'hook-secret/v1'), 'hook secret');
  const aad = (accountId: number) => `hook-secret:${accountId}`;
  return {
    seal: (accountId: number, text: string) => box.seal(text, aad(accountId)),
    open: (accountId: number, sealed: string) => box.open(sealed, aad(accountId)),
  };
}

type SubscriptionRow = typeof hookSubscriptions.$inferSelect;

/** A key sees and removes only its own app's hooks; an administrator's session sees all (null). */
const ofApp = (appId: number | null) => (appId === null ? undefined : eq(hookSubscriptions.appId, appId));

function hookOut(row: SubscriptionRow): Hook {
  return {
    id: row.id,
    target_url: row.targetUrl,
    event: row.event,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/**
 * REST hooks (Zapier's subscribe/unsubscribe): events of the account's outbox POSTed to the subscribed
 * URLs, one job per (subscription, event), signed with the subscription's secret. A 410 answer
 * unsubscribes; a target refused as private fails at once; any other failure is retried with backoff. A delivery that succeeded is never repeated
 * (its row is claimed per subscription and event), so a subscriber sees each event id once unless a
 * process dies between its 2xx and our record of it.
 */
export function createHooksService({
  db,
  queue,
  outbox,
  serverSecret,
  checkTarget,
  deliver,
  onError = () => {},
}: {
  db: Db;
  queue: JobQueue;
  outbox: Pick<Outbox, 'consume'>;
  serverSecret: Buffer;
  checkTarget: TargetCheck;
  deliver: DeliverHook;
  onError?: (error: unknown, what: string) => void;
}) {
  const box = secretBox(serverSecret);

  /** One job per (subscription, event) for the events' accounts' subscriptions to their types, in one read. */
  async function enqueueFor(events: OutboxEvent[]) {
    const accountIds = [...new Set(events.map((event) => event.payload.accountId))];
    const types = [...new Set(events.map((event) => event.type))];
    const subscriptions = await db
      .select({
        id: hookSubscriptions.id,
        accountId: hookSubscriptions.accountId,
        event: hookSubscriptions.event,
      })
      .from(hookSubscriptions)
      .where(and(inArray(hookSubscriptions.accountId, accountIds), inArray(hookSubscriptions.event, types)));
    await queue.sendMany(
      deliverHookJob,
      events.flatMap((event) =>
        subscriptions
          .filter((s) => s.accountId === event.payload.accountId && s.event === event.type)
          .map((s) => ({ accountId: s.accountId, subscriptionId: s.id, eventId: event.id })),
      ),
    );
  }

  outbox.consume({
    name: 'hooks',
    types: HOOK_EVENTS,
    handle: (event) => enqueueFor([event]),
    handleMany: enqueueFor,
  });

  async function deliverOne({ accountId, subscriptionId, eventId }: z.output<typeof deliverHookJob.payload>) {
    const [subscription] = await db
      .select()
      .from(hookSubscriptions)
      .where(and(ownedBy(hookSubscriptions, accountId), eq(hookSubscriptions.id, subscriptionId)));
    if (!subscription) return;
    await db.insert(hookDeliveries).values({ accountId, subscriptionId, eventId }).onConflictDoNothing();
    const [delivery] = await db
      .select()
      .from(hookDeliveries)
      .where(and(eq(hookDeliveries.subscriptionId, subscriptionId), eq(hookDeliveries.eventId, eventId)));
    if (!delivery || delivery.status === 'delivered') return;
    const [event] = await db
      .select()
      .from(outboxEvents)
      .where(and(ownedBy(outboxEvents, accountId), eq(outboxEvents.id, eventId)));
    if (!event) return;

    let result: { status: number; latencyMs: number } | undefined;
    let failure: unknown;
    try {
      result = await deliver(
        {
          id: subscription.id,
          targetUrl: subscription.targetUrl,
          secret: box.open(accountId, subscription.secretSealed),
        },
        { id: event.id, type: event.type, createdAt: new Date(event.createdAt), payload: event.payload },
      );
    } catch (error) {
      failure = error;
    }
    if (result?.status === 410) {
      // Zapier's way to unsubscribe: the target is gone for good.
      await db
        .delete(hookSubscriptions)
        .where(and(ownedBy(hookSubscriptions, accountId), eq(hookSubscriptions.id, subscriptionId)));
      return;
    }
    const ok = result !== undefined && result.status >= 200 && result.status < 300;
    await db
      .update(hookDeliveries)
      .set({
        status: ok ? 'delivered' : 'failed',
        attempts: sql`${hookDeliveries.attempts} + 1`,
        responseCode: result?.status ?? null,
        latencyMs: result?.latencyMs ?? null,
        deliveredAt: ok ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(hookDeliveries.id, delivery.id));
    if (!ok) {
      const reason = failure instanceof Error ? failure.message : `answered ${result?.status}`;
      onError(failure, `hook ${subscriptionId} event ${eventId}: ${reason}`);
      // A private address stays private: the delivery is failed now, not retried for a day.
      if (isOutboundRefusal(failure)) return;
      throw new Error(`hook delivery failed: ${reason}`);
    }
  }
  queue.work(deliverHookJob, deliverOne);

  return {
    deliverOne,

    /** The account's hooks; with an app id (a key's request) only those that app made. */
    async list(accountId: number, appId: number | null): Promise<Hook[]> {
      const rows = await db
        .select()
        .from(hookSubscriptions)
        .where(and(ownedBy(hookSubscriptions, accountId), ofApp(appId)))
        .orderBy(asc(hookSubscriptions.id));
      return rows.map(hookOut);
    },

    async subscribe(
      accountId: number,
      appId: number | null,
      input: { target_url: string; event: HookEventName },
    ): Promise<Hook & { secret: string }> {
      const refused = await checkTarget(input.target_url);
      if (refused) throw new HttpError(400, `target_url ${refused}`, 'validation_error', 'target_url');
      const secret = newSigningSecret();
      const row = await db.transaction(async (tx) => {
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const [existing] = await tx
          .select({ n: count() })
          .from(hookSubscriptions)
          .where(ownedBy(hookSubscriptions, accountId));
        if ((existing?.n ?? 0) >= HOOKS_PER_ACCOUNT_MAX) {
          throw new HttpError(422, `An account may have at most ${HOOKS_PER_ACCOUNT_MAX} REST hooks`);
        }
        const [inserted] = await tx
          .insert(hookSubscriptions)
          .values({
            accountId,
            appId,
            event: input.event,
            targetUrl: input.target_url,
            secretSealed: box.seal(accountId, secret),
          })
          .returning();
        return inserted as SubscriptionRow;
      });
      return { ...hookOut(row), secret };
    },

    async unsubscribe(accountId: number, appId: number | null, id: number): Promise<void> {
      const deleted = await db
        .delete(hookSubscriptions)
        .where(and(ownedBy(hookSubscriptions, accountId), ofApp(appId), eq(hookSubscriptions.id, id)))
        .returning({ id: hookSubscriptions.id });
      if (deleted.length === 0) throw notFound('Hook');
    },
  };
}
export type HooksService = ReturnType<typeof createHooksService>;
