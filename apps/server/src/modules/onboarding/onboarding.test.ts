import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, createFunnel, createStep } from '../funnels/funnels.fixtures.ts';
import { createOrder } from '../orders/orders.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const doneKeys = (body: { data: { items: Array<{ key: string; done: boolean }> } }) =>
  body.data.items.filter((item) => item.done).map((item) => item.key);

describe('the get-started checklist ticks itself from real data', () => {
  it('create a funnel, connect a gateway, publish, first sale', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const empty = await api.get('onboarding/checklist');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.items.map((item: { title: string }) => item.title)).toEqual([
      'Create a funnel',
      'Connect a payment gateway',
      'Publish your funnel',
      'Make your first sale',
    ]);
    expect(doneKeys(empty.json())).toEqual([]);

    const funnel = await createFunnel(api);
    await createStep(api, funnel.id);
    expect(doneKeys((await api.get('onboarding/checklist')).json())).toEqual(['create-funnel']);

    expect((await api.post('user-gateways', { gateway_id: 5 })).statusCode).toBe(201);
    const subdomain = `shop${owner.accountId}x`;
    const changed = await api.post('change-subdomain', { subdomain });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(doneKeys((await api.get('onboarding/checklist')).json())).toEqual([
      'create-funnel',
      'connect-gateway',
      'publish',
    ]);

    await createOrder(t.database.db, owner.accountId, {});
    const all = (await api.get('onboarding/checklist')).json();
    expect(all.data.done_count).toBe(4);
  });
});
