import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRollup } from '../modules/analytics/analytics.rollup.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/harness.ts';
import { rowsOf } from './client.ts';
import { migrationData, ownerAccount } from './migration-data.fixtures.ts';
import { funnelDailyStats, funnelDayVisitors, funnels, pageViewEvents } from './schema/index.ts';

/**
 * Migration 0043 moves the funnels' daily visits from the page-view recorder (which recomputed whole
 * days) to the rollup job. Its data part runs on a store as the recorder left it: visits in
 * funnel_daily_stats, a job watermark part-way through the views. The counted views' visitors are
 * backfilled; the job then adds the rest, each visitor once per funnel and UTC day.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe(`funnel visits migration 0043 (${testDatabaseKind})`, () => {
  it('backfills the counted views, keeps orders and revenue, and the job adds the rest once', async () => {
    const { db } = database;
    const accountId = await ownerAccount(db);
    const [one, two] = await db
      .insert(funnels)
      .values([
        { accountId, name: 'One', path: 'one' },
        { accountId, name: 'Two', path: 'two' },
      ])
      .returning();
    const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour));
    const view = (funnelId: number, visitorId: string, createdAt: Date) => ({
      accountId,
      funnelId,
      visitorId,
      createdAt,
    });
    // Counted by the job before the migration: two visitors of One on the 1st (one twice), one of Two.
    const counted = await db
      .insert(pageViewEvents)
      .values([
        view(one?.id as number, 'a', at(1, 9)),
        view(one?.id as number, 'a', at(1, 23)),
        view(one?.id as number, 'b', at(1, 10)),
        view(two?.id as number, 'a', at(1, 11)),
      ])
      .returning({ id: pageViewEvents.id });
    // Not counted yet: a returning visitor the same day, a new one, and the first one the next day.
    await db
      .insert(pageViewEvents)
      .values([
        view(one?.id as number, 'b', at(1, 12)),
        view(one?.id as number, 'c', at(1, 13)),
        view(one?.id as number, 'a', at(2, 0)),
      ]);
    const watermark = Math.max(...counted.map((r) => r.id));
    await database.executeSql(
      `insert into analytics_rollup_state (source, last_id) values ('page_views', $1)
       on conflict (source) do update set last_id = excluded.last_id`,
      [watermark],
    );
    // What the recorder and the checkout left: made-up visits beside real orders and revenue.
    await db.insert(funnelDailyStats).values([
      { accountId, funnelId: one?.id as number, day: '2026-11-01', orders: 2, revenueMinor: 500, visits: 40 },
      { accountId, funnelId: two?.id as number, day: '2026-10-31', orders: 1, revenueMinor: 100, visits: 9 },
    ]);
    await db.delete(funnelDayVisitors);

    const data = await migrationData('0043_funnel_day_visitors.sql', /^(CREATE|ALTER) TABLE/);
    expect(data).toHaveLength(3);
    for (const statement of data) await database.executeSql(statement);

    const stats = () =>
      db
        .select({
          funnelId: funnelDailyStats.funnelId,
          day: funnelDailyStats.day,
          orders: funnelDailyStats.orders,
          revenueMinor: funnelDailyStats.revenueMinor,
          visits: funnelDailyStats.visits,
        })
        .from(funnelDailyStats)
        .orderBy(asc(funnelDailyStats.funnelId), asc(funnelDailyStats.day));
    expect(await stats()).toEqual([
      { funnelId: one?.id, day: '2026-11-01', orders: 2, revenueMinor: 500, visits: 2 },
      { funnelId: two?.id, day: '2026-10-31', orders: 1, revenueMinor: 100, visits: 0 },
      { funnelId: two?.id, day: '2026-11-01', orders: 0, revenueMinor: 0, visits: 1 },
    ]);

    await runRollup(db);
    await runRollup(db);
    expect(await stats()).toEqual([
      { funnelId: one?.id, day: '2026-11-01', orders: 2, revenueMinor: 500, visits: 3 },
      { funnelId: one?.id, day: '2026-11-02', orders: 0, revenueMinor: 0, visits: 1 },
      { funnelId: two?.id, day: '2026-10-31', orders: 1, revenueMinor: 100, visits: 0 },
      { funnelId: two?.id, day: '2026-11-01', orders: 0, revenueMinor: 0, visits: 1 },
    ]);
    const [sets] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from funnel_day_visitors`),
    );
    expect(sets?.n).toBe(5);
  });
});
