import { type BillingPlan, billingNotice, rateLimitNotice } from '@funnelwork/domain/rules';

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
