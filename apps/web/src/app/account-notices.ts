import {
  type BillingPlan,
  billingNotice,
  PLAN_LIMIT_CODE,
  RATE_LIMIT_CODE,
  rateLimitNotice,
} from '@funnelwork/domain/rules';
import type { ApiFailure } from '../shared/api-client.ts';

export type AccountNotice = { key: string; message: string };

/** The account's trial/expiry notice (spec §9) and rate-limit notice (§8), each with a stable key. */
export function accountNotices(
  me: BillingPlan & { account_id: number | null; rate_limit?: string | null },
  now: Date,
): AccountNotice[] {
  const notices: AccountNotice[] = [];
  const billing = billingNotice(me, now);
  if (billing) notices.push({ key: `${billing.kind}-${me.account_id}`, message: billing.message });
  if (me.rate_limit?.trim()) {
    notices.push({ key: `rate-limit-${me.account_id}`, message: rateLimitNotice(me.rate_limit) });
  }
  return notices;
}

/** What changes on screen: the notices to show (not shown yet) and those to take down (no longer due). */
export function noticeChanges(shown: ReadonlySet<string>, due: AccountNotice[]) {
  const dueKeys = new Set(due.map((notice) => notice.key));
  return {
    show: due.filter((notice) => !shown.has(notice.key)),
    hide: [...shown].filter((key) => !dueKeys.has(key)),
  };
}

/**
 * What a refused request changes among the notices: the plan's API rate (429) is the rate-limit
 * notice at once; a write past a plan limit (402) left its text in the account's `rate_limit`, so the
 * user is read again to show it. Other failures change nothing here.
 */
export function planRefusal(failure: ApiFailure): { notice?: AccountNotice; reloadMe: boolean } | null {
  switch (failure.info.code) {
    case RATE_LIMIT_CODE:
      return {
        notice: { key: 'rate-limit-requests', message: rateLimitNotice(failure.error) },
        reloadMe: false,
      };
    case PLAN_LIMIT_CODE:
      return { reloadMe: true };
    default:
      return null;
  }
}
