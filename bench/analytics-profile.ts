// Profiles the 365-day Dashboard on a database the analytics bench kept (ANALYTICS_BENCH_KEEP=1 prints its
// name): `ANALYTICS_PROFILE_DATABASE=funnelwork_bench_… node --import tsx analytics-profile.ts`. Times the
// Dashboard through the service with each session setting of PROFILE_SETTINGS (';'-separated, each a
// space-separated list of `-c name=value`), so a setting's effect is seen side by side on the same data.
import { bucketStart, nextBucketStart } from '@funnelwork/domain/analytics/buckets';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { runRollup } from '../apps/server/src/modules/analytics/analytics.rollup.ts';
import { createRollupStore } from '../apps/server/src/modules/analytics/analytics.rollup-store.ts';
import { createAnalyticsService } from '../apps/server/src/modules/analytics/analytics.service.ts';
import { median, round } from './stats.ts';

const name = process.env.ANALYTICS_PROFILE_DATABASE;
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const settings = (process.env.PROFILE_SETTINGS ?? '').split(';');
const RUNS = Number(process.env.PROFILE_RUNS ?? 9);
const ZONE = 'Europe/London';

async function main() {
  if (!name) throw new Error('ANALYTICS_PROFILE_DATABASE is not set');
  const now = Math.floor(Date.now() / 1000);
  const end = nextBucketStart(bucketStart(now, 'day', ZONE), 'day', ZONE) - 1;
  const start = bucketStart(end - 364 * 86_400, 'day', ZONE);
  const rows: Record<string, Record<string, number>> = {};
  for (const setting of settings) {
    const url = new URL(server);
    url.pathname = `/${name}`;
    if (setting.trim()) url.searchParams.set('options', setting.trim());
    const database = await createDatabase({ kind: 'postgres', url: url.toString() });
    await database.migrate();
    const [owner] = (
      await database.executeSql(
        `select account_id from funnels where name = 'Funnel 1' order by id desc limit 1`,
      )
    ).rows as Array<{ account_id: number }>;
    const accountId = Number(owner?.account_id);
    const service = createAnalyticsService({ db: database.db, store: createRollupStore(database.db) });
    const time = async (conditions: Array<{ key: 'utm_source'; operand: '='; value: string }>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        await service.dashboardSummary(accountId, { start, end, unit: 'month', conditions });
        if (i >= 2) times.push(performance.now() - started);
      }
      return round(median(times));
    };
    const dashboard = await time([]);
    const filtered = await time([{ key: 'utm_source', operand: '=', value: 'google' }]);
    // PROFILE_ROLLUP_VIEWS live views (as the live bench writes them: 50,000 visitors, a third from google)
    // on the account's first funnel: the Dashboard with them past the watermark, then the job rolls them up
    // (no horizon): its events/s.
    const views = Number(process.env.PROFILE_ROLLUP_VIEWS ?? 0);
    let rollupPerS = 0;
    let withTail = 0;
    if (views > 0) {
      const offset = Date.now() % 1_000_000;
      await database.executeSql(
        `insert into page_view_events (account_id, funnel_id, step_id, page_id, visitor_id, utm_source, country, currency, created_at)
         select p.account_id, p.funnel_id, p.step_id, p.id, 'live-' || ((g + $2) % 50000),
                case when g % 3 = 0 then 'google' end, 'GB', 'USD', now()
           from generate_series(1, $3) g
           join lateral (select * from pages where account_id = $1 order by id limit 1) p on true`,
        [accountId, offset, views],
      );
      withTail = await time([]);
      const started = performance.now();
      const counted = await runRollup(database.db);
      rollupPerS = Math.round(counted / ((performance.now() - started) / 1000));
    }
    rows[setting.trim() || '(server defaults)'] = {
      dashboard_ms: dashboard,
      utm_filter_ms: filtered,
      dashboard_with_tail_ms: withTail,
      rollup_events_per_s: rollupPerS,
    };
    await database.close();
  }
  console.table(rows);
}

await main();
