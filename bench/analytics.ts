// Analytics on real volume (issue 15): 10,000,000 page views, 1,000,000 orders and 100,000 opt-ins over
// 400 days (ANALYTICS_BENCH_SCALE=0.1 for a tenth), on the embedded database and, when DATABASE_URL is
// set, on the PostgreSQL server, in one run. Times the rollup job catching up (events/s), then the
// 365-day Dashboard through the API (all metrics, the comparison period, top funnels), the same with a
// UTM filter, a funnel's performance breakdown, and the same Dashboard numbers computed from the raw
// events; then the live phases on the same history (analytics-live.ts: a published page's p99 while 20
// Dashboards poll, and 2,000 views/s of ingestion). Goals: ≤ 100 ms PostgreSQL, ≤ 250 ms PGlite, ≥ 30×
// the raw read, the filter ≤ 2× unfiltered, the breakdown ≤ 20 ms, page p99 ≤ 2× idle, rollups keep up.
import { bucketStart, nextBucketStart } from '@funnelwork/domain/analytics/buckets';
import { analyticsEndpoints } from '@funnelwork/domain/api/analytics';
import type { QueryOf } from '@funnelwork/domain/api/endpoint';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { createRawStore } from '../apps/server/src/modules/analytics/analytics.raw-store.ts';
import { runRollup } from '../apps/server/src/modules/analytics/analytics.rollup.ts';
import { createAnalyticsService } from '../apps/server/src/modules/analytics/analytics.service.ts';
import { signIn, signUpOwner } from '../apps/server/src/test/harness.ts';
import { LIVE_GOALS, type LiveResult, liveLoad, printLiveTable } from './analytics-live.ts';
import { injectClient } from './api.ts';
import { benchDatabase, reportsPoolMax, unlimitedPlan } from './bench-database.ts';
import { median, round } from './stats.ts';

const SCALE = Number(process.env.ANALYTICS_BENCH_SCALE ?? '1');
const VIEWS = Math.round(10_000_000 * SCALE);
const ORDERS = Math.round(1_000_000 * SCALE);
const OPTINS = Math.round(100_000 * SCALE);
const DAYS = 400;
const FUNNELS = 20;
const RUNS = 9;
const ZONE = 'Europe/London';

