import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { claimKey, STILL_PROCESSING } from './idempotency.ts';

// Issue 35 item 19 with several server processes on one PostgreSQL database (the PostgreSQL pass only).
let t: TestApp;
let accountId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ accountId } = await signUpOwner(t.app));
});
afterAll(async () => {
  await t.close();
});

const newKey = () => `checkout:${randomUUID()}`;

describe('a checkout claim of another server process', () => {
  it('a claim of another server is waited for while it lives, and taken over once it is gone', async () => {
    const url = t.database.url;
    if (!url) throw new Error('a PostgreSQL test database has a URL');
    const other = await createDatabase({ kind: 'postgres', url });
    const key = newKey();
    try {
      expect((await claimKey(other, accountId, key, 'h')).kind).toBe('owner');
      await expect(claimKey(t.database, accountId, key, 'h', { waitMs: 300 })).rejects.toThrow(
        STILL_PROCESSING,
      );
    } finally {
      // The other server's connections end, as a killed process's do.
      await other.close();
    }
    const claim = await claimKey(t.database, accountId, key, 'h', { waitMs: 2_000 });
    expect(claim.kind).toBe('owner');
  });
});
