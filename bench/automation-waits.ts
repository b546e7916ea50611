// Issue 16 "Speed": 100,000 waiting runs resume on time after a restart. One process (the app on a
// PGlite data directory) holds 100,000 runs waiting on a delay, each with its delayed step job in
// pg-boss, due evenly over a window; it stops, a new one starts on the same directory, and every run's
// wait must end and the run finish. Printed: the lag of each wait's end after its due time, p50/p99/max,
// for runs due after the restart and for those due while it was down, and of each run's end (the step
// after the wait done). `npm run bench -- automation-waits` (AUTOMATION_WAITS_BENCH_RUNS,
// AUTOMATION_WAITS_BENCH_WINDOW_S to scale; TEST_DATABASE=postgres with DATABASE_URL: a new database on
// that server instead of a PGlite data directory).

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { automationsEndpoints } from '@funnelwork/domain/api/automations';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase, rowsOf } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { runStepJob } from '../apps/server/src/modules/automations/engine/step-job.ts';
import { signUpOwner } from '../apps/server/src/test/harness.ts';
import { injectClient } from './api.ts';
import { percentile, round } from './stats.ts';

const RUNS = Number(process.env.AUTOMATION_WAITS_BENCH_RUNS ?? 100_000);
const WINDOW_S = Number(process.env.AUTOMATION_WAITS_BENCH_WINDOW_S ?? 600);
/** The first run is due this long after seeding starts, so most are due after the restart. */
const LEAD_S = Number(process.env.AUTOMATION_WAITS_BENCH_LEAD_S ?? 120);
const GOAL_P99_MS = 60_000;

