import { randomBytes } from 'node:crypto';
import { eventsOf } from '@funnelwork/domain/events/catalogue';
import { WEBHOOK_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import type { Delivery, DeliveryStatus } from '@funnelwork/domain/integrations/contracts';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { iso, ownedBy } from '../../../db/query-helpers.ts';
import { userIntegrations, webhookDeliveries } from '../../../db/schema/index.ts';
import type { Outbox, OutboxEvent } from '../../../events/outbox.ts';
import { defineJob, type JobQueue } from '../../../jobs/queue.ts';
import { isOutboundRefusal, type SafeFetch } from '../../../net/safe-fetch.ts';
import { notFound } from '../../../plugins/errors.ts';
import type { SecretsBox } from '../integrations.secrets.ts';
import { eventIdOf, webhookBody } from './webhook.payload.ts';
import { liveSecrets, signedHeaders } from './webhook.signature.ts';

/**
 * One attempt of one delivery. The delivery row is the state; the job only says "try now", so a
 * duplicate or late job finds the row claimed or done and does nothing. pg-boss's own retries only
 * cover a process that died mid-attempt; the webhook's backoff is ours (a delayed job per attempt).
 */
export const deliverWebhookJob = defineJob('webhooks.deliver', z.object({ deliveryId: z.number().int() }), {
  retryLimit: 3,
  retryDelay: 5,
  // Deliveries wait on receivers: up to 20 at once per process.
  batchSize: 20,
  concurrent: true,
});

export type WebhookRetryPolicy = {
  /** Delay after the first failed attempt; each further failure doubles it… */
  baseMs: number;
  /** …up to this… */
  maxMs: number;
  /** …while the delivery is younger than this (24 h), then it is failed. */
  windowMs: number;
};

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(policy: WebhookRetryPolicy, attempts: number): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

const EXCERPT_CHARS = 500;
const EVENT_TYPES = eventsOf('webhooks');

type Row = typeof webhookDeliveries.$inferSelect;

/**
 * Funnel apps (modules/apps) deliver through these rows too: `deliveriesOf` names the deliveries an
 * event makes for the funnel's apps (the connection whose secrets and switch they use, and the body,
 * else the webhook body); `attempt` carries one out, answering a status and an excerpt like a receiver,
 * or throwing to retry with the same backoff. `post` is the signed webhook POST of the body.
 */
export type FunnelAppDeliveries = {
  /** `userIntegrationId` is null when the app's integration is not connected (the attempt fails saying so). */
  deliveriesOf(
    event: OutboxEvent,
  ): Promise<Array<{ userIntegrationId: number | null; funnelAppId: number; body?: string }>>;
  /** The connection a funnel app's delivery goes through now, or why there is none (not connected …). */
  connectionOf(row: Row): Promise<{ connection: typeof userIntegrations.$inferSelect } | { refused: string }>;
  attempt(
    row: Row,
    connection: typeof userIntegrations.$inferSelect,
    post: (url: string) => Promise<{ status: number; excerpt: string }>,
  ): Promise<{ status: number; excerpt: string }>;
};

function answer(row: Row): Delivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_code: row.responseCode,
    latency_ms: row.latencyMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    next_attempt_at: iso(row.nextAttemptAt),
    last_attempt_at: iso(row.lastAttemptAt),
    delivered_at: iso(row.deliveredAt),
    created_at: iso(row.createdAt),
  };
}

/**
 * Webhook deliveries: a durable outbox consumer makes one delivery row per (connection, event) for the
 * account's active webhook connections subscribed to the event's type, and a job per attempt POSTs the
 * signed body through the SSRF guard; failures retry with exponential backoff for 24 h, then the row
 * is failed (at once when the guard refuses the address as private). A sweep re-enqueues due rows whose job was lost. Resend is a new attempt of the same row.
 */
