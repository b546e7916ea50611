import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiScope,
  isApiKey,
  missingScopeMessage,
  NOT_FOR_API_KEYS_MESSAGE,
  REVOKED_KEY_MESSAGE,
} from '@funnelwork/domain/rules';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { apiKeys, members, sessions } from '../db/schema/index.ts';
import { type ApiKeyCache, type ApiKeyGrant, hashApiKey } from './api-keys.ts';
import { HttpError, TooManyRequestsError } from './errors.ts';
import type { InvalidationBus, SessionInvalidation } from './invalidation.ts';
import { createSharedRateLimiter } from './shared-rate.ts';

/** 256 random bits, sent once to the client; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Session = { id: number; userId: number; accountId: number | null };
export type Membership = { id: number; accountId: number; permissions: Record<string, boolean> };

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    membership: Membership | null;
    /** Set when the request came with an API key (`Bearer fw_…`) instead of a session token. */
    apiKey: ApiKeyGrant | null;
  }
  interface FastifyContextConfig {
    /** Routes anyone may call: no bearer token needed (the endpoint table's `public` access). */
    public?: boolean;
    /** Routes that need a signed-in user but no selected account (the endpoint table's `signedIn` access). */
    noAccount?: boolean;
    /**
     * Path parameters that name a public catalogue entry (a gateway id 1–18), not an account's row;
     * the generic tenancy test fills them with a valid catalogue id instead of another account's ids.
     */
    catalogueParams?: string[];
    /**
     * The scope an API key needs to call this route, from its row of the endpoint table (plugins/endpoints.ts);
     * a route without one answers keys 403. What the route does then needs no member permission: the app's
     * scope is the permission.
     */
    apiScope?: ApiScope;
  }
}

/**
 * How long a checked session may be answered from memory without asking the database. Every change to who
 * may do what (sign-out, revocation, account choice, permissions, membership) is published on the
 * invalidation bus, which reaches this process at once and other server processes through PostgreSQL's
 * NOTIFY; this time to live bounds what a lost notification could leave behind (docs/decisions/accounts-and-security.md).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Touch `last_used_at` at most this often: idle expiry needs no write per request. */
const TOUCH_EVERY_MS = 60_000;

type CachedSession = {
  session: Session;
  membership: Membership | null;
  lastUsedAt: number;
  expiresAt: number;
};

/** Whether an invalidation names a cached session: every condition it gives must hold. */
function concerns(message: SessionInvalidation, { session }: CachedSession): boolean {
  return (
    (message.sessionId === undefined || session.id === message.sessionId) &&
    (message.userId === undefined || session.userId === message.userId) &&
    (message.accountId === undefined || session.accountId === message.accountId) &&
    (message.exceptSessionId === undefined || session.id !== message.exceptSessionId)
  );
}

/**
 * Sessions checked recently, by token hash, so an authenticated request needs no database round trip
 * of its own. Every write that changes who may do what calls `forget…` after it commits, which applies here
 * and on every other process sharing the database (`connect`); a check that read the database before such
 * a write does not store its (older) answer (`generation`).
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, CachedSession>({
    max: 10_000,
    ttl: SESSION_CACHE_TTL_MS,
    ttlAutopurge: false,
  });
  private generation = 0;
  private publish = async (message: SessionInvalidation) => this.apply(message);

  /** From now on invalidations go through the bus, and other processes' invalidations apply here. */
  connect(bus: InvalidationBus) {
    this.publish = (message) => bus.publish(message);
    bus.subscribe({
      apply: (message) => {
        if (message.kind === 'sessions') this.apply(message);
      },
      applyAll: () => this.clear(),
    });
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.entries.get(tokenHash);
  }
  /** The generation to pass to `set` for an answer read from the database from now on. */
  begin(): number {
    return this.generation;
  }
  set(tokenHash: string, entry: CachedSession, generation: number) {
    if (generation === this.generation) this.entries.set(tokenHash, entry);
  }
  delete(tokenHash: string) {
    this.entries.delete(tokenHash);
  }
  /** Drops the entries an invalidation names, in this process only. */
  apply(message: SessionInvalidation) {
    this.generation++;
    for (const [hash, entry] of this.entries.entries())
      if (concerns(message, entry)) this.entries.delete(hash);
  }
  clear() {
    this.generation++;
    this.entries.clear();
  }
  /** After a write to sessions or members that may concern these entries, here and in other processes. */
  forget(where: Omit<SessionInvalidation, 'kind'>): Promise<void> {
    return this.publish({ kind: 'sessions', ...where });
  }
  forgetSession(sessionId: number) {
    return this.forget({ sessionId });
  }
  /** A user's sessions (in one account, when given): revocation, permissions, membership. */
  forgetUser(userId: number, accountId?: number) {
    return this.forget({ userId, accountId });
  }
}

const unauthorized = () => new HttpError(401, 'Sign in to continue', 'unauthorized');

/**
 * Every route needs a valid bearer token and a selected account unless its config says otherwise;
 * the selected account is the scope of every query (see `accountIdOf`).
 */
