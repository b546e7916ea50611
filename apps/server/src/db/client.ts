import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TransactionRollbackError } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleProxy, type RemoteCallback } from 'drizzle-orm/pg-proxy';
import { migrate as migrateProxy } from 'drizzle-orm/pg-proxy/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { checkpointIfDue, MAINTENANCE_MS, type MaintenanceResult, maintainTables } from './maintenance.ts';
import { type ProcessLiveness, pgliteLiveness, postgresLiveness } from './process-liveness.ts';
import { createReplica, type ReplicaOptions, type ReplicaState } from './replica.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every module uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Set while a request is being served (app.ts's first onRequest hook): on the embedded database its
 * statements and transactions go to the one connection before background work's (jobs, the outbox,
 * timers), so a shopper's checkout does not queue behind e-mails. PostgreSQL serves both side by side.
 */
export const foregroundWork = new AsyncLocalStorage<true>();

/** Where a PGlite transaction handle keeps its own raw executor (see `executorOf`). */
const RAW_EXECUTOR = Symbol('raw executor');

/**
 * Runs SQL text with `$n` parameters on a transaction's own connection: for a library that takes an
 * executor (pg-boss's `db` option), so its statement commits or rolls back with the transaction.
 */
export function executorOf(tx: Db): SqlExecutor {
  const own = (tx as unknown as { [RAW_EXECUTOR]?: SqlExecutor })[RAW_EXECUTOR];
  if (own) return own;
  // node-postgres: drizzle's transaction session holds the pool client the transaction runs on.
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('not a transaction handle');
  return async (text, values) => {
    const result = await client.query(text, values);
    return { rows: result.rows };
  };
}

export type Database = {
  db: Db;
  /**
   * The analytics reads' own connections (DATABASE_REPORTS_POOL_MAX, default 2) on PostgreSQL, so that
   * Dashboards polling at once queue for these and never hold the connections and server cores that
   * published pages and checkouts need. The same `db` on PGlite (one connection, requests interleave).
   */
  reports: Db;
  /**
   * Reads that may be a moment behind (the customers and orders lists, search): on a streaming replica
   * when DATABASE_REPLICA_URL is set and its lag is within DATABASE_REPLICA_MAX_LAG_MS, else the same
   * connections as `db` (replica.ts). `reports`, `copyOut` and `forEachRawRow` go the same way. Never a
   * write, nor a read that must see the request's own writes.
   */
  reads: Db;
  /** Which server processes are alive: a checkout claim of a dead one is taken over at once. */
  liveness: ProcessLiveness;
  /** With a replica: where `reads` go now, and its lag as last measured (null: not known). */
  readsFrom?(): ReplicaState;
  /**
   * A connection of its own on PostgreSQL for short writes that must not queue behind the pool's work (an
   * e-mail's 'sent' mark, written as soon as the SMTP server accepts it). The same `db` on PGlite.
   */
  marks: Db;
  kind: DatabaseKind;
  /** Raw SQL for pg-boss and migrations: statements without values may hold several commands. */
  executeSql: SqlExecutor;
  /**
   * `COPY (query) TO STDOUT WITH (options)`'s bytes. PostgreSQL streams them in chunks
   * (pg-copy-streams, one statement, flat memory); PGlite answers one buffer (`COPY … TO
   * '/dev/blob'`), so callers there keep each query's output small (keyset batches). COPY takes no
   * bind parameters: `query` must inline only values the caller has validated (numbers). The
   * generator's return value is the number of rows copied.
   */
  copyOut(query: string, options: string): AsyncGenerator<Uint8Array, number>;
  /**
   * Calls `onRow` with each row of a query as the database's text output of its columns, undecoded
   * (`RawRow`; `fieldText` decodes one), and answers the row count. On PGlite the worker sends the raw
   * wire bytes and this thread walks them (`forEachDataRow`), so a bulk read costs the database thread
   * only the query and its output, and a caller that writes bytes (the export) never makes a string
   * per field.
   */
  forEachRawRow(query: string, onRow: OnRawRow): Promise<number>;
  /**
   * Vacuums and analyzes the tables that need it by PostgreSQL's autovacuum rules, and checkpoints when
   * the checkpointer would. The PostgreSQL server's own autovacuum and checkpointer do this there
   * (nothing to do); PGlite has neither, so its database runs this every MAINTENANCE_MS by itself
   * (maintenance.ts).
   */
  maintain(): Promise<MaintenanceResult>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process on the same PostgreSQL database runs its own (a session
   * advisory lock): processes started together migrate and seed one after the other. PGlite belongs to one
   * process: it just runs it.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Other server processes' messages on a channel (`LISTEN` on one connection of its own, which comes back
   * after a lost connection; `onReconnect` then says messages may have been missed). Null on PGlite: the
   * embedded database belongs to one process, so there is nobody to hear from.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener | null>;
  /** PostgreSQL only: each pool's connections now (for /metrics): open, idle, and requests waiting for one. */
  poolStats?(): PoolStats[];
  /** PGlite only: the whole data directory as an uncompressed tarball (`loadDataDir` starts from it). */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
};

