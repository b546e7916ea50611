import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './s3-storage.ts';

/**
 * A local S3-compatible server (s3rver: objects on disk, multipart uploads) on 127.0.0.1 and port 0,
 * with one bucket and s3rver's fixed credentials; `settings` is what S3_* configures.
 */
export async function startS3Server(bucket = 'funnelwork-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address: AddressInfo = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