export function createWebhookDeliveries({
  db,
  queue,
  outbox,
  fetch,
  box,
  retry,
  timeoutMs = 10_000,
  sweepMs = 60_000,
  userAgent = 'Funnelwork-Webhooks/1.0',
  onError,
}: {
  db: Db;
  queue: JobQueue;
  outbox: Pick<Outbox, 'consume'>;
  fetch: SafeFetch;
  box: SecretsBox;
  retry: WebhookRetryPolicy;
  timeoutMs?: number;
  sweepMs?: number;
  userAgent?: string;
  /** Where a failed sweep is reported (the app's logger). */
  onError: (error: unknown, what: string) => void;
}) {
  async function enqueue(ids: number[]) {
    if (ids.length === 1) await queue.send(deliverWebhookJob, { deliveryId: ids[0] as number });
    else
      await queue.sendMany(
        deliverWebhookJob,
        ids.map((deliveryId) => ({ deliveryId })),
      );
  }

  let funnelApps: FunnelAppDeliveries | undefined;

  /**
   * Idempotent: events handed over again make no second row, and their undelivered rows get a job. The
   * events' accounts' connections are read once and every row is made in one statement.
   */
  async function handleEvents(events: OutboxEvent[]) {
    const accountIds = [...new Set(events.map((event) => event.payload.accountId))];
    const connections = await db
      .select({
        id: userIntegrations.id,
        accountId: userIntegrations.accountId,
        settings: userIntegrations.settings,
      })
      .from(userIntegrations)
      .where(
        and(
          inArray(userIntegrations.accountId, accountIds),
          eq(userIntegrations.integrationId, WEBHOOK_INTEGRATION_ID),
          eq(userIntegrations.active, true),
          isNotNull(userIntegrations.connectedAt),
        ),
      );
    const values: Array<typeof webhookDeliveries.$inferInsert> = [];
    for (const event of events) {
      const { accountId } = event.payload;
      const subscribed = connections.filter(
        (connection) =>
          connection.accountId === accountId &&
          ((connection.settings.events ?? []) as string[]).includes(event.type),
      );
      const byApps = funnelApps ? await funnelApps.deliveriesOf(event) : [];
      if (subscribed.length === 0 && byApps.length === 0) continue;
      const eventId = eventIdOf(event.id);
      const body = webhookBody({
        id: eventId,
        type: event.type,
        createdAt: event.createdAt,
        payload: event.payload as unknown as Record<string, unknown>,
      });
      const retryUntil = new Date(Date.now() + retry.windowMs);
      const common = { accountId, outboxEventId: event.id, eventId, eventType: event.type, retryUntil };
      values.push(
        ...subscribed.map((connection) => ({ ...common, userIntegrationId: connection.id, body })),
        ...byApps.map((made) => ({
          ...common,
          userIntegrationId: made.userIntegrationId,
          funnelAppId: made.funnelAppId,
          body: made.body ?? body,
        })),
      );
    }
    if (values.length === 0) return;
    const inserted = await db
      .insert(webhookDeliveries)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (inserted.length === values.length) {
      await enqueue(inserted.map((row) => row.id));
      return;
    }
    // Handed over again: rows made the first time may still lack their job.
    const waiting = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.accountId, accountIds),
          inArray(
            webhookDeliveries.outboxEventId,
            events.map((event) => event.id),
          ),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, 0),
        ),
      );
    if (waiting.length > 0) await enqueue(waiting.map((row) => row.id));
  }

  /** Claims a due pending delivery for one attempt (at most one attempt in flight per row). */
  async function claim(deliveryId: number): Promise<Row | null> {
    const [row] = await db
      .update(webhookDeliveries)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${Math.ceil(timeoutMs / 1000) + 30})`,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(
        sql`${webhookDeliveries.id} = ${deliveryId} and ${webhookDeliveries.status} = 'pending'
          and (${webhookDeliveries.nextAttemptAt} is null or ${webhookDeliveries.nextAttemptAt} <= now() + interval '1 second')
          and (${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} < now())`,
      )
      .returning();
    return row ?? null;
  }

  async function finish(
    row: Row,
    values: Partial<typeof webhookDeliveries.$inferInsert>,
  ): Promise<Row | null> {
    const [after] = await db
      .update(webhookDeliveries)
      .set({ ...values, lockedUntil: null })
      .where(eq(webhookDeliveries.id, row.id))
      .returning();
    return after ?? null;
  }
  /** Makes one attempt of a delivery, if it is due and not taken; answers the row after it. */
  async function attempt(deliveryId: number): Promise<Row | null> {
    const row = await claim(deliveryId);
    if (!row) return null;
    let connection: typeof userIntegrations.$inferSelect | undefined;
    if (row.funnelAppId !== null && funnelApps) {
      // A funnel app uses its integration's connection as it is now (connected since, or gone).
      const found = await funnelApps.connectionOf(row);
      if ('refused' in found) {
        // Nothing to retry for 24 h: failed at once with the reason; Resend tries again.
        return finish(row, { status: 'failed', nextAttemptAt: null, error: found.refused });
      }
      connection = found.connection;
    } else {
      [connection] = await db
        .select()
        .from(userIntegrations)
        .where(
          and(ownedBy(userIntegrations, row.accountId), eq(userIntegrations.id, row.userIntegrationId ?? 0)),
        );
      if (!connection || connection.connectedAt === null || !connection.active || !connection.secretsSealed) {
        await finish(row, {
          status: 'failed',
          nextAttemptAt: null,
          error: connection?.connectedAt ? 'The webhook is switched off' : 'The webhook is disconnected',
        });
        return null;
      }
    }
    if (row.userIntegrationId !== connection.id) {
      // Connected after the event: the row joins that connection (and its log).
      await db
        .update(webhookDeliveries)
        .set({ userIntegrationId: connection.id })
        .where(eq(webhookDeliveries.id, row.id));
    }
    if (!connection.secretsSealed) {
      return finish(row, { status: 'failed', nextAttemptAt: null, error: 'The integration is disconnected' });
    }
    const secrets = box.open(
      { accountId: row.accountId, integrationId: connection.integrationId },
      connection.secretsSealed,
    );
    const started = performance.now();
    let responseCode: number | null = null;
    let excerpt: string | null = null;
    let error: string | null = null;
    let final = false;
    /** The signed POST of the row's body to `url`: what a webhook delivery is. */
    const post = async (url: string) => {
      const response = await fetch(url, {
        method: 'POST',
        body: row.body,
        timeoutMs,
        maxResponseBytes: 4096,
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent,
          'funnelwork-event-id': row.eventId,
          'funnelwork-event-type': row.eventType,
          'funnelwork-delivery-attempt': String(row.attempts),
          ...signedHeaders({ id: row.eventId, body: row.body, secrets: liveSecrets(secrets) }),
        },
      });
      return { status: response.status, excerpt: response.body.toString('utf8') };
    };
    try {
      const outcome =
        row.funnelAppId !== null && funnelApps
          ? await funnelApps.attempt(row, connection, post)
          : await post(String(connection.settings.url ?? ''));
      responseCode = outcome.status;
      excerpt = outcome.excerpt.slice(0, EXCERPT_CHARS);
      if (outcome.status < 200 || outcome.status > 299) error = `The receiver answered ${outcome.status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      // A private address stays private: no 24 h of retries (Resend tries again after a fix).
      final = isOutboundRefusal(failure);
    }
    const latencyMs = Math.round(performance.now() - started);
    const now = new Date();
    let after: Row | null;
    if (error === null) {
      after = await finish(row, {
        status: 'delivered',
        responseCode,
        responseExcerpt: excerpt,
        latencyMs,
        error: null,
        nextAttemptAt: null,
        deliveredAt: now,
      });
    } else {
      const next = new Date(now.getTime() + retryDelayMs(retry, row.attempts));
      const again = !final && next.getTime() <= row.retryUntil.getTime();
      after = await finish(row, {
        status: again ? 'pending' : 'failed',
        responseCode,
        responseExcerpt: excerpt,
        latencyMs,
        error,
        nextAttemptAt: again ? next : null,
      });
      if (again) await queue.send(deliverWebhookJob, { deliveryId: row.id }, { startAfter: next });
    }
    return after;
  }

  /** Due deliveries whose job went missing (a process died between the row and the job). */
  async function sweep() {
    const stale = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.status} = 'pending'
          and coalesce(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt}) < now() - interval '2 minutes'
          and (${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} < now())`,
      )
      .limit(1000);
    if (stale.length > 0) await enqueue(stale.map((row) => row.id));
  }

  outbox.consume({
    name: 'webhooks',
    types: EVENT_TYPES,
    handle: (event) => handleEvents([event]),
    handleMany: handleEvents,
  });
  queue.work(deliverWebhookJob, async ({ deliveryId }) => {
    await attempt(deliveryId);
  });
  let timer: ReturnType<typeof setInterval> | undefined;
  queue.whileRunning({
    start() {
      timer = setInterval(() => {
        sweep().catch((error: unknown) => onError(error, 'webhook sweep failed'));
      }, sweepMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
    },
  });

  /** A connection's log (the account webhook's), or a funnel app's. */
  type Source = { connectionId: number } | { funnelAppId: number };
  const ofSource = (source: Source) =>
    'connectionId' in source
      ? eq(webhookDeliveries.userIntegrationId, source.connectionId)
      : eq(webhookDeliveries.funnelAppId, source.funnelAppId);
  const sourceOf = (key: number | Source): Source => (typeof key === 'number' ? { connectionId: key } : key);

  async function rowOf(accountId: number, source: Source, deliveryId: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(
        and(ownedBy(webhookDeliveries, accountId), ofSource(source), eq(webhookDeliveries.id, deliveryId)),
      );
    if (!row) throw notFound('Delivery');
    return row;
  }

  return {
    handle: (event: OutboxEvent) => handleEvents([event]),
    attempt,
    sweep,
    /** Lets funnel apps make deliveries of events and carry out their attempts (set once at start). */
    attachFunnelApps(handler: FunnelAppDeliveries) {
      funnelApps = handler;
    },

    /** The log of a connection (its id) or of a funnel app (`{funnelAppId}`), newest first. */
    async list(
      accountId: number,
      key: number | Source,
      query: { page: number; per_page: number; status?: DeliveryStatus },
    ) {
      const where = and(
        ownedBy(webhookDeliveries, accountId),
        ofSource(sourceOf(key)),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return { rows: rows.map(answer), total: Number(total?.n ?? 0) };
    },

    async get(accountId: number, key: number | Source, deliveryId: number) {
      return answer(await rowOf(accountId, sourceOf(key), deliveryId));
    },

    /** A new attempt now, with the same event id (receivers dedupe), and a fresh 24 h of retries. */
    async resend(accountId: number, key: number | Source, deliveryId: number): Promise<Delivery> {
      await rowOf(accountId, sourceOf(key), deliveryId);
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          status: 'pending',
          nextAttemptAt: new Date(),
          retryUntil: new Date(Date.now() + retry.windowMs),
          error: null,
        })
        .where(and(ownedBy(webhookDeliveries, accountId), eq(webhookDeliveries.id, deliveryId)))
        .returning();
      if (!row) throw notFound('Delivery');
      await queue.send(deliverWebhookJob, { deliveryId });
      return answer(row);
    },

    /** A `ping` event of its own to the connection (or a funnel webhook of it), delivered like any other. */
    async sendTest(accountId: number, connectionId: number, funnelAppId: number | null = null): Promise<Row> {
      const eventId = `evt_test_${randomBytes(8).toString('hex')}`;
      const body = webhookBody({
        id: eventId,
        type: 'ping',
        createdAt: new Date(),
        payload: { accountId, message: 'A test event from Funnelwork' },
      });
      const [row] = await db
        .insert(webhookDeliveries)
        .values({
          accountId,
          userIntegrationId: connectionId,
          funnelAppId,
          eventId,
          eventType: 'ping',
          body,
          retryUntil: new Date(Date.now() + retry.windowMs),
        })
        .returning();
      if (!row) throw new Error('no test delivery stored');
      return row;
    },
    answer,
  };
}
export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
