import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, rowsOf } from '../../db/client.ts';
import { postJson } from '../../runtime/checkout/checkout.fixtures.ts';
import { freePort, type ServerProcess, sleep, spawnServer } from '../../test/server-process.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp.ts';
import {
  expectEveryOrderOneRunAndEmailOnce,
  JOB_EXPIRY_SECONDS,
  KILLS,
  killAtRandomPoints,
  killDiagnosis,
  killSeed,
  purchaseOf,
  RUNS,
  setupApp,
  shopWithKillAutomation,
  withDiagnosis,
} from './automations-kill.fixtures.ts';

// The server runs as `npm start` runs it (a child process on a PostgreSQL database of its own); purchases
// are made by this process's app on the same database, so they go on while the server is dead and its
// outbox picks them up on restart. automations-kill.pglite.test.ts is the embedded database's side.
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error('automations-kill.postgres.test.ts needs DATABASE_URL (TEST_DATABASE=postgres)');

const { seed, between } = killSeed();

describe('the automations engine under kill -9 (PostgreSQL)', () => {
  const databaseName = `funnelwork_kill_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const gatewayKey = randomBytes(32);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-kill-'));
  let smtp: SmtpPeer;
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  let server: ServerProcess | null = null;

  async function startServer() {
    server = spawnServer('the server', port, {
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      GATEWAY_SECRET_KEY: gatewayKey.toString('base64'),
      JOB_EXPIRY_SECONDS: String(JOB_EXPIRY_SECONDS),
    });
    await server.ready();
  }

  async function killServer() {
    await server?.kill();
    server = null;
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    port = await freePort();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    database = await createDatabase({ kind: 'postgres', url: databaseUrl.toString() });
    await database.migrate();
    app = await setupApp(database, { smtpUrl: smtp.url, gatewaySecretKey: gatewayKey });
  }, 120_000);

  afterAll(async () => {
    await killServer();
    await app?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${RUNS} runs, the server killed with SIGKILL ${KILLS} times at random points: 0 lost, 0 duplicate e-mails`, async () => {
    console.log(`kill test seed ${seed} (KILL_SEED=${seed} replays it)`);
    const { shop, automationId } = await shopWithKillAutomation(app, database);

    await startServer();
    const buyers: string[] = [];
    const buying = (async () => {
      for (let i = 0; i < RUNS; i++) {
        const email = `kill-${i}-${seed}@example.test`;
        const res = await postJson(app, '/_fw/checkout', purchaseOf(shop, email, i));
        expect(res.statusCode, res.body).toBe(201);
        buyers.push(email);
        await sleep(between(0, 120));
      }
    })();
    const kills = await killAtRandomPoints({
      between,
      kill: killServer,
      start: startServer,
      // Open runs and unsent automation e-mails.
      leftInFlight: async () => {
        const [open] = rowsOf<{ runs: number; mails: number }>(
          await database.db.execute(sql`select
            (select count(*)::int from automation_runs where status in ('running', 'waiting')) as runs,
            (select count(*)::int from mail_messages where status = 'queued' and subject like '% e-mail') as mails`),
        );
        return `${open?.runs} open runs, ${open?.mails} unsent e-mails`;
      },
    });
    await buying;
    console.log(`killed after ${kills.join('; ')}`);

    try {
      const { orders } = await expectEveryOrderOneRunAndEmailOnce({
        database,
        automationId,
        answered: buyers,
        smtp,
        waitMs: 240_000,
      });
      expect(orders).toBe(RUNS);
    } catch (error) {
      throw withDiagnosis(error, await killDiagnosis(database, automationId, server?.log.join('') ?? ''));
    }
  }, 480_000);
});
