import type { LimitKey, PlanLimits } from '@funnelwork/domain';
import {
  formatCount,
  isReadOnly,
  limitMessage,
  limitRefusal,
  PLAN_LIMIT_CODE,
  RATE_LIMIT_CODE,
  READ_ONLY_MESSAGE,
} from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { ApiRateCounter, ApiRateRefusal } from '../../plugins/api-rate.ts';
import { HttpError, TooManyRequestsError } from '../../plugins/errors.ts';
import { accountPlan, countUsage, limitsOf, subscriptionOf } from './billing.queries.ts';

/** The writes that add funnels or pages, with what they add (API paths as Fastify names them). */
export const LIMITED_WRITES: Record<string, LimitKey> = {
  'POST /api/funnels': 'funnels',
  'POST /api/clone-funnels': 'funnels',
  'POST /api/wfunnels/:id/share': 'funnels',
  'POST /api/share/clone': 'funnels',
  'POST /api/funnel-steps': 'pages',
  'POST /api/clone-funnel-steps': 'pages',
  'POST /api/wfunnels/:id/steps': 'pages',
  'POST /api/wfunnels/:id/steps/:stepId/clone': 'pages',
  'POST /api/wfunnels/:id/steps/:stepId/pages': 'pages',
};

/** Writes an expired account may still make: paying, its own user and session. */
const OPEN_WHEN_EXPIRED = ['/api/billing', '/api/users', '/api/staff/me'];

type AccountState = {
  limits: PlanLimits;
  planExpiryDate: Date | string | null;
  inDunning: boolean;
  ownerUserId: number;
};

/** The 429 of an API request past the account's allowance, or past one member's or key's share of it. */
export function apiRateMessage(perMinute: number, refusal: Pick<ApiRateRefusal, 'limit' | 'share'>): string {
  const allowance = limitMessage('api_requests_per_minute', perMinute);
  if (refusal.limit === 'account') return allowance;
  return `${allowance.slice(0, -1)}; each team member or API key may make ${formatCount(refusal.share)} of them.`;
}

/**
 * Plan limits on the server: the API rate per minute (429), funnels and pages (402 naming the limit,
 * also kept as the account's `rate_limit` for the dashboard's notice), and the read-only dashboard of
 * an expired account (402). The app adds `check` as a preHandler hook.
 */
export function createPlanLimits({
  db,
  apiRate,
  clock = () => new Date(),
}: {
  db: Db;
  apiRate: ApiRateCounter;
  clock?: () => Date;
}) {
  // Read on most requests: kept 5 s, and dropped at once when this process changes the plan.
  const states = new LRUCache<number, AccountState>({ max: 50_000, ttl: 5_000 });

  async function stateOf(accountId: number): Promise<AccountState | undefined> {
    const cached = states.get(accountId);
    if (cached) return cached;
    const found = await accountPlan(db, accountId);
    if (!found) return undefined;
    const sub = await subscriptionOf(db, accountId);
    const state = {
      limits: limitsOf(found.plan),
      planExpiryDate: found.account.planExpiryDate,
      inDunning: sub?.status === 'past_due',
      ownerUserId: found.account.ownerUserId,
    };
    states.set(accountId, state);
    return state;
  }

  const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

  /** The preHandler hook: refuses a request past the account's rate, a write on an expired plan or past a limit. */
  async function check(request: FastifyRequest) {
    const accountId = request.membership?.accountId;
    if (typeof accountId !== 'number') return;
    const state = await stateOf(accountId);
    if (!state) return;
    const now = clock();
    const perMinute = state.limits.api_requests_per_minute;
    // Each member and each API key counts in a bucket of its own within the account's allowance.
    const caller = request.apiKey
      ? { bucket: `k:${request.apiKey.keyId}`, owner: false }
      : {
          bucket: `m:${request.membership?.id ?? 0}`,
          owner: request.session?.userId === state.ownerUserId,
        };
    const refused = await apiRate.take(accountId, caller, perMinute, now.getTime());
    if (refused && perMinute !== null) {
      throw new TooManyRequestsError(
        apiRateMessage(perMinute, refused),
        refused.retryAfterSeconds,
        RATE_LIMIT_CODE,
      );
    }
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const url = request.routeOptions.url ?? '';
    if (
      isReadOnly(state, now) &&
      !OPEN_WHEN_EXPIRED.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))
    ) {
      throw new HttpError(402, READ_ONLY_MESSAGE, 'plan_expired');
    }
    const limited = LIMITED_WRITES[routeKey(request)];
    if (!limited) return;
    const refusal = limitRefusal(state.limits, limited, await countUsage(db, accountId, limited, now));
    if (refusal) {
      await db.update(accounts).set({ rateLimit: refusal }).where(eq(accounts.id, accountId));
      throw planLimitError(refusal);
    }
  }

  return {
    check,
    /** After this process changed an account's plan: the next request reads it again. */
    forget(accountId: number) {
      states.delete(accountId);
    },
  };
}

/** The refusal of a write past a plan limit: 402 `plan_limit`, the limit's sentence and the way out. */
export function planLimitError(refusal: string): HttpError {
  return new HttpError(402, `${refusal} Choose a bigger plan in Settings → Billing.`, PLAN_LIMIT_CODE);
}

/** Whether an account may send one more merchant-initiated e-mail this month (docs/decisions/checkout-and-payments.md "Refusals"). */
export type EmailAllowance = {
  /**
   * Refuses (402 `plan_limit`, the account's `rate_limit` set) an e-mail the merchant starts — an
   * automation's, a test, a broadcast — past the plan's e-mails a month. Call it outside a transaction.
   */
  check(accountId: number, adding?: number): Promise<void>;
  /** After this process changed an account's plan. */
  forget(accountId: number): void;
};

/**
 * The e-mails a month, counted from the account's recorded messages (receipts and other exempt mail
 * included). The count is read at most 5 s old and moved on by each e-mail allowed here, so an
 * automation sending thousands does not count the month's messages for each one.
 */
export function createEmailAllowance({
  db,
  clock = () => new Date(),
}: {
  db: Db;
  clock?: () => Date;
}): EmailAllowance {
  const counts = new LRUCache<number, { month: number; limits: PlanLimits; used: number }>({
    max: 50_000,
    ttl: 5_000,
  });
  const monthOf = (now: Date) => now.getUTCFullYear() * 12 + now.getUTCMonth();

  return {
    async check(accountId, adding = 1) {
      const now = clock();
      let state = counts.get(accountId);
      if (!state || state.month !== monthOf(now)) {
        const found = await accountPlan(db, accountId);
        if (!found) return;
        const limits = limitsOf(found.plan);
        const used =
          limits.emails_per_month === null ? 0 : await countUsage(db, accountId, 'emails_per_month', now);
        state = { month: monthOf(now), limits, used };
        counts.set(accountId, state);
      }
      const refusal = limitRefusal(state.limits, 'emails_per_month', state.used, adding);
      if (refusal) {
        await db.update(accounts).set({ rateLimit: refusal }).where(eq(accounts.id, accountId));
        throw planLimitError(refusal);
      }
      state.used += adding;
    },
    forget(accountId) {
      counts.delete(accountId);
    },
  };
}
