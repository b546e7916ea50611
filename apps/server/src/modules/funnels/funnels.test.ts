import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, funnelDailyStats } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { headlineDocument } from '../popups/popups.fixtures.ts';
import { type ApiClient, apiClient, createFunnel, createStep, memberOf } from './funnels.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('funnels', () => {
  it('creates a funnel with a path from its name, reads it, and lists it with stats and meta', async () => {
    const created = await api.post('funnels', {
      name: 'Black Friday Sale',
      funnel_type: 1,
      currency_code: 'EUR',
    });
    expect(created.statusCode).toBe(201);
    const funnel = created.json().data;
    expect(funnel).toMatchObject({
      name: 'Black Friday Sale',
      funnel_type: 1,
      path: 'black-friday-sale',
      currency_code: 'EUR',
      pinned: false,
      deleted_at: null,
      is_sub_funnel: false,
      ab_geo: [],
    });
    const again = await createFunnel(api, { name: 'Black Friday Sale' });
    expect(again.path).toBe('black-friday-sale-2');

    const got = await api.get(`funnels/${funnel.id}`);
    expect(got.json().data).toMatchObject({ id: funnel.id, name: 'Black Friday Sale' });

    const list = await api.get('funnels', { query: 'black friday' });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ count: 2, per_page: 25, total_pages: 1 });
    expect(list.json().data[0]).toMatchObject({
      stats: { revenue: 0, orders: 0, visits: 0 },
      steps_count: 0,
      sub_funnels_count: 0,
    });
  });

  it('reads revenue, orders and visits from the daily rollup, money in major units', async () => {
    const funnel = await createFunnel(api, { name: 'Rollup funnel' });
    await t.database.db.insert(funnelDailyStats).values([
      {
        accountId: owner.accountId,
        funnelId: funnel.id,
        day: '2026-03-01',
        revenueMinor: 12_345,
        orders: 3,
        visits: 40,
      },
      {
        accountId: owner.accountId,
        funnelId: funnel.id,
        day: '2026-03-02',
        revenueMinor: 1,
        orders: 1,
        visits: 2,
      },
    ]);
    const list = await api.get('funnels', { query: 'Rollup funnel' });
    expect(list.json().data[0].stats).toEqual({ revenue: 123.46, orders: 4, visits: 42 });
    const stats = await api.get('funnel-stats', {
      funnel_id: funnel.id,
      start: '2026-03-02',
      end: '2026-03-31',
    });
    expect(stats.json().data).toEqual([{ funnel_id: funnel.id, revenue: 0.01, orders: 1, visits: 2 }]);
  });

  it('pages the list: pinned first, then the latest updated', async () => {
    const other = await signUpOwner(t.app);
    const mine = apiClient(t.app, other.auth);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createFunnel(mine, { name: `Funnel ${i}` })).id);
    const pin = await mine.patch(`funnels/${ids[0]}/pin`, undefined, { pinned: true });
    expect(pin.statusCode).toBe(200);
    expect(pin.json().data.pinned).toBe(true);
    const page1 = await mine.get('funnels', { per_page: 3 });
    expect(page1.json().meta).toEqual({ count: 4, per_page: 3, total_pages: 2 });
    expect(page1.json().data.map((f: { id: number }) => f.id)).toEqual([ids[0], ids[3], ids[2]]);
    const page2 = await mine.get('funnels', { per_page: 3, page: 2 });
    expect(page2.json().data.map((f: { id: number }) => f.id)).toEqual([ids[1]]);
    const unpin = await mine.patch(`funnels/${ids[0]}/pin`, undefined, { pinned: false });
    expect(unpin.json().data.pinned).toBe(false);
  });

  it('patches funnel fields and answers 409 for a path another funnel has', async () => {
    const a = await createFunnel(api, { name: 'Patch me' });
    const b = await createFunnel(api, { name: 'Other path' });
    const patched = await api.patch(`funnels/${a.id}`, {
      name: 'Patched',
      currency_code: 'GBP',
      ab_geo: ['DE', 'FR'],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      name: 'Patched',
      currency_code: 'GBP',
      ab_geo: ['DE', 'FR'],
    });
    const clash = await api.patch(`funnels/${a.id}`, { path: b.path.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ field: 'data.path' });
    const props = await api.put(`funnels/${a.id}/save-props`, { name: 'Geo DE', ab_geo: ['DE'] });
    expect(props.json().data).toMatchObject({ name: 'Geo DE', ab_geo: ['DE'] });
    const badGeo = await api.put(`funnels/${a.id}/save-props`, { ab_geo: ['XX'] });
    expect(badGeo.statusCode).toBe(400);
    expect(badGeo.json().error.field).toBe('data.ab_geo.0');
  });

  it('deletes softly (the archive lists it, with deleted_at) and restores it', async () => {
    const funnel = await createFunnel(api, { name: 'Delete me' });
    const deleted = await api.delete(`funnels/${funnel.id}`);
    expect(deleted.statusCode).toBe(200);
    const live = await api.get('funnels', { query: 'Delete me' });
    expect(live.json().data).toEqual([]);
    const archive = await api.get('funnels/archive', { query: 'Delete me' });
    expect(archive.json().data).toHaveLength(1);
    expect(archive.json().data[0].deleted_at).not.toBeNull();
    // Its path is free while it is deleted; the restored funnel takes another one.
    const taker = await createFunnel(api, { name: 'Delete me' });
    expect(taker.path).toBe(funnel.path);
    const restored = await api.put(`funnels/${funnel.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ deleted_at: null, path: `${funnel.path}-2` });
    const patchDeleted = await api.delete(`funnels/${taker.id}`);
    expect(patchDeleted.statusCode).toBe(200);
    expect((await api.patch(`funnels/${taker.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('clones a funnel deeply in one transaction, answering its id and funnel_type', async () => {
    const source = await createFunnel(api, { name: 'Source funnel' });
    const step = await createStep(api, source.id, { name: 'Checkout', url: 'checkout' });
    await createStep(api, source.id, { name: 'Thanks', type: 3 });
    const page = step.pages[0];
    const sourceDocument = headlineDocument();
    await api.patch(`wfunnels/${source.id}/steps/${step.id}/pages/${page?.id}`, {
      config: sourceDocument,
      html: '<p>hi</p>',
    });
    const product = await api.post('products', {
      name: 'Course',
      price: 49.99,
      funnel_id: source.id,
      step_id: step.id,
    });
    expect(product.statusCode).toBe(201);
    await api.post('product-variants', { product_id: product.json().data.id, name: 'Gold', price: 59 });

    const clone = await api.post('clone-funnels', {
      funnel_to_clone: source.id,
      clone_steps: true,
      clone_products: true,
    });
    expect(clone.statusCode).toBe(201);
    const { id, funnel_type } = clone.json().data;
    expect(funnel_type).toBe(1);
    expect(id).not.toBe(source.id);
    const copy = (await api.get(`funnels/${id}`)).json().data;
    expect(copy).toMatchObject({ name: 'Source funnel - [clone]', path: 'source-funnel-clone' });

    const steps = (await api.get(`wfunnels/${id}/steps`)).json().data;
    expect(steps.map((s: { url: string; order_index: number }) => [s.url, s.order_index])).toEqual([
      ['checkout', 1],
      ['thanks', 2],
    ]);
    expect(steps[0].id).not.toBe(step.id);
    const copiedPage = (
      await api.get(`wfunnels/${id}/steps/${steps[0].id}/pages/${steps[0].pages[0].id}`)
    ).json().data;
    expect(copiedPage).toMatchObject({ html: '<p>hi</p>', config: sourceDocument });
    expect(copiedPage.id).not.toBe(page?.id);

    const products = (await api.get(`funnels/${id}/products`)).json().data;
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ name: 'Course', price: 49.99, step_id: steps[0].id });
    const withVariants = (await api.get(`products/${products[0].id}`, { include: 'variants' })).json().data;
    expect(withVariants.variants.map((v: { name: string; price: number }) => [v.name, v.price])).toEqual([
      ['Gold', 59],
    ]);

    const bare = await api.post('clone-funnels', {
      funnel_to_clone: source.id,
      new_name: 'Empty copy',
      clone_steps: false,
      clone_products: false,
    });
    const bareId = bare.json().data.id;
    expect((await api.get(`wfunnels/${bareId}/steps`)).json().data).toEqual([]);
    expect((await api.get(`funnels/${bareId}/products`)).json().data).toEqual([]);
    expect((await api.get(`funnels/${bareId}`)).json().data.name).toBe('Empty copy');
  });

  it('lists every live step of every funnel (all-funnel-steps)', async () => {
    const other = await signUpOwner(t.app);
    const mine = apiClient(t.app, other.auth);
    const f1 = await createFunnel(mine, { name: 'One' });
    const f2 = await createFunnel(mine, { name: 'Two', funnel_type: 0 });
    await createStep(mine, f1.id, { name: 'A' });
    const res = await mine.post('funnel-steps', { name: 'B', type: 5, funnel_id: f2.id });
    expect(res.statusCode).toBe(201);
    const all = (await mine.get('all-funnel-steps')).json().data;
    expect(all.map((s: { name: string; funnel_name: string }) => [s.name, s.funnel_name])).toEqual([
      ['A', 'One'],
      ['B', 'Two'],
    ]);
    const classic = (await mine.get('all-funnel-steps', { funnel_type: 0 })).json().data;
    expect(classic.map((s: { name: string }) => s.name)).toEqual(['B']);
  });
});