/** Funnels with a checkout step of two page variants each; events spread over them and 400 days. */
export async function generate(
  database: Database,
  accountId: number,
  counts: { views: number; orders: number; optins: number } = {
    views: VIEWS,
    orders: ORDERS,
    optins: OPTINS,
  },
) {
  const { views: VIEWS, orders: ORDERS, optins: OPTINS } = counts;
  const run = (text: string, values?: unknown[]) => database.executeSql(text, values);
  await run(
    `insert into funnels (account_id, name, funnel_type, path)
     select $1, 'Funnel ' || g, g % 2, 'funnel-' || g from generate_series(1, ${FUNNELS}) g`,
    [accountId],
  );
  await run(
    `insert into steps (account_id, funnel_id, name, url, step_type, order_index)
     select account_id, id, 'Checkout', 'checkout', 1, 1 from funnels where account_id = $1`,
    [accountId],
  );
  await run(
    `insert into pages (account_id, funnel_id, step_id, name, config, ab_percent)
     select s.account_id, s.funnel_id, s.id, 'Variant ' || v, '{}'::jsonb, 50
       from steps s cross join generate_series(1, 2) v where s.account_id = $1`,
    [accountId],
  );
  const pageRows = await run(
    'select funnel_id, step_id, id from pages where account_id = $1 order by funnel_id, id',
    [accountId],
  );
  const pageList = JSON.stringify(pageRows.rows);
  // Each generated row picks page g % (2 × funnels); visitors repeat about four times; times spread evenly.
  // Rows g in [lo, hi] of n: row g is (g ÷ n) × DAYS days old, so a run of g is a run of days.
  const common = (n: number, lo = 1, hi = n) => `
    with p as (select (row_number() over () - 1)::int as i, (e->>'funnel_id')::bigint as funnel_id,
                      (e->>'step_id')::bigint as step_id, (e->>'id')::bigint as page_id
                 from jsonb_array_elements('${pageList}'::jsonb) e)
    select g, p.funnel_id, p.step_id, p.page_id,
           (array['google', 'facebook', 'newsletter', null])[1 + g % 4] as utm_source,
           (array['cpc', 'social', 'email', null])[1 + g % 4] as utm_medium,
           'campaign-' || (g % 12) as utm_campaign,
           (array['GB', 'US', 'DE', 'FR', 'NL'])[1 + (g / 7) % 5] as country,
           (array['google.com', 'facebook.com', 'mail.example.org', null])[1 + g % 4] as referrer_domain,
           now() - make_interval(secs => (g::float8 / ${n}) * ${DAYS} * 86400) as created_at
      from generate_series(${lo}, ${hi}) g join p on p.i = g % ${FUNNELS * 2}`;
  const chunk = 1_000_000;
  for (let from = 0; from < VIEWS; from += chunk) {
    const n = Math.min(chunk, VIEWS - from);
    await run(
      `insert into page_view_events (account_id, funnel_id, step_id, page_id, visitor_id, referrer_domain, utm_source,
          utm_medium, utm_campaign, country, currency, created_at)
       select $1, funnel_id, step_id, page_id, 'v' || ((g + ${from}) % ${Math.max(1, Math.floor(VIEWS / 4))}),
              referrer_domain, utm_source, utm_medium, utm_campaign, country, 'USD',
              created_at - make_interval(secs => ${from}::float8 * ${DAYS} * 86400 / ${VIEWS})
         from (${common(n)}) x`,
      [accountId],
    );
  }
  await run(
    `insert into optin_events (account_id, funnel_id, step_id, page_id, visitor_id, referrer_domain, utm_source,
        utm_medium, utm_campaign, country, currency, created_at)
     select $1, funnel_id, step_id, page_id, 'v' || (g * 3), referrer_domain, utm_source, utm_medium, utm_campaign,
            country, 'USD', created_at from (${common(OPTINS)}) x`,
    [accountId],
  );
  // Orders go through the analytics trigger, as checkouts do; one in twenty is refunded two days later.
  // One transaction per generated day, as checkouts commit one at a time: in a single statement the
  // trigger updates each month row ~155 times in one transaction and none of those versions can be
  // pruned until it commits (analytics_monthly grew to 142 MB for 6,440 rows at scale 0.1).
  const perDay = Math.max(1, Math.ceil(ORDERS / DAYS));
  for (let lo = 1; lo <= ORDERS; lo += perDay) {
    const hi = Math.min(ORDERS, lo + perDay - 1);
    await run(
      `insert into orders (account_id, order_number, funnel_id, step_id, page_id, currency, amount_minor, items_count,
          has_order_bump, upsells_taken, visitor_id, referrer_domain, utm_source, utm_medium, utm_campaign,
          visitor_country, is_refunded, refunded_at, is_canceled, canceled_at, created_at, updated_at)
       select $1, 'B' || g, funnel_id, step_id, page_id, 'USD', 1000 + (g * 37) % 20000, 1, g % 3 = 0,
              (g % 5 = 0)::int, 'v' || g, referrer_domain, utm_source, utm_medium, utm_campaign, country,
              g % 20 = 0, case when g % 20 = 0 then created_at + interval '2 days' end,
              g % 20 = 0, case when g % 20 = 0 then created_at + interval '2 days' end, created_at, created_at
         from (${common(ORDERS, lo, hi)}) x`,
      [accountId],
    );
  }
  await run('analyze');
}

async function timed<T>(fn: () => Promise<T>, runs: number) {
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    last = await fn();
    if (i >= 2 || runs === 1) times.push(performance.now() - started);
  }
  return { ms: median(times), last: last as T };
}

/**
 * A database with the generated history, caught up by the rollup job and vacuumed; its app is built on
 * a job queue that is not started (the live phases start it).
 */
async function prepare(kind: 'pglite' | 'postgres') {
  // ANALYTICS_BENCH_DATABASE=name measures a PostgreSQL database kept by an earlier run (its history and
  // owner as they are, migrated and caught up first): no generation, so no catch-up rate either.
  const reuse = kind === 'postgres' ? process.env.ANALYTICS_BENCH_DATABASE : undefined;
  if (reuse) return prepareKept(reuse);
  // ANALYTICS_BENCH_KEEP=1 leaves the generated PostgreSQL database for EXPLAIN ANALYZE (its name is printed);
  // ANALYTICS_BENCH_PGLITE_DIR puts PGlite's data on disk there (the full size does not fit in memory).
  const { database, drop } = await benchDatabase(kind, {
    keep: process.env.ANALYTICS_BENCH_KEEP === '1',
    pgliteDir: process.env.ANALYTICS_BENCH_PGLITE_DIR ?? null,
  });
  await database.migrate();
  const queue = createJobQueue(database);
  const app = await buildApp({ config: testConfig(), database, queue });
  const owner = await signUpOwner(app);
  await unlimitedPlan(database, owner.accountId);
  let started = performance.now();
  await generate(database, owner.accountId);
  const generateMs = performance.now() - started;
  started = performance.now();
  const counted = await runRollup(database.db);
  const rollupMs = performance.now() - started;
  return settle({ kind, database, drop, queue, app, owner, generateMs, rollupMs, counted });
}

