// Issue 35 item 21: one read-only staff member (or one API key) cannot use up the account's API
// requests a minute; each counts within a share of it, and the owner keeps theirs.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiRequestCounts, plans } from '../db/schema/index.ts';
import { apiClient, memberOf } from '../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { API_RATE_RETURN_MS, apiShareOf, createApiRateCounter } from './api-rate.ts';

const PER_MINUTE = 40;
const SHARE = apiShareOf(PER_MINUTE);
// Every request of a test falls in one minute of the accounts' clock, whatever the wall clock does.
let now = new Date('2031-05-01T10:00:05Z').getTime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ accountsClock: () => new Date(now) });
});
afterAll(() => t.close());

/** An owner on a plan of PER_MINUTE API requests a minute, set before the account's first request. */
async function ownerOnSmallPlan() {
  const owner = await signUpOwner(t.app);
  await t.database.db.insert(plans).values({
    key: `small-${owner.accountId}`,
    name: 'Small',
    family: 'small',
    interval: 'month',
    priceMinor: 100,
    features: [],
    limits: { funnels: 5, pages: 5, contacts: 5, emails_per_month: 5, api_requests_per_minute: PER_MINUTE },
    offered: false,
  });
  await t.database.db
    .update(accounts)
    .set({ planKey: `small-${owner.accountId}`, planExpiryDate: new Date(now + 30 * 86_400_000) })
    .where(eq(accounts.id, owner.accountId));
  return { ...owner, api: apiClient(t.app, owner.auth) };
}

type Answer = {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { error: { message: string } };
};
async function burst(call: () => Promise<Answer>, times: number) {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) answers.push(await call());
  return answers;
}
const statuses = (answers: Answer[]) => answers.map((res) => res.statusCode);

