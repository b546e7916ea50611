// A local S3-compatible server (s3rver) in its own process for `ORDERS_BENCH_S3=1`, so that the
// export's RSS growth is the app's alone: prints its S3 settings as one JSON line, stops on SIGTERM.
import { startS3Server } from '../apps/server/src/storage/s3.fixtures.ts';

const s3 = await startS3Server('funnelwork-bench');
console.log(JSON.stringify(s3.settings));
process.on('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
