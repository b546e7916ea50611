import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  // The made-up hosts of the webhook URLs below resolve to a public address (no DNS in tests).
  t = await createTestApp({ resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('funnel apps', () => {
  it('connects an app to a funnel, changes its settings, filters, switches it off and removes it', async () => {
    const funnel = await createFunnel(api);
    const connected = await api.patch(`wfunnels/${funnel.id}/apps`, {
      app_id: 1,
      settings: { meta_pixel_id: '123456789012345' },
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().data).toMatchObject({
      funnel_id: funnel.id,
      app_id: 1,
      settings: { meta_pixel_id: '123456789012345' },
      active: true,
    });
    const again = await api.patch(`funnels/${funnel.id}/apps`, { app_id: 1, active: false });
    expect(again.json().data).toMatchObject({
      id: connected.json().data.id,
      settings: { meta_pixel_id: '123456789012345' },
      active: false,
    });
    const hook = await api.patch(`funnels/${funnel.id}/apps`, {
      app_id: 4,
      settings: { url: 'https://hooks.example.test/funnel', events: ['order.paid'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);

    expect((await api.get(`funnels/${funnel.id}/apps`)).json().data).toHaveLength(2);
    expect((await api.get(`wfunnels/${funnel.id}/apps`)).json().data).toHaveLength(2);
    const filtered = await api.get('funnel-apps', { app_id: 1, funnel_id: funnel.id });
    expect(filtered.json().data.map((a: { app_id: number }) => a.app_id)).toEqual([1]);

    const id = connected.json().data.id;
    const patched = await api.patch(`funnel-apps/${id}`, {
      settings: { tiktok_pixel_id: 'c4a1b2c3d4e5f6g7h8i9' },
      active: true,
    });
    expect(patched.json().data).toMatchObject({
      settings: { tiktok_pixel_id: 'C4A1B2C3D4E5F6G7H8I9' },
      active: true,
    });
    expect((await api.get(`funnel-apps/${id}`)).json().data.settings).toEqual({
      tiktok_pixel_id: 'C4A1B2C3D4E5F6G7H8I9',
    });
    expect((await api.delete(`funnel-apps/${id}`)).statusCode).toBe(200);
    expect((await api.get(`funnel-apps/${id}`)).statusCode).toBe(404);
  });

  it('answers 403 to funnel app writes without the funnels flag (spec §6)', async () => {
    const funnel = await createFunnel(api);
    const saved = await api.patch(`funnels/${funnel.id}/apps`, {
      app_id: 1,
      settings: { meta_pixel_id: '123456789012345' },
    });
    const id = saved.json().data.id;
    const editor = await memberOf(t, owner, { editor: true, automations: true, orders: true });
    const writes = {
      'PATCH funnels/{id}/apps': editor.api.patch(`funnels/${funnel.id}/apps`, { app_id: 1 }),
      'PATCH wfunnels/{id}/apps': editor.api.patch(`wfunnels/${funnel.id}/apps`, { app_id: 1 }),
      'PATCH funnel-apps/{id}': editor.api.patch(`funnel-apps/${id}`, { active: false }),
      'DELETE funnel-apps/{id}': editor.api.delete(`funnel-apps/${id}`),
      'PATCH user-apps/{id}': editor.api.patch('user-apps/1', { active: false }),
      'POST apps/{id}/call-method': editor.api.post(
        `apps/1/call-method?method=preview&funnelId=${funnel.id}`,
      ),
    };
    for (const [call, pending] of Object.entries(writes)) {
      const res = await pending;
      expect(res.statusCode, call).toBe(403);
      expect(res.json().error.message, call).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    // Reading stays open, and nothing was changed.
    expect((await editor.api.get(`funnels/${funnel.id}/apps`)).statusCode).toBe(200);
    expect((await editor.api.get(`funnel-apps/${id}`)).json().data).toMatchObject({
      active: true,
      settings: { meta_pixel_id: '123456789012345' },
    });
  });

  it("refuses an app the catalogue lacks and settings that break the app's schema, naming the field", async () => {
    const funnel = await createFunnel(api);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ app_id: 99 }, 'app_id'],
      [{ app_id: 1, settings: { meta_pixel_id: "1234');alert(1)//" } }, 'settings.meta_pixel_id'],
      [{ app_id: 1, settings: { tiktok_pixel_id: 'short' } }, 'settings.tiktok_pixel_id'],
      [{ app_id: 2, settings: { sheet: 'Orders' } }, 'settings.spreadsheet_id'],
      [{ app_id: 3, settings: { list_id: 'a-b' } }, 'settings.list_id'],
      [{ app_id: 4, settings: { url: 'ftp://x.test', events: ['order.paid'] } }, 'settings.url'],
      [{ app_id: 4, settings: { url: 'https://x.test', events: [] } }, 'settings.events'],
    ];
    for (const [body, field] of cases) {
      const res = await api.patch(`funnels/${funnel.id}/apps`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toContain(field);
    }
    expect((await api.get(`funnels/${funnel.id}/apps`)).json().data).toEqual([]);
  });
});
