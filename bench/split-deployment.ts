// A deployment split in two (PROCESS_ROLE): the bench's own app serves the requests (`web`) and a child
// process (jobs-process.ts) runs the background work on the same PostgreSQL database, at a lower CPU
// priority, as on one machine you would run `PROCESS_ROLE=jobs nice -n 10 node apps/server/dist/server.js`.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../apps/server/src/config.ts';
import type { TestApp } from '../apps/server/src/test/harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How much lower the jobs process's CPU priority is than the bench's (nice increments). */
export const JOBS_NICENESS = 10;

/** Whether this run splits the app (`BENCH_PROCESSES=2`, PostgreSQL only). */
export function splitRequested(databaseKind: string): boolean {
  const split = process.env.BENCH_PROCESSES === '2';
  if (split && databaseKind !== 'postgres') throw new Error('BENCH_PROCESSES=2 needs TEST_DATABASE=postgres');
  return split;
}

/**
 * The jobs process of the bench's app `t`: its database and its settings (`settings`, JSON-able), with the
 * same credentials key, so it opens what the web process sealed.
 */
export async function forkJobsProcess(t: TestApp, settings: Partial<Config>) {
  const key = t.config.gatewaySecretKey?.toString('base64');
  const child = fork(
    path.join(here, 'jobs-process.ts'),
    [t.database.url as string, JSON.stringify(settings)],
    {
      env: { ...process.env, ...(key && { JOBS_GATEWAY_SECRET_KEY: key }) },
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`jobs process exited with ${code}`)));
    child.on('message', (message: { ready?: boolean }) => {
      if (message.ready) resolve();
    });
  });
  if (child.pid) os.setPriority(child.pid, Math.min(19, os.getPriority() + JOBS_NICENESS));
  return {
    /** The jobs process's pool (jobs-process.ts: JOBS_POOL_MAX, default 3). */
    poolMax: Number(process.env.JOBS_POOL_MAX ?? 3),
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}
