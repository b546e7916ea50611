// Issue 35 item 21: one read-only staff member (or one API key) cannot use up the account's API
// requests a minute; each counts within a share of it, and the owner keeps theirs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, plans } from '../db/schema/index.ts';
import { apiClient, memberOf } from '../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { apiShareOf } from './api-rate.ts';

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
