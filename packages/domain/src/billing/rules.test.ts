import { describe, expect, it } from 'vitest';
import {
  DUNNING_TRIES,
  GRACE_PERIOD_DAYS,
  hasExpired,
  isReadOnly,
  limitMessage,
  limitRefusal,
  nextDunningTry,
  type PlanLimits,
  planKeyOf,
  publishedWithinGrace,
  usagePercent,
} from './rules.ts';

const DAY = 86_400_000;
const limits: PlanLimits = {
  funnels: 3,
  pages: 20,
  contacts: 1000,
  emails_per_month: 2000,
  api_requests_per_minute: null,
};

describe('plan limits ("Limits are enforced on the server with a clear 4xx that names the limit")', () => {
  it('refuses the one past the limit and names it', () => {
    expect(limitRefusal(limits, 'funnels', 2)).toBeNull();
    expect(limitRefusal(limits, 'funnels', 3)).toBe('Your plan allows 3 funnels.');
    expect(limitRefusal(limits, 'pages', 19, 2)).toBe('Your plan allows 20 pages.');
    expect(limitRefusal(limits, 'pages', 18, 2)).toBeNull();
    expect(limitMessage('emails_per_month', 2000)).toBe('Your plan allows 2,000 e-mails a month.');
    expect(limitMessage('api_requests_per_minute', 60)).toBe('Your plan allows 60 API requests a minute.');
  });

  it('never refuses an unlimited (null) limit', () => {
    expect(limitRefusal(limits, 'api_requests_per_minute', 1_000_000)).toBeNull();
  });

  it('gives usage bars a share of 0–100', () => {
    expect(usagePercent(1, 4)).toBe(25);
    expect(usagePercent(9, 4)).toBe(100);
    expect(usagePercent(5, null)).toBe(0);
  });

  it('names paid plans by family and interval', () => {
    expect(planKeyOf('startup', 'month')).toBe('startup-monthly');
    expect(planKeyOf('unlimited', 'year')).toBe('unlimited-yearly');
  });
});

describe('expiry, read-only dashboard and grace period', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('an account expires when plan_expiry_date has passed', () => {
    expect(hasExpired(new Date(now.getTime() + 1), now)).toBe(false);
    expect(hasExpired(now, now)).toBe(true);
    expect(hasExpired(null, now)).toBe(false);
  });

  it('an expired account is read-only, except while a failed renewal is retried', () => {
    const expired = new Date(now.getTime() - DAY);
    expect(isReadOnly({ planExpiryDate: expired }, now)).toBe(true);
    expect(isReadOnly({ planExpiryDate: expired, inDunning: true }, now)).toBe(false);
    expect(isReadOnly({ planExpiryDate: new Date(now.getTime() + DAY) }, now)).toBe(false);
    // Dunning keeps it writable up to the last try's day, 7 days past the plan's end, and no longer.
    const sevenDaysAgo = new Date(now.getTime() - 7 * DAY);
    expect(isReadOnly({ planExpiryDate: new Date(sevenDaysAgo.getTime() + 1), inDunning: true }, now)).toBe(
      false,
    );
    expect(isReadOnly({ planExpiryDate: sevenDaysAgo, inDunning: true }, now)).toBe(true);
  });

  it(`published funnels keep serving for ${GRACE_PERIOD_DAYS} days after expiry`, () => {
    const expiry = new Date(now.getTime() - (GRACE_PERIOD_DAYS - 1) * DAY);
    expect(publishedWithinGrace(expiry, now)).toBe(true);
    expect(publishedWithinGrace(new Date(now.getTime() - GRACE_PERIOD_DAYS * DAY), now)).toBe(false);
    expect(publishedWithinGrace(null, now)).toBe(true);
  });
});

describe('dunning: "3 tries over a week, an e-mail each, then the plan expires"', () => {
  it('tries on the due date, 3 days and 7 days after it, then gives up', () => {
    const due = new Date('2026-03-01T00:00:00Z');
    expect(DUNNING_TRIES).toBe(3);
    expect(nextDunningTry(due, 1)?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(nextDunningTry(due, 2)?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(nextDunningTry(due, 3)).toBeNull();
  });
});