describe('API requests a minute per member and per key, within the account allowance', () => {
  it("gives a read-only member's burst 429 after its share while the owner's calls still answer 200", async () => {
    now += 60_000;
    const owner = await ownerOnSmallPlan();
    const member = await memberOf(t, owner, {});
    const flood = await burst(() => member.api.get('staff/me'), PER_MINUTE * 2);
    expect(statuses(flood)).toEqual([...Array(SHARE).fill(200), ...Array(PER_MINUTE * 2 - SHARE).fill(429)]);
    const refused = flood[SHARE] as Answer;
    expect(refused.json().error.message).toBe(
      `Your plan allows ${PER_MINUTE} API requests a minute; each team member or API key may make ${SHARE} of them.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner is not locked out: the rest of the allowance is theirs.
    const ownerCalls = await burst(() => owner.api.get('funnels'), PER_MINUTE - SHARE);
    expect(statuses(ownerCalls)).toEqual(Array(PER_MINUTE - SHARE).fill(200));
    // …and the account's total stays capped: the owner's next call is one past the allowance.
    const past = await owner.api.get('funnels');
    expect(past.statusCode).toBe(429);
    expect(past.json().error.message).toBe(`Your plan allows ${PER_MINUTE} API requests a minute.`);

    // A new minute: the member may call again.
    now += 60_000;
    expect((await member.api.get('staff/me')).statusCode).toBe(200);
  });

  it('counts an API key in a bucket of its own: its burst stops at its share, the owner and a member go on', async () => {
    now += 60_000;
    const owner = await ownerOnSmallPlan();
    const api = owner.api;
    const created = await api.post('developers/me/apps', { name: 'Script', scopes: ['orders:read'] });
    const made = await api.post(`developers/me/apps/${created.json().data.id}/keys`);
    const keyApi = apiClient(t.app, { authorization: `Bearer ${made.json().data.key}` });
    const member = await memberOf(t, owner, {});
    // Two non-owner callers together stop where the owner's share is left.
    const keyFlood = await burst(() => keyApi.get('orders'), SHARE + 5);
    expect(statuses(keyFlood)).toEqual([...Array(SHARE).fill(200), ...Array(5).fill(429)]);
    expect(statuses(await burst(() => member.api.get('staff/me'), 3))).toEqual([200, 200, 200]);
    expect(statuses(await burst(() => owner.api.get('funnels'), 5))).toEqual(Array(5).fill(200));
  });
});

describe('requests taken ahead: counted in the database before they are used', () => {
  const counted = async (accountId: number, bucket = '*') => {
    const [row] = await t.database.db
      .select({ count: apiRequestCounts.count })
      .from(apiRequestCounts)
      .where(
        and(
          eq(apiRequestCounts.accountId, accountId),
          eq(apiRequestCounts.bucket, bucket),
          eq(apiRequestCounts.minute, Math.floor(now / 60_000)),
        ),
      );
    return row?.count ?? 0;
  };
  const owner = { bucket: 'm:1', owner: true };

  it('far from the limit one write serves many requests; the usage bar and, soon, the row are exact', async () => {
    now += 60_000;
    const { accountId } = await signUpOwner(t.app);
    const counter = createApiRateCounter({ db: t.database.db });
    let writes = 0;
    const watched = createApiRateCounter({
      db: new Proxy(t.database.db, {
        get(target, key) {
          if (key === 'insert') writes += 1;
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    });
    for (let i = 0; i < 100; i++) expect(await watched.take(accountId, owner, 3_000, now)).toBeNull();
    console.log(`100 requests far from a limit of 3,000: ${writes} upserts`);
    expect(writes).toBeLessThan(20);
    // Taken ahead and not yet used: in the row, not in the usage bar.
    expect(await counted(accountId)).toBeGreaterThanOrEqual(100);
    expect(await counted(accountId)).toBeLessThanOrEqual(100 + 16);
    expect(await watched.current(accountId, now)).toBe(100);
    // What was not used goes back.
    await new Promise((r) => setTimeout(r, API_RATE_RETURN_MS + 200));
    expect(await counted(accountId)).toBe(100);
    expect(await counter.current(accountId, now)).toBe(100);
    await watched.close();
  });

  it('two processes hammering one account together never pass its allowance, and reach it', async () => {
    now += 60_000;
    const { accountId } = await signUpOwner(t.app);
    const processes = [0, 1].map(() => createApiRateCounter({ db: t.database.db }));
    const limit = 200;
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) => processes[i % 2]?.take(accountId, owner, limit, now)),
    );
    const allowed = outcomes.filter((o) => o === null).length;
    expect(allowed).toBeLessThanOrEqual(limit);
    expect(await counted(accountId)).toBeLessThanOrEqual(limit);
    // Once the requests taken ahead and not used are back, the rest of the allowance is there, and no more.
    await new Promise((r) => setTimeout(r, API_RATE_RETURN_MS + 200));
    let more = 0;
    for (let i = 0; i < limit; i++)
      if ((await processes[i % 2]?.take(accountId, owner, limit, now)) === null) more++;
    expect(allowed + more).toBe(limit);
    expect(await counted(accountId)).toBe(limit);
    for (const p of processes) await p.close();
  });

  it('a request keeps what it claimed while the unused ones go back during its upsert', async () => {
    now += 60_000;
    const { accountId } = await signUpOwner(t.app);
    const counter = createApiRateCounter({ db: t.database.db });
    const member = (n: number) => ({ bucket: `m:${n}`, owner: false });
    // One member's request takes ahead in the account's bucket and its own.
    expect(await counter.take(accountId, member(1), 3_000, now)).toBeNull();
    // Another's uses one held in the account's bucket and takes ahead in its own; while that upsert is on
    // its way, the held ones go back (as the timer does under load). CI once refused such a request.
    const second = counter.take(accountId, member(2), 3_000, now);
    await new Promise((r) => setImmediate(r));
    await counter.close();
    expect(await second).toBeNull();
    await counter.close();
    expect(await counted(accountId)).toBe(2);
  });

  it("a member never uses what the owner took ahead: the owner's share stays the owner's", async () => {
    now += 60_000;
    const { accountId } = await signUpOwner(t.app);
    const counter = createApiRateCounter({ db: t.database.db });
    const limit = 400;
    const share = apiShareOf(limit);
    // Members make one request less than their ceiling (the allowance less the owner's share)…
    const member = (n: number) => ({ bucket: `m:${n}`, owner: false });
    for (let i = 0; i < limit - share - 1; i++)
      expect(await counter.take(accountId, member(2 + Math.floor(i / share)), limit, now)).toBeNull();
    // …the owner's call makes the account's total the ceiling, and takes more ahead within the allowance…
    expect(await counter.take(accountId, owner, limit, now)).toBeNull();
    // …which members cannot use: they are refused, before and after the owner's unused ones go back.
    for (let i = 0; i < 3; i++)
      expect((await counter.take(accountId, member(9), limit, now))?.limit).toBe('account');
    await new Promise((r) => setTimeout(r, API_RATE_RETURN_MS + 200));
    expect((await counter.take(accountId, member(9), limit, now))?.limit).toBe('account');
    expect(await counted(accountId)).toBe(limit - share);
    // The owner's share is all there.
    for (let i = 0; i < share; i++) expect(await counter.take(accountId, owner, limit, now)).toBeNull();
    expect((await counter.take(accountId, owner, limit, now))?.limit).toBe('account');
    await counter.close();
  });
});
