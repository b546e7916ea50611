import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Which server processes are alive, for work a process claims and another takes over when it dies (an
 * in-flight checkout's idempotency claim). Each opened database is one process start with an id of its
 * own. On PostgreSQL the process holds a session advisory lock on its id on a connection of its own: the
 * server drops the lock the moment that connection ends, which a killed process's does. On PGlite the
 * database belongs to one process: every other id is of a process that is gone.
 */
export type ProcessLiveness = {
  /** This process's id, once other processes can see that it is alive. */
  self(): Promise<string>;
  isAlive(id: string): Promise<boolean>;
  close(): Promise<void>;
};

export function pgliteLiveness(): ProcessLiveness {
  const id = randomUUID();
  return {
    self: async () => id,
    isAlive: async (other) => other === id,
    close: async () => {},
  };
}

/** The advisory locks' first key (any fixed int4): the second is the process's id. */
const LOCK_NAMESPACE = 0x46570001;

export function postgresLiveness(url: string, pool: pg.Pool): ProcessLiveness {
  const key = randomInt(1, 2 ** 31 - 1);
  const id = String(key);
  let client: pg.Client | null = null;
  let holding: Promise<void> | null = null;
  let closed = false;

  // A lost connection is taken again on the next claim; until then, others see this process as gone.
  const hold = () => {
    holding ??= (async () => {
      const candidate = new pg.Client({
        connectionString: url,
        application_name: `funnelwork process ${id}`,
      });
      const lost = () => {
        if (client !== candidate) return;
        client = null;
        holding = null;
      };
      candidate.on('error', lost);
      candidate.on('end', lost);
      await candidate.connect();
      await candidate.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, key]);
      client = candidate;
      if (closed) await candidate.end();
    })().catch((error: unknown) => {
      holding = null;
      throw error;
    });
    return holding;
  };

  return {
    async self() {
      await hold();
      return id;
    },
    async isAlive(other) {
      if (other === id) return true;
      if (!/^\d{1,10}$/.test(other)) return false;
      const { rows } = await pool.query<{ alive: boolean }>(
        `select exists (
           select 1 from pg_locks
           where locktype = 'advisory' and granted and objsubid = 2
             and database = (select oid from pg_database where datname = current_database())
             and classid = $1::bigint::oid and objid = $2::bigint::oid
         ) as alive`,
        [LOCK_NAMESPACE, other],
      );
      return rows[0]?.alive === true;
    },
    async close() {
      closed = true;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
