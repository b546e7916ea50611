import { isApiKey } from '@funnelwork/domain/rules';
import { describe, expect, it } from 'vitest';
import { KeyRateLimiter } from './api-keys.ts';
import { newToken } from './auth.ts';

describe('KeyRateLimiter: a token bucket per key', () => {
  it('lets a minute’s allowance through at once, then one request per 60/limit seconds', () => {
    let now = 0;
    const limiter = new KeyRateLimiter(120, () => now);
    for (let i = 0; i < 120; i++) expect(limiter.take(1)).toBe(0);
    expect(limiter.take(1)).toBe(1);
    expect(limiter.take(2)).toBe(0);
    now += 499;
    expect(limiter.take(1)).toBe(1);
    now += 1;
    expect(limiter.take(1)).toBe(0);
    expect(limiter.take(1)).toBe(1);
  });

  it('says how many whole seconds to wait at a low limit', () => {
    let now = 0;
    const limiter = new KeyRateLimiter(2, () => now);
    expect(limiter.take(7)).toBe(0);
    expect(limiter.take(7)).toBe(0);
    expect(limiter.take(7)).toBe(30);
    now += 29_000;
    expect(limiter.take(7)).toBe(1);
    now += 1_000;
    expect(limiter.take(7)).toBe(0);
  });
});

describe('isApiKey', () => {
  it('tells keys (fw_ and 43 characters) from session tokens, even one that starts with fw_', () => {
    expect(isApiKey(`fw_${'a'.repeat(43)}`)).toBe(true);
    expect(isApiKey(newToken())).toBe(false);
    expect(isApiKey(`fw_${'a'.repeat(40)}`)).toBe(false);
  });
});
