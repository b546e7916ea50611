const DAY_MS = 86_400_000;

export const SUBSCRIPTION_EXPIRED = 'Your subscription has expired, update your billing details.';
export const TRIAL_EXPIRED = 'Your trial has expired. update your billing details.';
export const TRIAL_EXPIRING =
  'Your trial is about to expire, update your billing details to continue using our platform.';
export const RATE_LIMIT_SUFFIX = 'upgrade your account to continue using our platform';
export const TRIAL_PLAN_KEYS: readonly string[] = ['7-trial', '14-trial'];

/**
 * "Days left = whole days to plan_expiry_date plus 1": floor of the difference in days, plus 1.
 * So an expiry later today gives 1, an expiry that has just passed gives 0. Null when there is no
 * expiry date (or it cannot be read).
 */
export function daysLeft(planExpiry: string | Date | null | undefined, now: Date): number | null {
  if (!planExpiry) return null;
  const expiry = new Date(planExpiry).getTime();
  if (Number.isNaN(expiry)) return null;
  return Math.floor((expiry - now.getTime()) / DAY_MS) + 1;
}

export function isTrialPlan(planKey: string | null | undefined): boolean {
  return planKey ? TRIAL_PLAN_KEYS.includes(planKey) : false;
}

export type BillingNoticeKind = 'trial-expiring' | 'trial-expired' | 'subscription-expired';
export type BillingNotice = { kind: BillingNoticeKind; message: string };

/**
 * The plan of an account. The camelCase names are the domain's own; the snake_case names are accepted
 * too so the API's `me`/account objects can be passed as they are (camelCase wins when both are given).
 */
export type BillingPlan = {
  planKey?: string | null;
  planExpiryDate?: string | Date | null;
  plan_key?: string | null;
  plan_expiry_date?: string | Date | null;
};

/**
 * "For plans 7-trial and 14-trial: a notice at 2 days or fewer left (3 days left shows none) and an
 * expired message at 1 or fewer. Non-trial plans show the expired notice at 1 or fewer."
 */
export function billingNotice(plan: BillingPlan, now: Date): BillingNotice | null {
  const left = daysLeft(plan.planExpiryDate ?? plan.plan_expiry_date, now);
  if (left === null) return null;
  if (isTrialPlan(plan.planKey ?? plan.plan_key)) {
    if (left <= 1) return { kind: 'trial-expired', message: TRIAL_EXPIRED };
    if (left <= 2) return { kind: 'trial-expiring', message: TRIAL_EXPIRING };
    return null;
  }
  return left <= 1 ? { kind: 'subscription-expired', message: SUBSCRIPTION_EXPIRED } : null;
}

/**
 * Rate limit: "the server text plus 'upgrade your account to continue using our platform'".
 * Decision: the server text is trimmed and joined to the suffix with exactly one space; an empty or
 * blank server text gives the suffix alone (no leading space).
 */
export function rateLimitNotice(serverText: string): string {
  const text = serverText.trim();
  return text ? `${text} ${RATE_LIMIT_SUFFIX}` : RATE_LIMIT_SUFFIX;
}