describe('folders', () => {
  it('creates, renames, fills, lists and deletes folders; funnels stay when their folder goes', async () => {
    const created = await api.post('funnels/folders', { name: 'Clients' });
    expect(created.statusCode).toBe(201);
    const folder = created.json().data;
    const renamed = await api.put(`funnels/folders/${folder.id}`, { name: 'Clients 2026' });
    expect(renamed.json().data.name).toBe('Clients 2026');
    const funnel = await createFunnel(api, { name: 'In a folder' });
    const added = await api.put(`funnels/folders/${folder.id}/add`, undefined, { funnel_id: funnel.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.folder_id).toBe(folder.id);
    const inFolder = await api.get('funnels', { folder_id: folder.id });
    expect(inFolder.json().data.map((f: { id: number }) => f.id)).toEqual([funnel.id]);
    const folders = (await api.get('funnels/folders')).json().data;
    expect(folders.find((f: { id: number }) => f.id === folder.id)).toMatchObject({ funnels_count: 1 });
    expect((await api.delete(`funnels/folders/${folder.id}`)).statusCode).toBe(200);
    expect((await api.get(`funnels/${funnel.id}`)).json().data.folder_id).toBeNull();
    expect((await api.put(`funnels/folders/${folder.id}`, { name: 'Gone' })).statusCode).toBe(404);
  });

  it('refuses a blank folder name, naming the field', async () => {
    const res = await api.post('funnels/folders', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      field: 'data.name',
      message: 'data.name: Folder name is required',
    });
  });
});

