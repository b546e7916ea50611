import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { type ApiClient, apiClient } from '../modules/funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../modules/orders/orders.fixtures.ts';
import { signUpOwner } from '../test/harness.ts';
import { until } from '../test/server-process.ts';
import { createDatabase, type Database, rowsOf } from './client.ts';
import { startReplicatedPostgres } from './replica.fixtures.ts';

// Reads on a streaming replica (issue 41 item 2): a primary and its replica of the test's own, made with
// initdb and pg_basebackup -R. Only the PostgreSQL run includes this file (vitest.config.ts).

/**
 * The test's lag limit: long enough for a few requests after the replica falls behind on a machine as
 * loaded as CI's, short enough to wait out.
 */
const MAX_LAG_MS = 8_000;
const CHECK_EVERY_MS = 200;
const METRICS_TOKEN = 'replica-metrics-token-0123456789';

describe('reads on a streaming replica (DATABASE_REPLICA_URL)', () => {
  let cluster: Awaited<ReturnType<typeof startReplicatedPostgres>>;
  let database: Database;
  let queue: JobQueue;
  let app: FastifyInstance;
  let api: ApiClient;
  let accountId: number;

  beforeAll(async () => {
    cluster = await startReplicatedPostgres();
    database = await createDatabase({
      kind: 'postgres',
      url: cluster.primaryUrl,
      replica: { url: cluster.replicaUrl, maxLagMs: MAX_LAG_MS, checkEveryMs: CHECK_EVERY_MS },
    });
    await database.migrate();
    queue = createJobQueue(database, { role: 'all', jobExpirySeconds: 60 });
    app = await buildApp({ config: testConfig({ metricsToken: METRICS_TOKEN }), database, queue });
    await app.ready();
    const owner = await signUpOwner(app);
    accountId = owner.accountId;
    api = apiClient(app, owner.auth);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await queue?.stop();
    await database?.close();
    await cluster?.close();
  });

  const standby = async (query: Promise<unknown>) => rowsOf<{ standby: boolean }>(await query)[0]?.standby;
  /** The replica has replayed every row the primary has of this customer e-mail. */
  const replicated = (email: string) =>
    until(
      10_000,
      async () =>
        (await cluster.onReplica('select 1 from customers where email = $1', [email])).length > 0
          ? true
          : undefined,
      `the replica has ${email}`,
    );
  /** The /metrics sample of `name` (its one series, labelled with the process's role only). */
  const metric = async (name: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = res.body.split('\n').find((one) => one.startsWith(`${name}{`) || one.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };
  const dashboard = () => {
    const end = Math.floor(Date.now() / 1000);
    return api.get('dashboard-summary', { start: end - 7 * 86_400, end });
  };
  const listed = async (email: string) => {
    const customers = await api.get('customer-briefs', { page: 0, per_page: 25 });
    expect(customers.statusCode).toBe(200);
    const orders = await api.get('orders', { page: 0, per_page: 25 });
    expect(orders.statusCode).toBe(200);
    // Search answers names: the test's customers are the only ones with their first names.
    const search = await api.get('search', { query: 'Paula' });
    expect(search.statusCode).toBe(200);
    return {
      customer: (customers.json().data as Array<{ email: string }>).some((row) => row.email === email),
      order: (orders.json().data as Array<{ customer: { email: string } | null }>).some(
        (row) => row.customer?.email === email,
      ),
      search: (search.json().data.customers as Array<{ first_name: string }>).some(
        (row) => row.first_name === 'Paula',
      ),
    };
  };

  it('sends the lists, search, the analytics reads and the export to the replica, writes to the primary', async () => {
    expect(await standby(database.reads.execute(sql`select pg_is_in_recovery() as standby`))).toBe(true);
    expect(await standby(database.reports.execute(sql`select pg_is_in_recovery() as standby`))).toBe(true);
    expect(await standby(database.db.execute(sql`select pg_is_in_recovery() as standby`))).toBe(false);
    // The export's COPY (exports.sql.ts) reads through the same routing.
    const chunks: Uint8Array[] = [];
    for await (const chunk of database.copyOut('select pg_is_in_recovery()', 'format csv'))
      chunks.push(chunk);
    expect(Buffer.concat(chunks).toString().trim()).toBe('t');
    expect(database.readsFrom?.()).toMatchObject({ from: 'replica' });
    expect(await metric('funnelwork_db_replica_reads')).toBe(1);
    expect(await metric('funnelwork_db_replica_lag_seconds')).toBeLessThan(MAX_LAG_MS / 1000);
    // The Dashboard answers from the replica's rollups.
    expect((await dashboard()).statusCode).toBe(200);
  });

  it('reads behind a paused replica until its lag passes the limit, then from the primary', async () => {
    // A fresh commit the replica has replayed: its lag counts from here once replay stops.
    const before = await createCustomer(database.db, accountId, { email: 'before@example.test' });
    await createOrder(database.db, accountId, { customerId: before.id });
    await replicated('before@example.test');
    await cluster.pauseReplay();
    const paused = Date.now();
    const paula = await createCustomer(database.db, accountId, {
      firstName: 'Paula',
      lastName: 'Paused',
      email: 'paula.paused@example.test',
    });
    await createOrder(database.db, accountId, { customerId: paula.id });

    // Within the limit: the lists and search are the replica's, without Paula; her own page is the primary's.
    const stale = await listed('paula.paused@example.test');
    const elapsed = Date.now() - paused;
    expect(elapsed, 'the reads came before the lag limit').toBeLessThan(MAX_LAG_MS);
    expect(stale).toEqual({ customer: false, order: false, search: false });
    expect((await listed('before@example.test')).customer).toBe(true);
    expect((await api.get(`customers/${paula.id}`)).statusCode).toBe(200);

    // Past the limit: the same reads go to the primary, while the replica still lacks her.
    const fresh = await until(
      MAX_LAG_MS + 15_000,
      async () => {
        const now = await listed('paula.paused@example.test');
        return now.customer ? now : undefined;
      },
      'the list shows the primary’s new customer',
      250,
    );
    expect(fresh).toEqual({ customer: true, order: true, search: true });
    expect(Date.now() - paused).toBeGreaterThanOrEqual(MAX_LAG_MS - 1_000);
    expect(database.readsFrom?.().from).toBe('primary');
    expect(database.readsFrom?.().lagMs).toBeGreaterThan(MAX_LAG_MS);
    expect(await metric('funnelwork_db_replica_reads')).toBe(0);
    expect(await metric('funnelwork_db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);
    expect(
      await cluster.onReplica('select 1 from customers where email = $1', ['paula.paused@example.test']),
    ).toHaveLength(0);
    expect(await standby(database.reads.execute(sql`select pg_is_in_recovery() as standby`))).toBe(false);

    // Caught up again: back to the replica.
    await cluster.resumeReplay();
    await replicated('paula.paused@example.test');
    await until(
      10_000,
      async () =>
        (await standby(database.reads.execute(sql`select pg_is_in_recovery() as standby`)))
          ? true
          : undefined,
      'reads go back to the replica',
    );
  }, 60_000);

  it('reads from the primary when the replica stops answering', async () => {
    await cluster.stopReplica();
    // The first read after the stop may still pick the replica: it is asked of the primary again.
    const after = await listed('paula.paused@example.test');
    expect(after).toEqual({ customer: true, order: true, search: true });
    expect(database.readsFrom?.()).toEqual({ from: 'primary', lagMs: null });
    expect(await metric('funnelwork_db_replica_reads')).toBe(0);
    expect(await metric('funnelwork_db_replica_lag_seconds')).toBeNaN();
    expect((await dashboard()).statusCode).toBe(200);
  }, 30_000);
});
