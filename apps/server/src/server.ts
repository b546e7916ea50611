import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { DEMO_LOGIN, seedDemo } from './db/seed.ts';
import { createJobQueue } from './jobs/queue.ts';
import { runRollup } from './modules/analytics/analytics.rollup.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = {
    ...loadConfig(),
    webDist: path.resolve(here, '../../web/dist'),
    changelogPath: path.resolve(here, '../../../CHANGELOG.md'),
  };
  const database = await createDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolMax: config.databasePoolMax,
          reportsPoolMax: config.databaseReportsPoolMax,
          replica: config.databaseReplica,
        }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const queue = createJobQueue(database, {
    role: config.processRole,
    jobExpirySeconds: config.jobExpirySeconds,
    pollingIntervalSeconds: config.jobPollingIntervalSeconds,
  });
  // Several processes may start together on one PostgreSQL database: one migrates and seeds at a time.
  const { app, seeded } = await database.exclusively(async () => {
    await database.migrate();
    const app = await buildApp({ config, database, queue });
    return {
      app,
      seeded: config.seedDemo
        ? await seedDemo(database.db, app.services.users, { publicUrl: config.publicUrl })
        : false,
    };
  });
  // The demo's 80,000 page views are rolled up before the first request: on the embedded database the
  // rollup job's catch-up would hold the one connection for seconds while the newcomer signs in.
  if (seeded) await runRollup(database.db);
  await queue.start();
  await app.services.analyticsRollup.kick();
  await app.services.billingReconciliation.kick();
  await app.services.paymentReconciliation.kick();
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  if (config.processRole === 'jobs') {
    // Background work only: no HTTP.
    console.log(`\nFunnelwork background jobs are running (PROCESS_ROLE=jobs)\n  database: ${where}\n`);
  } else {
    await app.listen({ port: config.port, host: config.host });
    console.log(`\nFunnelwork is running at ${config.publicUrl}`);
    console.log(`  database: ${where}${seeded ? ' (demo account created)' : ''}`);
    console.log(`  demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    console.log(`  API docs: ${config.publicUrl}/api/docs\n`);
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    await app.close();
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
