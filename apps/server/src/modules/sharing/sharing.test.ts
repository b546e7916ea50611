import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, funnels, steps } from '../../db/schema/index.ts';
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

async function sharedFunnel() {
  const funnel = await createFunnel(api, { name: 'Webinar funnel' });
  const step = await createStep(api, funnel.id, { name: 'Register', url: 'register' });
  await api.patch(`wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`, {
    html: '<form></form>',
  });
  await api.post('products', { name: 'Replay', price: 9, funnel_id: funnel.id });
  await api.post(`wfunnels/${funnel.id}/ab-split`, { ab_geo: ['GB'] });
  const shared = await api.post(`wfunnels/${funnel.id}/share`, undefined, { code: 'webinar-2026' });
  expect(shared.statusCode).toBe(200);
  return { funnel, step, share: shared.json().data };
}

describe('sharing a funnel by code', () => {
  it('stores the share code and answers the share link; a random code when none is given', async () => {
    const { funnel, share } = await sharedFunnel();
    expect(share).toEqual({
      funnel_id: funnel.id,
      share_code: 'webinar-2026',
      share_url: `${t.config.publicUrl}/share?funnel=${funnel.id}&code=webinar-2026`,
    });
    expect((await api.get(`funnels/${funnel.id}`)).json().data.share_code).toBe('webinar-2026');
    const random = await api.post(`wfunnels/${funnel.id}/share`);
    expect(random.json().data.share_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const short = await api.post(`wfunnels/${funnel.id}/share`, undefined, { code: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.field).toBe('code');
  });

  it('shows the shared funnel before sign-in, and only with the right code', async () => {
    const { funnel } = await sharedFunnel();
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/share',
      query: { funnel: String(funnel.id), code: 'webinar-2026' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      funnel_id: funnel.id,
      name: 'Webinar funnel',
      funnel_type: 1,
      steps_count: 1,
      geo_funnels_count: 1,
    });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/share',
      query: { funnel: String(funnel.id), code: 'webinar-2027' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('clones the shared funnel into the caller’s account and folder, geo-funnels when asked', async () => {
    const { funnel } = await sharedFunnel();
    const other = await signUpOwner(t.app);
    const theirs = apiClient(t.app, other.auth);
    const folder = (await theirs.post('funnels/folders', { name: 'From friends' })).json().data;
    const cloned = await theirs.post('share/clone', undefined, {
      funnel: funnel.id,
      code: 'webinar-2026',
      name: 'My webinar',
      'clone-geo-funnels': true,
      folder_id: folder.id,
    });
    expect(cloned.statusCode).toBe(201);
    const { id, funnel_type } = cloned.json().data;
    expect(funnel_type).toBe(1);
    const copy = (await theirs.get(`funnels/${id}`)).json().data;
    expect(copy).toMatchObject({
      name: 'My webinar',
      folder_id: folder.id,
      share_code: null,
      funnel_group_id: id,
    });
    const copySteps = (await theirs.get(`wfunnels/${id}/steps`)).json().data;
    expect(copySteps.map((s: { url: string }) => s.url)).toEqual(['register']);
    const page = (
      await theirs.get(`wfunnels/${id}/steps/${copySteps[0].id}/pages/${copySteps[0].pages[0].id}`)
    ).json().data;
    expect(page.html).toBe('<form></form>');
    expect(
      (await theirs.get(`funnels/${id}/products`)).json().data.map((p: { name: string }) => p.name),
    ).toEqual(['Replay']);
    expect(
      (await theirs.get(`sub-funnels/${id}`)).json().data.map((f: { ab_geo: string[] }) => f.ab_geo),
    ).toEqual([['GB']]);
    // Every copied row belongs to the caller's account.
    const copiedSteps = await t.database.db.select().from(steps).where(eq(steps.funnelId, id));
    expect(copiedSteps.every((s) => s.accountId === other.accountId && s.userId === other.userId)).toBe(true);

    const withoutGeo = await theirs.post('share/clone', undefined, {
      funnel: funnel.id,
      code: 'webinar-2026',
    });
    const plain = (await theirs.get(`funnels/${withoutGeo.json().data.id}`)).json().data;
    expect(plain.name).toBe('Webinar funnel - [clone]');
    expect((await theirs.get(`sub-funnels/${plain.id}`)).json().data).toEqual([]);

    // The owner's funnel is untouched; its name stays.
    const [original] = await t.database.db.select().from(funnels).where(eq(funnels.id, funnel.id));
    expect(original?.accountId).toBe(owner.accountId);
  });

  it('refuses a wrong code, a folder of another account, a stopped share and an account without the feature', async () => {
    const { funnel } = await sharedFunnel();
    const other = await signUpOwner(t.app);
    const theirs = apiClient(t.app, other.auth);
    const wrong = await theirs.post('share/clone', undefined, { funnel: funnel.id, code: 'not-the-code' });
    expect(wrong.statusCode).toBe(404);
    const ownersFolder = (await api.post('funnels/folders', { name: 'Mine' })).json().data;
    const folder = await theirs.post('share/clone', undefined, {
      funnel: funnel.id,
      code: 'webinar-2026',
      folder_id: ownersFolder.id,
    });
    expect(folder.statusCode).toBe(404);

    await t.database.db.update(accounts).set({ features: [] }).where(eq(accounts.id, other.accountId));
    const locked = await theirs.post('share/clone', undefined, { funnel: funnel.id, code: 'webinar-2026' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);

    expect((await api.delete(`wfunnels/${funnel.id}/share`)).statusCode).toBe(200);
    const stopped = await t.app.inject({
      method: 'GET',
      url: '/api/share',
      query: { funnel: String(funnel.id), code: 'webinar-2026' },
    });
    expect(stopped.statusCode).toBe(404);
  });
});
