import { PAGE_VIEW_MINUTES, RECENT_ACTIVITY_LIMIT } from '@funnelwork/domain/activity/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { activityItems, pageViewEvents } from '../../db/schema/index.ts';
import { seedDemoActivity } from '../../db/seed-activity.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient } from '../funnels/funnels.fixtures.ts';
import { loadRecentViews, recordActivity } from './activity.queries.ts';
import { createActivityService } from './activity.service.ts';

let t: TestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account() {
  const owner = await signUpOwner(t.app);
  return { ...owner, api: apiClient(t.app, owner.auth) };
}

const view = (accountId: number, visitorId: string, at: number) => ({
  accountId,
  visitorId,
  createdAt: new Date(at),
});

/** A database handle that counts the statements sent through `execute`. */
function countingDb(db: Db) {
  const counter = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counter.statements++;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, counter };
}

describe('GET recent-views', () => {
  it('answers 24 empty minutes, no activity and no visitors for a new account', async () => {
    const a = await account();
    const before = Math.floor(Date.now() / MINUTE) * 60;
    const res = await a.api.get('recent-views');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['page_views', 'recent_activity', 'visitors_count']);
    expect(data.recent_activity).toEqual([]);
    expect(data.visitors_count).toBe(0);
    expect(data.page_views).toHaveLength(PAGE_VIEW_MINUTES);
    for (const [i, minute] of data.page_views.entries()) {
      expect(minute.count).toBe(0);
      if (i > 0) expect(minute.time - data.page_views[i - 1].time).toBe(60);
    }
    // "The chart shows the latest 24 minutes": the last entry is the current minute.
    expect(data.page_views.at(-1).time).toBeGreaterThanOrEqual(before);
  });

  it('counts page views per minute over the latest 24 minutes and visitors active in the last 5', async () => {
    const a = await account();
    const now = Date.now();
    await t.database.db
      .insert(pageViewEvents)
      .values([
        view(a.accountId, 'v1', now - 10_000),
        view(a.accountId, 'v1', now - 20_000),
        view(a.accountId, 'v2', now - 2 * MINUTE),
        view(a.accountId, 'v3', now - 10 * MINUTE),
        view(a.accountId, 'v4', now - 40 * MINUTE),
      ]);
    const data = await loadRecentViews(t.database.db, a.accountId, now);
    const counted = data.page_views.reduce((sum, m) => sum + m.count, 0);
    expect(counted).toBe(4);
    const minuteOf = (at: number) => Math.floor(at / MINUTE) * 60;
    const countAt = (at: number) => data.page_views.find((m) => m.time === minuteOf(at))?.count ?? 0;
    expect(countAt(now - 2 * MINUTE)).toBeGreaterThanOrEqual(1);
    expect(countAt(now - 10 * MINUTE)).toBe(1);
    expect(data.visitors_count).toBe(2);
  });

  it('lists the latest activity with exactly the spec’s fields: amounts in major units, time in unix seconds', async () => {
    const a = await account();
    const now = Date.now();
    const ann = { firstName: 'Ann', lastName: 'Lee', optinEmail: 'ann@example.test', customerId: 17 };
    await recordActivity(t.database.db, a.accountId, { ...ann, eventId: 3, at: new Date(now - 5 * MINUTE) });
    await t.database.db.transaction((tx) =>
      recordActivity(tx, a.accountId, {
        ...ann,
        eventId: 2,
        amountMinor: 4999,
        currency: 'USD',
        at: new Date(now - MINUTE),
      }),
    );
    const { data } = (await a.api.get('recent-views')).json();
    expect(data.recent_activity).toEqual([
      {
        event_id: 2,
        first_name: 'Ann',
        last_name: 'Lee',
        optin_email: 'ann@example.test',
        amount: 49.99,
        currency: 'USD',
        time: Math.floor((now - MINUTE) / 1000),
        customer_id: 17,
      },
      {
        event_id: 3,
        first_name: 'Ann',
        last_name: 'Lee',
        optin_email: 'ann@example.test',
        amount: null,
        currency: null,
        time: Math.floor((now - 5 * MINUTE) / 1000),
        customer_id: 17,
      },
    ]);
  });

  it('refuses an activity type outside the spec’s 1 to 11', async () => {
    const a = await account();
    await expect(recordActivity(t.database.db, a.accountId, { eventId: 12 })).rejects.toThrow(
      'unknown activity',
    );
  });

  it(`lists at most ${RECENT_ACTIVITY_LIMIT} activity lines, newest first`, async () => {
    const a = await account();
    const now = Date.now();
    await t.database.db.insert(activityItems).values(
      Array.from({ length: RECENT_ACTIVITY_LIMIT + 5 }, (_, i) => ({
        accountId: a.accountId,
        eventId: 1,
        createdAt: new Date(now - i * 1000),
      })),
    );
    const data = await loadRecentViews(t.database.db, a.accountId, now);
    expect(data.recent_activity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    const times = data.recent_activity.map((item) => item.time);
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('never shows another account’s page views or activity', async () => {
    const a = await account();
    const b = await account();
    const now = Date.now();
    await t.database.db.insert(pageViewEvents).values(view(a.accountId, 'only-a', now - 1000));
    await t.database.db
      .insert(activityItems)
      .values({ accountId: a.accountId, eventId: 2, amountMinor: 100 });
    const { data } = (await b.api.get('recent-views')).json();
    expect(data.visitors_count).toBe(0);
    expect(data.recent_activity).toEqual([]);
    expect(data.page_views.every((m: { count: number }) => m.count === 0)).toBe(true);
  });

  it('shows the demo account’s seeded page views and activity', async () => {
    const a = await account();
    const seeded = Date.now();
    await t.database.db.transaction((tx) => seedDemoActivity(tx, a.accountId, seeded));
    const { data } = (await a.api.get('recent-views')).json();
    // Every minute of the chart has views, the newest too unless the clock passed into a new minute between
    // the seed and the answer (then that minute has none yet): the minutes, counted the same way.
    const newMinutes = Math.floor(Date.now() / 60_000) - Math.floor(seeded / 60_000);
    const filled = data.page_views.filter((m: { count: number }) => m.count > 0).length;
    expect(filled).toBeLessThanOrEqual(PAGE_VIEW_MINUTES);
    expect(filled).toBeGreaterThanOrEqual(PAGE_VIEW_MINUTES - newMinutes);
    expect(data.visitors_count).toBeGreaterThan(0);
    expect(data.recent_activity.length).toBeGreaterThanOrEqual(10);
    expect(data.recent_activity[0]).toMatchObject({ event_id: 2, amount: 29, currency: 'USD' });
  });
});

describe('recent-views cache: 200 dashboards cost the database what one does', () => {
  it('runs one statement for polls of one account within the cache window, and again after it', async () => {
    const a = await account();
    const { db, counter } = countingDb(t.database.db);
    let clock = Date.now();
    const service = createActivityService({ db, now: () => clock, cacheMs: 5_000 });
    const first = await service.recentViews(a.accountId);
    await t.database.db.insert(activityItems).values({ accountId: a.accountId, eventId: 1 });
    clock += 4_000;
    expect(await service.recentViews(a.accountId)).toEqual(first);
    expect(counter.statements).toBe(1);

    clock += 2_000;
    const later = await service.recentViews(a.accountId);
    expect(counter.statements).toBe(2);
    expect(later.recent_activity).toHaveLength(1);
  });

  it('shares one query among concurrent polls and keeps accounts apart', async () => {
    const a = await account();
    const b = await account();
    const { db, counter } = countingDb(t.database.db);
    const service = createActivityService({ db });
    await Promise.all(Array.from({ length: 200 }, () => service.recentViews(a.accountId)));
    expect(counter.statements).toBe(1);
    await service.recentViews(b.accountId);
    expect(counter.statements).toBe(2);
  });

  it('does not keep a failed query', async () => {
    let calls = 0;
    const failing = {
      execute: async () => {
        calls++;
        throw new Error('connection lost');
      },
    } as unknown as Db;
    const service = createActivityService({ db: failing });
    await expect(service.recentViews(1)).rejects.toThrow('connection lost');
    await expect(service.recentViews(1)).rejects.toThrow('connection lost');
    expect(calls).toBe(2);
  });
});

describe('recent-views cost', () => {
  it('reads page views by an index range, never the whole table', async () => {
    const a = await account();
    const other = await account();
    // Many accounts' history; this account's last hour is a thin slice of it.
    await t.database.executeSql(
      `insert into page_view_events (account_id, visitor_id, created_at)
       select case when i % 50 = 0 then $1::bigint else $2::bigint end, 'v' || (i % 300),
              now() - (i % 20000) * interval '1 minute'
         from generate_series(1, 60000) as i`,
      [a.accountId, other.accountId],
    );
    await t.database.executeSql('analyze page_view_events');
    const since = new Date(Date.now() - 24 * MINUTE).toISOString();
    const { rows } = await t.database.executeSql(
      `explain (format json)
       select floor(extract(epoch from created_at) / 60)::bigint, count(*), count(distinct visitor_id)
         from page_view_events where account_id = $1 and created_at >= $2::timestamptz group by 1`,
      [a.accountId, since],
    );
    const text = JSON.stringify((rows[0] as Record<string, unknown>)['QUERY PLAN']);
    expect(text).toContain('page_view_events_account_created_idx');
    expect(text).not.toContain('"Seq Scan"');
    // "≤ 2 ms of DB time per poll" is a time: the orders benchmark measures it (bench/README.md), so a
    // busy machine cannot fail this test.
  });
});
