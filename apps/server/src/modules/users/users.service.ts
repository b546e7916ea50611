import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, members, passwordResets, sessions, users } from '../../db/schema/index.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken, newToken, revokeSessions, type SessionCache } from '../../plugins/auth.ts';
import { HttpError, TooManyRequestsError } from '../../plugins/errors.ts';
import { createThrottle, inMinutes, type Limit, limitedEmail } from '../../plugins/throttle.ts';
import { ROLLUP_WAKE } from '../analytics/analytics.rollup.ts';
import { passwordHashing } from './passwords.ts';
import { createSignInLimits, PASSWORD_FAILURE_LIMITS } from './sign-in-limits.ts';
import { ALL_PERMISSIONS, findUserByEmail } from './users.queries.ts';

/** A reset code lives 15 minutes (the e-mail says so): long enough to switch to the mailbox and back. */
export const RESET_CODE_TTL_MS = 15 * 60_000;
export const INVITE_CODE_TTL_MS = 7 * 86_400_000;
/** Tries of one code, the right one included; after them the code is dead and a new one must be asked for. */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_WINDOW_MS = 15 * 60_000;
/** Reset e-mails: 3 for one e-mail and 10 from one address in 15 minutes. */
export const RESET_REQUEST_LIMITS: readonly Limit[] = [
  { per: ['subject'], max: 3, windowMs: CODE_WINDOW_MS },
  { per: ['address'], max: 10, windowMs: CODE_WINDOW_MS },
];
/** Wrong codes: 10 from one address, and 10 for one e-mail from anywhere, in 15 minutes. */
export const CODE_TRY_LIMITS: readonly Limit[] = [
  { per: ['address'], max: 10, windowMs: CODE_WINDOW_MS },
  { per: ['subject'], max: 10, windowMs: CODE_WINDOW_MS },
];
const HOUR_MS = 60 * 60_000;
/**
 * Verified in place of a password hash when no account has the e-mail, so that an unknown e-mail costs
 * the same argon2 work as a known one (argon2id with the library's defaults, as `hashPassword` makes).
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Wh1W8hjowhxAoM2jxw53xA$gfMNION40cHW5L7AHmDUQ65Pdx38xYldw/YAvhAzWiY';
const TRIAL_DAYS = 14;

export const INVALID_CREDENTIALS = 'Invalid e-mail or password';
/** The 429's message, in whole minutes rounded up (its Retry-After header has the seconds). */
export const tooManySignIns = (retryAfterSeconds: number) =>
  `Too many failed sign-ins. Try again in ${inMinutes(retryAfterSeconds)}.`;
export const tooManyResetRequests = (retryAfterSeconds: number) =>
  `Too many reset codes asked for. Try again in ${inMinutes(retryAfterSeconds)}.`;
export const tooManyWrongCodes = (retryAfterSeconds: number) =>
  `Too many wrong codes. Try again in ${inMinutes(retryAfterSeconds)}.`;
export const tooManySignUps = (retryAfterSeconds: number) =>
  `Too many sign-ups from this address. Try again in ${inMinutes(retryAfterSeconds)}.`;
export const tooManyWrongPasswords = (retryAfterSeconds: number) =>
  `Too many wrong passwords. Try again in ${inMinutes(retryAfterSeconds)}.`;
export const INVALID_RESET_CODE = 'The code is wrong or has expired';
export const SIGN_UP_NOTICE_SUBJECT = 'Someone tried to sign up with your e-mail';

/** A refusal past a limit: 429 with the wait in its message and its Retry-After header. */
function refuseIfWaiting(retryAfter: number, message: (seconds: number) => string) {
  if (retryAfter > 0) throw new TooManyRequestsError(message(retryAfter), retryAfter);
}

export const hashPassword = (password: string) => passwordHashing.hash(password);

/**
 * A reset request's e-mail, looked up and sent in the background: the request itself does the same work
 * whether or not the e-mail has an account (issue 35 item 16).
 */
export const passwordResetJob = defineJob('users.password-reset', z.object({ email: z.string() }), {
  retryLimit: 3,
});

