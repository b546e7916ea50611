import { isApiKey } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { newToken } from './auth.ts';
import { createSharedRateLimiter } from './shared-rate.ts';

describe('the API key rate limit: a token bucket per key, shared by every process', () => {
  let database: TestDatabase;
  let now = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  const limiter = () => createSharedRateLimiter({ db: database.db, clock: () => now });

  it('lets a minute’s allowance through at once, then one request per 60/limit seconds', async () => {
    now = 1_000_000;
    const limiter1 = limiter();
    // Two processes' limiters take from the one bucket.
    const limiter2 = limiter();
    for (let i = 0; i < 60; i++) expect(await limiter1.take('k:1', 120)).toBe(0);
    for (let i = 0; i < 60; i++) expect(await limiter2.take('k:1', 120)).toBe(0);
    expect(await limiter1.take('k:1', 120)).toBe(1);
    expect(await limiter2.take('k:1', 120)).toBe(1);
    expect(await limiter1.take('k:2', 120)).toBe(0);
    now += 499;
    expect(await limiter1.take('k:1', 120)).toBe(1);
    now += 1;
    expect(await limiter2.take('k:1', 120)).toBe(0);
    expect(await limiter1.take('k:1', 120)).toBe(1);
  });

  it('says how many whole seconds to wait at a low limit', async () => {
    now = 5_000_000;
    const shared = limiter();
    expect(await shared.take('k:7', 2)).toBe(0);
    expect(await shared.take('k:7', 2)).toBe(0);
    expect(await shared.take('k:7', 2)).toBe(30);
    now += 29_000;
    expect(await shared.take('k:7', 2)).toBe(1);
    now += 1_000;
    expect(await shared.take('k:7', 2)).toBe(0);
  });
});

describe('isApiKey', () => {
  it('tells keys (fw_ and 43 characters) from session tokens, even one that starts with fw_', () => {
    expect(isApiKey(`fw_${'a'.repeat(43)}`)).toBe(true);
    expect(isApiKey(newToken())).toBe(false);
    expect(isApiKey(`fw_${'a'.repeat(40)}`)).toBe(false);
  });
});
