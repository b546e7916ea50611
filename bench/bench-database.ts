import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';

/**
 * A fresh database for one benchmark run: PGlite (in memory, or in `pgliteDir`), or a new database on the
 * PostgreSQL server at DATABASE_URL. `drop` removes the PostgreSQL one (unless `keep`: its name is printed
 * for EXPLAIN ANALYZE); `url` is its address (null on PGlite).
 */
export async function benchDatabase(
  kind: 'pglite' | 'postgres',
  options: { prefix?: string; pgliteDir?: string | null; keep?: boolean } = {},
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await createDatabase({ kind: 'pglite', dataDir: options.pgliteDir ?? null });
    return { database, url: null, drop: async () => {} };
  }
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `${options.prefix ?? 'funnelwork_bench'}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const database = await createDatabase({ kind: 'postgres', url, reportsPoolMax: reportsPoolMax() });
  if (options.keep) console.log(`keeping database ${name}`);
  return {
    database,
    url,
    drop: async () => {
      if (options.keep) return;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The analytics reads' pool size as the server takes it (DATABASE_REPORTS_POOL_MAX, checked, default 2). */
export const reportsPoolMax = (): number => loadConfig().databaseReportsPoolMax;

/**
 * An account on the Unlimited plan, as a store of a benchmark's size would be: a trial allows 20 funnels
 * and 2,000 e-mails a month. Before the account's first request (plans are cached for 5 s).
 */
export async function unlimitedPlan(database: Pick<Database, 'executeSql'>, accountId: number) {
  await database.executeSql(
    `update accounts set plan_key = 'unlimited-monthly', plan_expiry_date = now() + interval '30 days' where id = $1`,
    [accountId],
  );
}