export type PoolStats = { pool: string; max: number; total: number; idle: number; waiting: number };

export type ListenHandlers = {
  onMessage: (payload: string) => void;
  onReconnect: () => void;
  onError: (error: Error) => void;
};
export type Listener = { close(): Promise<void> };

/** The advisory lock of boot's migrations and seed (any fixed number; 'fw' in ASCII). */
const BOOT_LOCK_KEY = 0x6677;

/** How long a lost listening connection waits before it tries again, doubling up to the last. */
const LISTEN_RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

export type TextRow = Array<string | null>;

export type OnRawRow = (row: RawRow) => void;

/**
 * One row as the database's text output of each column, in UTF-8: field i is
 * `bytes[fields[2i], fields[2i + 1])`, or NULL when `fields[2i]` is -1. The row and its arrays are reused
 * for every row of a query: valid only during the call that receives it.
 */
export type RawRow = { bytes: Uint8Array; fields: Int32Array; count: number };

/** The text of field `i` of a raw row; null for NULL. */
export function fieldText(row: RawRow, i: number): string | null {
  const start = row.fields[2 * i] as number;
  if (start < 0) return null;
  const { buffer, byteOffset } = row.bytes;
  return Buffer.from(buffer, byteOffset + start, (row.fields[2 * i + 1] as number) - start).toString('utf8');
}

/** Every field of a raw row as text. */
export const textRow = (row: RawRow): TextRow =>
  Array.from({ length: row.count }, (_, i) => fieldText(row, i));

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /** Connections this process's pool opens at most (default 10; DATABASE_POOL_MAX). */
      poolMax?: number;
      /** Connections the analytics reads' pool opens at most (default 2; DATABASE_REPORTS_POOL_MAX). */
      reportsPoolMax?: number;
      /** A streaming replica for `reads`, `reports` and the export (DATABASE_REPLICA_URL). */
      replica?: ReplicaOptions;
    }
  | {
      kind: 'pglite';
      dataDir: string | null /* null: in memory */;
      /** Autovacuum's work every MAINTENANCE_MS (default true; tests run `maintain()` themselves). */
      maintenance?: boolean;
      /** A tarball written by `dumpDataDir()` to start from (tests start from one migrated database). */
      loadDataDir?: string;
      /**
       * PostgreSQL's `shared_buffers` (PGlite's own default: 128MB). Tests start a database per file, and
       * one with 16MB starts in about a second less of CPU.
       */
      sharedBuffers?: string;
    };

const here = path.dirname(fileURLToPath(import.meta.url));
/** Source layout (src/db) and bundled layout (dist) keep migrations and the worker beside this code. */
function resolveAsset(name: string): string {
  const candidates = [path.join(here, name), path.join(here, 'db', name)];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`Cannot find ${name} next to ${here}`);
  return found;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? createPostgres(options.url, options.poolMax, options.reportsPoolMax, options.replica)
    : createPglite(options.dataDir, options.maintenance ?? true, options.loadDataDir, options.sharedBuffers);
}

/** The application_name of the analytics reads' connections (pg_stat_activity tells them apart). */
export const REPORTS_APPLICATION = 'funnelwork reports';

/**
 * `COPY (query) TO STDOUT WITH (options)` on a connection of `pool`, streamed (pg-copy-streams). A COPY its
 * caller leaves before the end is stopped (stopCopy) before its connection goes back to the pool.
 */
