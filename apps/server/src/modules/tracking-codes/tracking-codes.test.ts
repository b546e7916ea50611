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

describe('tracking codes', () => {
  it('adds codes to a funnel in order, reorders them with update-index, edits and deletes', async () => {
    const funnel = await createFunnel(api);
    const ids: number[] = [];
    for (const name of ['Pixel', 'Analytics', 'Chat']) {
      const res = await api.post('tracking-codes', {
        name,
        code: `<script>/* ${name} */</script>`,
        position: name === 'Chat' ? 'body' : 'head',
        funnel_id: funnel.id,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    const list = (await api.get('tracking-codes', { funnel_id: funnel.id })).json().data;
    expect(
      list.map((c: { name: string; order_index: number; position: string }) => [
        c.name,
        c.order_index,
        c.position,
      ]),
    ).toEqual([
      ['Pixel', 1, 'head'],
      ['Analytics', 2, 'head'],
      ['Chat', 3, 'body'],
    ]);
    const reordered = await api.put('tracking-codes/update-index', [
      { id: ids[2], order_index: 1 },
      { id: ids[0], order_index: 2 },
      { id: ids[1], order_index: 3 },
    ]);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Chat',
      'Pixel',
      'Analytics',
    ]);

    const patched = await api.patch(`tracking-codes/${ids[0]}`, { name: 'Meta pixel', position: 'body' });
    expect(patched.json().data).toMatchObject({ name: 'Meta pixel', position: 'body' });
    expect((await api.get(`tracking-codes/${ids[0]}`)).json().data.name).toBe('Meta pixel');
    expect((await api.delete(`tracking-codes/${ids[0]}`)).statusCode).toBe(200);
    expect((await api.get('tracking-codes', { funnel_id: funnel.id })).json().data).toHaveLength(2);
  });

  it("update-index touches nothing when any id is not the account's", async () => {
    const other = await signUpOwner(t.app);
    const theirs = apiClient(t.app, other.auth);
    const foreign = (await theirs.post('tracking-codes', { name: 'Theirs', code: 'x' })).json().data;
    const mine = (await api.post('tracking-codes', { name: 'Mine', code: 'y' })).json().data;
    const res = await api.put('tracking-codes/update-index', [
      { id: mine.id, order_index: 9 },
      { id: foreign.id, order_index: 9 },
    ]);
    expect(res.statusCode).toBe(404);
    expect((await api.get(`tracking-codes/${mine.id}`)).json().data.order_index).toBe(mine.order_index);
    expect((await theirs.get(`tracking-codes/${foreign.id}`)).json().data.order_index).toBe(1);
  });

  it('requires a name and code and the funnels flag to write', async () => {
    const blank = await api.post('tracking-codes', { name: 'X', code: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.field).toBe('data.code');
    const editor = await memberOf(t, owner, { editor: true });
    const denied = await editor.api.post('tracking-codes', { name: 'X', code: 'y' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
  });
});
