import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_KEYS_PER_APP_MAX,
  type ApiKey,
  type CreateDeveloperAppInput,
  DEVELOPER_APPS_MAX,
  type DeveloperApp,
  type NewApiKey,
  type UpdateDeveloperAppInput,
} from '@funnelwork/domain';
import type { ApiScope } from '@funnelwork/domain/rules';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { accounts, apiKeys, developerApps } from '../../db/schema/index.ts';
import { type ApiKeyCache, hashApiKey } from '../../plugins/api-keys.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';

type AppRow = typeof developerApps.$inferSelect;
type KeyRow = typeof apiKeys.$inferSelect;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function keyOut(row: KeyRow): ApiKey {
  return {
    id: row.id,
    prefix: row.prefix,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

function appOut(row: AppRow, keys: KeyRow[]): DeveloperApp {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    created_at: new Date(row.createdAt).toISOString(),
    keys: keys.filter((key) => key.appId === row.id).map(keyOut),
  };
}

/**
 * Developer apps of an account and their API keys. A key is 256 random bits after `fw_`, shown once;
 * only its SHA-256 is stored. Changing an app's scopes, deleting it or revoking a key takes effect on
 * the next request in every process (the API-key cache is invalidated after the commit).
 */
/** `apiKeys` is the app's API-key cache: revoking a key or changing its app drops its entries. */
export function createDevelopersService({ db, apiKeys: keyCache }: { db: Db; apiKeys: ApiKeyCache }) {
  async function appRow(accountId: number, id: number): Promise<AppRow> {
    const [row] = await db
      .select()
      .from(developerApps)
      .where(and(ownedBy(developerApps, accountId), eq(developerApps.id, id)));
    if (!row) throw notFound('Developer app');
    return row;
  }
  async function keysOf(accountId: number, appIds: number[]): Promise<KeyRow[]> {
    if (appIds.length === 0) return [];
    return db
      .select()
      .from(apiKeys)
      .where(and(ownedBy(apiKeys, accountId), inArray(apiKeys.appId, appIds)))
      .orderBy(asc(apiKeys.id));
  }
  async function get(accountId: number, id: number): Promise<DeveloperApp> {
    const row = await appRow(accountId, id);
    return appOut(row, await keysOf(accountId, [row.id]));
  }

  return {
    get,

    async list(accountId: number): Promise<DeveloperApp[]> {
      const rows = await db
        .select()
        .from(developerApps)
        .where(ownedBy(developerApps, accountId))
        .orderBy(asc(developerApps.id));
      const keys = await keysOf(
        accountId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => appOut(row, keys));
    },

    async create(accountId: number, userId: number, input: CreateDeveloperAppInput): Promise<DeveloperApp> {
      const id = await db.transaction(async (tx) => {
        // One account's apps are created one at a time, so the limit holds under concurrent requests.
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const [existing] = await tx
          .select({ n: count() })
          .from(developerApps)
          .where(ownedBy(developerApps, accountId));
        if ((existing?.n ?? 0) >= DEVELOPER_APPS_MAX) {
          throw new HttpError(422, `An account may have at most ${DEVELOPER_APPS_MAX} developer apps`);
        }
        const [row] = await tx
          .insert(developerApps)
          .values({ accountId, name: input.name, scopes: [...new Set(input.scopes)], createdBy: userId })
          .returning({ id: developerApps.id });
        return (row as { id: number }).id;
      });
      return get(accountId, id);
    },

    async update(accountId: number, id: number, input: UpdateDeveloperAppInput): Promise<DeveloperApp> {
      await appRow(accountId, id);
      const values = {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.scopes !== undefined && { scopes: [...new Set(input.scopes)] }),
        updatedAt: new Date(),
      };
      await db
        .update(developerApps)
        .set(values)
        .where(and(ownedBy(developerApps, accountId), eq(developerApps.id, id)));
      if (input.scopes !== undefined) await keyCache.forget({ appId: id });
      return get(accountId, id);
    },

    async remove(accountId: number, id: number): Promise<void> {
      const deleted = await db
        .delete(developerApps)
        .where(and(ownedBy(developerApps, accountId), eq(developerApps.id, id)))
        .returning({ id: developerApps.id });
      if (deleted.length === 0) throw notFound('Developer app');
      await keyCache.forget({ appId: id });
    },

    async createKey(accountId: number, appId: number): Promise<NewApiKey> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const [app] = await tx
          .select({ id: developerApps.id })
          .from(developerApps)
          .where(and(ownedBy(developerApps, accountId), eq(developerApps.id, appId)))
          .for('update');
        if (!app) throw notFound('Developer app');
        const [live] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(ownedBy(apiKeys, accountId), eq(apiKeys.appId, appId), isNull(apiKeys.revokedAt)));
        if ((live?.n ?? 0) >= API_KEYS_PER_APP_MAX) {
          throw new HttpError(
            422,
            `An app may have at most ${API_KEYS_PER_APP_MAX} live API keys: revoke one first`,
          );
        }
        const [inserted] = await tx
          .insert(apiKeys)
          .values({ accountId, appId, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), keyHash: hashApiKey(key) })
          .returning();
        return inserted as KeyRow;
      });
      return { ...keyOut(row), key };
    },

    async revokeKey(accountId: number, appId: number, keyId: number): Promise<ApiKey> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(ownedBy(apiKeys, accountId), eq(apiKeys.appId, appId), eq(apiKeys.id, keyId)));
      if (!row) throw notFound('API key');
      if (row.revokedAt) return keyOut(row);
      const [revoked] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(ownedBy(apiKeys, accountId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
        .returning();
      await keyCache.forget({ keyId });
      return keyOut(revoked ?? row);
    },
  };
}
export type DevelopersService = ReturnType<typeof createDevelopersService>;
