import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
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
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every module uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type Database = {
  db: Db;
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
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null /* null: in memory */ };

const here = path.dirname(fileURLToPath(import.meta.url));
/** Source layout (src/db) and bundled layout (dist) keep migrations and the worker beside this code. */
function resolveAsset(name: string): string {
  const candidates = [path.join(here, name), path.join(here, 'db', name)];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`Cannot find ${name} next to ${here}`);
  return found;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? createPostgres(options.url) : createPglite(options.dataDir);
}

async function createPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    /* idle client errors are reported on the next query */
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    copyOut: async function* (query, options) {
      const client = await pool.connect();
      try {
        const stream = client.query(copyTo(`copy (${query}) to stdout with (${options})`));
        for await (const chunk of stream) yield chunk as Uint8Array;
        return stream.rowCount;
      } finally {
        client.release();
      }
    },
    migrate: () => migrateNodePg(db as never, { migrationsFolder: resolveAsset('migrations') }),
    close: () => pool.end(),
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

async function createPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(resolveAsset('pglite-worker.js'), { workerData: { dataDir } });
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

  const send = (
    op: 'query' | 'exec' | 'copy' | 'close',
    sql = '',
    params: unknown[] = [],
    rowMode = 'object',
  ) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (workerFailure) return reject(workerFailure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params, rowMode });
    });

  // PGlite is one connection: while a transaction is open, only its own queries may reach it.
  let transactionDone: Promise<void> = Promise.resolve();
  const insideTransaction = new AsyncLocalStorage<true>();
  const outsideTransaction = async <T>(run: () => Promise<T>): Promise<T> => {
    if (insideTransaction.getStore()) {
      throw new Error('A query outside the open transaction would wait for it forever: use the tx handle');
    }
    let current: Promise<void>;
    do {
      current = transactionDone;
      await current;
    } while (current !== transactionDone);
    return run();
  };

  const callback =
    (inTransaction: boolean): RemoteCallback =>
    async (sql, params, method) => {
      const run = async () => ({
        rows: await send('query', sql, params, method === 'all' ? 'array' : 'object'),
      });
      return inTransaction ? run() : outsideTransaction(run);
    };

  const db = drizzleProxy(callback(false), { schema }) as unknown as Db;

  const transaction = async <T>(body: (tx: Db) => Promise<T>): Promise<T> => {
    if (insideTransaction.getStore()) throw new Error('Nested transactions are not supported');
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Take the lock: wait for the transaction before us, then publish ours.
    let previous: Promise<void>;
    do {
      previous = transactionDone;
      await previous;
    } while (previous !== transactionDone);
    transactionDone = mine;
    try {
      const tx = drizzleProxy(callback(true), { schema }) as unknown as Db & { rollback(): never };
      tx.rollback = () => {
        throw new TransactionRollbackError();
      };
      await send('query', 'begin');
      try {
        const result = await insideTransaction.run(true, () => body(tx));
        await send('query', 'commit');
        return result;
      } catch (error) {
        await send('query', 'rollback');
        throw error;
      }
    } finally {
      release();
    }
  };
  (db as unknown as { transaction: typeof transaction }).transaction = transaction;

  const executeSql: SqlExecutor = (text, values) =>
    outsideTransaction(async () => {
      const rows = values && values.length > 0 ? await send('query', text, values) : await send('exec', text);
      return { rows: rows as Record<string, unknown>[] };
    });

  return {
    db,
    kind: 'pglite',
    executeSql,
    copyOut: async function* (query, options) {
      const sql = `copy (${query}) to '/dev/blob' with (${options})`;
      const answer = (await outsideTransaction(() => send('copy', sql))) as unknown as {
        bytes: Uint8Array;
        affectedRows: number;
      };
      yield answer.bytes;
      return answer.affectedRows;
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
    close: async () => {
      await outsideTransaction(() => send('close'));
      await worker.terminate();
    },
  };
}

/** Rows of a raw `db.execute(sql...)`, which node-postgres wraps in a result and pg-proxy does not. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
