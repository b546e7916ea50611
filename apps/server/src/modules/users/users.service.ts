import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, members, passwordResets, sessions, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken, newToken, revokeSessions, sessionCacheOf } from '../../plugins/auth.ts';
import { emailTaken, HttpError, TooManyRequestsError } from '../../plugins/errors.ts';
import { createSignInLimits } from './sign-in-limits.ts';
import { ALL_PERMISSIONS, findUserByEmail } from './users.queries.ts';

export const RESET_CODE_TTL_MS = 60 * 60_000;
export const INVITE_CODE_TTL_MS = 7 * 86_400_000;
const MAX_CODE_ATTEMPTS = 5;
const TRIAL_DAYS = 14;

export const INVALID_CREDENTIALS = 'Invalid e-mail or password';
/** The 429's message, in whole minutes rounded up (its Retry-After header has the seconds). */
export const tooManySignIns = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};
export const INVALID_RESET_CODE = 'The code is wrong or has expired';

export const hashPassword = (password: string) => hash(password);

type Deps = { db: Db; config: Config; mailer: Mailer; clock?: () => Date };

export function createUsersService({ db, config, mailer, clock = () => new Date() }: Deps) {
  const signInLimits = createSignInLimits({ db, clock });

  async function createSession(userId: number, accountId: number | null) {
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + config.sessionMaxMs);
    await db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, accountId, expiresAt, lastUsedAt: now });
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: Math.floor(config.sessionMaxMs / 1000),
    };
  }

  async function issueCode(userId: number, ttlMs: number): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A new code replaces any earlier one.
    await db
      .update(passwordResets)
      .set({ usedAt: clock() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await db.insert(passwordResets).values({
      userId,
      codeHash: hashToken(code),
      expiresAt: new Date(clock().getTime() + ttlMs),
    });
    return code;
  }

  return {
    createSession,
    issueCode,

    async signUp(input: {
      email: string;
      password: string;
      first_name: string;
      last_name: string;
      account_name?: string;
    }) {
      // The unique index answers the same 409 (plugins/errors.ts) to a request that loses a race here.
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
          })
          .returning();
        if (!user) throw new Error('user not created');
        const [account] = await tx
          .insert(accounts)
          .values({
            name: input.account_name ?? `${input.first_name}'s store`,
            ownerUserId: user.id,
            planKey: `${TRIAL_DAYS}-trial`,
            planExpiryDate: new Date(clock().getTime() + TRIAL_DAYS * 86_400_000),
          })
          .returning();
        if (!account) throw new Error('account not created');
        await tx
          .insert(members)
          .values({ accountId: account.id, userId: user.id, permissions: ALL_PERMISSIONS });
        return { id: user.id, email: user.email, account_id: account.id };
      });
    },

    /** `ip` is the client's address as Fastify reads it: X-Forwarded-For only from TRUST_PROXY's proxies. */
    async signIn(email: string, password: string, ip: string) {
      const retryAfter = await signInLimits.retryAfterSeconds(email, ip);
      if (retryAfter > 0) throw new TooManyRequestsError(tooManySignIns(retryAfter), retryAfter);
      const user = await findUserByEmail(db, email);
      const valid = user ? await verify(user.passwordHash, password).catch(() => false) : false;
      if (!user || !valid) {
        await signInLimits.recordFailure(email, ip);
        throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
      }
      await signInLimits.clearFailures(email, ip);
      const memberships = await db
        .select({ accountId: members.accountId })
        .from(members)
        .where(eq(members.userId, user.id));
      // One account: select it now; several: the user chooses on SelectAccount.
      return createSession(user.id, memberships.length === 1 ? (memberships[0]?.accountId ?? null) : null);
    },

    async signOut(sessionId: number) {
      await db.update(sessions).set({ revokedAt: clock() }).where(eq(sessions.id, sessionId));
      await sessionCacheOf(db).forgetSession(sessionId);
    },

    async selectAccount(sessionId: number, userId: number, accountId: number) {
      const [member] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
      if (!member) throw new HttpError(404, 'Account not found', 'not_found');
      await db.update(sessions).set({ accountId }).where(eq(sessions.id, sessionId));
      await sessionCacheOf(db).forgetSession(sessionId);
    },

    async changePassword(userId: number, sessionId: number, currentPassword: string, password: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !(await verify(user.passwordHash, currentPassword).catch(() => false))) {
        throw new HttpError(400, 'Current password is wrong', 'invalid_password', 'data.current_password');
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: clock() })
        .where(eq(users.id, userId));
      await revokeSessions(db, { userId, exceptSessionId: sessionId });
    },

    /** Always answers the same, so the call does not tell which e-mails have accounts. */
    async requestPasswordReset(email: string) {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const code = await issueCode(user.id, RESET_CODE_TTL_MS);
      const link = `${config.publicUrl}/new-password?email=${encodeURIComponent(user.email)}&code=${code}`;
      await mailer.send({
        to: user.email,
        subject: 'Your Funnelwork password reset code',
        text: `Your password reset code is ${code}.\n\nEnter it on the password page, or open ${link}\n\nThe code expires in one hour. If you did not ask for it, ignore this e-mail.`,
      });
    },

    async updatePassword(email: string, code: string, password: string) {
      const user = await findUserByEmail(db, email);
      const invalid = () => new HttpError(400, INVALID_RESET_CODE, 'invalid_code', 'data.vcode');
      if (!user) throw invalid();
      const [reset] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, user.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, clock()),
          ),
        )
        .orderBy(sql`${passwordResets.id} desc`)
        .limit(1);
      if (!reset || reset.attempts >= MAX_CODE_ATTEMPTS) throw invalid();
      if (reset.codeHash !== hashToken(code)) {
        await db
          .update(passwordResets)
          .set({ attempts: reset.attempts + 1 })
          .where(eq(passwordResets.id, reset.id));
        throw invalid();
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(passwordResets).set({ usedAt: clock() }).where(eq(passwordResets.id, reset.id));
        await tx
          .update(users)
          .set({ passwordHash, verified: true, updatedAt: clock() })
          .where(eq(users.id, user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: clock() })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      });
      await sessionCacheOf(db).forgetUser(user.id);
    },

    async updateTimezone(userId: number, tz: string, force: boolean) {
      const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
      if (!user) throw new HttpError(404, 'User not found');
      // Without force, only a user still on the default zone takes the browser's guess.
      if (force || user.timeZone === 'Europe/London') {
        await db.update(users).set({ timeZone: tz, updatedAt: clock() }).where(eq(users.id, userId));
        return tz;
      }
      return user.timeZone;
    },

    async resetApiKey(userId: number) {
      const apiKey = `fw_${newToken()}`;
      await db
        .update(users)
        .set({ apiKeyHash: hashToken(apiKey), updatedAt: clock() })
        .where(eq(users.id, userId));
      return apiKey;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
