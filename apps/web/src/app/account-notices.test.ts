import { describe, expect, it } from 'vitest';
import { accountNotices, noticeChanges, planRefusal } from './account-notices.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-25T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
const me = (plan_key: string, plan_expiry_date: string, rate_limit: string | null = null) => ({
  account_id: 7,
  plan_key,
  plan_expiry_date,
  rate_limit,
});

describe('account notices (spec §8, §9)', () => {
  it('"a notice at 2 days or fewer left (3 days left shows none)"', () => {
    expect(accountNotices(me('14-trial', inDays(2)), now)).toEqual([]);
    expect(accountNotices(me('14-trial', inDays(1.5)), now)).toEqual([
      {
        key: 'trial-expiring-7',
        message: 'Your trial is about to expire, update your billing details to continue using our platform.',
      },
    ]);
  });

  it('"the server text plus \'upgrade your account to continue using our platform\'"', () => {
    expect(accountNotices(me('startup-monthly', inDays(20), 'Your plan allows 3 funnels.'), now)).toEqual([
      {
        key: 'rate-limit-7',
        message: 'Your plan allows 3 funnels. upgrade your account to continue using our platform',
      },
    ]);
  });

  it('a paid plan takes the trial notice down and shows nothing new', () => {
    const shown = new Set(['trial-expiring-7']);
    expect(noticeChanges(shown, accountNotices(me('startup-monthly', inDays(30)), now))).toEqual({
      show: [],
      hide: ['trial-expiring-7'],
    });
  });

  it('a notice already on screen is not shown twice', () => {
    const due = accountNotices(me('7-trial', inDays(0.5)), now);
    expect(due.map((n) => n.message)).toEqual(['Your trial has expired. update your billing details.']);
    expect(noticeChanges(new Set(['trial-expired-7']), due)).toEqual({ show: [], hide: [] });
  });
});

describe('refusals of the plan (issue 18: "the rate limit\'s text reaches the user")', () => {
  const failure = (status: number, error: string, code?: string) => ({
    error,
    info: { status, data: error, code },
  });

  it("the plan's API rate (429 rate_limit) is \"the server text plus 'upgrade your account …'\" at once", () => {
    expect(planRefusal(failure(429, 'Your plan allows 600 API requests a minute.', 'rate_limit'))).toEqual({
      notice: {
        key: 'rate-limit-requests',
        message:
          'Your plan allows 600 API requests a minute. upgrade your account to continue using our platform',
      },
      reloadMe: false,
    });
  });

  it('a write past a plan limit (402 plan_limit) reads the user again for its rate_limit notice', () => {
    expect(
      planRefusal(failure(402, 'Your plan allows 3 funnels. Choose a bigger plan.', 'plan_limit')),
    ).toEqual({
      reloadMe: true,
    });
  });

  it("other refusals, a sign-in throttle's 429 among them, are no plan notice", () => {
    expect(planRefusal(failure(429, 'Too many sign-in attempts', 'too_many_requests'))).toBeNull();
    expect(planRefusal(failure(402, 'Your card was declined.', 'card_declined'))).toBeNull();
    expect(planRefusal(failure(500, 'Internal error', 'internal_error'))).toBeNull();
  });
});
