import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Config, testConfig } from '../../config.ts';
import { type Database, rowsOf } from '../../db/client.ts';
import { automationRunSteps, automationRuns, mailMessages, products } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { CARD_OK, newKey, shopWithFunnel } from '../../runtime/checkout/checkout.fixtures.ts';
import type { TestApp } from '../../test/harness.ts';
import { sleep, until } from '../../test/server-process.ts';
import type { SmtpPeer } from '../../test/smtp.ts';
import { emailWithParagraphs } from '../email-templates/email-templates.fixtures.ts';

// The engine test on each database (automations-kill.postgres.test.ts, automations-kill.pglite.test.ts):
// kill -9 of the server process at random points of 50 runs and a restart: every run ends done or failed,
// 0 lost, 0 duplicate e-mails.

export const RUNS = 50;
export const KILLS = 3;
/** Short, so a killed process's step or send is taken over within the test's time. */
export const JOB_EXPIRY_SECONDS = 8;
/** The subjects of the automation's two e-mails. */
export const SUBJECTS = ['First e-mail', 'Second e-mail'];

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

/** The run's seed (KILL_SEED, else the clock's) and a whole number in [low, high) drawn from it. */
export function killSeed() {
  const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
  const rand = random(seed);
  return { seed, between: (low: number, high: number) => low + Math.floor(rand() * (high - low)) };
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
const subjectOf = (raw: string) => /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';

/**
 * This test process's app on the database the server will use: it makes the shop and the automation.
 * Its queue never starts (the server's works).
 */
export async function setupApp(database: Database, config: Partial<Config>): Promise<FastifyInstance> {
  const full = testConfig(config);
  const app = await buildApp({
    config: full,
    database,
    queue: createJobQueue(database, { jobExpirySeconds: full.jobExpirySeconds }),
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
  });
  await app.ready();
  return app;
}

/** A shop with a funnel and an active On Purchase automation: e-mail, condition on the product, e-mail. */
export async function shopWithKillAutomation(app: FastifyInstance, database: Database) {
  const shop = await shopWithFunnel({ app, database: { ...database, drop: async () => {} } } as TestApp);
  // No offer after the checkout (its step sells nothing and is passed over): each purchase is confirmed
  // at once, so every killed moment falls between a checkout and its On Purchase run.
  await database.db.update(products).set({ stepId: null }).where(eq(products.id, shop.offer.id));
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
      { type: 'send_email', email_template_id: first, to: 'customer', subject: SUBJECTS[0] },
      {
        type: 'condition',
        match: 'all',
        conditions: [{ key: 'product_id', operand: 'IN', values: [String(shop.main.id)] }],
        yes: [{ type: 'send_email', email_template_id: second, to: 'customer', subject: SUBJECTS[1] }],
        no: [],
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const automationId = created.json().data.id as number;
  expect((await shop.api.post(`automations/${automationId}/activate`, {})).statusCode).toBe(200);
  return { shop, automationId };
}

/** The checkout request of buyer `i`: the course, paid by card. */
export function purchaseOf(shop: Awaited<ReturnType<typeof shopWithFunnel>>, email: string, i: number) {
  return {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: { email, first_name: `Buyer${i}`, shipping_address: '2 Low Road', shipping_city: 'York' },
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  };
}

/**
 * Kills the server `KILLS` times, each at a random moment of its life while runs are being started,
 * stepped and sent, and starts it again; answers each kill's moment and what `leftInFlight` found.
 */
export async function killAtRandomPoints(options: {
  between: (low: number, high: number) => number;
  kill(): Promise<void>;
  start(): Promise<void>;
  /** What the dead process left in flight (read while it is dead). */
  leftInFlight?: () => Promise<string>;
}): Promise<string[]> {
  const kills: string[] = [];
  for (let k = 0; k < KILLS; k++) {
    const after = options.between(200, 2_500);
    await sleep(after);
    await options.kill();
    kills.push(options.leftInFlight ? `${after} ms (${await options.leftInFlight()})` : `${after} ms`);
    await options.start();
  }
  return kills;
}

/** Automation e-mails the SMTP peer was handed: each buyer's are told apart by subject and Message-ID. */
export const automationMailOf = (smtp: SmtpPeer) =>
  smtp.received.filter((m) => SUBJECTS.includes(subjectOf(m.raw)));

/**
 * The promise, read from the database once the work is over: every order (each purchase the
 * server answered, and any it committed before it was killed) has exactly one run, every run is done,
 * each send step recorded its own message, each message was sent, and the SMTP peer got one e-mail
 * (one Message-ID) per buyer and subject. `waitMs`: how long runs and sends may still take.
 */
export async function expectEveryOrderOneRunAndEmailOnce(options: {
  database: Database;
  automationId: number;
  /** The buyers whose purchase the server answered 2xx. */
  answered: string[];
  smtp: SmtpPeer;
  waitMs: number;
}) {
  const { database, automationId, answered, smtp, waitMs } = options;
  // Each order with its runs so far: read again once the runs are over (a killed process's outbox claim
  // holds its events back for a while, so an order may have no run yet when buying ends).
  const ordersWithRuns = async () =>
    rowsOf<{ id: number; email: string; runs: number }>(
      await database.db.execute(sql`select o.id, o.email, (select count(*)::int from automation_runs r
          join outbox_events e on e.id = r.event_id
          where r.automation_id = ${automationId} and (e.payload->>'orderId')::bigint = o.id) as runs
        from orders o order by o.id`),
    );
  let orders = await ordersWithRuns();
  const ordered = new Set(orders.map((o) => o.email));
  expect(
    answered.filter((email) => !ordered.has(email)),
    'answered purchases without an order',
  ).toEqual([]);
  // Every run ends: the expiry, pg-boss's maintenance, the retry delay and the sweep bring back the work
  // the killed processes held.
  const runs = await until(
    waitMs,
    async () => {
      const rows = await database.db
        .select()
        .from(automationRuns)
        .where(eq(automationRuns.automationId, automationId));
      return rows.length >= orders.length && rows.every((r) => r.status === 'done' || r.status === 'failed')
        ? rows
        : undefined;
    },
    `${orders.length} runs done or failed`,
    100,
  );
  orders = await ordersWithRuns();
  const done = runs.filter((r) => r.status === 'done');
  console.log(`runs: ${done.length} done, ${runs.length - done.length} failed, of ${orders.length} orders`);
  // 0 lost, none twice: one run per order, and no run of anything else.
  expect(
    orders.filter((o) => o.runs !== 1).map((o) => `order ${o.id}: ${o.runs} runs`),
    'orders without exactly one run',
  ).toEqual([]);
  expect(runs).toHaveLength(orders.length);
  expect(done).toHaveLength(orders.length);

  // Each send step recorded exactly one message.
  const sent = await database.db
    .select({ result: automationRunSteps.result })
    .from(automationRunSteps)
    .innerJoin(automationRuns, eq(automationRuns.id, automationRunSteps.runId))
    .where(eq(automationRuns.automationId, automationId));
  const messageIds = sent
    .map((s) => s.result.mail_message_id)
    .filter((id): id is number => typeof id === 'number');
  expect(messageIds).toHaveLength(orders.length * 2);
  expect(new Set(messageIds).size).toBe(orders.length * 2);
  // Every message reaches the SMTP peer.
  await until(
    waitMs,
    async () => {
      const rows = await database.db
        .select({ id: mailMessages.id, status: mailMessages.status })
        .from(mailMessages);
      const wanted = new Set(messageIds);
      return rows.filter((row) => wanted.has(row.id)).every((row) => row.status === 'sent')
        ? true
        : undefined;
    },
    'every automation e-mail sent',
    100,
  );
  const automationMail = automationMailOf(smtp);
  for (const { email } of orders) {
    for (const subject of SUBJECTS) {
      const copies = automationMail.filter((m) => m.to.includes(email) && subjectOf(m.raw) === subject);
      const distinct = new Set(copies.map((m) => messageIdOf(m.raw)));
      expect(copies.length, `${subject} to ${email}`).toBeGreaterThan(0);
      expect([...distinct], `${subject} to ${email}: one e-mail`).toHaveLength(1);
    }
  }
  // A kill between the SMTP server's 250 and the 'sent' mark hands the same message (same Message-ID)
  // over again: at-least-once on that hop, told apart by its Message-ID. Printed, not hidden.
  const repeated = automationMail.length - orders.length * 2;
  const perThousand = Math.round((repeated * 1000) / (orders.length * 2));
  console.log(
    `SMTP: ${automationMail.length} handovers of ${orders.length * 2} e-mails (${repeated} repeated by Message-ID: ${perThousand} per 1,000)`,
  );
  return { orders: orders.length };
}

/**
 * What is left when the test fails, in a few lines (CI prints a failure's first lines): runs by
 * status, the unfinished runs' steps, the queues' job states and the automation e-mails by status.
 */
export async function killDiagnosis(database: Database, automationId: number, serverLog: string) {
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
    `server log: ${serverLog.slice(-300).replace(/\s+/g, ' ')}`,
  ].join('\n');
}

/** Rethrows `error` with its first line and the diagnosis (CI shows a failure's first lines). */
export function withDiagnosis(error: unknown, diagnosis: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${message.split('\n')[0]}\n${diagnosis}`, { cause: error });
}
