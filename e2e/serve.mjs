// The browser tests' server (playwright.config.ts's webServer): on the embedded database in DATA_DIR or,
// when E2E_DATABASE_URL names a PostgreSQL server, on a database of its own there, made afresh at each
// start and named by the port (the groups of scripts/test.mjs never share one).
import pg from 'pg';

const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  const name = `funnelwork_e2e_${Number(process.env.PORT)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  // A commit need not wait for the disk: the database is thrown away with the run.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
await import('../apps/server/dist/server.js');
