import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { SessionCache } from './auth.ts';
import { createInvalidationBus, type Invalidation } from './invalidation.ts';

describe('invalidation bus, one process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('applies a published invalidation in this process before publish answers', async () => {
    const bus = await createInvalidationBus(database, {
      onError: (error) => {
        throw error;
      },
    });
    const seen: Invalidation[] = [];
    bus.subscribe({ apply: (message) => seen.push(message), applyAll: () => {} });
    await bus.publish({ kind: 'site', accountId: 7 });
    expect(seen).toContainEqual({ kind: 'site', accountId: 7 });
    await bus.close();
  });

  it('forgets exactly the sessions an invalidation names', async () => {
    const cache = new SessionCache();
    const entry = (id: number, userId: number, accountId: number | null) => ({
      session: { id, userId, accountId },
      membership: null,
      lastUsedAt: Date.now(),
      expiresAt: Date.now() + 60_000,
    });
    const fill = () => {
      cache.set('s1', entry(1, 10, 100), cache.begin());
      cache.set('s2', entry(2, 10, 200), cache.begin());
      cache.set('s3', entry(3, 11, 100), cache.begin());
    };
    const kept = () => ['s1', 's2', 's3'].filter((hash) => cache.get(hash));

    fill();
    await cache.forgetSession(2);
    expect(kept()).toEqual(['s1', 's3']);
    fill();
    await cache.forgetUser(10, 100);
    expect(kept()).toEqual(['s2', 's3']);
    fill();
    await cache.forget({ userId: 10, exceptSessionId: 1 });
    expect(kept()).toEqual(['s1', 's3']);
    // An answer read before an invalidation is not stored after it.
    const generation = cache.begin();
    await cache.forgetUser(11);
    cache.set('s3', entry(3, 11, 100), generation);
    expect(cache.get('s3')).toBeUndefined();
  });
});
