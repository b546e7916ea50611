/**
 * Plans, limits and the expired account's read-only rule. The plans themselves live in the database
 * (the `plans` table, seeded by a migration); these are the rules every plan follows.
 */
import { formatCount } from '../shared/numbers.ts';

export const LIMIT_KEYS = [
  'funnels',
  'pages',
  'contacts',
  'emails_per_month',
  'api_requests_per_minute',
] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
/** A plan's limits; null is unlimited. */
export type PlanLimits = Record<LimitKey, number | null>;

/** How each limit reads in a sentence ('Your plan allows 3 funnels'). */
export const LIMIT_NOUNS: Record<LimitKey, string> = {
  funnels: 'funnels',
  pages: 'pages',
  contacts: 'contacts',
  emails_per_month: 'e-mails a month',
  api_requests_per_minute: 'API requests a minute',
};

/** How each limit is titled on the billing screen's usage bars. */
export const LIMIT_TITLES: Record<LimitKey, string> = {
  funnels: 'Funnels',
  pages: 'Pages',
  contacts: 'Contacts',
  emails_per_month: 'E-mails this month',
  api_requests_per_minute: 'API requests per minute',
};

/** The sentence a refusal answers (402) and the rate-limit notice shows. */
export function limitMessage(key: LimitKey, limit: number): string {
  return `Your plan allows ${formatCount(limit)} ${LIMIT_NOUNS[key]}.`;
}

/**
 * Whether `adding` more of `key` fits the plan with `used` already taken: null when it fits, else
 * the refusal's message. Unlimited (null) always fits.
 */
export function limitRefusal(limits: PlanLimits, key: LimitKey, used: number, adding = 1): string | null {
  const limit = limits[key];
  if (limit === null || limit === undefined) return null;
  return used + adding > limit ? limitMessage(key, limit) : null;
}

/** The share of a limit in use, 0–100 for a usage bar (0 for unlimited). */
export function usagePercent(used: number, limit: number | null): number {
  if (limit === null || limit <= 0) return 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** A paid plan's key: its family and interval ('startup' + 'month' = 'startup-monthly'). */
export const planKeyOf = (family: string, interval: BillingInterval) => `${family}-${interval}ly`;

const DAY_MS = 86_400_000;

/** Published funnels keep serving this long after the plan expired (docs/decisions/checkout-and-payments.md "Expired account"). */
export const GRACE_PERIOD_DAYS = 30;

/** The error code of the plan's API rate refusal (429): the dashboard shows it as the rate-limit notice (§8). */
export const RATE_LIMIT_CODE = 'rate_limit';
/** The error code of a write past the plan's funnels or pages (402): its text is kept as `rate_limit`. */
export const PLAN_LIMIT_CODE = 'plan_limit';

/**
 * Dunning: a failed renewal is tried again this many days after the due date, each failure an
 * e-mail; after the last one the plan expires. Three tries over a week: day 0, day 3, day 7.
 */
export const DUNNING_RETRY_DAYS = [3, 7] as const;
export const DUNNING_TRIES = DUNNING_RETRY_DAYS.length + 1;

/** When the next try of a failed renewal is due after `failedTries` failures, or null: give up. */
export function nextDunningTry(dueAt: Date, failedTries: number): Date | null {
  const days = DUNNING_RETRY_DAYS[failedTries - 1];
  return days === undefined ? null : new Date(dueAt.getTime() + days * DAY_MS);
}

export function hasExpired(planExpiry: string | Date | null | undefined, now: Date): boolean {
  if (!planExpiry) return false;
  const expiry = new Date(planExpiry).getTime();
  return !Number.isNaN(expiry) && expiry <= now.getTime();
}

/** The last dunning try's day after the due date: no renewal stays "being retried" longer. */
export const DUNNING_DAYS = Math.max(...DUNNING_RETRY_DAYS);

/**
 * An expired account's dashboard is read-only (its writes answer 402), except while a failed
 * renewal is still being retried (dunning), so a card problem does not lock a paying merchant out.
 * Dunning lasts at most DUNNING_DAYS past the expiry: a payment provider that leaves a subscription
 * past due for longer (Stripe's "leave as past-due" setting) does not keep the account writable.
 */
export function isReadOnly(
  account: { planExpiryDate: string | Date | null | undefined; inDunning?: boolean },
  now: Date,
): boolean {
  if (!hasExpired(account.planExpiryDate, now)) return false;
  const expiry = new Date(account.planExpiryDate as string | Date).getTime();
  return !(account.inDunning && now.getTime() < expiry + DUNNING_DAYS * DAY_MS);
}

/** Whether published funnels still serve: until the grace period after expiry ends. */
export function publishedWithinGrace(planExpiry: string | Date | null | undefined, now: Date): boolean {
  if (!planExpiry) return true;
  const expiry = new Date(planExpiry).getTime();
  if (Number.isNaN(expiry)) return true;
  return now.getTime() < expiry + GRACE_PERIOD_DAYS * DAY_MS;
}

export const READ_ONLY_MESSAGE =
  'Your plan has expired: the dashboard is read-only until you update your billing details.';