type Where = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Where the runs live: a PGlite data directory, or a new database on DATABASE_URL's server (and its drop). */
async function place(): Promise<{ where: Where; remove(): Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-waits-'));
    return {
      where: { kind: 'pglite', dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `funnelwork_bench_waits_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    where: { kind: 'postgres', url: url.toString() },
    remove: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function open(where: Where) {
  const database = await createDatabase(where);
  await database.migrate();
  // The server's polling interval: the waits' due times wake the workers (jobs/due-wakes.ts), not polls.
  const queue = createJobQueue(database);
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, queue });
  await app.ready();
  await queue.start();
  return {
    app,
    database,
    queue,
    close: async () => {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
}

export async function runAutomationWaits() {
  const { where, remove } = await place();
  let server = await open(where);
  const owner = await signUpOwner(server.app);
  const automation = await injectClient(server.app, owner.token).call(automationsEndpoints.createAutomation, {
    body: {
      data: {
        name: 'Waits',
        trigger: { id: 'purchase' },
        steps: [
          { type: 'wait', mode: 'delay', amount: 1, unit: 'days' },
          { type: 'condition', match: 'all', conditions: [], yes: [], no: [] },
        ],
      },
    },
  });

  // The runs as the engine leaves them at a wait: the run waiting with resume_at, the wait step's row,
  // and the delayed step job due then (sent in bulk here; the engine sends one per run).
  const seedStarted = Date.now();
  const base = new Date(seedStarted + LEAD_S * 1000).toISOString();
  const db = server.database.db;
  for (let from = 0; from < RUNS; from += 10_000) {
    const n = Math.min(10_000, RUNS - from);
    await db.execute(sql`
      with ev as (
        insert into outbox_events (account_id, type, key, payload, dispatched_at)
        select ${owner.accountId}, 'bench.wait', 'wait-' || g, '{}'::jsonb, now()
        from generate_series(${from}::int, ${from + n - 1}::int) g
        returning id, (key::text) as key)
      insert into automation_runs (account_id, automation_id, event_id, version, steps, status, current_path, resume_at)
      select ${owner.accountId}, ${automation.id}, id, 1, ${JSON.stringify(automation.steps)}::jsonb, 'waiting', '0',
        ${base}::timestamptz + (substr(key, 6)::int * (${(WINDOW_S * 1000) / RUNS}::float8)) * interval '1 millisecond'
      from ev`);
  }
  await db.execute(sql`
    insert into automation_run_steps (account_id, run_id, path, type, status, result)
    select account_id, id, '0', 'wait', 'waiting',
      jsonb_build_object('resume_at', to_char(resume_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from automation_runs where automation_id = ${automation.id}`);
  const runs = rowsOf<{ id: number; resume_at: string }>(
    await db.execute(
      sql`select id::int as id, resume_at from automation_runs where automation_id = ${automation.id} order by id`,
    ),
  );
  for (let from = 0; from < runs.length; from += 5000) {
    const chunk = runs.slice(from, from + 5000);
    await server.queue.sendMany(
      runStepJob,
      chunk.map((run) => ({ runId: Number(run.id) })),
      { startAfter: (i) => new Date(chunk[i]?.resume_at as string) },
    );
  }
  const seedS = (Date.now() - seedStarted) / 1000;
  console.log(`seeded ${RUNS} waiting runs in ${seedS.toFixed(1)} s`);

  // The restart: the process stops and a new one starts on the same data directory.
  const stoppedAt = Date.now();
  await server.close();
  server = await open(where);
  const restartedAt = Date.now();
  const downS = (restartedAt - stoppedAt) / 1000;

  // How long to wait for every run after the restart; a run still open then counts as not finished.
  const deadline =
    Date.now() + Number(process.env.AUTOMATION_WAITS_BENCH_DEADLINE_S ?? LEAD_S + WINDOW_S + 1200) * 1000;
  let done = 0;
  while (Date.now() < deadline) {
    const [row] = rowsOf<{ n: number }>(
      await server.database.db.execute(
        sql`select count(*)::int as n from automation_runs where automation_id = ${automation.id} and status = 'done'`,
      ),
    );
    done = Number(row?.n ?? 0);
    if (done >= RUNS) break;
    console.log(
      `${Math.round((Date.now() - restartedAt) / 1000)} s after the restart: ${done} of ${RUNS} runs done`,
    );
    await new Promise((r) => setTimeout(r, 10_000));
  }
  const finishedS = (Date.now() - restartedAt) / 1000;
  // Epoch milliseconds from SQL (drivers answer timestamps in different text forms); the due time is
  // the wait step's own, as the run's resume_at is cleared when it moves on.
  const lags = rowsOf<{ finished: string; due: string }>(
    await server.database.db.execute(sql`
      select extract(epoch from s.finished_at) * 1000 as finished,
        extract(epoch from (s.result->>'resume_at')::timestamptz) * 1000 as due
      from automation_run_steps s join automation_runs r on r.id = s.run_id
      where r.automation_id = ${automation.id} and s.path = '0' and s.status = 'done'`),
  ).map((row) => ({ due: Number(row.due), lag: Number(row.finished) - Number(row.due) }));
  // A run's end: its last step (the condition after the wait) done, after the wait's due time.
  const ends = rowsOf<{ finished: string; due: string }>(
    await server.database.db.execute(sql`
      select extract(epoch from r.finished_at) * 1000 as finished,
        extract(epoch from (s.result->>'resume_at')::timestamptz) * 1000 as due
      from automation_run_steps s join automation_runs r on r.id = s.run_id
      where r.automation_id = ${automation.id} and s.path = '0' and r.status = 'done'`),
  )
    .filter((row) => Number(row.due) >= restartedAt)
    .map((row) => Number(row.finished) - Number(row.due))
    .sort((a, b) => a - b);
  const afterRestart = lags
    .filter((l) => l.due >= restartedAt)
    .map((l) => l.lag)
    .sort((a, b) => a - b);
  const duringDowntime = lags
    .filter((l) => l.due < restartedAt)
    .map((l) => l.lag)
    .sort((a, b) => a - b);
  const early = lags.filter((l) => l.lag < 0).length;
  await server.close();
  await remove();

  const p99 = percentile(
    lags.map((l) => l.lag).sort((a, b) => a - b),
    0.99,
  );
  const result = {
    benchmark: 'automation-waits',
    database: where.kind,
    runs: RUNS,
    window_s: WINDOW_S,
    seed_s: round(seedS),
    downtime_s: round(downS),
    finished: done,
    finished_after_restart_s: round(finishedS),
    runs_per_s: round(done / finishedS),
    resumed_early: early,
    due_after_restart: afterRestart.length,
    lag_p50_ms: round(percentile(afterRestart, 0.5)),
    lag_p99_ms: round(percentile(afterRestart, 0.99)),
    all_lag_p99_ms: round(p99),
    lag_max_ms: round(afterRestart.at(-1) ?? 0),
    run_end_lag_p50_ms: round(percentile(ends, 0.5)),
    run_end_lag_p99_ms: round(percentile(ends, 0.99)),
    due_during_downtime: duringDowntime.length,
    downtime_lag_p99_ms: round(percentile(duringDowntime, 0.99)),
    load_average_1m: Number(os.loadavg()[0]?.toFixed(1)),
    goal_p99_ms: GOAL_P99_MS,
    met: done === RUNS && early === 0 && p99 <= GOAL_P99_MS,
  };
  console.table({
    'runs finished after the restart': `${done} of ${RUNS}`,
    'waits ended before due': early,
    'all finished after the restart (s) / runs per s': `${result.finished_after_restart_s} / ${result.runs_per_s}`,
    'seeded in (s) / down for (s)': `${result.seed_s} / ${result.downtime_s}`,
    'lag after due, due after restart p50 / p99 / max (ms)': `${result.lag_p50_ms} / ${result.lag_p99_ms} / ${result.lag_max_ms}`,
    'run end after due, due after restart p50 / p99 (ms)': `${result.run_end_lag_p50_ms} / ${result.run_end_lag_p99_ms}`,
    'due while down: count / lag p99 (ms)': `${result.due_during_downtime} / ${result.downtime_lag_p99_ms}`,
    'p99 of all (goal ≤ 60 s)': `${result.all_lag_p99_ms} — ${result.met ? 'met' : 'not met'}`,
  });
  return result;
}