describe('funnel permissions (spec §6)', () => {
  it("answers 403 'restricted area: access denied' to funnel writes without the funnels flag", async () => {
    const funnel = await createFunnel(api, { name: 'Guarded' });
    const editor = await memberOf(t, owner, { editor: true });
    const writes = [
      editor.api.post('funnels', { name: 'Nope' }),
      editor.api.patch(`funnels/${funnel.id}`, { name: 'Nope' }),
      editor.api.patch(`funnels/${funnel.id}/pin`, undefined, { pinned: true }),
      editor.api.put(`funnels/${funnel.id}/save-props`, { name: 'Nope' }),
      editor.api.delete(`funnels/${funnel.id}`),
      editor.api.post('clone-funnels', { funnel_to_clone: funnel.id }),
      editor.api.post('funnels/folders', { name: 'Nope' }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    const read = await editor.api.get(`funnels/${funnel.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe('Guarded');

    const funnelsAdmin = await memberOf(t, owner, { funnels: true });
    expect((await funnelsAdmin.api.patch(`funnels/${funnel.id}`, { name: 'Renamed' })).statusCode).toBe(200);
  });

  it("locks clone and delete when the account lacks the 'funnels' feature", async () => {
    const other = await signUpOwner(t.app);
    const mine = apiClient(t.app, other.auth);
    const funnel = await createFunnel(mine, { name: 'No feature' });
    await t.database.db.update(accounts).set({ features: [] }).where(eq(accounts.id, other.accountId));
    for (const res of [
      await mine.post('clone-funnels', { funnel_to_clone: funnel.id }),
      await mine.delete(`funnels/${funnel.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    expect((await mine.get(`funnels/${funnel.id}`)).json().data.deleted_at).toBeNull();
    expect((await mine.patch(`funnels/${funnel.id}`, { name: 'Still editable' })).statusCode).toBe(200);
  });
});
