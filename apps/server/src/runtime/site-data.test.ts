import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { createSiteCache } from './site-data.ts';

let t: TestApp;
let accountId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpOwner(t.app);
  accountId = owner.accountId;
  await t.database.db.update(accounts).set({ subdomain: 'stale-shop' }).where(eq(accounts.id, accountId));
});
afterAll(() => t.close());

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return check();
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('published site cache: stale while revalidate', () => {
  it('past its TTL answers what it knew at once and reloads in the background', async () => {
    const cache = createSiteCache(t.database.db, t.app.services.gatewayCredentials, { ttlMs: 40 });
    const ref = { kind: 'subdomain', subdomain: 'stale-shop' } as const;
    expect(await cache.findHost(ref)).toEqual({ accountId, domainId: null });
    const site = await cache.site(accountId);
    expect(site.subdomain).toBe('stale-shop');

    // A change no bump told of (a lost invalidation): the TTL bounds how long it stays unseen.
    await t.database.db.update(accounts).set({ subdomain: 'fresh-shop' }).where(eq(accounts.id, accountId));
    await sleep(60);
    // The first request past the TTL is answered from memory, without waiting for the database …
    expect(cache.cachedHost(ref)).toEqual({ accountId, domainId: null });
    expect(cache.cachedSite(accountId)?.subdomain).toBe('stale-shop');
    // … and the reloads it started bring the change in.
    expect(await until(() => cache.cachedHost(ref) === null)).toBe(true);
    expect(await until(() => cache.cachedSite(accountId)?.subdomain === 'fresh-shop')).toBe(true);
    await t.database.db.update(accounts).set({ subdomain: 'stale-shop' }).where(eq(accounts.id, accountId));
  });

  it('after a bump answers nothing stale: the next request loads the change', async () => {
    const cache = createSiteCache(t.database.db, t.app.services.gatewayCredentials, { ttlMs: 60_000 });
    await cache.site(accountId);
    await t.database.db.update(accounts).set({ subdomain: 'bumped-shop' }).where(eq(accounts.id, accountId));
    cache.bump(accountId);
    expect(cache.cachedSite(accountId)).toBeUndefined();
    expect(cache.cachedHost({ kind: 'subdomain', subdomain: 'stale-shop' })).toBeUndefined();
    expect((await cache.site(accountId)).subdomain).toBe('bumped-shop');
    await t.database.db.update(accounts).set({ subdomain: 'stale-shop' }).where(eq(accounts.id, accountId));
  });
});
