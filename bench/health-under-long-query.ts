// /api/health p99 while a multi-second query runs, next to its idle p99 (goal: within 2×),
// and, for contrast, while PGlite runs a query on the main thread, which the worker design avoids.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { quantile, round } from './stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION_MS = 3000;
const INTERVAL_MS = 5;

async function measure(url: string, during?: () => Promise<unknown>) {
  const load = new Promise<number[]>((resolve, reject) => {
    const worker = new Worker(new URL('./open-loop-load.mjs', import.meta.url), {
      workerData: { url, durationMs: DURATION_MS, intervalMs: INTERVAL_MS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let queryMs = 0;
  if (during) {
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    await during();
    queryMs = Math.round(performance.now() - started);
  }
  const sorted = (await load).sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
    queryMs,
  };
}

export async function runHealthUnderLongQuery() {
  const database = await createDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, queue: createJobQueue(database) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/health`;

  await measure(url); // warm-up
  const idle = await measure(url);
  const busy = await measure(url, () => database.db.execute(sql`select pg_sleep(2)`));
  const inThread = new PGlite();
  await inThread.waitReady;
  const blocked = await measure(url, () => inThread.query('select pg_sleep(2)'));
  await inThread.close();
  await app.close();
  await database.close();

  const rows = [
    { case: 'idle', ...idle },
    { case: 'during a 2 s query, PGlite in its worker (ours)', ...busy },
    { case: 'during a 2 s query, PGlite on the main thread', ...blocked },
  ];
  const ratio = busy.p99 / Math.max(idle.p99, 0.1);
  const blockedRatio = blocked.p99 / Math.max(idle.p99, 0.1);
  console.log(
    `\n/api/health latency (ms), one request every ${INTERVAL_MS} ms for ${DURATION_MS / 1000} s, open loop`,
  );
  console.table(rows);
  console.log(
    `p99 during the long query / idle p99: ${ratio.toFixed(2)}× (goal ≤ 2×); main-thread PGlite: ${blockedRatio.toFixed(0)}×`,
  );
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'health-under-long-query.json'),
    `${JSON.stringify({ date: new Date().toISOString(), rows, ratio, blockedRatio }, null, 2)}\n`,
  );
}
