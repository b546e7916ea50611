import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourVisitCounts } from '../modules/analytics/analytics.fixtures.ts';
import { runRollup } from '../modules/analytics/analytics.rollup.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/harness.ts';
import { migrationData, ownerAccount } from './migration-data.fixtures.ts';
import { analyticsHourVisits, funnels, pageViewEvents } from './schema/index.ts';

/**
 * Migration 0047 keeps the recent hours' visitors per scope (the account or one funnel, with no filter
 * or one key's value). Its data part rebuilds them from the views the rollup job has counted, inside the
 * 48-hour window; the job then adds the rest.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe(`hour scopes migration 0047 (${testDatabaseKind})`, () => {
  it('rebuilds the counted views of the window in every scope, and the job adds the rest once', async () => {
    const { db } = database;
    const accountId = await ownerAccount(db);
    const [funnel] = await db.insert(funnels).values({ accountId, name: 'One', path: 'one' }).returning();
    const funnelId = funnel?.id as number;
    const now = Math.floor(Date.now() / 1000);
    const hour = now - (now % 3600);
    const at = (s: number) => new Date(s * 1000);
    // Counted by the job before the migration: a visitor twice in the last hour (with and without a
    // source, in the funnel), a visitor of no funnel this hour, and a view past the window.
    const counted = await db
      .insert(pageViewEvents)
      .values([
        { accountId, funnelId, visitorId: 'a', utmSource: 'Ads', createdAt: at(hour - 1800) },
        { accountId, funnelId, visitorId: 'a', createdAt: at(hour - 1700) },
        { accountId, visitorId: 'b', createdAt: at(hour + 1) },
        { accountId, funnelId, visitorId: 'c', utmSource: 'ads', createdAt: at(hour - 50 * 3600) },
      ])
      .returning({ id: pageViewEvents.id });
    const last = Math.max(...counted.map((r) => r.id));
    // Not counted yet: a new visitor of the funnel this hour.
    await db
      .insert(pageViewEvents)
      .values([{ accountId, funnelId, visitorId: 'd', createdAt: at(hour + 2) }]);
    await database.executeSql(
      `insert into analytics_rollup_state (source, last_xid, last_id)
       select 'page_views', xid, id from page_view_events where id = $1
       on conflict (source) do update set last_xid = excluded.last_xid, last_id = excluded.last_id`,
      [last],
    );
    // What the job kept before: the account's counts only (a stale one is rebuilt too).
    await db.insert(analyticsHourVisits).values({ accountId, hour: at(hour), visitors: 9 });

    const data = await migrationData('0047_analytics_hour_scopes.sql', /^ALTER TABLE/);
    expect(data).toHaveLength(4);
    for (const statement of data) await database.executeSql(statement);

    const counts = () => hourVisitCounts(db, accountId);
    const row = (kind: number, key: string, value: string, funnel: number, h: number, visitors: number) => ({
      kind,
      key,
      value,
      funnelId: funnel,
      hour: at(h),
      visitors,
    });
    // The last hour: visitor a in the account and the funnel, each with and without the source.
    const lastHour = [
      row(0, '', '', 0, hour - 3600, 1),
      row(0, 'utm_source', 'ads', 0, hour - 3600, 1),
      row(1, '', '', funnelId, hour - 3600, 1),
      row(1, 'utm_source', 'ads', funnelId, hour - 3600, 1),
    ];
    expect(await counts()).toEqual([...lastHour, row(0, '', '', 0, hour, 1)]);

    await runRollup(db);
    await runRollup(db);
    expect(await counts()).toEqual([
      ...lastHour,
      row(0, '', '', 0, hour, 2),
      row(1, '', '', funnelId, hour, 1),
    ]);
  });
});
