import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server as `npm start` runs it (src/server.ts through tsx), for tests of whole processes. */
const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now (the OS's choice). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Calls `check` until it answers something other than undefined, or throws after `timeoutMs`. */
export async function until<T>(
  timeoutMs: number,
  check: () => Promise<T | undefined>,
  what: string,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

export type ServerProcess = {
  name: string;
  port: number;
  process: ChildProcess;
  /** Everything it printed, in order. */
  log: string[];
  /** Resolves once it answers /api/health (within `timeoutMs`, 90 s); throws with its output if it exits first. */
  ready(timeoutMs?: number): Promise<void>;
  /** kill -9, and waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (the server closes its requests, jobs and database), and waits for the exit. */
  stop(): Promise<void>;
};

/**
 * A server process on `port` with the test's settings (`env`: DATABASE_URL, DATA_DIR and the like),
 * logging warnings only, seeding nothing.
 */
export function spawnServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // An order with an offer after its checkout is confirmed by the delayed job at once, not in 5 min.
      ORDER_CONFIRMATION_DELAY_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const signal = async (which: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(which);
    await exited;
  };
  return {
    name,
    port,
    process: child,
    log,
    ready: (timeoutMs = 90_000) =>
      until(
        timeoutMs,
        async () => {
          if (child.exitCode !== null) throw new Error(`${name} exited:\n${log.join('')}`);
          const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          return answer?.ok ? true : undefined;
        },
        `${name} answers /api/health`,
        100,
      ).then(() => undefined),
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** An answer read whole off a socket. */
export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One HTTP/1.1 request to 127.0.0.1 over a real socket (past anything `inject` would skip), read whole. */
export function rawRequest(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
