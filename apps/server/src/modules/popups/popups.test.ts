import { emptyDocument } from '@funnelwork/blocks';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';
import { headlineDocument } from './popups.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('popups (spec §7.6 "Popups CRUD and clone"; §2.10 "a popup editor for pages")', () => {
  it('creates a popup with an empty document, lists it without its document, reads, renames and deletes it', async () => {
    const funnel = await createFunnel(api);
    const created = await api.post('popups', { name: 'Exit offer', funnel_id: funnel.id });
    expect(created.statusCode, created.body).toBe(201);
    const popup = created.json().data;
    expect(popup).toMatchObject({
      name: 'Exit offer',
      funnel_id: funnel.id,
      version: 1,
      css: '',
      config: emptyDocument('page'),
    });

    const listed = (await api.get('popups', { funnel_id: funnel.id })).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: popup.id, name: 'Exit offer' })]);
    expect(listed[0]).not.toHaveProperty('config');
    expect((await api.get(`popups/${popup.id}`)).json().data.config).toEqual(emptyDocument('page'));

    expect((await api.patch(`popups/${popup.id}`, { name: 'Last chance' })).json().data).toMatchObject({
      name: 'Last chance',
      version: 2,
    });
    expect((await api.delete(`popups/${popup.id}`)).statusCode).toBe(200);
    expect((await api.get(`popups/${popup.id}`)).statusCode).toBe(404);
  });

  it('saves a document with the loaded version and answers 409 to a stale one, keeping the newer save', async () => {
    const popup = (await api.post('popups', { name: 'Two tabs' })).json().data;
    const document = headlineDocument();
    const first = await api.patch(`popups/${popup.id}`, { config: document, version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(2);
    const stale = await api.patch(`popups/${popup.id}`, { config: emptyDocument('page'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.field).toBe('data.version');
    expect((await api.get(`popups/${popup.id}`)).json().data.config).toEqual(document);
  });

  it('refuses a document that is not a valid editor document, naming where it is wrong', async () => {
    const popup = (await api.post('popups', { name: 'Strict' })).json().data;
    const broken = { ...headlineDocument(), content: [{ id: 'x' }] };
    const res = await api.patch(`popups/${popup.id}`, { config: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^data\.config\.content\[0\]\.id: /);
    expect((await api.get(`popups/${popup.id}`)).json().data).toMatchObject({
      version: 1,
      config: emptyDocument('page'),
    });
    expect((await api.post('popups', { name: 'Bad', config: { nothing: true } })).statusCode).toBe(400);
  });

  it("clones a popup with its document, named '{name} - [clone]' unless a name is given", async () => {
    const popup = (
      await api.post('popups', { name: 'Welcome', config: headlineDocument(), css: '.x{}' })
    ).json().data;
    const copy = await api.post(`popups/${popup.id}/clone`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data).toMatchObject({
      name: 'Welcome - [clone]',
      config: popup.config,
      css: '.x{}',
      version: 1,
    });
    expect(copy.json().data.id).not.toBe(popup.id);
    expect((await api.post(`popups/${popup.id}/clone`, { name: 'Hello' })).json().data.name).toBe('Hello');
  });

  it("answers 403 'restricted area: access denied' to popup writes without the editor flag", async () => {
    const popup = (await api.post('popups', { name: 'Mine' })).json().data;
    const member = await memberOf(t, owner, { funnels: true, orders: true });
    for (const res of [
      await member.api.post('popups', { name: 'X' }),
      await member.api.patch(`popups/${popup.id}`, { name: 'X' }),
      await member.api.delete(`popups/${popup.id}`),
      await member.api.post(`popups/${popup.id}/clone`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    expect((await member.api.get(`popups/${popup.id}`)).statusCode).toBe(200);
  });
});
