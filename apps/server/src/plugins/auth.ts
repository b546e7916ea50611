import { createHash, randomBytes } from 'node:crypto';
import { hasPermission, type PermissionFlag } from '@funnelwork/domain/rules';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { members, sessions } from '../db/schema/index.ts';
import { forbidden, HttpError } from './errors.ts';

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
  }
  interface FastifyContextConfig {
    /** Routes anyone may call: no bearer token needed. */
    public?: boolean;
    /** Routes that need a signed-in user but no selected account. */
    noAccount?: boolean;
    /**
     * Path parameters that name a public catalogue entry (a gateway id 1–18), not an account's row;
     * the generic tenancy test fills them with a valid catalogue id instead of another account's ids.
     */
    catalogueParams?: string[];
  }
}

const unauthorized = () => new HttpError(401, 'Sign in to continue', 'unauthorized');

/**
 * Every route needs a valid bearer token and a selected account unless its config says otherwise;
 * the selected account is the scope of every query (see `accountIdOf`).
 */
export function registerAuth(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.decorateRequest('session', null);
  app.decorateRequest('membership', null);

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

    const now = new Date();
    const idleCutoff = new Date(now.getTime() - config.sessionIdleMs);
    // One round trip: the session and, when an account is selected, the membership in it.
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        accountId: sessions.accountId,
        lastUsedAt: sessions.lastUsedAt,
        memberId: members.id,
        permissions: members.permissions,
      })
      .from(sessions)
      .leftJoin(members, and(eq(members.accountId, sessions.accountId), eq(members.userId, sessions.userId)))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastUsedAt, idleCutoff),
        ),
      )
      .limit(1);
    if (!row) throw unauthorized();
    // Touch at most once a minute: idle expiry needs no write per request.
    if (now.getTime() - new Date(row.lastUsedAt).getTime() > 60_000) {
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
    }
    request.session = { id: row.id, userId: row.userId, accountId: row.accountId };
    if (row.accountId !== null && row.memberId !== null) {
      request.membership = { id: row.memberId, accountId: row.accountId, permissions: row.permissions ?? {} };
    }
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

/**
 * Server-side permission check for writes: the member's JSON flags, 403 otherwise.
 * An administrator may do everything a narrower role may.
 */
export function requirePermission(request: FastifyRequest, flag: PermissionFlag = 'admin'): void {
  const memberAccount = { permissions: JSON.stringify(request.membership?.permissions ?? null) };
  if (!hasPermission(memberAccount, flag) && !hasPermission(memberAccount, 'admin')) throw forbidden();
}

export async function revokeSessions(
  db: Db,
  where: { userId: number; accountId?: number; exceptSessionId?: number },
) {
  const conditions = [eq(sessions.userId, where.userId), isNull(sessions.revokedAt)];
  if (where.accountId !== undefined) conditions.push(eq(sessions.accountId, where.accountId));
  if (where.exceptSessionId !== undefined) conditions.push(sql`${sessions.id} <> ${where.exceptSessionId}`);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