export function registerAuth(
  app: FastifyInstance,
  {
    db,
    config,
    sessions: cache,
    apiKeys: keyCache,
  }: { db: Db; config: Config; sessions: SessionCache; apiKeys: ApiKeyCache },
) {
  app.decorateRequest('session', null);
  app.decorateRequest('membership', null);
  app.decorateRequest('apiKey', null);

  const keyLimiter = createSharedRateLimiter({ db });

  /** A developer app's key: its account, only its app's scopes, and its own rate limit. */
  async function authenticateKey(
    request: FastifyRequest,
    key: string,
    routeConfig: FastifyRequest['routeOptions']['config'],
  ) {
    const entry = await keyCache.lookup(db, hashApiKey(key));
    if (!entry) throw new HttpError(401, REVOKED_KEY_MESSAGE, 'unauthorized');
    const { grant } = entry;
    const wait = await keyLimiter.take(`k:${grant.keyId}`, config.apiKeyRatePerMinute);
    if (wait > 0) {
      throw new TooManyRequestsError(
        `Rate limit exceeded: ${config.apiKeyRatePerMinute} requests per minute per API key`,
        wait,
      );
    }
    const scope = routeConfig?.apiScope;
    if (!scope) throw new HttpError(403, NOT_FOR_API_KEYS_MESSAGE, 'insufficient_scope');
    if (!grant.scopes.includes(scope))
      throw new HttpError(403, missingScopeMessage(scope), 'insufficient_scope');
    const now = Date.now();
    if (now - entry.lastUsedAt > TOUCH_EVERY_MS) {
      entry.lastUsedAt = now;
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(apiKeys.id, grant.keyId));
    }
    request.apiKey = grant;
    // Session id 0: no session; the key acts as its app's creator in the app's account.
    request.session = { id: 0, userId: grant.userId, accountId: grant.accountId };
    request.membership = { id: 0, accountId: grant.accountId, permissions: {} };
  }

  /** The live session of a token hash and its membership in the selected account, in one round trip. */
  async function loadSession(tokenHash: string, now: number): Promise<CachedSession | undefined> {
    const generation = cache.begin();
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        accountId: sessions.accountId,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        memberId: members.id,
        permissions: members.permissions,
      })
      .from(sessions)
      .leftJoin(members, and(eq(members.accountId, sessions.accountId), eq(members.userId, sessions.userId)))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now)),
          gt(sessions.lastUsedAt, new Date(now - config.sessionIdleMs)),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const entry: CachedSession = {
      session: { id: row.id, userId: row.userId, accountId: row.accountId },
      membership:
        row.accountId !== null && row.memberId !== null
          ? { id: row.memberId, accountId: row.accountId, permissions: row.permissions ?? {} }
          : null,
      lastUsedAt: new Date(row.lastUsedAt).getTime(),
      expiresAt: new Date(row.expiresAt).getTime(),
    };
    cache.set(tokenHash, entry, generation);
    return entry;
  }

  // Only API routes need a session: every other request (published pages, assets) passes straight on,
  // without the promise an async hook costs on each of them.
  app.addHook('onRequest', (request, _reply, done) => {
    const routeConfig = request.routeOptions.config;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs') || routeConfig?.public)
      return done();
    authenticate(request, routeConfig).then(() => done(), done);
  });

  async function authenticate(
    request: FastifyRequest,
    routeConfig: FastifyRequest['routeOptions']['config'],
  ) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token || token.length > 200) throw unauthorized();
    if (isApiKey(token)) return authenticateKey(request, token, routeConfig);

    const tokenHash = hashToken(token);
    const now = Date.now();
    const usable = (entry: CachedSession | undefined): entry is CachedSession =>
      entry !== undefined && entry.expiresAt > now && entry.lastUsedAt > now - config.sessionIdleMs;
    let entry = cache.get(tokenHash);
    if (!usable(entry)) entry = await loadSession(tokenHash, now);
    if (!entry) {
      cache.delete(tokenHash);
      throw unauthorized();
    }
    if (now - entry.lastUsedAt > TOUCH_EVERY_MS) {
      entry.lastUsedAt = now;
      await db
        .update(sessions)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(sessions.id, entry.session.id));
    }
    request.session = { ...entry.session };
    request.membership = entry.membership && { ...entry.membership };
    if (!routeConfig?.noAccount && !request.membership) {
      throw new HttpError(403, 'Select an account first', 'no_account');
    }
  }
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The selected account: the one scope every account-owned query uses. Never undefined. */
export function accountIdOf(request: FastifyRequest): number {
  const accountId = request.membership?.accountId;
  if (typeof accountId !== 'number') throw new HttpError(403, 'Select an account first', 'no_account');
  return accountId;
}

export async function revokeSessions(
  db: Db,
  cache: SessionCache,
  where: { userId: number; accountId?: number; exceptSessionId?: number },
) {
  const conditions = [eq(sessions.userId, where.userId), isNull(sessions.revokedAt)];
  if (where.accountId !== undefined) conditions.push(eq(sessions.accountId, where.accountId));
  if (where.exceptSessionId !== undefined) conditions.push(sql`${sessions.id} <> ${where.exceptSessionId}`);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
  await cache.forget(where);
}
