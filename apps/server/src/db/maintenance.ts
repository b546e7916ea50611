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

export type MaintenanceResult = { vacuumed: string[]; analyzed: string[] };

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
