import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';
import { EXPORT_COLUMNS, EXPORT_JOB_EXPIRY_SECONDS } from './exports.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
let dataDir: string;
let funnelId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-exports-'));
  t = await createTestApp({ startQueue: true, config: { dataDir } });
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
  funnelId = (await createFunnel(api)).id;
  const db = t.database.db;
  const attacker = await createCustomer(db, owner.accountId, {
    firstName: '=HYPERLINK("http://evil.test")',
    lastName: 'Mallory',
    email: 'mallory@example.test',
  });
  const jane = await createCustomer(db, owner.accountId);
  await createOrder(db, owner.accountId, {
    customerId: attacker.id,
    funnelId,
    createdAt: new Date('2025-03-01T10:00:00Z'),
  });
  await createOrder(db, owner.accountId, {
    customerId: jane.id,
    gatewayId: 5,
    reference: 'cod_1',
    items: [
      { productId: 7, name: 'Tee', variantTitle: 'Large', amountMinor: 1000, qty: 2 },
      { productId: 8, name: 'Cap', variantTitle: 'Main Product', amountMinor: 550, qty: 1 },
    ],
    addresses: {
      shipping: { address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
      billing: { address: '=9 Bill Rd', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
    },
    createdAt: new Date('2025-04-01T10:00:00Z'),
  });
  const deleted = await createOrder(db, owner.accountId, { createdAt: new Date('2025-04-02T10:00:00Z') });
  await api.delete(`orders/${deleted.id}`);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function finished(id: number) {
  const until = Date.now() + 20_000;
  for (;;) {
    const job = (await api.get(`exports/${id}`)).json().data;
    if (job.done || job.failed) return job;
    if (Date.now() > until) throw new Error('export did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function exportCsv(data: Record<string, unknown>) {
  const created = await api.post('exports', data);
  expect(created.statusCode, created.body).toBe(201);
  const job = await finished(created.json().data.id);
  expect(job.done).toBe(true);
  const res = await api.post('download-export', { id: job.id, funnel_id: data.funnel_id ?? null });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
  return { job, rows: parse(res.body) as string[][] };
}

describe('orders export ("Download .CSV of orders")', () => {
  it("exports 'All orders' of the account, never deleted ones, and counts downloads", async () => {
    const { job, rows } = await exportCsv({
      params: JSON.stringify({ exportType: 'all', rangeStart: 0, rangeEnd: 0 }),
    });
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(3);
    const cod = rows.find((row) => row[9] === 'Cash On Delivery') as string[];
    expect(cod).toEqual([
      '1002',
      '2025-04-01T10:00:00.000Z',
      'Paid',
      'Jane Doe',
      'jane@example.test',
      'Tee (Large) x 2; Cap x 1',
      '3',
      '25.50',
      'USD',
      'Cash On Delivery',
      'cod_1',
      'no',
      'no',
      'no',
      'no',
      '',
      '',
      '',
      // Issue 19: the shipping then the billing address, each part its own column, neutralised.
      '1 Main St',
      'Springfield',
      'IL',
      '62701',
      'US',
      "'=9 Bill Rd",
      'Chicago',
      'IL',
      '60601',
      'US',
    ]);
    expect(job.data_size).toBeGreaterThan(100);
    await api.post('download-export', { id: job.id });
    const after = (await api.get(`exports/${job.id}`)).json().data;
    expect(after.downloads).toBe(2);
    expect(after.params).toEqual({ exportType: 'all', rangeStart: 0, rangeEnd: 0 });
  });

  it("neutralises a cell starting with '=' (spreadsheet formula injection)", async () => {
    const { rows } = await exportCsv({ params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 } });
    const mallory = rows.find((row) => row[4] === 'mallory@example.test') as string[];
    expect(mallory[3]).toBe(`'=HYPERLINK("http://evil.test") Mallory`);
    expect(rows.every((row) => row.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);
  });

  it("exports 'Orders by date' (unix seconds) of one funnel", async () => {
    const byDate = await exportCsv({
      params: {
        exportType: 'by_date',
        rangeStart: Date.parse('2025-03-31T00:00:00Z') / 1000,
        rangeEnd: Date.parse('2025-04-30T23:59:59Z') / 1000,
      },
    });
    expect(byDate.rows.map((row) => row[0])).toEqual(['Order number', '1002']);
    const ofFunnel = await exportCsv({ funnel_id: funnelId, params: { exportType: 'all' } });
    expect(ofFunnel.rows.map((row) => row[0])).toEqual(['Order number', '1001']);
    expect(ofFunnel.job.funnel_id).toBe(funnelId);
  });

  it('refuses bad params, a foreign funnel, an expired export and a member without the orders flag', async () => {
    const bad = await api.post('exports', { params: { exportType: 'by_date', rangeStart: 10, rangeEnd: 5 } });
    expect(bad.statusCode).toBe(400);
    expect((await api.post('exports', { params: 'not json' })).statusCode).toBe(400);
    expect(
      (await api.post('exports', { funnel_id: 999_999, params: { exportType: 'all' } })).statusCode,
    ).toBe(404);

    const created = (await api.post('exports', { params: { exportType: 'all' } })).json().data;
    const job = await finished(created.id);
    expect(job.expiry_date).toBe(new Date(Date.parse(job.time) + 7 * 86_400_000).toISOString());
    const file = path.join(dataDir, 'exports', job.file_name);
    expect(fs.existsSync(file)).toBe(true);
    await t.app.services.exports.expireExports(job.id);
    expect(fs.existsSync(file)).toBe(false);
    const gone = await api.post('download-export', { id: job.id });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toBe('This export has expired. Please start a new export.');
    expect((await api.get(`exports/${job.id}`)).json().data.expired).toBe(true);

    const member = await memberOf(t, owner, { funnels: true });
    const denied = await member.api.post('exports', { params: { exportType: 'all' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('restricted area: access denied');
    expect((await member.api.post('download-export', { id: job.id })).statusCode).toBe(403);
  });

  it("gives the job its expiry, keeps the file of the first of two runs to finish, drops a killed run's", async () => {
    // pg-boss starts a job again on any process once it has been active longer than its expiry.
    const created = (await api.post('exports', { params: { exportType: 'all' } })).json().data;
    const [sent] = (
      await t.database.executeSql(
        `select extract(epoch from expire_in)::int as seconds from pgboss.job
          where name = 'orders.export' and data->>'exportId' = $1`,
        [String(created.id)],
      )
    ).rows;
    expect(sent?.seconds).toBe(EXPORT_JOB_EXPIRY_SECONDS);
    await finished(created.id);

    // A run that outlived its expiry goes on beside its retry: only one of them may keep a file.
    const now = new Date();
    const [row] = await t.database.db
      .insert(exportJobs)
      .values({
        accountId: owner.accountId,
        userId: owner.userId,
        params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 },
        time: now,
        expiryDate: new Date(now.getTime() + 86_400_000),
      })
      .returning();
    const id = row?.id as number;
    // A killed run's partial file: removed when the export runs again.
    const partial = path.join(dataDir, 'exports', `${owner.accountId}-${id}-00000000000000aa.csv`);
    fs.writeFileSync(partial, 'Order number,Created\n10');
    await Promise.all([t.app.services.exports.runExport(id), t.app.services.exports.runExport(id)]);
    const files = fs
      .readdirSync(path.join(dataDir, 'exports'))
      .filter((name) => name.startsWith(`${owner.accountId}-${id}-`));
    const [done] = await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    expect(done?.done).toBe(true);
    expect(files).toEqual([done?.fileName]);
  });
});
