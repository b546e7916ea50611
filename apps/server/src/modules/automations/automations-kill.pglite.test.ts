import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/harness.ts';
import { freePort, type ServerProcess, sleep, spawnServer, until } from '../../test/server-process.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp.ts';
import {
  automationMailOf,
  expectEveryOrderOneRunAndEmailOnce,
  JOB_EXPIRY_SECONDS,
  KILLS,
  killAtRandomPoints,
  killDiagnosis,
  killSeed,
  purchaseOf,
  RUNS,
  SUBJECTS,
  setupApp,
  shopWithKillAutomation,
  withDiagnosis,
} from './automations-kill.fixtures.ts';

// The embedded database's side of automations-kill.postgres.test.ts. PGlite's data directory belongs to
// one process, so the server process is the only one on it while it runs: purchases go to it over HTTP
// (a purchase cut off by a kill may or may not have happened), and this process opens the data directory
// only before the server's first start and after its last stop.
const { seed, between } = killSeed();

// The PostgreSQL pass leaves this file out (vitest.config.ts) and runs automations-kill.postgres.test.ts.
if (testDatabaseKind !== 'pglite')
  throw new Error(
    'automations-kill.pglite.test.ts runs on the embedded database (without TEST_DATABASE=postgres)',
  );

describe('the automations engine under kill -9 (PGlite)', () => {
  const gatewayKey = testConfig().gatewaySecretKey as Buffer;
  let smtp: SmtpPeer;
  /** The data directory's first handle (reopen() opens it again); `open`: a handle open in this process. */
  let database: TestDatabase;
  let open: TestDatabase | null = null;
  let dataDir: string;
  let port: number;
  let server: ServerProcess | null = null;
  /** Resolves once the server of the moment answers; purchases cut off by a kill wait for it. */
  let serverUp: Promise<void> = Promise.resolve();

  async function startServer() {
    const started = spawnServer('the server', port, {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      GATEWAY_SECRET_KEY: gatewayKey.toString('base64'),
      JOB_EXPIRY_SECONDS: String(JOB_EXPIRY_SECONDS),
    });
    server = started;
    serverUp = started.ready();
    await serverUp;
  }

  async function killServer() {
    await server?.kill();
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    port = await freePort();
    database = await createTestDatabase({ onDisk: true });
    open = database;
    dataDir = database.dataDir as string;
  }, 120_000);

  /** The data directory opened in this process again, once the server has stopped for good. */
  async function reopen() {
    const reopened = await database.reopen?.();
    if (!reopened) throw new Error('an onDisk test database reopens');
    open = reopened;
    return reopened;
  }

  afterAll(async () => {
    await killServer();
    if (open) await open.drop();
    else if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await smtp?.close();
  });

  it(`${RUNS} runs, the server killed with SIGKILL ${KILLS} times at random points: 0 lost, 0 duplicate e-mails`, async () => {
    console.log(`kill test seed ${seed} (KILL_SEED=${seed} replays it)`);
    const app = await setupApp(database, { dataDir, smtpUrl: smtp.url, gatewaySecretKey: gatewayKey });
    const { shop, automationId } = await shopWithKillAutomation(app, database);
    await app.close();
    await database.close();
    open = null;

    await startServer();
    const base = `http://127.0.0.1:${port}`;
    const answered: string[] = [];
    let cutOff = 0;
    const buying = (async () => {
      for (let i = 0; answered.length < RUNS; i++) {
        if (i >= RUNS * 2) throw new Error(`${i} purchases tried, ${answered.length} answered`);
        const email = `kill-${i}-${seed}@example.test`;
        const res = await fetch(`${base}/_fw/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(purchaseOf(shop, email, i)),
        }).catch(() => null);
        if (res?.ok) answered.push(email);
        else {
          // Killed before or while it answered: the purchase may be in the database or not.
          expect(res === null || res.status >= 500, `purchase ${i}: ${await res?.text()}`).toBe(true);
          cutOff++;
          await serverUp;
        }
        await sleep(between(0, 120));
      }
    })();
    const kills = await killAtRandomPoints({ between, kill: killServer, start: startServer });
    await buying;
    console.log(`killed after ${kills.join('; ')}; ${answered.length} purchases answered, ${cutOff} cut off`);

    try {
      // The last server finishes the work: every order's run ends and its e-mails leave, read through the API.
      const api = async (url: string) => {
        const res = await fetch(`${base}/api/${url}`, { headers: shop.owner.auth });
        expect(res.status, url).toBe(200);
        return (await res.json()) as {
          data: Array<{ status: string; subject?: string }>;
          meta?: { count: number };
        };
      };
      let seen = 'nothing';
      await until(
        150_000,
        async () => {
          const orders = (await api('orders?per_page=1')).meta?.count ?? 0;
          const runs = (await api(`automations/${automationId}/runs`)).data;
          const mails = (await api('mailbox')).data.filter((m) => SUBJECTS.includes(m.subject ?? ''));
          const finished = runs.every((r) => r.status === 'done' || r.status === 'failed');
          const sent = mails.filter((m) => m.status === 'sent').length;
          const delivered = sent === mails.length && automationMailOf(smtp).length >= mails.length;
          seen = `${orders} orders, ${runs.length} runs (${runs.filter((r) => r.status === 'done').length} done), ${mails.length} automation e-mails (${sent} sent)`;
          return runs.length >= orders && orders >= answered.length && finished && delivered
            ? true
            : undefined;
        },
        'every run finished and its e-mails sent',
        250,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last seen: ${seen}`, { cause: error });
      });
    } catch (error) {
      await server?.stop();
      throw withDiagnosis(
        error,
        await killDiagnosis(await reopen(), automationId, server?.log.join('') ?? ''),
      );
    }
    const log = server?.log.join('') ?? '';
    await server?.stop();
    // The server is gone for good: the data directory is this process's to read.
    const after = await reopen();
    try {
      await expectEveryOrderOneRunAndEmailOnce({ database: after, automationId, answered, smtp, waitMs: 0 });
    } catch (error) {
      throw withDiagnosis(error, await killDiagnosis(after, automationId, log));
    }
  }, 300_000);
});