export async function* copyOutOf(
  pool: Pick<pg.Pool, 'connect'>,
  query: string,
  options: string,
): AsyncGenerator<Uint8Array, number> {
  const client = await pool.connect();
  let healthy = true;
  try {
    const stream = client.query(copyTo(`copy (${query}) to stdout with (${options})`));
    try {
      // Not destroyed when the caller stops early: the rest must still be read (see stopCopy).
      for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk as Uint8Array;
      return stream.rowCount;
    } finally {
      if (!stream.destroyed && !stream.readableEnded) healthy = await stopCopy(client, stream);
    }
  } finally {
    client.release(healthy ? undefined : new Error('COPY left before its end'));
  }
}

/**
 * Ends a COPY its caller left before the end. pg-copy-streams reads the connection only as its reader
 * asks, so a COPY nobody reads any more never reaches its end, and its connection, handed back to the pool,
 * would wait forever (seen in CI). The server is asked to cancel it (PostgreSQL's cancel request, on a
 * connection of its own), and what it had sent already is read and dropped: the connection is then ready
 * for the next query. False when that did not happen within 10 s: the connection is closed instead.
 */
async function stopCopy(client: pg.PoolClient, stream: NodeJS.ReadableStream & { destroyed: boolean }) {
  const ended = new Promise<boolean>((resolve) => {
    stream.once('end', () => resolve(true));
    stream.once('error', () => resolve(true));
    setTimeout(() => resolve(false), 10_000).unref();
  });
  stream.resume();
  const { host, port, processID, secretKey } = client as unknown as {
    host: string;
    port: number;
    processID: number;
    secretKey: number;
  };
  // pg's own connection class, whose cancel request @types/pg does not declare.
  const canceller = new pg.Connection() as unknown as {
    on(event: 'error' | 'connect', listener: () => void): void;
    connect(portOrPath: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
  };
  canceller.on('error', () => {});
  canceller.on('connect', () => canceller.cancel(processID, secretKey));
  if (host.startsWith('/')) canceller.connect(`${host}/.s.PGSQL.${port}`);
  else canceller.connect(port, host);
  return ended;
}

async function createPostgres(
  url: string,
  poolMax = 10,
  reportsPoolMax = 2,
  replicaOptions?: ReplicaOptions,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const reportsPool = new pg.Pool({
    connectionString: url,
    max: reportsPoolMax,
    application_name: REPORTS_APPLICATION,
  });
  const marksPool = new pg.Pool({ connectionString: url, max: 1, application_name: 'funnelwork marks' });
  const replica = replicaOptions ? createReplica(replicaOptions, { poolMax, reportsPoolMax }) : null;
  for (const one of [pool, reportsPool, marksPool])
    one.on('error', () => {
      /* idle client errors are reported on the next query */
    });
  // Without a replica, reads go to the primary's own pools.
  const readsPool = replica ? replica.route(replica.pool, pool) : pool;
  const reportsReadsPool = replica ? replica.route(replica.reportsPool, reportsPool) : reportsPool;
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const liveness = postgresLiveness(url, pool);
  return {
    db,
    liveness,
    reports: drizzleNodePg(reportsReadsPool, { schema }) as unknown as Db,
    reads: replica ? (drizzleNodePg(readsPool, { schema }) as unknown as Db) : db,
    readsFrom: replica ? () => replica.state() : undefined,
    marks: drizzleNodePg(marksPool, { schema }) as unknown as Db,
    kind: 'postgres',
    poolStats: () =>
      (
        [
          ['main', pool, poolMax],
          ['reports', reportsPool, reportsPoolMax],
          ['marks', marksPool, 1],
          ...(replica
            ? ([
                ['replica', replica.pool, poolMax],
                ['replica_reports', replica.reportsPool, reportsPoolMax],
              ] as const)
            : []),
        ] as const
      ).map(([name, one, max]) => ({
        pool: name,
        max,
        total: one.totalCount,
        idle: one.idleCount,
        waiting: one.waitingCount,
      })),
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    copyOut: (query, options) => copyOutOf(readsPool, query, options),
    forEachRawRow: async (query, onRow) => {
      const answer = await readsPool.query<TextRow>({
        text: query,
        rowMode: 'array',
        types: { getTypeParser: () => (value: string) => value },
      });
      // node-postgres hands out strings: each row's fields are written back to UTF-8 bytes.
      let fields = new Int32Array(0);
      for (const values of answer.rows) {
        if (fields.length < 2 * values.length) fields = new Int32Array(2 * values.length);
        const bytes = Buffer.allocUnsafe(
          values.reduce((n, v) => n + (v === null ? 0 : Buffer.byteLength(v)), 0),
        );
        let at = 0;
        values.forEach((value, i) => {
          fields[2 * i] = value === null ? -1 : at;
          if (value !== null) at += bytes.write(value, at, 'utf8');
          fields[2 * i + 1] = at;
        });
        onRow({ bytes, fields, count: values.length });
      }
      return answer.rows.length;
    },
    maintain: async () => ({ vacuumed: [], analyzed: [] }),
    migrate: () => migrateNodePg(db as never, { migrationsFolder: resolveAsset('migrations') }),
    exclusively: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: async () => {
      await liveness.close();
      await Promise.all([pool.end(), reportsPool.end(), marksPool.end(), replica?.close()]);
    },
  };
}

async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const candidate = new pg.Client({ connectionString: url, application_name: `funnelwork ${channel}` });
    candidate.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    // Only the connection in use reconnects when it is lost; a failed attempt is retried by its caller.
    const onLost = (error?: Error) => {
      if (client !== candidate || closed) return;
      client = null;
      if (error) handlers.onError(error);
      candidate.end().catch(() => {});
      scheduleReconnect();
    };
    candidate.on('error', onLost);
    candidate.on('end', () => onLost());
    try {
      await candidate.connect();
      await candidate.query(`listen ${channel}`);
    } catch (error) {
      candidate.end().catch(() => {});
      throw error;
    }
    if (closed) await candidate.end().catch(() => {});
    else client = candidate;
  };
  const scheduleReconnect = () => {
    const wait = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)] as number;
    failures++;
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          if (!closed) handlers.onReconnect();
        },
        (error: Error) => {
          if (closed) return;
          handlers.onError(error);
          scheduleReconnect();
        },
      );
    }, wait);
    retry.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

