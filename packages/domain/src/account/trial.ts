const DAY_MS = 86_400_000;

export const SUBSCRIPTION_EXPIRED = 'Your subscription has expired, update your billing details.';
export const TRIAL_EXPIRED = 'Your trial has expired. update your billing details.';
export const TRIAL_EXPIRING =
  'Your trial is about to expire, update your billing details to continue using our platform.';
export const RATE_LIMIT_SUFFIX = 'upgrade your account to continue using our platform';

/** "Days left = whole days to plan_expiry_date plus 1." */
export function daysLeft(planExpiry: string | Date | null | undefined, now: Date): number | null {
  if (!planExpiry) return null;
  const expiry = new Date(planExpiry).getTime();
  if (Number.isNaN(expiry)) return null;
  return Math.floor((expiry - now.getTime()) / DAY_MS) + 1;
}

export function isTrialPlan(planKey: string | null | undefined): boolean {
  return planKey === '7-trial' || planKey === '14-trial';
}

export type BillingNotice = {
  kind: 'trial-expiring' | 'trial-expired' | 'subscription-expired';
  message: string;
};

/**
 * "For plans 7-trial and 14-trial: a notice at 2 days or fewer left (3 days left shows none) and an
 * expired message at 1 or fewer. Non-trial plans show the expired notice at 1 or fewer."
 */
export function billingNotice(
  account: { plan_key?: string | null; plan_expiry_date?: string | null },
  now: Date,
): BillingNotice | null {
  const left = daysLeft(account.plan_expiry_date, now);
  if (left === null) return null;
  if (isTrialPlan(account.plan_key)) {
    if (left <= 1) return { kind: 'trial-expired', message: TRIAL_EXPIRED };
    if (left <= 2) return { kind: 'trial-expiring', message: TRIAL_EXPIRING };
    return null;
  }
  return left <= 1 ? { kind: 'subscription-expired', message: SUBSCRIPTION_EXPIRED } : null;
}

/** "Rate limit: the server text plus 'upgrade your account to continue using our platform'" (one space between). */
export function rateLimitNotice(serverText: string): string {
  const text = serverText.trim();
  return text ? `${text} ${RATE_LIMIT_SUFFIX}` : RATE_LIMIT_SUFFIX;
}
