import { randomBytes } from 'node:crypto';
import type { ExportJob } from '@funnelwork/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { type ExportParams, exportJobs } from '../../db/schema/index.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';
import type { ExportFiles } from './export-files.ts';
import { EXPORT_COLUMNS, exportCsvChunks } from './exports.sql.ts';

export { csvLine } from './exports.csv.ts';
export { EXPORT_COLUMNS };

/** An export's file is kept this long, then deleted by its `orders.export-expire` job. */
export const EXPORT_LIFETIME_MS = 7 * 86_400_000;

/**
 * An export still running this long after it started is failed and retried, on whichever process takes it
 * first: an export whose process was killed starts again within this plus the queue's maintenance interval,
 * retry delay and polling (2 minutes in all). `EXPORT_JOB_EXPIRY_SECONDS` sets it.
 */
export const EXPORT_JOB_EXPIRY_SECONDS = 90;

export const exportOrdersJob = defineJob(
  'orders.export',
  z.object({ exportId: z.number().int().positive() }),
  { retryLimit: 2, retryDelay: 5 },
);
export const expireExportsJob = defineJob(
  'orders.export-expire',
  z.object({ exportId: z.number().int().positive() }),
  { retryLimit: 3, retryDelay: 60 },
);

type ExportRow = typeof exportJobs.$inferSelect;

function exportOut(row: ExportRow, now: Date): ExportJob {
  return {
    id: row.id,
    funnel_id: row.funnelId,
    time: iso(row.time),
    data_size: row.dataSize,
    file_name: row.fileName,
    done: row.done,
    failed: row.failed,
    time_done: iso(row.timeDone),
    expiry_date: iso(row.expiryDate),
    expired: row.expired || new Date(row.expiryDate).getTime() <= now.getTime(),
    downloads: row.downloads,
    params: row.params,
  };
}

export function createExportsService({
  db,
  database,
  queue,
  files,
  jobExpirySeconds = EXPORT_JOB_EXPIRY_SECONDS,
  clock = () => new Date(),
}: {
  db: Db;
  database: Pick<Database, 'kind' | 'copyOut' | 'forEachRawRow'>;
  queue: JobQueue;
  files: ExportFiles;
  jobExpirySeconds?: number;
  clock?: () => Date;
}) {
  const filesOf = (row: Pick<ExportRow, 'accountId' | 'id'>) => `${row.accountId}-${row.id}-`;

  async function findExport(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(exportJobs)
      .where(and(ownedBy(exportJobs, accountId), eq(exportJobs.id, id)));
    if (!row) throw notFound('Export');
    return row;
  }

  /** The `orders.export` job: writes the CSV file and marks the export done (or failed). */
  async function runExport(exportId: number) {
    const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, exportId));
    if (!job || job.done || job.expired) return;
    const fileName = `${filesOf(job)}${randomBytes(8).toString('hex')}.csv`;
    let rows = 0;
    let size = 0;
    try {
      const counted = async function* (source: AsyncGenerator<Uint8Array, number>) {
        for (;;) {
          const next = await source.next();
          if (next.done) {
            rows = next.value;
            return;
          }
          size += next.value.byteLength;
          yield next.value;
        }
      };
      await files.write(
        fileName,
        counted(
          exportCsvChunks(
            { db, database },
            { accountId: job.accountId, funnelId: job.funnelId, params: job.params },
          ),
        ),
      );
      // A run that outlived its expiry was started again: the first to finish keeps its file.
      const finished = await db
        .update(exportJobs)
        .set({ done: true, fileName, dataSize: size, rowsCount: rows, timeDone: clock() })
        .where(and(eq(exportJobs.id, exportId), eq(exportJobs.done, false)))
        .returning({ id: exportJobs.id });
      const kept = finished.length > 0 ? fileName : ((await findKept(exportId)) ?? null);
      // What a killed run left behind (a partial file or upload) goes with the run that finishes.
      await files.removeAll(filesOf(job), kept);
    } catch (error) {
      // Only this run's own file: another run of the export may still be writing its.
      await files.removeAll(fileName).catch(() => undefined);
      await db
        .update(exportJobs)
        .set({ failed: true, error: (error as Error).message, timeDone: clock() })
        .where(and(eq(exportJobs.id, exportId), eq(exportJobs.done, false)));
    }
  }

  async function findKept(exportId: number) {
    const [row] = await db
      .select({ fileName: exportJobs.fileName })
      .from(exportJobs)
      .where(and(eq(exportJobs.id, exportId), eq(exportJobs.done, true)));
    return row?.fileName ?? undefined;
  }

  /** The `orders.export-expire` job: deletes this export's file, and any other past its expiry. */
  async function expireExports(exportId: number) {
    const now = clock();
    const due = await db
      .update(exportJobs)
      .set({ expired: true })
      .where(
        sql`${exportJobs.expired} = false and (${exportJobs.id} = ${exportId} or ${lt(exportJobs.expiryDate, now)})`,
      )
      .returning();
    for (const row of due) await files.removeAll(filesOf(row));
  }

  queue.work(exportOrdersJob, ({ exportId }) => runExport(exportId));
  queue.work(expireExportsJob, ({ exportId }) => expireExports(exportId));

  return {
    runExport,
    expireExports,

    async create(
      accountId: number,
      userId: number,
      input: { funnel_id?: number | null; params: ExportParams },
    ): Promise<ExportJob> {
      if (input.funnel_id) await findFunnel(db, accountId, input.funnel_id, { includeDeleted: true });
      const now = clock();
      const expiryDate = new Date(now.getTime() + EXPORT_LIFETIME_MS);
      const [row] = await db
        .insert(exportJobs)
        .values({
          accountId,
          userId,
          funnelId: input.funnel_id ?? null,
          params: {
            exportType: input.params.exportType,
            rangeStart: input.params.exportType === 'all' ? 0 : input.params.rangeStart,
            rangeEnd: input.params.exportType === 'all' ? 0 : input.params.rangeEnd,
          },
          time: now,
          expiryDate,
        })
        .returning();
      const job = row as ExportRow;
      await queue.send(exportOrdersJob, { exportId: job.id }, { expireInSeconds: jobExpirySeconds });
      await queue.send(expireExportsJob, { exportId: job.id }, { startAfter: expiryDate });
      return exportOut(job, now);
    },

    async get(accountId: number, id: number) {
      return exportOut(await findExport(accountId, id), clock());
    },

    /** The finished file to send, after counting the download; the reasons it cannot be sent as errors. */
    async download(accountId: number, id: number, funnelId: number | null | undefined) {
      const row = await findExport(accountId, id);
      if (funnelId && row.funnelId !== funnelId) throw notFound('Export');
      if (row.failed)
        throw new HttpError(422, 'The export failed. Please start a new export.', 'export_failed');
      if (!row.done) throw new HttpError(409, 'The export is not finished yet.', 'export_running');
      const expired = row.expired || new Date(row.expiryDate).getTime() <= clock().getTime();
      const file = expired || !row.fileName ? null : await files.open(row.fileName);
      if (!file)
        throw new HttpError(410, 'This export has expired. Please start a new export.', 'export_expired');
      await db
        .update(exportJobs)
        .set({ downloads: sql`${exportJobs.downloads} + 1` })
        .where(eq(exportJobs.id, row.id));
      return file;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
