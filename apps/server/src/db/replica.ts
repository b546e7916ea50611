import pg from 'pg';

export type ReplicaOptions = {
  /** The streaming replica's address (DATABASE_REPLICA_URL). */
  url: string;
  /** Reads go back to the primary while the replica's lag is above this (DATABASE_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How long one lag measurement is trusted (default REPLICA_LAG_CHECK_MS). */
  checkEveryMs?: number;
};

export type ReplicaState = {
  /** Where reads go now. */
  from: 'replica' | 'primary';
  /** The replica's lag as last measured; null while it is not known (no replica, no answer). */
  lagMs: number | null;
};

/** How long one lag measurement stands: a read waits for a new one at most this often. */
export const REPLICA_LAG_CHECK_MS = 2_000;

/** application_name of the replica's connections (pg_stat_activity on the replica tells them apart). */
export const REPLICA_APPLICATION = 'funnelwork replica reads';

/**
 * The replica's lag in ms: 0 when it has replayed everything it received (an idle primary sends no new
 * commits, so the last replayed commit's age would read as lag), else the age of the last commit it
 * replayed. A server not in recovery (a promoted replica) has no lag. Null when nothing was replayed yet.
 */
const LAG_SQL = `select case
    when not pg_is_in_recovery() then 0
    when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
    else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000
  end::float8 as lag_ms`;

/**
 * The replica's pools and its lag monitor. `route(replicaPool, primaryPool)` is a pool (drizzle's
 * node-postgres driver takes it as one) that sends each query and connection to the replica while its
 * lag, measured at most `checkEveryMs` ago, is within `maxLagMs`, and to the primary otherwise. A query
 * the replica fails to answer for want of a connection, or cancels for a conflict with recovery, is
 * asked of the primary again (a read: safe to repeat), and the replica is skipped until the next
 * measurement.
 */
export function createReplica(options: ReplicaOptions, sizes: { poolMax: number; reportsPoolMax: number }) {
  const checkEveryMs = options.checkEveryMs ?? REPLICA_LAG_CHECK_MS;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: sizes.poolMax,
    application_name: REPLICA_APPLICATION,
  });
  const reportsPool = new pg.Pool({
    connectionString: options.url,
    max: sizes.reportsPoolMax,
    application_name: `${REPLICA_APPLICATION} (reports)`,
  });
  for (const one of [pool, reportsPool])
    one.on('error', () => {
      /* idle client errors are reported on the next query */
    });

  let lagMs: number | null = null;
  let measuredAt = 0;
  let measuring: Promise<void> | null = null;
  const measure = () => {
    measuring ??= pool
      .query<{ lag_ms: number | null }>(LAG_SQL)
      .then(
        (result) => {
          lagMs = result.rows[0]?.lag_ms ?? null;
        },
        () => {
          lagMs = null;
        },
      )
      .finally(() => {
        measuredAt = Date.now();
        measuring = null;
      });
    return measuring;
  };
  const usable = () => lagMs !== null && lagMs <= options.maxLagMs;
  /** The replica when its lag, measured at most checkEveryMs ago, is within the limit. */
  const replicaServes = async () => {
    if (Date.now() - measuredAt >= checkEveryMs) await measure();
    return usable();
  };
  const skipReplica = () => {
    lagMs = null;
    measuredAt = Date.now();
  };

  const route = (replicaPool: pg.Pool, primaryPool: pg.Pool): pg.Pool => {
    // drizzle's node-postgres session takes an object whose class name holds "Pool" as a pool.
    class ReplicaRoutedPool {
      async query(...args: unknown[]) {
        const run = (target: pg.Pool) => (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
        if (!(await replicaServes())) return run(primaryPool);
        try {
          return await run(replicaPool);
        } catch (error) {
          if (!retryOnPrimary(error)) throw error;
          skipReplica();
          return run(primaryPool);
        }
      }
      async connect() {
        if (!(await replicaServes())) return primaryPool.connect();
        try {
          return await replicaPool.connect();
        } catch {
          skipReplica();
          return primaryPool.connect();
        }
      }
    }
    // Only `query` and `connect` are used of it (drizzle, copyOut, forEachRawRow).
    return new ReplicaRoutedPool() as unknown as pg.Pool;
  };

  return {
    pool,
    reportsPool,
    route,
    state: (): ReplicaState => ({ from: usable() ? 'replica' : 'primary', lagMs }),
    close: async () => {
      await Promise.all([pool.end(), reportsPool.end()]);
    },
  };
}

/**
 * A read the replica could not serve: no connection (no SQLSTATE: refused, reset, timed out), the server
 * shutting down (class 57P), or a query cancelled for a conflict with recovery (40001 on a standby).
 */
function retryOnPrimary(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const code = error.code ?? '';
  return code.startsWith('57P') || code === '40001' || code.startsWith('08');
}