type WorkerAnswer = {
  id: number;
  rows?: unknown[];
  bytes?: Uint8Array;
  affectedRows?: number;
  error?: Record<string, unknown>;
  ready?: boolean;
};

/** An error from PGlite with the same fields node-postgres gives (code, constraint, detail). */
export class DatabaseError extends Error {
  code?: string;
  constraint?: string;
  detail?: string;
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message));
    Object.assign(this, fields);
    this.name = 'DatabaseError';
  }
}

let pgliteWasm: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's 9 MB WebAssembly, compiled once per process and handed to each database's worker: a worker
 * that compiles it itself spends about a second of CPU on it (and tiers it up again), and a test run
 * opens a database per test file (docs/decisions/codebase-and-ci.md, "Tests").
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  pgliteWasm ??= fs.promises
    .readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  return pgliteWasm;
}

async function createPglite(
  dataDir: string | null,
  maintenance: boolean,
  loadDataDir?: string,
  sharedBuffers?: string,
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const wasmModule = await pgliteWasmModule();
  const worker = new Worker(resolveAsset('pglite-worker.js'), {
    workerData: { dataDir, loadDataDir, wasmModule, sharedBuffers },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let workerFailure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (msg: WorkerAnswer) => {
      if (msg.ready) return resolve();
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (msg.error) waiting.reject(new DatabaseError(msg.error));
      else if (msg.bytes) waiting.resolve(msg as never);
      else waiting.resolve(msg.rows ?? []);
    });
  });
  worker.on('error', (error) => {
    workerFailure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });

  type Op = 'query' | 'exec' | 'copy' | 'wire' | 'dump' | 'close';
  /** Statements in the worker now: a request's next one is already waiting there when one finishes. */
  const PIPELINE = 2;
  let inWorker = 0;
  /** A transaction holds the one connection: only its own statements go to the worker meanwhile. */
  let transactionOpen = false;
  /** Who waits for the connection, a request's statements and transactions before background work's. */
  const lanes = { request: [] as Array<() => void>, background: [] as Array<() => void> };
  const pump = () => {
    while (!transactionOpen && inWorker < PIPELINE) {
      // Background work has one statement in the worker at a time: a request's waits for that one at most.
      const next = lanes.request.shift() ?? (inWorker === 0 ? lanes.background.shift() : undefined);
      if (!next) return;
      next();
    }
  };
  const post = (op: Op, sql: string, params: unknown[], rowMode: string, begin: boolean) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (workerFailure) return reject(workerFailure);
      const id = nextId++;
      inWorker += 1;
      const done = () => {
        inWorker -= 1;
        pump();
      };
      pending.set(id, {
        resolve: (rows) => {
          done();
          resolve(rows);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      worker.postMessage({ id, op, sql, params, rowMode, begin });
    });
  /** Waits in the caller's lane (a request's or background work's); `take` runs when its turn comes. */
  const turn = (take: () => void) =>
    new Promise<void>((resolve) => {
      (foregroundWork.getStore() ? lanes.request : lanes.background).push(() => {
        take();
        resolve();
      });
      pump();
    });
  // PGlite is one connection: while a transaction is open, only its own queries may reach it.
  const insideTransaction = new AsyncLocalStorage<true>();
  const send = async (op: Op, sql = '', params: unknown[] = [], rowMode = 'object') => {
    if (insideTransaction.getStore()) {
      throw new Error('A query outside the open transaction would wait for it forever: use the tx handle');
    }
    // The turn is taken and the statement posted in one step, so no transaction can start in between.
    let answer!: Promise<unknown[]>;
    await turn(() => {
      answer = post(op, sql, params, rowMode, false);
    });
    return answer;
  };

  // The open transaction's BEGIN goes with its first statement (one message to the worker, not two).
  let beginPending = false;
  const callback =
    (inTransaction: boolean): RemoteCallback =>
    async (sql, params, method) => {
      const rowMode = method === 'all' ? 'array' : 'object';
      if (!inTransaction) return { rows: await send('query', sql, params, rowMode) };
      const begin = beginPending;
      beginPending = false;
      return { rows: await post('query', sql, params, rowMode, begin) };
    };

  const db = drizzleProxy(callback(false), { schema }) as unknown as Db;
  // One handle for every transaction (they run one at a time): building a drizzle instance with the
  // schema costs about 0.4 ms, more than the transaction's own statements on this database.
  const inTransaction = callback(true);
  const tx = drizzleProxy(inTransaction, { schema }) as unknown as Db & { rollback(): never };
  tx.rollback = () => {
    throw new TransactionRollbackError();
  };
  (tx as unknown as { [RAW_EXECUTOR]: SqlExecutor })[RAW_EXECUTOR] = async (text, values) => {
    const answer = await inTransaction(text, values ?? [], 'execute');
    return { rows: answer.rows as Record<string, unknown>[] };
  };

  const transaction = async <T>(body: (tx: Db) => Promise<T>): Promise<T> => {
    if (insideTransaction.getStore()) throw new Error('Nested transactions are not supported');
    // Take the connection: a turn in this caller's lane, then nobody else's statements until the end.
    await turn(() => {
      transactionOpen = true;
    });
    try {
      // BEGIN is sent with the first statement (none: nothing to commit); COMMIT and ROLLBACK in the
      // simple protocol (exec), half the work of a prepared statement in PGlite.
      beginPending = true;
      try {
        const result = await insideTransaction.run(true, () => body(tx));
        if (!beginPending) await post('exec', 'commit', [], 'object', false);
        return result;
      } catch (error) {
        if (!beginPending) await post('exec', 'rollback', [], 'object', false);
        throw error;
      } finally {
        beginPending = false;
      }
    } finally {
      transactionOpen = false;
      pump();
    }
  };
  (db as unknown as { transaction: typeof transaction }).transaction = transaction;

  const executeSql: SqlExecutor = async (text, values) => {
    const rows = values && values.length > 0 ? await send('query', text, values) : await send('exec', text);
    return { rows: rows as Record<string, unknown>[] };
  };

  // Autovacuum's and the checkpointer's work, which no PGlite process does by itself: one run at a
  // time, none after close.
  let closed = false;
  let maintaining: Promise<unknown> = Promise.resolve();
  const maintain = (): Promise<MaintenanceResult> => {
    const run = maintaining.then(async () => {
      if (closed) return { vacuumed: [], analyzed: [] };
      const tables = await maintainTables(executeSql);
      return { ...tables, checkpointed: await checkpointIfDue(executeSql) };
    });
    maintaining = run.catch(() => {});
    return run;
  };
  const maintenanceTimer = maintenance
    ? setInterval(() => {
        maintain().catch((error: unknown) => {
          if (!closed)
            process.emitWarning(`embedded database maintenance failed: ${(error as Error).message}`);
        });
      }, MAINTENANCE_MS).unref()
    : undefined;

  return {
    db,
    reports: db,
    reads: db,
    marks: db,
    kind: 'pglite',
    executeSql,
    copyOut: async function* (query, options) {
      const sql = `copy (${query}) to '/dev/blob' with (${options})`;
      const answer = (await send('copy', sql)) as unknown as {
        bytes: Uint8Array;
        affectedRows: number;
      };
      yield answer.bytes;
      return answer.affectedRows;
    },
    forEachRawRow: async (query, onRow) => {
      const answer = (await send('wire', query)) as unknown as {
        bytes: Uint8Array;
      };
      return forEachDataRow(answer.bytes, onRow);
    },
    migrate: () =>
      migrateProxy(
        db as never,
        async (queries) => {
          if (queries.length === 0) return;
          await executeSql(`begin;\n${queries.join(';\n')};\ncommit;`);
        },
        { migrationsFolder: resolveAsset('migrations') },
      ),
    maintain,
    liveness: pgliteLiveness(),
    exclusively: (work) => work(),
    listen: async () => null,
    dumpDataDir: async () => ((await send('dump')) as unknown as { bytes: Uint8Array }).bytes,
    close: async () => {
      closed = true;
      clearInterval(maintenanceTimer);
      await maintaining;
      await send('close');
      await worker.terminate();
    },
  };
}