/** A kept PostgreSQL bench database, opened as it is: its owner signs in with the harness's password. */
async function prepareKept(name: string) {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  const database = await createDatabase({
    kind: 'postgres',
    url: url.toString(),
    reportsPoolMax: reportsPoolMax(),
  });
  await database.migrate();
  const queue = createJobQueue(database);
  const app = await buildApp({ config: testConfig(), database, queue });
  const [row] = (
    await database.executeSql(
      `select a.id, u.email from funnels f join accounts a on a.id = f.account_id join users u on u.id = a.owner_user_id
        where f.name = 'Funnel 1' order by f.id desc limit 1`,
    )
  ).rows as Array<{ id: number | string; email: string }>;
  if (!row) throw new Error(`${name} holds no generated history`);
  const password = 'correct horse battery';
  const token = await signIn(app, row.email, password);
  const owner = {
    email: row.email,
    password,
    userId: 0,
    accountId: Number(row.id),
    token,
    auth: { authorization: `Bearer ${token}` },
  };
  await unlimitedPlan(database, owner.accountId);
  const counted = await runRollup(database.db);
  return settle(
    {
      kind: 'postgres' as const,
      database,
      drop: async () => {},
      queue,
      app,
      owner,
      generateMs: 0,
      rollupMs: 0,
      counted,
    },
    { vacuum: false },
  );
}

/** The generated (or kept) store, caught up: its month rows' size, then vacuumed and checkpointed. */
async function settle<T extends { database: Database }>(
  prepared: T,
  options: { vacuum: boolean } = { vacuum: true },
) {
  const { database } = prepared;
  // The month rows' size before any vacuum: the generator must not bloat them (see generate).
  const [monthly] = (
    await database.executeSql(
      `select count(*)::int as rows, pg_total_relation_size('analytics_monthly')::bigint as bytes from analytics_monthly`,
    )
  ).rows as Array<{ rows: number; bytes: string | number }>;
  // The rollup tables are upserted in place: vacuum as autovacuum would (it is off on this machine's server),
  // and checkpoint as a running server's maintenance does.
  // A kept database was vacuumed by the run that made it: analysed only (a vacuum of 10M events takes minutes).
  await database.executeSql(options.vacuum ? 'vacuum analyze' : 'analyze');
  await database.executeSql('checkpoint');
  console.log(`analytics: generated and caught up (${new Date().toISOString()})`);
  return { ...prepared, monthly };
}

