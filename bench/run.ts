// `npm run bench [-- name …]`: every benchmark (or the named ones), each printing its ratios side by
// side and writing results/<name>.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAnalytics } from './analytics.ts';
import { runAnalyticsLive } from './analytics-live.ts';
import { runAutomationWaits } from './automation-waits.ts';
import { runAutomations } from './automations.ts';
import { runCdn } from './cdn.ts';
import { runEditor } from './editor.ts';
import { runEmailSend } from './email-send.ts';
import { runFunnelList } from './funnel-list.ts';
import { runHealthUnderLongQuery } from './health-under-long-query.ts';
import { runIdleCpu } from './idle-cpu.ts';
import { runLighthouse } from './lighthouse.ts';
import { runOrders } from './orders.ts';
import { runPublished } from './published.ts';
import { runWebhooks } from './webhooks.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// The machine is shared: each result keeps `uptime` as the run started and as it ended.
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
let uptimeAtStart = uptime();
function save(name: string, summary: object) {
  const uptimeAtEnd = uptime();
  console.log(`${name}: uptime at start: ${uptimeAtStart}\n${name}: uptime at end:   ${uptimeAtEnd}`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', `${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), uptime: { start: uptimeAtStart, end: uptimeAtEnd }, ...summary }, null, 2)}\n`,
  );
}

const benchmarks: Record<string, () => Promise<unknown>> = {
  'health-under-long-query': runHealthUnderLongQuery,
  'funnel-list': async () => save('funnel-list', await runFunnelList()),
  // ANALYTICS_BENCH_SCALE below 1 (a quick run) writes analytics-scale-<scale>.json beside the full run's.
  analytics: async () => {
    const scale = process.env.ANALYTICS_BENCH_SCALE;
    // A kept database measured again (ANALYTICS_BENCH_DATABASE) writes analytics-kept-postgres.json.
    const kept = process.env.ANALYTICS_BENCH_DATABASE ? 'analytics-kept-postgres' : null;
    save(
      kept ?? (scale && Number(scale) !== 1 ? `analytics-scale-${scale}` : 'analytics'),
      await runAnalytics(),
    );
  },
  'analytics-live': async () => save('analytics-live', await runAnalyticsLive()),
  // ORDERS_BENCH_S3=1 (the export to a local S3-compatible server) writes orders-export-s3.json;
  // ORDERS_BENCH_ONLY=export (the export with the address columns) orders-export-addresses.json, or with
  // ORDERS_BENCH_ORDERS=3000000 orders-3m-export.json.
  orders: async () =>
    save(
      process.env.ORDERS_BENCH_S3 === '1'
        ? 'orders-export-s3'
        : process.env.ORDERS_BENCH_ONLY === 'export'
          ? process.env.ORDERS_BENCH_ORDERS === '3000000'
            ? 'orders-3m-export'
            : 'orders-export-addresses'
          : 'orders',
      await runOrders(),
    ),
  editor: async () => save('editor', await runEditor()),
  'email-editor': async () => save('email-editor', await runEditor('email')),
  'email-send': async () => save('email-send', await runEmailSend()),
  // TEST_DATABASE=postgres (with DATABASE_URL) writes automations-postgres.json beside the PGlite run's,
  // and with BENCH_PROCESSES=2 (a web and a jobs process) automations-postgres-split.json.
  automations: async () =>
    save(
      process.env.TEST_DATABASE === 'postgres'
        ? `automations-postgres${process.env.BENCH_PROCESSES === '2' ? '-split' : ''}`
        : 'automations',
      await runAutomations(),
    ),
  // TEST_DATABASE=postgres (with DATABASE_URL) writes automation-waits-postgres.json; a scaled PGlite run
  // (AUTOMATION_WAITS_BENCH_RUNS other than 100,000) automation-waits-runs-<runs>.json.
  'automation-waits': async () => {
    const runs = Number(process.env.AUTOMATION_WAITS_BENCH_RUNS ?? 100_000);
    save(
      process.env.TEST_DATABASE === 'postgres'
        ? 'automation-waits-postgres'
        : runs !== 100_000
          ? `automation-waits-runs-${runs}`
          : 'automation-waits',
      await runAutomationWaits(),
    );
  },
  // TEST_DATABASE=postgres (with DATABASE_URL) writes webhooks-postgres.json beside the PGlite run's,
  // and with BENCH_PROCESSES=2 (a web and a jobs process) webhooks-postgres-split.json.
  webhooks: async () =>
    save(
      process.env.TEST_DATABASE === 'postgres'
        ? `webhooks-postgres${process.env.BENCH_PROCESSES === '2' ? '-split' : ''}`
        : 'webhooks',
      await runWebhooks(),
    ),
  cdn: async () => save('cdn', await runCdn()),
  'idle-cpu': async () => save('idle-cpu', await runIdleCpu()),
  // LIGHTHOUSE_BENCH_ONLY=dashboard|templates (one half) writes lighthouse-<half>.json.
  lighthouse: async () => {
    const only = process.env.LIGHTHOUSE_BENCH_ONLY;
    save(only ? `lighthouse-${only}` : 'lighthouse', await runLighthouse());
  },
  // A part run alone (PUBLISHED_BENCH_ONLY=render or lighthouse) keeps the full run's results.
  published: async () => {
    const only = process.env.PUBLISHED_BENCH_ONLY;
    save(only ? `published-${only}` : 'published', await runPublished());
  },
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(benchmarks)) {
  const run = benchmarks[name];
  if (!run) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benchmarks).join(', ')}`);
  uptimeAtStart = uptime();
  await run();
}
process.exit(0);
