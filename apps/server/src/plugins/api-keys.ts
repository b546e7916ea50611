import { createHash } from 'node:crypto';
import type { ApiScope } from '@funnelwork/domain/rules';
import { and, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import { apiKeys, developerApps } from '../db/schema/index.ts';
import type { ApiKeyInvalidation, InvalidationBus } from './invalidation.ts';

/** What an API key is allowed: its account, its app's scopes, and the member it acts as. */
export type ApiKeyGrant = {
  keyId: number;
  appId: number;
  accountId: number;
  /** The member who created the app: writes made with the key are theirs. */
  userId: number;
  scopes: ApiScope[];
};

type CachedKey = { grant: ApiKeyGrant; lastUsedAt: number };

/** As long as a checked session: what a lost invalidation could leave behind (docs/decisions/accounts-and-security.md). */
export const API_KEY_CACHE_TTL_MS = 5_000;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Live API keys checked recently, by hash, so a busy key costs no database round trip per request.
 * Revoking a key or changing or deleting its app publishes an `apiKeys` invalidation after the commit,
 * which drops the entries here and in every other process; a lookup that read the database before such
 * a write does not store its (older) answer (`generation`).
 */
export class ApiKeyCache {
  private readonly entries = new LRUCache<string, CachedKey>({ max: 10_000, ttl: API_KEY_CACHE_TTL_MS });
  private generation = 0;
  private publish = async (message: ApiKeyInvalidation) => this.apply(message);

  connect(bus: InvalidationBus) {
    this.publish = (message) => bus.publish(message);
    bus.subscribe({
      apply: (message) => {
        if (message.kind === 'apiKeys') this.apply(message);
      },
      applyAll: () => this.clear(),
    });
  }

  /** The grant of a live key, from memory or (one query) from the database; undefined when revoked. */
  async lookup(db: Db, keyHash: string): Promise<CachedKey | undefined> {
    const cached = this.entries.get(keyHash);
    if (cached) return cached;
    const generation = this.generation;
    const [row] = await db
      .select({
        keyId: apiKeys.id,
        appId: apiKeys.appId,
        accountId: developerApps.accountId,
        userId: developerApps.createdBy,
        scopes: developerApps.scopes,
        lastUsedAt: apiKeys.lastUsedAt,
      })
      .from(apiKeys)
      .innerJoin(developerApps, eq(developerApps.id, apiKeys.appId))
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .limit(1);
    if (!row) return undefined;
    const entry: CachedKey = {
      grant: {
        keyId: row.keyId,
        appId: row.appId,
        accountId: row.accountId,
        userId: row.userId,
        scopes: row.scopes,
      },
      lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).getTime() : 0,
    };
    if (generation === this.generation) this.entries.set(keyHash, entry);
    return entry;
  }

  apply(message: ApiKeyInvalidation) {
    this.generation++;
    for (const [hash, { grant }] of this.entries.entries()) {
      if (
        (message.appId === undefined || grant.appId === message.appId) &&
        (message.keyId === undefined || grant.keyId === message.keyId)
      )
        this.entries.delete(hash);
    }
  }
  clear() {
    this.generation++;
    this.entries.clear();
  }
  /** After a committed write to an app or key: here and in every other process. */
  forget(where: Omit<ApiKeyInvalidation, 'kind'>): Promise<void> {
    return this.publish({ kind: 'apiKeys', ...where });
  }
}
