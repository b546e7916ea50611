import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/**
 * Where finished exports live: `DATA_DIR/exports` on the local disk, or the `exports/` prefix of the
 * S3 bucket when S3_BUCKET is set, so that any process (on any machine) can send the file. A file's
 * name is `{accountId}-{exportId}-{random}.csv`; every run of an export writes its own.
 */
export interface ExportFiles {
  readonly kind: 'local' | 's3';
  /** Writes the file from the chunks, never holding more than a part of it in memory. */
  write(name: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  open(name: string): Promise<Readable | null>;
  /** Removes every file (and unfinished upload) whose name starts with `prefix`, but `keep`. */
  removeAll(prefix: string, keep?: string | null): Promise<void>;
}

const EXPORT_NAME = /^[0-9]{1,19}-[0-9]{1,19}-[0-9a-f]{16}\.csv$/;
const checked = (name: string) => {
  if (!EXPORT_NAME.test(name)) throw new Error(`not an export file name: ${name}`);
  return name;
};

export function createLocalExportFiles(dataDir: string): ExportFiles {
  const dir = path.join(dataDir, 'exports');
  const fileOf = (name: string) => path.join(dir, checked(name));
  return {
    kind: 'local',
    async write(name, chunks) {
      await fs.promises.mkdir(dir, { recursive: true });
      await pipeline(Readable.from(chunks), fs.createWriteStream(fileOf(name), { mode: 0o600 }));
    },
    async open(name) {
      const file = fileOf(name);
      try {
        await fs.promises.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async removeAll(prefix, keep) {
      let names: string[];
      try {
        names = await fs.promises.readdir(dir);
      } catch {
        return;
      }
      for (const name of names)
        if (name.startsWith(prefix) && name !== keep)
          await fs.promises.rm(path.join(dir, name), { force: true });
    },
  };
}

/** Parts of 8 MB, two in flight: an export's upload holds about 16 MB whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;

export function createS3ExportFiles(client: S3Client, bucket: string): ExportFiles {
  const keyOf = (name: string) => `exports/${checked(name)}`;
  return {
    kind: 's3',
    async write(name, chunks) {
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: keyOf(name),
          Body: Readable.from(chunks),
          ContentType: 'text/csv; charset=utf-8',
        },
        partSize: PART_SIZE,
        queueSize: 2,
      });
      await upload.done();
    },
    async open(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    async removeAll(prefix, keep) {
      const keepKey = keep ? keyOf(keep) : null;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `exports/${prefix}`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && object.Key !== keepKey)
            await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // A killed run's multipart upload is no object but its parts are stored (and billed) until aborted.
      try {
        const uploads = await client.send(
          new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `exports/${prefix}` }),
        );
        for (const upload of uploads.Uploads ?? [])
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
      } catch (error) {
        // Some S3-compatible servers (s3rver) cannot list uploads: the bucket's lifecycle rule
        // (AbortIncompleteMultipartUpload, docs/decisions/orders-and-customers.md) removes them instead.
        if ((error as { name?: string }).name !== 'NotImplemented') throw error;
      }
    },
  };
}
