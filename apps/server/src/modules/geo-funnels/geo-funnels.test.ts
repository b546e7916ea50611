import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, createStep } from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('geo-funnels', () => {
  it('splits a second-kind funnel into a geo-funnel answering its funnel_group_id, with copies of the steps', async () => {
    const main = await createFunnel(api, { name: 'Global offer' });
    await createStep(api, main.id, { name: 'Checkout', url: 'checkout' });
    const split = await api.post(`wfunnels/${main.id}/ab-split`, { ab_geo: ['DE', 'AT'] });
    expect(split.statusCode).toBe(201);
    const geo = split.json().data;
    expect(geo).toMatchObject({
      funnel_group_id: main.id,
      is_sub_funnel: true,
      path: main.path,
      ab_geo: ['DE', 'AT'],
      name: 'Global offer - Geo 1',
      funnel_type: 1,
    });
    expect((await api.get(`funnels/${main.id}`)).json().data.funnel_group_id).toBe(main.id);
    const geoSteps = (await api.get(`wfunnels/${geo.id}/steps`)).json().data;
    expect(geoSteps.map((s: { url: string }) => s.url)).toEqual(['checkout']);

    // Duplicating a geo-funnel adds another to the same group.
    const second = await api.post(`wfunnels/${geo.id}/ab-split`);
    expect(second.json().data).toMatchObject({ funnel_group_id: main.id, name: 'Global offer - Geo 2' });

    const subs = (await api.get(`sub-funnels/${main.id}`)).json().data;
    expect(subs.map((f: { id: number }) => f.id)).toEqual([geo.id, second.json().data.id]);
    expect((await api.get(`sub-funnels/${geo.id}`)).json().data).toHaveLength(2);
    expect((await api.get('sub-funnels', { funnel_id: main.id })).json().data).toHaveLength(2);

    // The funnel list shows main funnels only, with their geo-funnel count.
    const list = (await api.get('funnels', { query: 'Global offer' })).json().data;
    expect(list.map((f: { id: number; sub_funnels_count: number }) => [f.id, f.sub_funnels_count])).toEqual([
      [main.id, 2],
    ]);

    // Geo rename and geo change go through save-props.
    const renamed = await api.put(`funnels/${geo.id}/save-props`, { name: 'Germany', ab_geo: ['DE'] });
    expect(renamed.json().data).toMatchObject({ name: 'Germany', ab_geo: ['DE'] });
  });

  it('deleting the main funnel takes its geo-funnels along, and restoring brings them back', async () => {
    const main = await createFunnel(api, { name: 'Grouped' });
    await api.post(`wfunnels/${main.id}/ab-split`, { ab_geo: ['FR'] });
    const lone = (await api.post(`wfunnels/${main.id}/ab-split`, { ab_geo: ['IT'] })).json().data;
    expect((await api.delete(`funnels/${lone.id}`)).statusCode).toBe(200);
    expect((await api.get(`sub-funnels/${main.id}`)).json().data).toHaveLength(1);
    await api.delete(`funnels/${main.id}`);
    expect((await api.get('sub-funnels', { funnel_id: main.id })).json().data).toEqual([]);
    await api.put(`funnels/${main.id}/restore`);
    const back = (await api.get('sub-funnels', { funnel_id: main.id })).json().data;
    expect(back.map((f: { ab_geo: string[] }) => f.ab_geo)).toEqual([['FR']]);
  });

  it('refuses to split a classic funnel', async () => {
    const classic = await createFunnel(api, { funnel_type: 0 });
    const res = await api.post(`wfunnels/${classic.id}/ab-split`);
    expect(res.statusCode).toBe(422);
  });

  it("locks geo-funnel creation when the account lacks the 'funnels' feature", async () => {
    const other = await signUpOwner(t.app);
    const mine = apiClient(t.app, other.auth);
    const funnel = await createFunnel(mine);
    await t.database.db.update(accounts).set({ features: [] }).where(eq(accounts.id, other.accountId));
    const res = await mine.post(`wfunnels/${funnel.id}/ab-split`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    expect((await mine.get(`sub-funnels/${funnel.id}`)).json().data).toEqual([]);
  });
});
