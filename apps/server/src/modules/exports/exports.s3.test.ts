import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateMultipartUploadCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs } from '../../db/schema/index.ts';
import { startS3Server } from '../../storage/s3.fixtures.ts';
import { createS3Client } from '../../storage/s3-storage.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';
import { EXPORT_COLUMNS } from './exports.service.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let client: S3Client;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  client = createS3Client(s3.settings);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-exports-s3-'));
  t = await createTestApp({ startQueue: true, config: { dataDir, s3: s3.settings } });
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
  const jane = await createCustomer(t.database.db, owner.accountId);
  await createOrder(t.database.db, owner.accountId, {
    customerId: jane.id,
    createdAt: new Date('2025-04-01T10:00:00Z'),
  });
  await createOrder(t.database.db, owner.accountId, { createdAt: new Date('2025-04-02T10:00:00Z') });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function objectsOf(exportId: number) {
  const listed = await client.send(
    new ListObjectsV2Command({
      Bucket: s3.settings.bucket,
      Prefix: `exports/${owner.accountId}-${exportId}-`,
    }),
  );
  return (listed.Contents ?? []).map((object) => object.Key);
}

async function finished(id: number) {
  const until = Date.now() + 20_000;
  for (;;) {
    const job = (await api.get(`exports/${id}`)).json().data;
    if (job.done || job.failed) return job;
    if (Date.now() > until) throw new Error('export did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('orders export with S3_BUCKET (a local S3-compatible server)', () => {
  it('writes the CSV to the bucket, not DATA_DIR, and downloads it through the API', async () => {
    const created = await api.post('exports', { params: { exportType: 'all' } });
    expect(created.statusCode, created.body).toBe(201);
    const job = await finished(created.json().data.id);
    expect(job.done).toBe(true);
    expect(await objectsOf(job.id)).toEqual([`exports/${job.file_name}`]);
    expect(fs.existsSync(path.join(dataDir, 'exports'))).toBe(false);

    const res = await api.post('download-export', { id: job.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(['Order number', '1001', '1002']);
    expect(rows[1]?.[4]).toBe('jane@example.test');
    expect(job.data_size).toBe(Buffer.byteLength(res.body));
    expect((await api.get(`exports/${job.id}`)).json().data.downloads).toBe(1);

    await t.app.services.exports.expireExports(job.id);
    expect(await objectsOf(job.id)).toEqual([]);
    expect((await api.post('download-export', { id: job.id })).statusCode).toBe(410);
  });

  it("removes a killed run's partial object when the export is run again", async () => {
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
    // What a killed run leaves: a partial object, and a multipart upload never completed.
    const partial = `exports/${owner.accountId}-${id}-00000000000000aa.csv`;
    await client.send(
      new PutObjectCommand({ Bucket: s3.settings.bucket, Key: partial, Body: 'Order number,Created\n10' }),
    );
    const upload = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: s3.settings.bucket,
        Key: `exports/${owner.accountId}-${id}-00000000000000bb.csv`,
      }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: s3.settings.bucket,
        Key: `exports/${owner.accountId}-${id}-00000000000000bb.csv`,
        UploadId: upload.UploadId,
        PartNumber: 1,
        Body: 'Order number',
      }),
    );
    expect(await objectsOf(id)).toEqual([partial]);

    await t.app.services.exports.runExport(id);
    const [done] = await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    expect(done?.done).toBe(true);
    expect(await objectsOf(id)).toEqual([`exports/${done?.fileName}`]);
    const res = await api.post('download-export', { id });
    expect(parse(res.body)).toHaveLength(3);
  });
});
