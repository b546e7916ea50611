import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_APPLICATION } from '../../db/client.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient } from '../funnels/funnels.fixtures.ts';
import { createRawStore } from './analytics.raw-store.ts';
import { runRollup } from './analytics.rollup.ts';
import { createRollupStore } from './analytics.rollup-store.ts';
import type { StoreScope } from './analytics.store.ts';

// Two writers whose commits cross: only PostgreSQL runs transactions side by side (PGlite has one
// connection), so only the PostgreSQL run includes this file (vitest.config.ts).

let t: TestApp;
let other: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

/** The page views of an account the job has counted (its hourly rollups). */
async function rolledUpViews(accountId: number) {
  const [counted] = (
    await t.database.executeSql(
      `select coalesce(sum(page_views), 0)::int as views from analytics_hourly where account_id = $1`,
      [accountId],
    )
  ).rows as Array<{ views: number }>;
  return counted?.views;
}

describe('the rollup job and a view whose insert commits late', () => {
  it('counts it once it commits, though a later id was counted first: the watermark is by transaction', async () => {
    const owner = await signUpOwner(t.app);
    const insert = (
      client: { query: (text: string, values: unknown[]) => Promise<unknown> },
      visitor: string,
    ) =>
      client.query(
        `insert into page_view_events (account_id, visitor_id, created_at) values ($1, $2, now() - interval '1 hour')`,
        [owner.accountId, visitor],
      );
    // The slow writer takes its id first and has not committed; the fast one commits a later id.
    await other.query('begin');
    await insert(other, 'slow');
    await insert({ query: (text, values) => t.database.executeSql(text, values) }, 'fast');
    const ids = (
      await t.database.executeSql(
        `select id, visitor_id from page_view_events where account_id = $1 order by id`,
        [owner.accountId],
      )
    ).rows as Array<{ id: string; visitor_id: string }>;
    expect(ids.map((r) => r.visitor_id)).toEqual(['fast']);

    // While the slow writer is open nothing of a later transaction is counted; the Dashboard reads the
    // committed view from the events past the watermark.
    await runRollup(t.database.db);
    const scope: StoreScope = {
      accountId: owner.accountId,
      timeZone: 'Europe/London',
      funnelIds: null,
      conditions: [],
    };
    const now = Math.floor(Date.now() / 1000);
    const edges = [now - (now % 3600) - 2 * 3600, now - (now % 3600) + 3600];
    const rolled = createRollupStore(t.database.db);
    const raw = createRawStore(t.database.db);
    expect((await rolled.series(scope, edges)).total.page_views).toBe(1);

    await other.query('commit');
    await runRollup(t.database.db);
    expect(await rolledUpViews(owner.accountId)).toBe(2);
    expect(await rolled.series(scope, edges)).toEqual(await raw.series(scope, edges));
    expect((await rolled.series(scope, edges)).total).toMatchObject({ page_views: 2, visits: 2 });
  });
});

describe('a batch whose older transaction wrote the later id', () => {
  it("counts both views: the batch is read by its ids' range, not by its last row's id", async () => {
    const owner = await signUpOwner(t.app);
    const insert = `insert into page_view_events (account_id, visitor_id, created_at) values ($1, $2, now() - interval '1 hour')`;
    // The older transaction takes its xid first and writes after the younger one has committed.
    await other.query('begin');
    await other.query('select pg_current_xact_id()');
    await t.database.executeSql(insert, [owner.accountId, 'younger']);
    await other.query(insert, [owner.accountId, 'older']);
    await other.query('commit');
    const rows = (
      await t.database.executeSql(
        `select visitor_id from page_view_events where account_id = $1 order by xid, id`,
        [owner.accountId],
      )
    ).rows as Array<{ visitor_id: string }>;
    expect(rows.map((r) => r.visitor_id)).toEqual(['older', 'younger']);
    const ids = (
      await t.database.executeSql(
        `select visitor_id from page_view_events where account_id = $1 order by id`,
        [owner.accountId],
      )
    ).rows as Array<{ visitor_id: string }>;
    expect(ids.map((r) => r.visitor_id)).toEqual(['younger', 'older']);

    await runRollup(t.database.db);
    expect(await rolledUpViews(owner.accountId)).toBe(2);
  });
});

describe("the Dashboard's reads", () => {
  it('run on the reports pool, not the connections pages and checkouts use', async () => {
    const owner = await signUpOwner(t.app);
    const now = Math.floor(Date.now() / 1000);
    const res = await apiClient(t.app, owner.auth).get('dashboard-summary', {
      start: now - 30 * 86_400,
      end: now,
    });
    expect(res.statusCode).toBe(200);
    // The last statement of each reports connection (pg_stat_activity keeps it while idle).
    const { rows } = await t.database.executeSql(
      `select query from pg_stat_activity where datname = current_database() and application_name = $1`,
      [REPORTS_APPLICATION],
    );
    const queries = (rows as Array<{ query: string }>).map((r) => r.query);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((q) => q.includes('analytics_'))).toBe(true);
  });
});
