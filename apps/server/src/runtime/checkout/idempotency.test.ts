import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequests } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { claimKey, STILL_PROCESSING } from './idempotency.ts';

// Issue 35 item 19: after a crash, a retried checkout was answered 409 'still being processed' for up to
// 131 s (the stale-claim timeout) although the process that held it was gone.
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

describe('a checkout claim and its owner process', () => {
  it('a claim held by a process that is gone is taken over at once', async () => {
    const key = newKey();
    // Claimed a moment ago by a server process that has since been killed (no process has this id).
    await t.database.db.insert(checkoutRequests).values({
      accountId,
      idempotencyKey: key,
      requestHash: 'h',
      claimedAt: new Date(),
      claimedBy: '12345',
    });
    const claim = await claimKey(t.database, accountId, key, 'h', { waitMs: 2_000 });
    expect(claim.kind).toBe('owner');
  });

  it("a claim of this live process is waited for, then answered 'still being processed'", async () => {
    const key = newKey();
    expect((await claimKey(t.database, accountId, key, 'h')).kind).toBe('owner');
    await expect(claimKey(t.database, accountId, key, 'h', { waitMs: 300 })).rejects.toThrow(
      STILL_PROCESSING,
    );
  });
});
