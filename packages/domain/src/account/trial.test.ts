import { describe, expect, it } from 'vitest';
import {
  billingNotice,
  daysLeft,
  isTrialPlan,
  rateLimitNotice,
  SUBSCRIPTION_EXPIRED,
  TRIAL_EXPIRED,
  TRIAL_EXPIRING,
} from './trial.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
const inDays = (d: number) => inMs(d * DAY);

describe('trial and subscription notices (spec §9)', () => {
  it('"Days left = whole days to plan_expiry_date plus 1."', () => {
    expect(daysLeft(inDays(2.5), now)).toBe(3);
    expect(daysLeft(inDays(2), now)).toBe(3);
    expect(daysLeft(inMs(2 * DAY - 1), now)).toBe(2);
    expect(daysLeft(inDays(1), now)).toBe(2);
    expect(daysLeft(inMs(DAY - 1), now)).toBe(1);
    expect(daysLeft(inDays(0), now)).toBe(1);
    expect(daysLeft(inMs(-1), now)).toBe(0);
    expect(daysLeft(inDays(-0.5), now)).toBe(0);
    expect(daysLeft(inDays(-1.5), now)).toBe(-1);
    expect(daysLeft(new Date(now.getTime() + 13.2 * DAY), now)).toBe(14);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft(undefined, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });

  it('"For plans 7-trial and 14-trial" (only those are trials)', () => {
    expect(isTrialPlan('7-trial')).toBe(true);
    expect(isTrialPlan('14-trial')).toBe(true);
    expect(isTrialPlan('30-trial')).toBe(false);
    expect(isTrialPlan('pro')).toBe(false);
    expect(isTrialPlan(null)).toBe(false);
  });

  it('"a notice at 2 days or fewer left (3 days left shows none)"', () => {
    expect(billingNotice({ planKey: '14-trial', planExpiryDate: inDays(2) }, now)).toBeNull();
    expect(billingNotice({ planKey: '14-trial', planExpiryDate: inDays(10) }, now)).toBeNull();
    expect(billingNotice({ planKey: '7-trial', planExpiryDate: inMs(2 * DAY - 1) }, now)).toEqual({
      kind: 'trial-expiring',
      message: TRIAL_EXPIRING,
    });
    expect(billingNotice({ planKey: '14-trial', planExpiryDate: inDays(1) }, now)).toEqual({
      kind: 'trial-expiring',
      message: 'Your trial is about to expire, update your billing details to continue using our platform.',
    });
  });

  it('"and an expired message at 1 or fewer"', () => {
    expect(billingNotice({ planKey: '14-trial', planExpiryDate: inMs(DAY - 1) }, now)).toEqual({
      kind: 'trial-expired',
      message: 'Your trial has expired. update your billing details.',
    });
    expect(
      billingNotice({ planKey: '7-trial', planExpiryDate: new Date(now.getTime() - 3 * DAY) }, now),
    ).toEqual({ kind: 'trial-expired', message: TRIAL_EXPIRED });
  });

  it('"Non-trial plans show the expired notice at 1 or fewer."', () => {
    expect(billingNotice({ planKey: 'pro', planExpiryDate: inDays(1) }, now)).toBeNull();
    expect(billingNotice({ planKey: 'pro', planExpiryDate: inMs(DAY - 1) }, now)).toEqual({
      kind: 'subscription-expired',
      message: 'Your subscription has expired, update your billing details.',
    });
    expect(billingNotice({ planKey: null, planExpiryDate: inDays(-5) }, now)?.message).toBe(
      SUBSCRIPTION_EXPIRED,
    );
  });

  it('shows nothing without a plan_expiry_date', () => {
    expect(billingNotice({ planKey: '14-trial', planExpiryDate: null }, now)).toBeNull();
    expect(billingNotice({ planKey: 'pro' }, now)).toBeNull();
  });

  it('accepts the API shape (plan_key, plan_expiry_date) as well', () => {
    expect(billingNotice({ plan_key: '14-trial', plan_expiry_date: inDays(1.5) }, now)?.kind).toBe(
      'trial-expiring',
    );
    expect(billingNotice({ plan_key: 'pro', plan_expiry_date: inDays(0.5) }, now)?.kind).toBe(
      'subscription-expired',
    );
  });

  it('"Rate limit: the server text plus \'upgrade your account to continue using our platform\'"', () => {
    expect(rateLimitNotice('You reached 1000 orders this month.')).toBe(
      'You reached 1000 orders this month. upgrade your account to continue using our platform',
    );
    expect(rateLimitNotice('  You reached 1000 orders this month. \n')).toBe(
      'You reached 1000 orders this month. upgrade your account to continue using our platform',
    );
    expect(rateLimitNotice('   ')).toBe('upgrade your account to continue using our platform');
  });
});
