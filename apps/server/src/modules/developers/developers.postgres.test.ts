import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient } from '../funnels/funnels.fixtures.ts';

const RATE = 10;
let first: TestApp;
let second: TestApp;

// Two apps on one PostgreSQL database stand for two server processes behind a load balancer.
beforeAll(async () => {
  first = await createTestApp({ config: { apiKeyRatePerMinute: RATE } });
  second = await createTestApp({ config: { apiKeyRatePerMinute: RATE }, sharing: first.database });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('the API key rate limit across processes', () => {
  it(`counts a key's requests once: ${RATE} a minute on both processes together, then 429`, async () => {
    const owner = await signUpOwner(first.app);
    const api = apiClient(first.app, owner.auth);
    const created = await api.post('developers/me/apps', { name: 'Zapier', scopes: ['orders:read'] });
    expect(created.statusCode, created.body).toBe(201);
    const made = await api.post(`developers/me/apps/${created.json().data.id}/keys`);
    expect(made.statusCode, made.body).toBe(201);
    const authorization = `Bearer ${made.json().data.key}`;
    const onFirst = apiClient(first.app, { authorization });
    const onSecond = apiClient(second.app, { authorization });

    for (let i = 0; i < RATE; i++)
      expect((await (i % 2 === 0 ? onFirst : onSecond).get('orders')).statusCode).toBe(200);
    const refusedFirst = await onFirst.get('orders');
    const refusedSecond = await onSecond.get('orders');
    expect(refusedFirst.statusCode).toBe(429);
    expect(refusedSecond.statusCode).toBe(429);
    expect(Number(refusedSecond.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refusedSecond.headers['retry-after'])).toBeLessThanOrEqual(60 / RATE);
  });
});
