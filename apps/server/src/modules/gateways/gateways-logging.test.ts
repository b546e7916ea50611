import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { GOOD_KEY, GOOD_PUBLISHABLE_KEY, startFakeStripe } from '../../gateways/fake-stripe.fixtures.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { createTestDatabase, signUpOwner } from '../../test/harness.ts';
import { apiClient } from '../funnels/funnels.fixtures.ts';

const lines: string[] = [];
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  const database = await createTestDatabase();
  const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  app = await buildApp({
    config: testConfig({ logLevel: 'trace', stripeApiBase: fake.apiBase }),
    database,
    queue,
    logStream,
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.drop();
    await fake.close();
  };
});
afterAll(() => close());

describe('gateway credentials in the log', () => {
  it('are never written, whether Stripe accepts or refuses them', async () => {
    const owner = await signUpOwner(app);
    const api = apiClient(app, owner.auth);
    const refused = 'sk_test_refusedButSecret7777';
    expect(
      (
        await api.post('gateways/1/connect', {
          credentials: { secret_key: refused, publishable_key: GOOD_PUBLISHABLE_KEY },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await api.post('gateways/1/connect', {
          credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api.post('gateways/1/connect', { credentials: { secret_key: 'bad', x: GOOD_KEY } })).statusCode,
    ).toBe(400);
    const log = lines.join('');
    expect(log).toContain('/api/gateways/1/connect');
    expect(log).not.toContain(GOOD_KEY);
    expect(log).not.toContain(refused);
  });
});
