import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createDatabase, type Database, rowsOf } from '../../db/client.ts';
import { automationRunSteps, automationRuns, mailMessages, orders } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { CARD_OK, newKey, postJson, shopWithFunnel } from '../../runtime/checkout/checkout.fixtures.ts';
import type { TestApp } from '../../test/harness.ts';
import { freePort, type ServerProcess, sleep, spawnServer, until } from '../../test/server-process.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp.ts';
import { emailWithParagraphs } from '../email-templates/email-templates.fixtures.ts';

// The engine test: kill -9 of the server process at random points of 50 runs and a restart:
// every run ends done or failed, 0 lost, 0 duplicate e-mails. The server runs as `npm start` runs it
// (a child process on a PostgreSQL database of its own); purchases are made by this process's app on
// the same database, so they go on while the server is dead and its outbox picks them up on restart.
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error('automations-kill.postgres.test.ts needs DATABASE_URL (TEST_DATABASE=postgres)');

const RUNS = 50;
const KILLS = 3;
/** Short, so a killed process's step or send is taken over within the test's time. */
const JOB_EXPIRY_SECONDS = 8;

/** A small seeded generator: the kill points of a failing run can be replayed with KILL_SEED. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
const rand = random(seed);
const between = (low: number, high: number) => low + Math.floor(rand() * (high - low));

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
const subjectOf = (raw: string) => /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';

describe('the automations engine under kill -9', () => {
  const databaseName = `funnelwork_kill_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const gatewayKey = randomBytes(32);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-kill-'));
  let smtp: SmtpPeer;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
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

  /**
   * What is left when the test fails, in a few lines (CI prints a failure's first lines): runs by
   * status, the unfinished runs' steps, the queues' job states and the automation e-mails by status.
   */
  async function diagnosis(automationId: number) {
    const q = async (query: ReturnType<typeof sql>) =>
      rowsOf<Record<string, unknown>>(await database.db.execute(query));
    const runs = await q(sql`select status, count(*)::int as n from automation_runs
      where automation_id = ${automationId} group by status order by status`);
    const open = await q(sql`select r.id, r.status, coalesce(string_agg(
        s.path || ':' || s.status || '×' || s.attempts || coalesce(' ' || left(s.error, 80), ''), ', ' order by s.path), '') as steps
      from automation_runs r left join automation_run_steps s on s.run_id = r.id
      where r.automation_id = ${automationId} and r.status not in ('done') group by r.id limit 3`);
    const jobs = await q(sql`select name, state, count(*)::int as n from pgboss.job
      where name in ('automations.step', 'mail.automation') group by name, state order by name, state`);
    const mails = await q(sql`select status, count(*)::int as n from mail_messages
      where subject like '% e-mail' group by status order by status`);
    const list = (rows: Record<string, unknown>[]) =>
      rows.map((row) => Object.values(row).join(' ')).join('; ');
    return [
      `runs: ${list(runs)}`,
      `not done: ${list(open)}`,
      `jobs: ${list(jobs)}`,
      `automation e-mails: ${list(mails)}`,
      `server log: ${(server?.log.join('') ?? '').slice(-300).replace(/\s+/g, ' ')}`,
    ].join('\n');
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
    // This process's app makes the shop and the purchases; its queue never starts (the server's works).
    app = await buildApp({
      config: testConfig({ smtpUrl: smtp.url, gatewaySecretKey: gatewayKey }),
      database,
      queue: createJobQueue(database),
      gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
    });
    await app.ready();
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
    const shop = await shopWithFunnel({ app, database: { ...database, drop: async () => {} } } as TestApp);
    const template = async (text: string) => {
      const res = await shop.api.post(`users/${shop.owner.userId}/email-templates`, {
        name: text,
        config: JSON.stringify(emailWithParagraphs(text)),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const first = await template('Thanks, {{first_name}}');
    const second = await template('Here is more');
    const created = await shop.api.post('automations', {
      name: 'Two e-mails',
      trigger: { id: 'purchase' },
      steps: [
        { type: 'send_email', email_template_id: first, to: 'customer', subject: 'First e-mail' },
        {
          type: 'condition',
          match: 'all',
          conditions: [{ key: 'product_id', operand: 'IN', values: [String(shop.main.id)] }],
          yes: [{ type: 'send_email', email_template_id: second, to: 'customer', subject: 'Second e-mail' }],
          no: [],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const automationId = created.json().data.id as number;
    expect((await shop.api.post(`automations/${automationId}/activate`, {})).statusCode).toBe(200);

    await startServer();
    const buyers: string[] = [];
    const buying = (async () => {
      for (let i = 0; i < RUNS; i++) {
        const email = `kill-${i}-${seed}@example.test`;
        const res = await postJson(app, '/_fw/checkout', {
          step_id: shop.checkout.id,
          page_id: shop.checkoutPage,
          customer: { email, first_name: `Buyer${i}`, shipping_address: '2 Low Road', shipping_city: 'York' },
          payment: CARD_OK,
          idempotency_key: newKey(),
          items: [{ product_id: shop.main.id }],
        });
        expect(res.statusCode, res.body).toBe(201);
        buyers.push(email);
        await sleep(between(0, 120));
      }
    })();
    // Each kill lands at a random moment while runs are being started, stepped and sent.
    const kills: string[] = [];
    for (let k = 0; k < KILLS; k++) {
      const after = between(200, 2_500);
      await sleep(after);
      await killServer();
      // What the dead process left in flight: open runs and unsent automation e-mails.
      const [open] = rowsOf<{ runs: number; mails: number }>(
        await database.db.execute(sql`select
          (select count(*)::int from automation_runs where status in ('running', 'waiting')) as runs,
          (select count(*)::int from mail_messages where status = 'queued' and subject like '% e-mail') as mails`),
      );
      kills.push(`${after} ms (${open?.runs} open runs, ${open?.mails} unsent e-mails)`);
      await startServer();
    }
    await buying;
    console.log(`killed after ${kills.join('; ')}`);

    try {
      const orderIds = (await database.db.select({ id: orders.id }).from(orders)).map((o) => o.id);
      expect(orderIds).toHaveLength(RUNS);
      // Every run ends: the expiry, pg-boss's maintenance, the retry delay and the sweep bring back the
      // work the killed processes held.
      const runs = await until(
        240_000,
        async () => {
          const rows = await database.db
            .select()
            .from(automationRuns)
            .where(eq(automationRuns.automationId, automationId));
          return rows.length === RUNS && rows.every((r) => r.status === 'done' || r.status === 'failed')
            ? rows
            : undefined;
        },
        `all ${RUNS} runs done or failed`,
        100,
      );
      const done = runs.filter((r) => r.status === 'done');
      console.log(`runs: ${done.length} done, ${RUNS - done.length} failed`);
      expect(done).toHaveLength(RUNS);

      // Each send step recorded exactly one message.
      const sent = await database.db
        .select({ result: automationRunSteps.result })
        .from(automationRunSteps)
        .where(
          inArray(
            automationRunSteps.runId,
            runs.map((r) => r.id),
          ),
        );
      const messageIds = sent
        .map((s) => s.result.mail_message_id)
        .filter((id): id is number => typeof id === 'number');
      expect(messageIds).toHaveLength(RUNS * 2);
      expect(new Set(messageIds).size).toBe(RUNS * 2);
      // Every message reaches the SMTP peer.
      await until(
        60_000,
        async () => {
          const rows = await database.db
            .select({ status: mailMessages.status })
            .from(mailMessages)
            .where(inArray(mailMessages.id, messageIds));
          return rows.every((row) => row.status === 'sent') ? true : undefined;
        },
        'every automation e-mail sent',
        100,
      );
      const automationMail = smtp.received.filter((m) => /^(First|Second) e-mail$/.test(subjectOf(m.raw)));
      for (const email of buyers) {
        for (const subject of ['First e-mail', 'Second e-mail']) {
          const copies = automationMail.filter((m) => m.to.includes(email) && subjectOf(m.raw) === subject);
          const distinct = new Set(copies.map((m) => messageIdOf(m.raw)));
          expect(copies.length, `${subject} to ${email}`).toBeGreaterThan(0);
          expect([...distinct], `${subject} to ${email}: one e-mail`).toHaveLength(1);
        }
      }
      // A kill between the SMTP server's 250 and the 'sent' mark hands the same message (same Message-ID)
      // over again: at-least-once on that hop, told apart by its Message-ID. Printed, not hidden.
      console.log(
        `SMTP: ${automationMail.length} handovers of ${RUNS * 2} e-mails (${automationMail.length - RUNS * 2} repeated by Message-ID)`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message.split('\n')[0]}\n${await diagnosis(automationId)}`, { cause: error });
    }
  }, 480_000);
});