type Deps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  queue: JobQueue;
  /** The app's session cache: sign-outs and password changes drop its entries. */
  sessions: SessionCache;
  clock?: () => Date;
};

export function createUsersService({
  db,
  config,
  mailer,
  queue,
  sessions: sessionCache,
  clock = () => new Date(),
}: Deps) {
  const signInLimits = createSignInLimits({ db, clock });
  const throttle = createThrottle({ db, clock });
  const signUpLimits: readonly Limit[] = [
    { per: ['address'], max: config.signUpsPerAddressPerHour, windowMs: HOUR_MS },
  ];
  let prunedAt = 0;
  /** Attempts older than every window count for nothing: dropped at most once a minute per process. */
  async function pruneAttempts() {
    const now = clock().getTime();
    if (now - prunedAt < 60_000) return;
    prunedAt = now;
    await throttle.prune(HOUR_MS);
  }

  /**
   * Tells the owner of an e-mail that someone signed up with it (their account stays as it was), at most
   * once an hour: the sign-up itself answers as for a new e-mail, so it does not tell who has an account.
   */
  async function noticeSignUpOfTakenEmail(email: string) {
    const notice = { scope: 'sign-up-notice', subject: limitedEmail(email), ip: '' };
    if ((await throttle.take(notice, [{ per: ['subject'], max: 1, windowMs: HOUR_MS }])) > 0) return;
    await mailer.send({
      to: email,
      subject: SIGN_UP_NOTICE_SUBJECT,
      text: `Someone tried to create a Funnelwork account with ${email}, which already has one. Nothing was changed.\n\nIf it was you, log in at ${config.publicUrl}/log-in, or choose a new password at ${config.publicUrl}/password-recovery.\n\nIf it was not you, ignore this e-mail.`,
    });
  }

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

  /** A reset code to an account's e-mail; nothing for an e-mail without an account. */
  async function sendResetCode(email: string) {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const code = await issueCode(user.id, RESET_CODE_TTL_MS);
    const link = `${config.publicUrl}/new-password?email=${encodeURIComponent(user.email)}&code=${code}`;
    await mailer.send({
      to: user.email,
      subject: 'Your Funnelwork password reset code',
      text: `Your password reset code is ${code}.\n\nEnter it on the password page, or open ${link}\n\nThe code expires in 15 minutes. If you did not ask for it, ignore this e-mail.`,
    });
  }
  queue.work(passwordResetJob, async (job) => {
    await sendResetCode(job.email);
  });

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

  type SignUpInput = {
    email: string;
    password: string;
    first_name: string;
    last_name: string;
    account_name?: string;
  };

  /** A new user owning a new account on a trial, as its administrator; the ids of both. */
  async function createOwner(input: SignUpInput, passwordHash: string) {
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
  }

  return {
    createSession,
    issueCode,
    /** The demo seed's owner: made directly, without a client to limit. */
    createOwner: async (input: SignUpInput) => createOwner(input, await hashPassword(input.password)),

    /**
     * Answers the same for a new e-mail and a taken one, after the same password hashing: a taken e-mail's
     * owner is told by e-mail instead, and their account is left as it was. `ip`: the client's address.
     */
    async signUp(input: SignUpInput, ip: string) {
      refuseIfWaiting(
        await throttle.take({ scope: 'sign-up', subject: limitedEmail(input.email), ip }, signUpLimits),
        tooManySignUps,
      );
      await pruneAttempts();
      const answer = { email: input.email };
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        await noticeSignUpOfTakenEmail(existing.email);
        return answer;
      }
      try {
        await createOwner(input, passwordHash);
      } catch (error) {
        // A concurrent sign-up with this e-mail won the unique index: the same answer, as for a taken one.
        const winner = await findUserByEmail(db, input.email);
        if (!winner) throw error;
        await noticeSignUpOfTakenEmail(winner.email);
      }
      return answer;
    },

    /** `ip` is the client's address as Fastify reads it: X-Forwarded-For only from TRUST_PROXY's proxies. */
    async signIn(email: string, password: string, ip: string) {
      const retryAfter = await signInLimits.retryAfterSeconds(email, ip);
      if (retryAfter > 0) throw new TooManyRequestsError(tooManySignIns(retryAfter), retryAfter);
      const user = await findUserByEmail(db, email);
      // An unknown e-mail costs the same argon2 work as a known one, so timing does not tell them apart.
      const valid = await passwordHashing
        .verify(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password)
        .catch(() => false);
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
      await sessionCache.forgetSession(sessionId);
    },

    async selectAccount(sessionId: number, userId: number, accountId: number) {
      const [member] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
      if (!member) throw new HttpError(404, 'Account not found', 'not_found');
      await db.update(sessions).set({ accountId }).where(eq(sessions.id, sessionId));
      await sessionCache.forgetSession(sessionId);
    },

    /** Wrong current passwords are limited as failed sign-ins are: per (user, address) and per address. */
    async changePassword(
      userId: number,
      sessionId: number,
      currentPassword: string,
      password: string,
      ip: string,
    ) {
      const attempt = { scope: 'change-password', subject: String(userId), ip };
      refuseIfWaiting(
        await throttle.retryAfterSeconds(attempt, PASSWORD_FAILURE_LIMITS),
        tooManyWrongPasswords,
      );
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !(await passwordHashing.verify(user.passwordHash, currentPassword).catch(() => false))) {
        await throttle.record(attempt);
        throw new HttpError(400, 'Current password is wrong', 'invalid_password', 'data.current_password');
      }
      await throttle.clear(attempt, ['subject', 'address']);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: clock() })
        .where(eq(users.id, userId));
      await revokeSessions(db, sessionCache, { userId, exceptSessionId: sessionId });
    },

    /**
     * Always answers the same, so the call does not tell which e-mails have accounts; limited per e-mail
     * and per address whether the e-mail has an account or not.
     */
    async requestPasswordReset(email: string, ip: string) {
      refuseIfWaiting(
        await throttle.take(
          { scope: 'reset-request', subject: limitedEmail(email), ip },
          RESET_REQUEST_LIMITS,
        ),
        tooManyResetRequests,
      );
      await pruneAttempts();
      await queue.send(passwordResetJob, { email });
    },

    /**
     * A code is tried at most MAX_CODE_ATTEMPTS times (each try is claimed in one UPDATE, so concurrent
     * tries cannot share one), and wrong codes are limited per address and per e-mail.
     */
    async updatePassword(email: string, code: string, password: string, ip: string) {
      const attempt = { scope: 'reset-code', subject: limitedEmail(email), ip };
      refuseIfWaiting(await throttle.retryAfterSeconds(attempt, CODE_TRY_LIMITS), tooManyWrongCodes);
      const wrong = async () => {
        await throttle.record(attempt);
        return new HttpError(400, INVALID_RESET_CODE, 'invalid_code', 'data.vcode');
      };
      const user = await findUserByEmail(db, email);
      if (!user) throw await wrong();
      const [reset] = await db
        .select({ id: passwordResets.id })
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
      if (!reset) throw await wrong();
      const [tried] = await db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(and(eq(passwordResets.id, reset.id), lt(passwordResets.attempts, MAX_CODE_ATTEMPTS)))
        .returning({ codeHash: passwordResets.codeHash });
      if (!tried || tried.codeHash !== hashToken(code)) throw await wrong();
      await throttle.clear(attempt, ['subject', 'address']);
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
      await sessionCache.forgetUser(user.id);
    },

    async updateTimezone(userId: number, tz: string, force: boolean) {
      const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
      if (!user) throw new HttpError(404, 'User not found');
      // Without force, only a user still on the default zone takes the browser's guess.
      if (force || user.timeZone === 'Europe/London') {
        await db.update(users).set({ timeZone: tz, updatedAt: clock() }).where(eq(users.id, userId));
        // The rollup rebuilds the account's visitor days in the new zone.
        if (tz !== user.timeZone) queue.signal(ROLLUP_WAKE);
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
