import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { createDatabase, type Database, type Db } from '../db/client.ts';
import { members, users } from '../db/schema/index.ts';
import type { GatewayRegistry } from '../gateways/registry.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import type { HostResolver } from '../net/safe-fetch.ts';
import { opensDatabase } from './database-tests.ts';

/** API tests run on embedded PGlite; `TEST_DATABASE=postgres` runs them on DATABASE_URL's server too. */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = Database & {
  drop(): Promise<void>;
  /** A PostgreSQL test database's address (another process may open it too). */
  url?: string;
  /** An on-disk PGlite test database's DATA_DIR: the database is in its `pglite` folder, as a server keeps it. */
  dataDir?: string;
  /** The same database opened again after `close()` (a restart); the new handle's `drop` removes it. */
  reopen?(): Promise<TestDatabase>;
};

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
/** The PGlite the server depends on: a tarball of another version's data directory is not used. */
const PGLITE_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(migrationsDir, '../../../package.json'), 'utf8'),
).dependencies['@electric-sql/pglite'];
/** The advisory lock under which one worker builds the PostgreSQL template ('fwtp' in ASCII). */
const TEMPLATE_LOCK_KEY = 0x66777470;

/**
 * The migrations' fingerprint (every file under db/migrations, and the PGlite version): a migrated
 * template made from other migrations is never used.
 */
