import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '../apps/server/src/test/server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The production server (apps/server/dist/server.js, `npm run build`) in its own process on a PGlite data
 * directory, as it runs in a deployment: the bench process stays out of the measured one. `env` adds to
 * or overrides the defaults (no demo, PUBLIC_URL on the port). Settles once `/api/health` answers.
 */
export async function builtServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  startMs?: number;
}): Promise<ChildProcess> {
  const { port, dataDir, env = {}, startMs = 60_000 } = options;
  const script = path.join(here, '../apps/server/dist/server.js');
  if (!fs.existsSync(script)) throw new Error('no server build: run `npm run build` first');
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(
    startMs,
    async () => {
      if (child.exitCode !== null) throw new Error(`the server on ${port} exited (${child.exitCode})`);
      return (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok ? true : undefined;
    },
    `the server on ${port} answers`,
    200,
  );
  return child;
}
