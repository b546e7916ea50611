import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, until } from '../test/server-process.ts';

const run = promisify(execFile);

/** The PostgreSQL server's programs: PG_BIN, else the newest of Debian's /usr/lib/postgresql/N/bin. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const newest = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((x, y) => Number(y) - Number(x))[0];
  if (!newest) throw new Error(`no PostgreSQL under ${root}: set PG_BIN`);
  return path.join(root, newest, 'bin');
}

/** PostgreSQL's programs refuse to run as root: as root they run as the `postgres` user. */
async function pgTool(name: string, args: string[]) {
  const program = path.join(binDir(), name);
  const asRoot = process.getuid?.() === 0;
  await run(asRoot ? 'runuser' : program, asRoot ? ['-u', 'postgres', '--', program, ...args] : args, {
    timeout: 120_000,
  });
}

/**
 * A PostgreSQL primary and its streaming replica of the test's own (initdb in a temporary directory,
 * `pg_basebackup -R` for the replica, each on a free loopback port), as a managed service's primary and
 * read replica: trust authentication, no Unix sockets, no fsync.
 */
export async function startReplicatedPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-replica-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const options = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=60`;
  const start = (dataDir: string, port: number) =>
    pgTool('pg_ctl', ['-D', dataDir, '-o', options(port), '-l', `${dataDir}.log`, '-w', 'start']);

  await pgTool('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  await start(primaryDir, primaryPort);
  await pgTool('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-D', replicaDir, '-R', '-X', 'stream', '--no-sync'],
  ]);
  await start(replicaDir, replicaPort);

  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  const onReplica = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  await until(
    30_000,
    async () => ((await onReplica('select 1').catch(() => null)) ? true : undefined),
    'the replica answers',
    100,
  );
  let replicaRunning = true;
  return {
    primaryUrl,
    replicaUrl,
    onReplica,
    /** Stops replaying WAL: the replica keeps receiving it and falls behind from now on. */
    pauseReplay: () => onReplica('select pg_wal_replay_pause()'),
    resumeReplay: () => onReplica('select pg_wal_replay_resume()'),
    /** The replica goes away at once (as a crashed machine's). */
    stopReplica: async () => {
      replicaRunning = false;
      await pgTool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']);
    },
    close: async () => {
      if (replicaRunning)
        await pgTool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await pgTool('pg_ctl', ['-D', primaryDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