function migrationsKey(): string {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((x, y) => x.name.localeCompare(y.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

let pgliteSnapshot: Promise<string> | undefined;

/**
 * A tarball of a migrated PGlite database, made once per set of migrations and kept in the temp folder:
 * each test file starts from it instead of running every migration again (seconds per file).
 */
function migratedPgliteSnapshot(): Promise<string> {
  pgliteSnapshot ??= (async () => {
    const file = path.join(os.tmpdir(), `funnelwork-test-pglite-${migrationsKey()}.tar`);
    if (fs.existsSync(file)) return file;
    const database = await createDatabase({ kind: 'pglite', dataDir: null, maintenance: false });
    await database.migrate();
    const bytes = await (database.dumpDataDir as () => Promise<Uint8Array>)();
    await database.close();
    // Written aside and renamed: a test file in another worker never reads half a tarball.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return file;
  })();
  return pgliteSnapshot;
}

/**
 * A migrated database on the server to copy (`create database … template`), made once per set of
 * migrations under an advisory lock, so workers that start together build it once.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const template = `funnelwork_template_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await createDatabase({ kind: 'postgres', url: url.toString() });
      await database.migrate();
      await database.close();
      await admin.query(`alter database ${building} rename to ${template}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
  return template;
}

/**
 * Under Vitest, a test file that database-tests.ts does not see opening a database fails here: the
 * PostgreSQL run, which runs only the files it names, would leave it out without a word.
 */
async function refuseUnlistedTestFile(): Promise<void> {
  if (!process.env.VITEST) return;
  const { expect } = await import('vitest');
  const file = expect.getState().testPath;
  if (file && !opensDatabase(file))
    throw new Error(
      `${file} opens a database by a way apps/server/src/test/database-tests.ts does not know: teach it that way`,
    );
}

/**
 * A fresh migrated database: in memory, or a PostgreSQL database of its own that `drop()` removes.
 * `onDisk`: PGlite in a data directory of its own instead of memory, so it can be reopened (PostgreSQL
 * always can).
 */
export async function createTestDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  await refuseUnlistedTestFile();
  if (testDatabaseKind === 'pglite') {
    const dataDir = options.onDisk ? fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-test-db-')) : null;
    return openPgliteTestDatabase(dataDir, await migratedPgliteSnapshot());
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const template = await migratedPostgresTemplate(serverUrl);
  const name = `funnelwork_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  // A commit need not wait for its WAL to reach the disk here (about 5 ms each on this machine class):
  // a test database outlives no server crash. Every connection to it, servers spawned by tests included.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  return openPostgresTestDatabase(serverUrl, name);
}

/** A test database holds little data: smaller buffers start it quicker (db/client.ts, `sharedBuffers`). */
const TEST_SHARED_BUFFERS = '16MB';

/** `dataDir` null: in memory. `snapshot`: the migrated tarball a new database starts from. */
async function openPgliteTestDatabase(dataDir: string | null, snapshot?: string): Promise<TestDatabase> {
  // No maintenance timer: an analyze at a random moment would change the plans tests look at.
  const database = await createDatabase({
    kind: 'pglite',
    dataDir: dataDir === null ? null : path.join(dataDir, 'pglite'),
    maintenance: false,
    loadDataDir: snapshot,
    sharedBuffers: TEST_SHARED_BUFFERS,
  });
  if (dataDir === null) return { ...database, drop: () => database.close() };
  return {
    ...database,
    dataDir,
    drop: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    reopen: () => openPgliteTestDatabase(dataDir),
  };
}

async function openPostgresTestDatabase(serverUrl: string, name: string): Promise<TestDatabase> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
    reopen: () => openPostgresTestDatabase(serverUrl, name),
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  queue: JobQueue;
  config: Config;
  close(): Promise<void>;
  /**
   * A restart: closes the app, its queue and its connections, keeping the database (an `onDisk` one on
   * PGlite), and starts a new app on it with these options over the first ones (a later `clock`).
   */
  restart(options?: TestAppOptions): Promise<TestApp>;
};

type TestAppOptions = {
  config?: Partial<Config>;
  startQueue?: boolean;
  gateways?: GatewayRegistry;
  /** Where the app's log lines go (a test that reads them sets `logLevel` too). */
  logStream?: NodeJS.WritableStream;
  /** How outgoing calls resolve host names (tests give made-up public names an address). */
  resolveHost?: HostResolver;
  /** The automations engine's time (its waits and sweeps): a restart test moves it on. */
  clock?: () => Date;
  /** The time of sign-in, sign-up and password-reset limits and reset codes (a limit's test moves it). */
  accountsClock?: () => Date;
};

export async function createTestApp(
  options: TestAppOptions & {
    /**
     * Another app's database, opened again (a second process of one deployment, PostgreSQL): this app's
     * `close` closes its connections and leaves the database.
     */
    sharing?: TestDatabase;
    /** PGlite in a data directory instead of memory, so `restart` can open it again. */
    onDisk?: boolean;
  } = {},
): Promise<TestApp> {
  const shared = options.sharing;
  const database: TestDatabase = shared
    ? await (async () => {
        if (!shared.url) throw new Error('only a PostgreSQL test database is shared');
        const opened = await createDatabase({ kind: 'postgres', url: shared.url });
        return { ...opened, url: shared.url, drop: () => opened.close() };
      })()
    : await createTestDatabase({ onDisk: options.onDisk });
  return startTestApp(database, options);
}

async function startTestApp(database: TestDatabase, options: TestAppOptions): Promise<TestApp> {
  const config = testConfig(options.config);
  const queue = createJobQueue(database, {
    pollingIntervalSeconds: 0.5,
    role: config.processRole,
    jobExpirySeconds: config.jobExpirySeconds,
  });
  const app = await buildApp({
    config,
    database,
    queue,
    gateways: options.gateways,
    logStream: options.logStream,
    resolveHost: options.resolveHost,
    clock: options.clock,
    accountsClock: options.accountsClock,
  });
  await app.ready();
  databaseOfApp.set(app, database.db);
  if (options.startQueue) await queue.start();
  const stop = async () => {
    await app.close();
    // Also a queue the test started itself: left running, its pollers would meet the closed database.
    await queue.stop();
  };
  return {
    app,
    database,
    queue,
    config,
    close: async () => {
      await stop();
      await database.drop();
    },
    restart: async (next = {}) => {
      if (!database.reopen) throw new Error('only an onDisk or PostgreSQL test database outlives a restart');
      await stop();
      await database.close();
      return startTestApp(await database.reopen(), { ...options, ...next });
    },
  };
}

/** Each test app's database, for the helpers below that read what an answer does not say. */
const databaseOfApp = new WeakMap<FastifyInstance, Db>();

/** A new owner's ids: from the database of an app made here, else from `me` with their token. */
async function idsOf(app: FastifyInstance, email: string, token: () => Promise<string>) {
  const db = databaseOfApp.get(app);
  if (db) {
    const [row] = await db
      .select({ userId: users.id, accountId: members.accountId })
      .from(users)
      .innerJoin(members, eq(members.userId, users.id))
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (!row) throw new Error(`no account was made for ${email}`);
    return row;
  }
  const me = await app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${await token()}` },
  });
  const { id, account_id } = me.json().data as { id: number; account_id: number };
  return { userId: id, accountId: account_id };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++counter}@example.test`;

/** Signs up a new owner and signs in: a token with its single account already selected. */
export async function signUpOwner(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; account_name?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail('owner');
  const password = overrides.password ?? 'correct horse battery';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: {
      data: {
        email,
        password,
        first_name: 'Olive',
        last_name: 'Owner',
        account_name: overrides.account_name ?? 'Olive Shop',
      },
    },
  });
  if (signUp.statusCode !== 201) throw new Error(`signup failed: ${signUp.body}`);
  // The sign-up's answer names no ids (it is the same for a taken e-mail): they are read from the
  // database before signing in, so a test's session clock starts with the token it gets.
  const { userId, accountId } = await idsOf(app, email, () => signIn(app, email, password));
  const token = await signIn(app, email, password);
  return { email, password, userId, accountId, token, auth: { authorization: `Bearer ${token}` } };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  ip = '127.0.0.1',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`sign in failed: ${res.body}`);
  return res.json().access_token as string;
}

/** Waits until every job of kind `name` sent so far is done (completed or failed), on a started queue. */
export async function jobsDone(t: TestApp, name: string, ms = 20_000): Promise<void> {
  await waitFor(async () => {
    const { rows } = await t.database.executeSql(
      `select count(*)::int as waiting from pgboss.job where name = $1 and state not in ('completed', 'failed')`,
      [name],
    );
    return (rows[0] as { waiting: number }).waiting === 0 ? true : undefined;
  }, ms);
}

/** Polls `find` (sync or async) every 100 ms until it answers something, or fails after `ms`. */
export async function waitFor<T>(
  find: () => T | undefined | Promise<T | undefined>,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`nothing came within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
