// The embedded database lives in this worker so a long query never blocks the server's event loop.
// Protocol: {id, op: 'query'|'exec'|'copy'|'wire'|'dump'|'close', sql, params, rowMode, begin} -> {id, rows} |
// {id, bytes} | {id, error}.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const raw = (value) => value;
// Same shapes as node-postgres: timestamps and 64-bit integers as strings.
const parsers = {
  [types.TIMESTAMP]: raw,
  [types.TIMESTAMPTZ]: raw,
  [types.DATE]: raw,
  [types.INTERVAL]: raw,
  [types.INT8]: raw,
};

// 'memory://', not undefined: PGlite ignores the options object when the first argument is undefined.
// `loadDataDir`: a tarball of a data directory (from 'dump') to start from, e.g. an already migrated one.
const db = new PGlite(workerData.dataDir ?? 'memory://', {
  parsers,
  extensions: { pg_trgm },
  loadDataDir: workerData.loadDataDir ? tarballOf(workerData.loadDataDir) : undefined,
  // Compiled once by the main thread (client.ts) and shared by every database's worker.
  pgliteWasmModule: workerData.wasmModule,
  startParams: workerData.sharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${workerData.sharedBuffers}`]
    : undefined,
});

/**
 * The tarball file as the Blob PGlite reads with `arrayBuffer()` (and `type`, to tell a gzipped one): Node 20's
 * own Blob hands 46 MB back in small chunks it copies together, about 0.7 s of CPU per test database.
 */
function tarballOf(file) {
  const bytes = fs.readFileSync(file);
  return {
    type: 'application/x-tar',
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
}

function serialiseError(error) {
  return {
    message: error?.message ?? String(error),
    code: error?.code,
    detail: error?.detail,
    constraint: error?.constraint,
    table: error?.table,
    column: error?.column,
  };
}

/** A Query message ('Q', int32 length, the NUL-terminated text). */
function simpleQuery(text) {
  const body = new TextEncoder().encode(text);
  const message = new Uint8Array(body.length + 6);
  message[0] = 0x51;
  new DataView(message.buffer).setInt32(1, body.length + 5);
  message.set(body, 5);
  return message;
}

parentPort.on('message', async (msg) => {
  try {
    if (msg.op === 'close') {
      await db.close();
      parentPort.postMessage({ id: msg.id, rows: [] });
      return;
    }
    if (msg.op === 'dump') {
      const tarball = await db.dumpDataDir('none');
      const bytes = new Uint8Array(await tarball.arrayBuffer());
      parentPort.postMessage({ id: msg.id, bytes }, [bytes.buffer]);
      return;
    }
    if (msg.op === 'exec') {
      const results = await db.exec(msg.sql);
      parentPort.postMessage({ id: msg.id, rows: results.at(-1)?.rows ?? [] });
      return;
    }
    if (msg.op === 'wire') {
      // A simple query's raw answer in the wire protocol, parsed by the main thread (forEachDataRow in client.ts):
      // no JavaScript value per field is made on this thread.
      const chunks = [];
      let size = 0;
      await db.runExclusive(() =>
        db.execProtocolRawStream(simpleQuery(msg.sql), {
          syncToFs: false,
          onRawData: (chunk) => {
            chunks.push(chunk.slice());
            size += chunk.length;
          },
        }),
      );
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      parentPort.postMessage({ id: msg.id, bytes }, [bytes.buffer]);
      return;
    }
    if (msg.op === 'copy') {
      // COPY … TO '/dev/blob': PGlite hands the output back as a Blob; its bytes go back transferred.
      const result = await db.query(msg.sql);
      const bytes = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array(0);
      parentPort.postMessage({ id: msg.id, bytes, affectedRows: result.affectedRows ?? 0 }, [bytes.buffer]);
      return;
    }
    // A transaction's first statement brings its BEGIN (client.ts): one message instead of two.
    if (msg.begin) await db.exec('begin');
    const result = await db.query(msg.sql, msg.params ?? [], { rowMode: msg.rowMode ?? 'object', parsers });
    parentPort.postMessage({ id: msg.id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: serialiseError(error) });
  }
});

await db.waitReady;
parentPort.postMessage({ ready: true });