/** The Dashboard, filtered, breakdown and raw timings on a prepared database, then the live phases. */
async function measureKind(prepared: Awaited<ReturnType<typeof prepare>>) {
  const { kind, database, app, owner, generateMs, rollupMs, counted, monthly } = prepared;
  // The 365 days up to today, in the account's zone, against the 365 before.
  const now = Math.floor(Date.now() / 1000);
  const end = nextBucketStart(bucketStart(now, 'day', ZONE), 'day', ZONE) - 1;
  const start = bucketStart(end - 364 * 86_400, 'day', ZONE);
  const api = injectClient(app, owner.token);
  const summary = (query: QueryOf<typeof analyticsEndpoints.getDashboardSummary>) =>
    api.call(analyticsEndpoints.getDashboardSummary, { query });
  const dashboard = await timed(() => summary({ start, end }), RUNS);
  const conditions = JSON.stringify([{ key: 'utm_source', operand: '=', value: 'google' }]);
  const filtered = await timed(() => summary({ start, end, conditions }), RUNS);
  const [funnel] = (
    await database.executeSql('select id from funnels where account_id = $1 order by id limit 1', [
      owner.accountId,
    ])
  ).rows as Array<{ id: number }>;
  const breakdown = await timed(
    () =>
      api.call(analyticsEndpoints.getFunnelPerformanceBreakdown, {
        params: { id: funnel?.id ?? null },
        query: { start, end },
      }),
    RUNS,
  );
  const raw = createAnalyticsService({ db: database.db, store: createRawStore(database.db) });
  const rawDashboard = await timed(
    () => raw.dashboardSummary(owner.accountId, { start, end, unit: 'month' }),
    1,
  );
  // Today by the hour (the Today preset), filtered: hour counts and day spans, beside the raw events.
  const todayStart = bucketStart(now, 'day', ZONE);
  const todayEnd = nextBucketStart(todayStart, 'day', ZONE) - 1;
  const google = [{ key: 'utm_source' as const, operand: '=' as const, value: 'google' }];
  const today = await timed(
    () => summary({ start: todayStart, end: todayEnd, unit: 'hour', conditions }),
    RUNS,
  );
  const rawToday = await timed(
    () =>
      raw.dashboardSummary(owner.accountId, {
        start: todayStart,
        end: todayEnd,
        unit: 'hour',
        conditions: google,
      }),
    RUNS,
  );
  const same =
    rawToday.last.visits.value === today.last.visits.value &&
    JSON.stringify(rawToday.last.trends.visits) === JSON.stringify(today.last.trends.visits) &&
    rawDashboard.last.revenue.value === dashboard.last.revenue.value &&
    rawDashboard.last.visits.value === dashboard.last.visits.value &&
    rawDashboard.last.page_views.value === dashboard.last.page_views.value &&
    rawDashboard.last.orders.value === dashboard.last.orders.value;

  // The live phases on the same history (ANALYTICS_BENCH_LIVE=0 skips them).
  let live: LiveResult | null = null;
  try {
    if (process.env.ANALYTICS_BENCH_LIVE !== '0')
      live = await liveLoad({ kind, database, queue: prepared.queue, app, owner, historyViews: VIEWS });
  } finally {
    await app.close();
    await prepared.queue.stop();
    await database.close();
    await prepared.drop();
  }
  return {
    database: kind,
    page_views: VIEWS,
    orders: ORDERS,
    optins: OPTINS,
    generate_s: round(generateMs / 1000, 2),
    rollup_catch_up_s: round(rollupMs / 1000, 2),
    rollup_events_per_s: rollupMs > 0 ? Math.round(counted / (rollupMs / 1000)) : null,
    analytics_monthly_rows: Number(monthly?.rows ?? 0),
    analytics_monthly_kb: Math.round(Number(monthly?.bytes ?? 0) / 1024),
    dashboard_365d_ms: round(dashboard.ms, 2),
    dashboard_365d_utm_filter_ms: round(filtered.ms, 2),
    funnel_breakdown_ms: round(breakdown.ms, 2),
    dashboard_today_hourly_utm_ms: round(today.ms, 2),
    raw_dashboard_today_hourly_utm_ms: round(rawToday.ms, 2),
    raw_dashboard_365d_ms: round(rawDashboard.ms, 2),
    raw_over_rollup: round(rawDashboard.ms / dashboard.ms, 2),
    filter_over_unfiltered: round(filtered.ms / dashboard.ms, 2),
    same_numbers_as_raw: same,
    numbers: {
      revenue: dashboard.last.revenue.value,
      net_revenue: dashboard.last.net_revenue.value,
      orders: dashboard.last.orders.value,
      visits: dashboard.last.visits.value,
      page_views: dashboard.last.page_views.value,
    },
    live,
  };
}

export async function runAnalytics() {
  // ANALYTICS_BENCH_ONLY=pglite or postgres measures one database (a busy machine cannot fit both).
  const only = process.env.ANALYTICS_BENCH_ONLY;
  const kinds: Array<'pglite' | 'postgres'> = [];
  if (only !== 'postgres') kinds.push('pglite');
  if (process.env.DATABASE_URL && only !== 'pglite') kinds.push('postgres');
  else if (only !== 'pglite')
    console.log('analytics: DATABASE_URL is not set, so only the embedded database is measured');
  // Both databases are generated and caught up side by side (two cores: PGlite's work is this process's
  // thread, PostgreSQL's its server's), then measured one at a time while the other is closed or idle.
  const prepared = await Promise.all(kinds.map(prepare));
  const results = [];
  for (const one of prepared) results.push(await measureKind(one));
  const lives = results.flatMap((r) => (r.live ? [r.live] : []));
  if (lives.length > 0) printLiveTable(lives);
  const summary = {
    benchmark: 'analytics',
    scale: SCALE,
    goals: {
      dashboard_365d_ms: { postgres: 100, pglite: 250 },
      raw_over_rollup: 30,
      filter_over_unfiltered: 2,
      funnel_breakdown_ms: 20,
      live: LIVE_GOALS,
    },
    results,
  };
  console.log(JSON.stringify(summary, null, 2));
  return summary;
}
