import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import {
  createInvalidationBus,
  INVALIDATION_CHANNEL,
  type Invalidation,
  type InvalidationBus,
} from './invalidation.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(20);
  }
}

// Two handles on one PostgreSQL database stand for two server processes.
describe('invalidation bus across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let first: TestDatabase;
  let second: Database;
  let name: string;
  let publisher: InvalidationBus;
  let listener: InvalidationBus;
  const heard: Invalidation[] = [];
  let resyncs = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    first = await createTestDatabase();
    name = (await first.executeSql('select current_database() as name')).rows[0]?.name as string;
    const address = new URL(process.env.DATABASE_URL ?? '');
    address.pathname = `/${name}`;
    second = await createDatabase({ kind: 'postgres', url: address.toString() });
    const onError = (error: Error, what: string) => errors.push(`${what}: ${error.message}`);
    publisher = await createInvalidationBus(first, { onError });
    listener = await createInvalidationBus(second, { onError });
    listener.subscribe({
      apply: (message) => heard.push(message),
      applyAll: () => resyncs++,
    });
  });
  afterAll(async () => {
    await listener.close();
    await publisher.close();
    await second.close();
    await first.drop();
  });

  it("applies another process's invalidations", async () => {
    await publisher.publish({ kind: 'sessions', userId: 4, accountId: 9 });
    await publisher.publish({ kind: 'site', accountId: 9 });
    await waitFor(() => heard.length >= 2, 'both notifications');
    expect(heard).toEqual([
      { kind: 'sessions', userId: 4, accountId: 9 },
      { kind: 'site', accountId: 9 },
    ]);
  });

  it('ignores a malformed notification and reports it', async () => {
    await first.executeSql('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, '{"kind":"everything"}']);
    await waitFor(() => errors.length > 0, 'the error report');
    expect(errors[0]).toContain('invalid invalidation message');
    heard.length = 0;
  });

  it('listens again after its connection is lost, and drops everything it may have missed', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = $1 and datname = $2`,
      [`funnelwork ${INVALIDATION_CHANNEL}`, name],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await waitFor(() => resyncs > 0, 'the resync after reconnecting');
    await publisher.publish({ kind: 'site', accountId: 12 });
    await waitFor(() => heard.length > 0, 'a notification after reconnecting');
    expect(heard).toContainEqual({ kind: 'site', accountId: 12 });
  });
});
