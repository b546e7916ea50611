import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_MAINTENANCE_SECONDS } from '../jobs/queue.ts';
import { exportOrdersJob } from '../modules/exports/exports.service.ts';
import { freePort, type ServerProcess, spawnServer, until } from './server-process.ts';

// Two server processes, as `npm start` runs them, on one PostgreSQL database (docs/architecture.md,
// "Growing past one machine"). Only the PostgreSQL run includes this file (vitest.config.ts).
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('two-servers.postgres.test.ts needs DATABASE_URL (TEST_DATABASE=postgres)');

/** What the issue asks of invalidations across processes. */
const WITHIN_MS = 1_000;
/** A short export expiry, so a killed process's export is taken over within the test's time. */
const EXPORT_EXPIRY_SECONDS = 15;
const ORDERS = 150_000;

type Server = ServerProcess & { dataDir: string };

describe('two server processes on one PostgreSQL database', () => {
  const databaseName = `funnelwork_two_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const gatewayKey = randomBytes(32).toString('base64');
  const servers: Server[] = [];
  let a: Server;
  let b: Server;

  async function start(name: string): Promise<Server> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `funnelwork-${name}-`));
    const server = Object.assign(
      spawnServer(name, port, {
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        GATEWAY_SECRET_KEY: gatewayKey,
        EXPORT_JOB_EXPIRY_SECONDS: String(EXPORT_EXPIRY_SECONDS),
      }),
      { dataDir },
    );
    servers.push(server);
    return server;
  }

  const call = (server: Server, method: string, url: string, token?: string, data?: unknown) =>
    fetch(`http://127.0.0.1:${server.port}/api/${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(data !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: data !== undefined ? JSON.stringify({ data }) : undefined,
    });

  async function json<T>(answer: Promise<Response>, status: number): Promise<T> {
    const response = await answer;
    const body = await response.text();
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${body}`);
    return (JSON.parse(body) as { data: T }).data;
  }

  async function signIn(server: Server, email: string, password: string): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const email = 'two-servers@example.test';
  const password = 'correct horse battery';
  let token: string;
  let accountId: number;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    // Started together on a fresh database: they migrate one after the other.
    [a, b] = await Promise.all([start('a'), start('b')]);
    await Promise.all([a.ready(), b.ready()]);

    await json<unknown>(
      call(a, 'POST', 'users/signup', undefined, {
        email,
        password,
        first_name: 'Tess',
        last_name: 'Two',
        account_name: 'Two Servers',
      }),
      201,
    );
    token = await signIn(a, email, password);
    // The sign-up answer names no ids (it reads the same for a taken e-mail): the account list does.
    const [account] = await json<Array<{ id: number }>>(call(a, 'GET', 'users/me/accounts', token), 200);
    accountId = account?.id as number;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('refuses a token on the other process within 1 s of signing out', async () => {
    const other = await signIn(a, email, password);
    // B checks the token once, which it then keeps in its session cache for 5 s.
    expect((await call(b, 'GET', 'users/me', other)).status).toBe(200);
    expect((await call(a, 'POST', 'users/sign_out', other)).status).toBe(200);
    await until(
      WITHIN_MS,
      async () => ((await call(b, 'GET', 'users/me', other)).status === 401 ? true : undefined),
      'B refuses the signed-out token',
    );
    // The session that did not sign out is still good on both.
    expect((await call(b, 'GET', 'users/me', token)).status).toBe(200);
  });

  it('serves a published change on the other process within 1 s', async () => {
    expect((await call(a, 'POST', 'change-subdomain', token, { subdomain: 'two-servers' })).status).toBe(200);
    const funnel = await json<{ id: number }>(
      call(a, 'POST', 'funnels', token, { name: 'Guide', funnel_type: 1, path: 'guide' }),
      201,
    );
    const step = await json<{ id: number; pages: Array<{ id: number }> }>(
      call(a, 'POST', `wfunnels/${funnel.id}/steps`, token, {
        name: 'Opt in',
        type: 5,
        url: 'free',
        template_id: 'landing-lead-magnet',
      }),
      201,
    );
    // Live for shoppers once published (issue 36), and each change once published again.
    await json(call(a, 'POST', `funnels/${funnel.id}/publish`, token), 200);
    const published = () =>
      fetch(`http://127.0.0.1:${b.port}/p/two-servers/guide/free`).then((response) => response.text());
    // B loads and keeps the account's published site (30 s without an invalidation).
    expect(await published()).toContain('7 proven steps to double your sales');
    const pageId = step.pages[0]?.id;
    await json(
      call(a, 'PATCH', `wfunnels/${funnel.id}/steps/${step.id}/pages/${pageId}`, token, {
        seo_title: 'The second edition',
      }),
      200,
    );
    await json(call(a, 'POST', `funnels/${funnel.id}/publish`, token), 200);
    await until(
      WITHIN_MS,
      async () => ((await published()).includes('<title>The second edition</title>') ? true : undefined),
      'B serves the new title',
    );
  });

  it('finishes on the surviving process an export whose process was killed with kill -9', async () => {
    const db = new pg.Client({ connectionString: databaseUrl.toString() });
    await db.connect();
    try {
      // A bulk load without the secondary indexes (search's trigram indexes make it minutes): the export
      // reads the orders by their primary key.
      const indexes = await db.query<{ name: string }>(
        `select indexname as name from pg_indexes where tablename = 'orders' and indexname not like '%_pkey'`,
      );
      for (const { name } of indexes.rows) await db.query(`drop index ${name}`);
      // Nor the analytics triggers (ten day-table upserts per order): this session loads rows as a restore
      // does, without triggers; the export reads only the orders.
      await db.query('set session_replication_role = replica');
      await db.query(
        `insert into orders (account_id, order_number, first_name, last_name, email, currency, amount_minor,
           items_count, gateway_id, reference, created_at, updated_at)
         select $1, (1000 + g)::text, 'First' || g, 'Last' || g, 'buyer' || g || '@example.test', 'USD',
           1000 + g % 9000, 1, 1, 'ref_' || g, now() - g * interval '1 second', now()
         from generate_series(1, ${ORDERS}) g`,
        [accountId],
      );
      await db.query('set session_replication_role = origin');
      const job = await json<{ id: number }>(
        call(a, 'POST', 'exports', token, { params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 } }),
        201,
      );
      // Whichever process took the job is writing its file: kill that one mid-export.
      const writing = (server: Server) => {
        const dir = path.join(server.dataDir, 'exports');
        return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
      };
      const runner = await until(
        10_000,
        async () => servers.find((server) => server.process.exitCode === null && writing(server)),
        'a process starts the export',
      );
      await runner.kill();
      const survivor = runner === a ? b : a;
      const row = await db.query<{ done: boolean }>('select done from export_jobs where id = $1', [job.id]);
      expect(row.rows[0]?.done, 'the export was still running when its process was killed').toBe(false);

      // Expiry, then pg-boss's maintenance fails it, the retry delay, and the survivor's next poll.
      const takeoverSeconds =
        EXPORT_EXPIRY_SECONDS + QUEUE_MAINTENANCE_SECONDS + (exportOrdersJob.options.retryDelay ?? 0) + 2;
      const done = await until(
        (takeoverSeconds + EXPORT_EXPIRY_SECONDS) * 1000,
        async () => {
          const status = await json<{ done: boolean; failed: boolean }>(
            call(survivor, 'GET', `exports/${job.id}`, token),
            200,
          );
          return status.done || status.failed ? status : undefined;
        },
        'the surviving process finishes the export',
      ).catch(async (error: Error) => {
        const jobs = await db.query(
          `select state, retry_count, started_on, expire_in, output from pgboss.job where name = 'orders.export'`,
        );
        throw new Error(`${error.message}\n${JSON.stringify(jobs.rows)}\n${survivor.log.join('')}`);
      });
      expect(done).toMatchObject({ done: true, failed: false });
      const csv = await fetch(`http://127.0.0.1:${survivor.port}/api/download-export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { id: job.id } }),
      }).then((response) => response.text());
      expect(csv.trimEnd().split('\n')).toHaveLength(ORDERS + 1);
    } finally {
      await db.end();
    }
  }, 120_000);
});
