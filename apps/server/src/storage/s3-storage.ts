import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type FileStorage, STORAGE_KEY } from './storage.ts';

export type S3Settings = {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS's own when unset. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers load files straight from the bucket (a CDN or the bucket's public URL). */
  publicBaseUrl?: string;
};

/** The client for the configured bucket (uploads and exports share it). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * Files in an S3-compatible bucket. Without a public base URL the app serves them itself at
 * `/media/{key}`, reading from the bucket.
 */
export function createS3Storage(settings: S3Settings, options: { publicUrl: string }): FileStorage {
  const client = createS3Client(settings);
  const checked = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return key;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: checked(key) }),
        );
        return answer.Body ? { body: answer.Body as Readable, size: answer.ContentLength } : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checked(key) }));
    },
    urlOf: (key) =>
      settings.publicBaseUrl
        ? `${settings.publicBaseUrl.replace(/\/$/, '')}/${key}`
        : `${options.publicUrl}/media/${key}`,
  };
}
