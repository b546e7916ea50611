import { describe, expect, it } from 'vitest';
import { billingNotice, daysLeft, rateLimitNotice, TRIAL_EXPIRED, TRIAL_EXPIRING } from './trial.ts';

const now = new Date('2026-03-10T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();

describe('trial and subscription notices (spec §9)', () => {
  it('"Days left = whole days to plan_expiry_date plus 1"', () => {
    expect(daysLeft(inDays(2.5), now)).toBe(3);
    expect(daysLeft(inDays(0.5), now)).toBe(1);
    expect(daysLeft(inDays(-0.5), now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });

  it('"a notice at 2 days or fewer left (3 days left shows none)" for 7-trial and 14-trial', () => {
    expect(billingNotice({ plan_key: '14-trial', plan_expiry_date: inDays(2.5) }, now)).toBeNull();
    expect(billingNotice({ plan_key: '7-trial', plan_expiry_date: inDays(1.5) }, now)).toEqual({
      kind: 'trial-expiring',
      message: TRIAL_EXPIRING,
    });
  });

  it('"an expired message at 1 or fewer" for trials', () => {
    expect(billingNotice({ plan_key: '14-trial', plan_expiry_date: inDays(0.5) }, now)?.message).toBe(
      TRIAL_EXPIRED,
    );
    expect(billingNotice({ plan_key: '14-trial', plan_expiry_date: inDays(-3) }, now)?.kind).toBe(
      'trial-expired',
    );
  });

  it('"Non-trial plans show the expired notice at 1 or fewer"', () => {
    expect(billingNotice({ plan_key: 'pro', plan_expiry_date: inDays(1.5) }, now)).toBeNull();
    expect(billingNotice({ plan_key: 'pro', plan_expiry_date: inDays(0.5) }, now)?.message).toBe(
      'Your subscription has expired, update your billing details.',
    );
  });

  it("rate limit: 'the server text plus upgrade your account to continue using our platform'", () => {
    expect(rateLimitNotice('You reached 1000 orders this month. ')).toBe(
      'You reached 1000 orders this month. upgrade your account to continue using our platform',
    );
  });
});
