import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailMessages } from '../db/schema/index.ts';
import { createGatewayRegistry } from '../gateways/registry.ts';
import { createSandboxGateway } from '../gateways/sandbox.ts';
import { createJobQueue, defineJob } from '../jobs/queue.ts';
import { buyMain, leaveOffers, shopWithFunnel } from '../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase, waitFor } from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './smtp.ts';

// One deployment split in two (PROCESS_ROLE, README "Running several processes"): `web` processes serve
// requests and run no background work, a `jobs` process runs it on the same PostgreSQL database. Only
// the PostgreSQL run includes this file (vitest.config.ts).

describe('PROCESS_ROLE: a web queue and a jobs queue on one database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('a job sent by the web process runs in the jobs process at once, not at its next poll', async () => {
    const job = defineJob('test.roles', z.object({ n: z.number() }));
    const ranIn: string[] = [];
    // Both poll once an hour: only the web process's signal (NOTIFY) can start the job within the test.
    const web = createJobQueue(database, { pollingIntervalSeconds: 3600, role: 'web' });
    const jobs = createJobQueue(database, { pollingIntervalSeconds: 3600, role: 'jobs' });
    web.work(job, async () => {
      ranIn.push('web');
    });
    jobs.work(job, async () => {
      ranIn.push('jobs');
    });
    const woken: string[] = [];
    jobs.onSignal('poller', () => woken.push('poller'));
    await web.start();
    await jobs.start();
    try {
      await new Promise((r) => setTimeout(r, 300)); // past the workers' first fetch
      await web.send(job, { n: 1 });
      await waitFor(() => ranIn[0], 10_000);
      web.signal('poller');
      await waitFor(() => woken[0], 10_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(ranIn).toEqual(['jobs']);
      expect(woken).toEqual(['poller']);
    } finally {
      await jobs.stop();
      await web.stop();
    }
  });

  it('a delayed job sent by the web process runs in the jobs process when due, not at its next poll', async () => {
    const job = defineJob('test.roles-delayed', z.object({ n: z.number() }));
    const ranAt: number[] = [];
    const web = createJobQueue(database, { pollingIntervalSeconds: 3600, role: 'web' });
    const jobs = createJobQueue(database, { pollingIntervalSeconds: 3600, role: 'jobs' });
    for (const queue of [web, jobs])
      queue.work(job, async () => {
        ranAt.push(Date.now());
      });
    await web.start();
    await jobs.start();
    try {
      await new Promise((r) => setTimeout(r, 300)); // past the workers' first fetch
      const due = Date.now() + 1_500;
      await web.send(job, { n: 1 }, { startAfter: new Date(due) });
      // Only the due time in the web process's signal can start it within the test.
      await waitFor(() => ranAt[0], 10_000);
      console.log(`the web process's delayed job ran ${(ranAt[0] ?? 0) - due} ms after its due time`);
      expect(ranAt[0]).toBeGreaterThanOrEqual(due);
    } finally {
      await jobs.stop();
      await web.stop();
    }
  });

  it('processes that start together on a fresh database create the queues once, without a deadlock', async () => {
    const fresh = await createTestDatabase();
    // Three processes' queues, each with the same 30 kinds of job, started at once (as `npm start` twice).
    const jobs = Array.from({ length: 30 }, (_, i) => defineJob(`test.together-${i}`, z.object({})));
    const queues = Array.from({ length: 3 }, (_, i) =>
      createJobQueue(fresh, { pollingIntervalSeconds: 3600, role: i === 0 ? 'web' : 'all' }),
    );
    for (const queue of queues) for (const job of jobs) queue.work(job, async () => {});
    try {
      await Promise.all(queues.map((queue) => queue.start()));
      const { rows } = await fresh.executeSql(
        `select count(*)::int as n from pgboss.queue where name like 'test.together-%'`,
      );
      expect(rows[0]?.n).toBe(30);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await fresh.drop();
    }
  });

  it('a web process alone leaves the job waiting: it runs no worker', async () => {
    const job = defineJob('test.web-only', z.object({ n: z.number() }));
    const ran: number[] = [];
    const web = createJobQueue(database, { pollingIntervalSeconds: 0.5, role: 'web' });
    web.work(job, async ({ n }) => {
      ran.push(n);
    });
    await web.start();
    try {
      await web.send(job, { n: 1 });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(ran).toEqual([]);
      const { rows } = await database.executeSql(`select state from pgboss.job where name = 'test.web-only'`);
      expect(rows).toEqual([{ state: 'created' }]);
    } finally {
      await web.stop();
    }
  });
});

describe('PROCESS_ROLE: a purchase in a web process, its receipt from the jobs process', () => {
  let smtp: SmtpPeer;
  let web: TestApp;
  let jobs: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    // The outbox polls once an hour: only the web process's signal (NOTIFY) brings the order's event to
    // the jobs process within the test.
    const outboxPollingIntervalSeconds = 3600;
    const gateways = createGatewayRegistry({ adapters: [createSandboxGateway()] });
    web = await createTestApp({
      gateways,
      startQueue: true,
      config: { smtpUrl: smtp.url, processRole: 'web', outboxPollingIntervalSeconds },
    });
    jobs = await createTestApp({
      gateways,
      startQueue: true,
      sharing: web.database,
      config: { smtpUrl: smtp.url, processRole: 'jobs', outboxPollingIntervalSeconds },
    });
  });
  afterAll(async () => {
    await jobs?.close();
    await web?.close();
    await smtp?.close();
  });

  it('the order confirmation reaches the SMTP peer once, sent by the jobs process on the web’s signal', async () => {
    const shop = await shopWithFunnel(web);
    const email = `split-${Date.now()}@example.test`;
    const res = await buyMain(web.app, shop, { email, first_name: 'Sam' });
    expect(res.statusCode, res.body).toBe(201);
    // The shopper declines the offer: the order is confirmed (its one receipt) at once.
    await leaveOffers(web.app, shop, res.json().data);
    const confirmedAt = Date.now();
    const message = await waitFor(() => smtp.received.find((m) => m.to.includes(email)), 20_000);
    console.log(
      `the receipt reached the SMTP peer ${Date.now() - confirmedAt} ms after the offers were left`,
    );
    expect(message.raw).toContain('confirmed');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const [row] = await web.database.db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(row?.status).toBe('sent');
  });
});
