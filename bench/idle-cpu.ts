// An idle server's CPU: the production server (apps/server/dist/server.js, `npm run build`) with the demo
// seeded in a temp data directory, nothing asked of it. Two run side by side, measured in the same windows:
// the job workers polling every 2 s and the events outbox every 500 ms (the intervals before wakes) and
// the defaults (JOB_POLLING_INTERVAL_SECONDS, OUTBOX_POLLING_INTERVAL_SECONDS). Printed: clock ticks (utime
// + stime of /proc/<pid>/stat, every thread of the process, the PGlite worker's included) per 10 s, and that
// as % of a core. `npm run bench -- idle-cpu`
// (IDLE_CPU_BENCH_SETTLE_S, IDLE_CPU_BENCH_ROUNDS to scale).

import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from '../apps/server/src/test/server-process.ts';
import { builtServer } from './built-server.ts';
import { percentile } from './stats.ts';

/** Past the start's own work: the demo's seeding and the embedded database's first vacuum (at 60 s). */
const SETTLE_S = Number(process.env.IDLE_CPU_BENCH_SETTLE_S ?? 80);
const ROUNDS = Number(process.env.IDLE_CPU_BENCH_ROUNDS ?? 6);
const WINDOW_S = 10;
const GOAL_PERCENT = 1;
const CASES: Array<{ name: string; port: number; env: Record<string, string> }> = [
  {
    name: 'polls: workers 2 s, outbox 0.5 s (before)',
    port: 4610,
    env: { JOB_POLLING_INTERVAL_SECONDS: '2', OUTBOX_POLLING_INTERVAL_SECONDS: '0.5' },
  },
  { name: 'default (wakes)', port: 4611, env: {} },
];

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** The process's CPU so far, in clock ticks: utime + stime (fields 14 and 15; the name may hold spaces). */
function cpuTicks(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export async function runIdleCpu() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-idle-'));
  const children: ChildProcess[] = [];
  try {
    // One after the other: seeding two demos at once would only slow both starts.
    for (const c of CASES)
      children.push(
        await builtServer({
          port: c.port,
          dataDir: path.join(dir, String(c.port)),
          env: { SEED_DEMO: '1', ...c.env },
          startMs: 120_000,
        }),
      );
    console.log(`both servers up; settling for ${SETTLE_S} s`);
    await sleep(SETTLE_S * 1000);
    const rounds: number[][] = CASES.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const before = children.map((child) => cpuTicks(child.pid as number));
      await sleep(WINDOW_S * 1000);
      children.forEach((child, i) => {
        rounds[i]?.push(cpuTicks(child.pid as number) - (before[i] ?? 0));
      });
      console.log(`round ${round + 1}: ${rounds.map((r) => r.at(-1)).join(' / ')} ticks per ${WINDOW_S} s`);
    }
    const cases = CASES.map((c, i) => {
      const ticks = rounds[i] ?? [];
      // Nearest rank: the lower middle of an even count of rounds (6 by default), as in the recorded results.
      const sorted = [...ticks].sort((a, b) => a - b);
      const medianTicks = percentile(sorted, 0.5);
      const percent = (medianTicks / ticksPerSecond / WINDOW_S) * 100;
      return {
        case: c.name,
        env: c.env,
        ticks_per_10s: ticks,
        median_ticks_per_10s: medianTicks,
        percent_of_a_core: Number(percent.toFixed(2)),
      };
    });
    const [before, after] = cases;
    const ratio = after && before ? after.median_ticks_per_10s / Math.max(1, before.median_ticks_per_10s) : 0;
    console.table(
      Object.fromEntries(
        cases.map((c) => [
          c.case,
          { 'ticks per 10 s (median)': c.median_ticks_per_10s, '% of a core': c.percent_of_a_core },
        ]),
      ),
    );
    console.log(`after ÷ before: ${ratio.toFixed(2)}; goal: ≤ ${GOAL_PERCENT} % of a core idle`);
    return {
      benchmark: 'idle-cpu',
      settle_s: SETTLE_S,
      rounds: ROUNDS,
      window_s: WINDOW_S,
      clock_ticks_per_s: ticksPerSecond,
      cases,
      after_over_before: Number(ratio.toFixed(2)),
      load_average_1m: Number(os.loadavg()[0]?.toFixed(1)),
      goal_percent_of_a_core: GOAL_PERCENT,
      met: (after?.percent_of_a_core ?? Number.POSITIVE_INFINITY) <= GOAL_PERCENT,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((r) => child.once('exit', r)) : Promise.resolve(),
      ),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
