import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk under DATA_DIR, or an S3-compatible bucket when
 * S3_BUCKET is configured. Keys are ours (`{accountId}/{random}.{ext}`), never a user's file name.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<{ body: Readable; size?: number } | null>;
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from (absolute: published pages are another origin). */
  urlOf(key: string): string;
}

/** A storage key is `{accountId}/{24 hex}.{ext}`: nothing else is ever read or written. */
export const STORAGE_KEY = /^[0-9]{1,19}\/[0-9a-f]{24}\.(jpg|png|gif|webp)$/;
