import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/harness.ts';
import {
  copyOutOf,
  foregroundWork,
  pgliteWasmModule,
  REPORTS_APPLICATION,
  rowsOf,
  type TextRow,
  textRow,
} from './client.ts';
import { checkpointIfDue } from './maintenance.ts';
import { accounts, users } from './schema/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql('create table counters (id int primary key, value int not null)');
  await database.executeSql('insert into counters values (1, 0)');
});
afterAll(() => database.drop());

describe(`database client (${testDatabaseKind})`, () => {
  it("compiles PGlite's WebAssembly once per process, for every database's worker", async () => {
    const module = await pgliteWasmModule();
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(await pgliteWasmModule()).toBe(module);
  });

  it('commits a transaction and rolls one back on error, leaving data as it was', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update counters set value = value + 1 where id = 1`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update counters set value = value + 100 where id = 1`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [row] = rowsOf<{ value: number }>(await db.execute(sql`select value from counters where id = 1`));
    expect(row?.value).toBe(1);
  });

  it('keeps concurrent transactions apart: 20 read-then-write increments all count', async () => {
    const { db } = database;
    await db.execute(sql`update counters set value = 0 where id = 1`);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const [row] = rowsOf<{ value: number }>(
            await tx.execute(sql`select value from counters where id = 1 for update`),
          );
          await new Promise((r) => setTimeout(r, 2));
          await tx.execute(sql`update counters set value = ${(row?.value ?? 0) + 1} where id = 1`);
        }),
      ),
    );
    const [row] = rowsOf<{ value: number }>(await db.execute(sql`select value from counters where id = 1`));
    expect(row?.value).toBe(20);
  });

  it('queries outside a transaction do not see its uncommitted writes', async () => {
    const { db } = database;
    await db.execute(sql`update counters set value = 5 where id = 1`);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.execute(sql`update counters set value = 6 where id = 1`);
      await gate;
      throw new Error('abandon');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.execute(sql`select value from counters where id = 1`);
    release();
    await expect(tx).rejects.toThrow('abandon');
    const [row] = rowsOf<{ value: number }>(await outside);
    expect(row?.value).toBe(5);
  });

  it('reads rows as the UTF-8 text of each column, NULL as null, and throws its errors', async () => {
    const rows: TextRow[] = [];
    const count = await database.forEachRawRow(
      `select 9007199254740993::bigint, null::text, true, 'Zoë, "Ünïcode" 😀' || chr(10) || 'x', ''
       from generate_series(1, 3)`,
      (row) => rows.push(textRow(row)),
    );
    expect(count).toBe(3);
    expect(rows).toEqual(Array(3).fill(['9007199254740993', null, 't', 'Zoë, "Ünïcode" 😀\nx', '']));
    await expect(database.forEachRawRow('select 1 / 0', () => {})).rejects.toMatchObject({
      code: '22012',
      message: 'division by zero',
    });
    expect(await database.forEachRawRow('select 1 where false', () => {})).toBe(0);
  });

  it('maps timestamps and 64-bit ids the same way on both drivers', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'map@example.test', passwordHash: 'x' })
      .returning();
    expect(typeof user?.id).toBe('number');
    expect(new Date(user?.createdAt ?? 0).getTime()).toBeGreaterThan(0);
    const [account] = await db
      .insert(accounts)
      .values({ name: 'Map', ownerUserId: user?.id ?? 0 })
      .returning();
    expect(account?.features).toEqual(['funnels']);
    const [count] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from users`));
    expect(count?.n).toBe('1');
  });

  it('runs the analytics reads on a pool of their own, two at a time by default (PostgreSQL)', async () => {
    if (database.kind !== 'postgres') return expect(database.reports).toBe(database.db);
    const active = async () => {
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name = ${REPORTS_APPLICATION}
             and state = 'active'`),
      );
      return row?.n ?? 0;
    };
    // Five reads at once: two run, three wait for a connection; the main pool stays free meanwhile.
    const reads = Array.from({ length: 5 }, () =>
      database.reports.execute(sql`select pg_sleep(0.3)`).then(() => undefined),
    );
    let most = 0;
    let finished = false;
    const done = Promise.all(reads).finally(() => {
      finished = true;
    });
    while (!finished) {
      most = Math.max(most, await active());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await done;
    expect(most).toBe(2);
  });

  it('a COPY left half-way is stopped, and its connection answers the next query (PostgreSQL)', async () => {
    // PGlite answers a COPY as one buffer: nothing is left running.
    if (database.kind !== 'postgres' || !database.url) return expect(database.kind).toBe('pglite');
    // pg-copy-streams reads the connection only as its reader asks: a COPY left half-way would never reach
    // its end, and its connection, back in the pool, would never answer again (seen in CI). One connection,
    // so the next query gets that one; rows of 100 kB a second for ten minutes, so it runs when it is left.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const rows = copyOutOf(
        pool,
        `select g, repeat('x', 100000) as copy_left_${Date.now()}, pg_sleep(1) from generate_series(1, 600) g`,
        'format csv',
      );
      const first = await rows.next();
      expect(first.done).toBe(false);
      const left = Date.now();
      await rows.return(0);
      const answer = await pool.query<{ one: number }>('select 1 as one');
      expect(answer.rows).toEqual([{ one: 1 }]);
      // Stopped by its cancel, not waited out (the whole COPY takes ten minutes).
      expect(Date.now() - left).toBeLessThan(10_000);
    } finally {
      await pool.end();
    }
  });

  it('keeps the event loop free while a long query runs', async () => {
    if (database.kind !== 'pglite') return expect(database.kind).toBe('postgres');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    await database.db.execute(sql`select pg_sleep(1)`);
    clearInterval(timer);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    // A blocked loop would tick zero times; a free one about elapsed/10.
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  });

  it('on PGlite, a request’s statements and transactions go before queued background work', async () => {
    if (database.kind !== 'pglite') return expect(database.kind).toBe('postgres');
    const { db } = database;
    const finished: string[] = [];
    // Twenty background statements of 20 ms each, queued first; then a request's statement and transaction.
    const background = Array.from({ length: 20 }, (_, i) =>
      db.execute(sql`select pg_sleep(0.02)`).then(() => finished.push(`background ${i}`)),
    );
    const request = foregroundWork.run(true, async () => {
      await db.execute(sql`select 1`);
      finished.push('request statement');
      await db.transaction(async (tx) => {
        await tx.execute(sql`update counters set value = value where id = 1`);
      });
      finished.push('request transaction');
    });
    await Promise.all([...background, request]);
    // Each waits at most for the statements already in the worker (two), not for the twenty.
    expect(finished.indexOf('request statement')).toBeLessThanOrEqual(2);
    expect(finished.indexOf('request transaction')).toBeLessThanOrEqual(5);
    expect(finished).toHaveLength(22);
  });

  it('serves a transaction’s own statements while others wait, then the waiting ones in their lanes', async () => {
    const { db } = database;
    await db.execute(sql`update counters set value = 0 where id = 1`);
    const seen: number[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.execute(sql`update counters set value = 5 where id = 1`);
        await new Promise((r) => setTimeout(r, 50));
        await tx.execute(sql`update counters set value = 6 where id = 1`);
      }),
      new Promise((r) => setTimeout(r, 10)).then(() =>
        foregroundWork.run(true, async () => {
          const [row] = rowsOf<{ value: number }>(
            await db.execute(sql`select value from counters where id = 1`),
          );
          seen.push(row?.value ?? -1);
        }),
      ),
    ]);
    // The request's read waited for the transaction (PGlite) or read the committed value (PostgreSQL).
    expect(seen).toEqual([database.kind === 'pglite' ? 6 : 0]);
  });

  it('vacuums and analyzes the tables autovacuum would, on PGlite, where no autovacuum runs', async () => {
    if (database.kind !== 'pglite') {
      // The server's own autovacuum (as its operator configures it) does the work there.
      return expect(await database.maintain()).toEqual({ vacuumed: [], analyzed: [] });
    }
    await database.executeSql('create table maintained (id int primary key, note text)');
    await database.executeSql(`insert into maintained select g, 'n' || g from generate_series(1, 3000) g`);
    const stats = async () => {
      const { rows } = await database.executeSql(
        `select n_ins_since_vacuum::int as inserted, vacuum_count::int as vacuums, analyze_count::int as analyzes
           from pg_stat_user_tables where relname = 'maintained'`,
      );
      return rows[0] as { inserted: number; vacuums: number; analyzes: number };
    };
    // The backend reports its table statistics when idle, at most once a second.
    for (let i = 0; i < 30 && (await stats()).inserted < 3000; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(await stats()).toEqual({ inserted: 3000, vacuums: 0, analyzes: 0 });

    // 3,000 inserted rows pass autovacuum's insert threshold (1,000 + 20 % of the table's rows).
    const first = await database.maintain();
    expect(first.vacuumed).toContain('public.maintained');
    expect(await stats()).toEqual({ inserted: 0, vacuums: 1, analyzes: 1 });
    // The visibility map is set: an index-only scan reads no heap page.
    const { rows: plan } = await database.executeSql(
      'explain (analyze, format json) select id from maintained where id between 10 and 20',
    );
    const node = (plan[0]?.['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }> | undefined)?.[0]?.Plan;
    expect(node?.['Node Type']).toBe('Index Only Scan');
    expect(node?.['Heap Fetches']).toBe(0);

    // Nothing more to do until the table changes again by autovacuum's measure.
    expect((await database.maintain()).vacuumed).not.toContain('public.maintained');
  });

  it('checkpoints as the checkpointer would, so the write-ahead log is recycled (PGlite has none)', async () => {
    const walSinceCheckpoint = async () => {
      const { rows } = await database.executeSql(
        'select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as wal from pg_control_checkpoint()',
      );
      return (rows[0] as { wal: number }).wal;
    };
    if (database.kind !== 'pglite') {
      // The server's checkpointer does it there: maintain() leaves it alone.
      return expect((await database.maintain()).checkpointed).toBeUndefined();
    }
    const small = { timeoutSeconds: 300, walBytes: 1024 * 1024 };
    await checkpointIfDue(database.executeSql, { ...small, walBytes: 0 });
    expect(await checkpointIfDue(database.executeSql, small)).toBe(false);
    await database.executeSql(
      `create table logged as select g, repeat('x', 200) as v from generate_series(1, 20000) g`,
    );
    expect(await walSinceCheckpoint()).toBeGreaterThan(small.walBytes);
    expect(await checkpointIfDue(database.executeSql, small)).toBe(true);
    expect(await walSinceCheckpoint()).toBeLessThan(8192);
    // Past the timeout with something written since, and not when nothing was.
    await database.executeSql("insert into logged values (0, repeat('y', 9000))");
    expect(await checkpointIfDue(database.executeSql, { ...small, timeoutSeconds: 0 })).toBe(true);
    expect(await checkpointIfDue(database.executeSql, { ...small, timeoutSeconds: 0 })).toBe(false);
    // The database's own maintenance runs it.
    expect((await database.maintain()).checkpointed).toBe(false);
  });
});
