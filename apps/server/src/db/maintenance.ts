import type { SqlExecutor } from './client.ts';

/**
 * PostgreSQL's autovacuum rules, with its default settings: the PGlite build runs one backend and no
 * autovacuum launcher, so nothing else would ever vacuum or analyze the embedded database. Without
 * it, dead rows of updated tables (orders, order counters, pg-boss jobs) are never reclaimed, the
 * visibility map is never set (index-only scans keep visiting the heap) and the planner never gets
 * statistics of the data (it plans a million orders as if the table were still new).
 */
export const AUTOVACUUM = {
  /** autovacuum_vacuum_threshold / _scale_factor: dead rows. */
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  /** autovacuum_vacuum_insert_threshold / _scale_factor: rows inserted since the last vacuum. */
  insertThreshold: 1000,
  insertScale: 0.2,
  /** autovacuum_analyze_threshold / _scale_factor: rows changed since the last analyze. */
  analyzeThreshold: 50,
  analyzeScale: 0.1,
} as const;

/** How often the embedded database looks for tables to vacuum (autovacuum_naptime is 1 min). */
export const MAINTENANCE_MS = 60_000;

export type MaintenanceResult = { vacuumed: string[]; analyzed: string[]; checkpointed?: boolean };

/**
 * Vacuums (with analyze) the tables past autovacuum's vacuum or insert threshold and analyzes those
 * past its analyze threshold, by the database's own statistics (pg_stat_user_tables), one statement
 * per table so other queries run between them. Answers the tables it treated, schema-qualified.
 */
export async function maintainTables(executeSql: SqlExecutor): Promise<MaintenanceResult> {
  const a = AUTOVACUUM;
  const { rows } = await executeSql(`
    select format('%I.%I', s.schemaname, s.relname) as name,
           s.n_dead_tup > ${a.vacuumThreshold} + ${a.vacuumScale} * greatest(c.reltuples, 0)
             or s.n_ins_since_vacuum > ${a.insertThreshold} + ${a.insertScale} * greatest(c.reltuples, 0) as vacuum,
           s.n_mod_since_analyze > ${a.analyzeThreshold} + ${a.analyzeScale} * greatest(c.reltuples, 0) as analyze
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     order by 1`);
  const result: MaintenanceResult = { vacuumed: [], analyzed: [] };
  for (const row of rows as Array<{ name: string; vacuum: boolean; analyze: boolean }>) {
    if (row.vacuum) {
      await executeSql(`vacuum (analyze) ${row.name}`);
      result.vacuumed.push(row.name);
    } else if (row.analyze) {
      await executeSql(`analyze ${row.name}`);
      result.analyzed.push(row.name);
    }
  }
  return result;
}

/**
 * The checkpointer's triggers at PostgreSQL's defaults (checkpoint_timeout 5 min, max_wal_size 1 GB, a
 * checkpoint due at about half of it). The PGlite build has no checkpointer either: without checkpoints
 * its write-ahead log is never recycled (13 GB after generating 10M page views for the analytics bench).
 */
export const CHECKPOINT = { timeoutSeconds: 300, walBytes: 512 * 1024 * 1024 } as const;

/**
 * Checkpoints when the log written since the last checkpoint passes `walBytes`, or when the last is older
 * than `timeoutSeconds` and anything was written since. Answers whether it checkpointed.
 */
export async function checkpointIfDue(
  executeSql: SqlExecutor,
  limits: { timeoutSeconds: number; walBytes: number } = CHECKPOINT,
): Promise<boolean> {
  const { rows } = await executeSql(`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as wal,
           extract(epoch from now() - checkpoint_time)::float8 as age
      from pg_control_checkpoint()`);
  const { wal, age } = rows[0] as { wal: number; age: number };
  // A checkpoint writes its own record: less than a page of log since then is no activity.
  const due = wal > limits.walBytes || (age > limits.timeoutSeconds && wal > 8192);
  if (due) await executeSql('checkpoint');
  return due;
}
