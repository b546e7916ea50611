import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel every server process listens on for cache invalidations. */
export const INVALIDATION_CHANNEL = 'funnelwork_invalidate';

/**
 * What a process may hold in memory that a write elsewhere makes stale. Sessions are named by ids, never
 * by a token or its hash: anyone who may LISTEN on the database can read a notification.
 */
export const invalidationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sessions'),
    sessionId: z.number().int().optional(),
    userId: z.number().int().optional(),
    accountId: z.number().int().optional(),
    exceptSessionId: z.number().int().optional(),
  }),
  z.object({ kind: z.literal('site'), accountId: z.number().int() }),
  /** API keys of an app (its scopes changed, it was deleted) or one key (revoked), by ids. */
  z.object({
    kind: z.literal('apiKeys'),
    appId: z.number().int().optional(),
    keyId: z.number().int().optional(),
  }),
]);
export type Invalidation = z.infer<typeof invalidationSchema>;
export type SessionInvalidation = Extract<Invalidation, { kind: 'sessions' }>;
export type ApiKeyInvalidation = Extract<Invalidation, { kind: 'apiKeys' }>;

export type InvalidationHandlers = {
  /** Drops what the message names from this process's caches; must be idempotent. */
  apply(message: Invalidation): void;
  /** Messages may have been missed (the listening connection was lost): drop everything. */
  applyAll(): void;
};

export type InvalidationBus = {
  /**
   * Applies the invalidation in this process at once and tells the other processes (after the caller's
   * write committed). A lost notification is not an error: the caches' time-to-live still ends it.
   */
  publish(message: Invalidation): Promise<void>;
  /** A cache of this process that messages apply to (the sessions, the published sites). */
  subscribe(handlers: InvalidationHandlers): void;
  close(): Promise<void>;
};

/**
 * Cache invalidation across server processes through PostgreSQL's LISTEN/NOTIFY; local only on PGlite,
 * whose database belongs to one process. A process skips its own notifications (each names its bus): it
 * applied them at once, and applying one again when it arrives late would drop what was cached since, a
 * published page's kept answer among them.
 */
export async function createInvalidationBus(
  database: Pick<Database, 'executeSql' | 'listen'>,
  { onError }: { onError: (error: Error, what: string) => void },
): Promise<InvalidationBus> {
  const caches = new Set<InvalidationHandlers>();
  const origin = randomUUID();
  const apply = (message: Invalidation) => {
    for (const cache of caches) cache.apply(message);
  };
  const listener = await database.listen(INVALIDATION_CHANNEL, {
    onMessage(payload) {
      let message: Invalidation;
      try {
        const sent = JSON.parse(payload);
        if (sent?.origin === origin) return;
        message = invalidationSchema.parse(sent);
      } catch (error) {
        onError(error as Error, 'invalid invalidation message');
        return;
      }
      apply(message);
    },
    onReconnect() {
      for (const cache of caches) cache.applyAll();
    },
    onError: (error) => onError(error, 'invalidation listener'),
  });

  return {
    async publish(message) {
      apply(message);
      if (!listener) return;
      try {
        await database.executeSql('select pg_notify($1, $2)', [
          INVALIDATION_CHANNEL,
          JSON.stringify({ ...message, origin }),
        ]);
      } catch (error) {
        onError(error as Error, 'invalidation notify');
      }
    },
    subscribe(handlers) {
      caches.add(handlers);
    },
    async close() {
      await listener?.close();
    },
  };
}
