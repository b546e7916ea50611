import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../db/client.ts';
import { TooManyRequestsError } from '../../../plugins/errors.ts';
import { createThrottle } from '../../../plugins/throttle.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { createWriteLimiter } from './google-sheets.api.ts';

let first: TestDatabase;
let second: Database;

// Two handles on one PostgreSQL database stand for two server processes.
beforeAll(async () => {
  first = await createTestDatabase();
  second = await createDatabase({ kind: 'postgres', url: first.url ?? '' });
});
afterAll(async () => {
  await second?.close();
  await first?.drop();
});

describe("Google Sheets' writes a minute across processes", () => {
  it("counts a connection's writes once: both processes together keep to the limit", async () => {
    const limiterOn = (database: Database) =>
      createWriteLimiter({
        perWindow: 4,
        windowMs: 60_000,
        maxWaitMs: 0,
        throttle: createThrottle({ db: database.db, clock: () => new Date() }),
      });
    const onFirst = limiterOn(first);
    const onSecond = limiterOn(second);
    for (const limiter of [onFirst, onSecond, onFirst, onSecond]) await limiter.acquire(7);
    for (const limiter of [onFirst, onSecond]) {
      const refused = await limiter.acquire(7).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TooManyRequestsError);
    }
    await onSecond.acquire(8);
  });
});