/** Rows of a raw `db.execute(sql...)`, which node-postgres wraps in a result and pg-proxy does not. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Calls `onRow` with each row of a simple-query answer in PostgreSQL's wire protocol and answers their
 * count: each DataRow ('D': int32 length, int16 field count, then per field an int32 length, -1 for
 * NULL, and its bytes) as a `RawRow` over the answer's bytes, one row object reused for every row; an
 * ErrorResponse ('E') is thrown as a DatabaseError. Other messages (RowDescription, ReadyForQuery, notices) are skipped.
 */
export function forEachDataRow(bytes: Uint8Array, onRow: OnRawRow): number {
  const int32 = (at: number) =>
    ((bytes[at] as number) << 24) |
    ((bytes[at + 1] as number) << 16) |
    ((bytes[at + 2] as number) << 8) |
    (bytes[at + 3] as number);
  const row: RawRow = { bytes, fields: new Int32Array(64), count: 0 };
  let rows = 0;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const end = at + 1 + int32(at + 1);
    if (type === 0x44) {
      const count = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      if (row.fields.length < 2 * count) row.fields = new Int32Array(2 * count);
      const fields = row.fields;
      let field = at + 7;
      for (let i = 0; i < count; i++) {
        const length = int32(field);
        field += 4;
        if (length < 0) {
          fields[2 * i] = -1;
          fields[2 * i + 1] = -1;
          continue;
        }
        fields[2 * i] = field;
        field += length;
        fields[2 * i + 1] = field;
      }
      row.count = count;
      rows++;
      onRow(row);
    } else if (type === 0x45) {
      const body = Buffer.from(bytes.buffer, bytes.byteOffset + at + 5, end - at - 5);
      throw new DatabaseError(errorFields(body));
    }
    at = end;
  }
  return rows;
}

/** An ErrorResponse's fields (a code byte, then a NUL-terminated text, until a NUL code). */
function errorFields(body: Buffer): Record<string, unknown> {
  const names: Record<string, string> = { M: 'message', C: 'code', D: 'detail', n: 'constraint' };
  const fields: Record<string, unknown> = {};
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const code = String.fromCharCode(body[at] as number);
    const end = body.indexOf(0, at + 1);
    const name = names[code];
    if (name) fields[name] = body.toString('utf8', at + 1, end);
    at = end + 1;
  }
  return fields;
}
