import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { headlineDocument } from '../popups/popups.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('saved assets and compositions with their groups (spec §7.6)', () => {
  for (const [kind, groups, nodeType] of [
    ['saved-assets', 'saved-asset-groups', 'headline'],
    ['compositions', 'composition-groups', 'sections'],
  ] as const) {
    it(`${kind}: save into a group, list by group, rename, move out, delete; deleting a group keeps its items`, async () => {
      const group = (await api.post(groups, { name: 'Hero parts' })).json().data;
      expect(group).toMatchObject({ name: 'Hero parts', items_count: 0 });
      const created = await api.post(kind, {
        name: 'Big title',
        group_id: group.id,
        node_type: nodeType,
        config: headlineDocument(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json().data;
      expect(item).toMatchObject({ name: 'Big title', group_id: group.id, node_type: nodeType });

      expect(
        (await api.get(kind, { group_id: group.id })).json().data.map((i: { id: number }) => i.id),
      ).toEqual([item.id]);
      expect((await api.get(groups)).json().data).toEqual([
        expect.objectContaining({ id: group.id, items_count: 1 }),
      ]);
      expect((await api.patch(`${kind}/${item.id}`, { name: 'Title' })).json().data.name).toBe('Title');
      expect((await api.patch(`${groups}/${group.id}`, { name: 'Heroes' })).json().data.name).toBe('Heroes');

      expect((await api.delete(`${groups}/${group.id}`)).statusCode).toBe(200);
      expect((await api.get(`${kind}/${item.id}`)).json().data.group_id).toBeNull();
      expect((await api.delete(`${kind}/${item.id}`)).statusCode).toBe(200);
      expect((await api.get(`${kind}/${item.id}`)).statusCode).toBe(404);
    });
  }

  it('keeps the two kinds apart: an asset is not a composition, nor its group', async () => {
    const asset = (
      await api.post('saved-assets', { name: 'A', node_type: 'section', config: headlineDocument() })
    ).json().data;
    expect((await api.get(`compositions/${asset.id}`)).statusCode).toBe(404);
    const group = (await api.post('composition-groups', { name: 'G' })).json().data;
    expect((await api.patch(`saved-assets/${asset.id}`, { group_id: group.id })).statusCode).toBe(404);
  });

  it('refuses an unknown node type and a config that is not an editor document, naming the field', async () => {
    const type = await api.post('saved-assets', {
      name: 'A',
      node_type: 'sections',
      config: headlineDocument(),
    });
    expect(type.statusCode).toBe(400);
    expect(type.json().error.field).toBe('data.node_type');
    const composition = await api.post('compositions', {
      name: 'C',
      node_type: 'row',
      config: headlineDocument(),
    });
    expect(composition.statusCode).toBe(400);
    const config = await api.post('saved-assets', { name: 'A', node_type: 'row', config: { rows: 1 } });
    expect(config.statusCode).toBe(400);
    expect(config.json().error.message).toMatch(/^data\.config/);
  });

  it("answers 403 'restricted area: access denied' to writes without the editor flag", async () => {
    const member = await memberOf(t, owner, { funnels: true });
    for (const res of [
      await member.api.post('saved-assets', { name: 'A', node_type: 'row', config: headlineDocument() }),
      await member.api.post('composition-groups', { name: 'G' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    expect((await member.api.get('compositions')).statusCode).toBe(200);
  });
});
