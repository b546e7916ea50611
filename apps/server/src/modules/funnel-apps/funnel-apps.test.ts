import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('funnel apps', () => {
  it('connects an app to a funnel, changes its settings, filters, switches it off and removes it', async () => {
    const funnel = await createFunnel(api);
    const connected = await api.patch(`wfunnels/${funnel.id}/apps`, {
      app_id: 7,
      settings: { pixel: 'abc' },
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().data).toMatchObject({
      funnel_id: funnel.id,
      app_id: 7,
      settings: { pixel: 'abc' },
      active: true,
    });
    const again = await api.patch(`funnels/${funnel.id}/apps`, { app_id: 7, active: false });
    expect(again.json().data).toMatchObject({
      id: connected.json().data.id,
      settings: { pixel: 'abc' },
      active: false,
    });
    await api.patch(`funnels/${funnel.id}/apps`, { app_id: 8 });

    expect((await api.get(`funnels/${funnel.id}/apps`)).json().data).toHaveLength(2);
    expect((await api.get(`wfunnels/${funnel.id}/apps`)).json().data).toHaveLength(2);
    const filtered = await api.get('funnel-apps', { app_id: 7, funnel_id: funnel.id });
    expect(filtered.json().data.map((a: { app_id: number }) => a.app_id)).toEqual([7]);

    const id = connected.json().data.id;
    const patched = await api.patch(`funnel-apps/${id}`, { settings: { pixel: 'xyz' }, active: true });
    expect(patched.json().data).toMatchObject({ settings: { pixel: 'xyz' }, active: true });
    expect((await api.get(`funnel-apps/${id}`)).json().data.settings).toEqual({ pixel: 'xyz' });
    expect((await api.delete(`funnel-apps/${id}`)).statusCode).toBe(200);
    expect((await api.get(`funnel-apps/${id}`)).statusCode).toBe(404);
  });

  it('answers 403 to funnel app writes without the funnels flag (spec §6)', async () => {
    const funnel = await createFunnel(api);
    const editor = await memberOf(t, owner, { editor: true });
    const res = await editor.api.patch(`funnels/${funnel.id}/apps`, { app_id: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    expect((await editor.api.get(`funnels/${funnel.id}/apps`)).statusCode).toBe(200);
  });
});
