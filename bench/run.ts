// `npm run bench [-- name …]`: every benchmark (or the named ones), each printing its ratios side by
// side and writing results/<name>.json.
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
import { runLighthouse } from './lighthouse.ts';
import { runOrders } from './orders.ts';
import { runPublished } from './published.ts';
import { runWebhooks } from './webhooks.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
function save(name: string, summary: object) {
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', `${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), ...summary }, null, 2)}\n`,
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
  // ORDERS_BENCH_S3=1 (the export to a local S3-compatible server) writes orders-export-s3.json.
  orders: async () =>
    save(process.env.ORDERS_BENCH_S3 === '1' ? 'orders-export-s3' : 'orders', await runOrders()),
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
  // TEST_DATABASE=postgres (with DATABASE_URL) writes automation-waits-postgres.json.
  'automation-waits': async () =>
    save(
      process.env.TEST_DATABASE === 'postgres' ? 'automation-waits-postgres' : 'automation-waits',
      await runAutomationWaits(),
    ),
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
  await run();
}
process.exit(0);
