// A `PROCESS_ROLE=jobs` process for benchmarks that split a deployment into a web process (the bench's
// own app) and a background-jobs process: it opens the database at argv[2] (PostgreSQL), builds the app
// for its handlers, runs the workers, the events outbox and the sweeps, and serves no HTTP. Settings come
// as JSON in argv[3] (testConfig overrides, e.g. smtpUrl), the credentials key in JOBS_GATEWAY_SECRET_KEY
// (base64). It says `{ready: true}` once its workers run
// and stops on 'close'.
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';

const [url, settings = '{}'] = process.argv.slice(2);
if (!url) throw new Error('usage: jobs-process.ts <postgres url> [settings json]');
// The jobs process's connections, as README "Running several processes" recommends (DATABASE_POOL_MAX=3):
// a small pool bounds its share of the database. JOBS_POOL_MAX changes it.
const poolMax = Number(process.env.JOBS_POOL_MAX ?? 3);
const database = await createDatabase({ kind: 'postgres', url, poolMax });
const key = process.env.JOBS_GATEWAY_SECRET_KEY;
const config = testConfig({
  ...JSON.parse(settings),
  processRole: 'jobs',
  // The web process's credentials key: what it sealed (webhook signing secrets), this process opens.
  ...(key && { gatewaySecretKey: Buffer.from(key, 'base64') }),
});
const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5, role: 'jobs' });
const app = await buildApp({ config, database, queue });
await app.ready();
await queue.start();
process.send?.({ ready: true });
process.on('message', async (message) => {
  if (message !== 'close') return;
  await queue.stop();
  await app.close();
  await database.close();
  process.exit(0);
});
