// /api/health p99 while a multi-second query runs, next to its idle p99 (goal: within 2×),
// and, for contrast, the same with PGlite on the main thread, which the worker design avoids.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = 4;

async function measure(url: string, during?: () => Promise<unknown>) {
  const load = autocannon({ url, connections: 10, duration: SECONDS });
  const background = during
    ? (async () => {
        await new Promise((r) => setTimeout(r, 200));
        const started = Date.now();
        await during();
        return Date.now() - started;
      })()
    : Promise.resolve(0);
  const [result, queryMs] = await Promise.all([load, background]);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
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

  const idle = await measure(url);
  const busy = await measure(url, () => database.db.execute(sql`select pg_sleep(3)`));

  // Contrast: PGlite in the server's own thread stalls every request while its query runs.
  const inThread = new PGlite();
  await inThread.waitReady;
  const blocked = await measure(url, () => inThread.query('select pg_sleep(3)'));
  await inThread.close();

  await app.close();
  await database.close();

  const rows = [
    { case: 'idle', ...idle },
    { case: 'during a 3 s query (PGlite in worker)', ...busy },
    { case: 'during a 3 s query (PGlite on main thread)', ...blocked },
  ];
  console.log('\n/api/health latency under a long query (ms)');
  console.table(rows);
  const ratio = busy.p99 / Math.max(idle.p99, 1);
  console.log(
    `p99 ratio worker/idle: ${ratio.toFixed(2)}× (goal ≤ 2×); main-thread/idle: ${(blocked.p99 / Math.max(idle.p99, 1)).toFixed(1)}×`,
  );
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'health-under-long-query.json'),
    `${JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, rows, ratio }, null, 2)}\n`,
  );
}
