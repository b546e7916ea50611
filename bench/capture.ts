// The statements the server sends while a request is answered, on both drivers (PGlite's worker
// messages, node-postgres's pool), captured so a benchmark can replay them beside the API.
import { Worker } from 'node:worker_threads';
import pg from 'pg';

export type Statement = { text: string; values: unknown[] };
let capturing: Statement[] | null = null;
const workerPost = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: never) {
  const m = message as { op?: string; sql?: string; params?: unknown[] };
  if (capturing && (m?.op === 'query' || m?.op === 'exec') && m.sql)
    capturing.push({ text: m.sql, values: m.params ?? [] });
  return workerPost.call(this, message, transfer);
};
const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const first = args[0] as string | { text: string; values?: unknown[] };
  if (capturing) {
    if (typeof first === 'string') capturing.push({ text: first, values: (args[1] as unknown[]) ?? [] });
    else if (first?.text)
      capturing.push({ text: first.text, values: first.values ?? (args[1] as unknown[]) ?? [] });
  }
  return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Pool.prototype.query;

/** Runs `run` and answers what it answered with the statements sent meanwhile (one capture at a time). */
export async function captured<T>(run: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  capturing = [];
  try {
    const result = await run();
    return { result, statements: capturing };
  } finally {
    capturing = null;
  }
}
