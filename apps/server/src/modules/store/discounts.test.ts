import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('discounts (store/discounts)', () => {
  it('creates percent and fixed discounts; money in minor units, major units in the API', async () => {
    const percent = await api.post('store/discounts', { code: 'SPRING25', kind: 'percent', value: 12.5 });
    expect(percent.statusCode).toBe(201);
    expect(percent.json().data).toMatchObject({
      code: 'SPRING25',
      kind: 'percent',
      value: 12.5,
      currency: null,
      active: true,
      used_count: 0,
    });
    const fixed = await api.post('store/discounts', {
      code: 'TENOFF',
      kind: 'fixed',
      value: 10.005,
      usage_limit: 100,
      min_order: 50,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2026-02-01T00:00:00+01:00',
    });
    expect(fixed.json().data).toMatchObject({
      value: 10.01,
      currency: 'USD',
      usage_limit: 100,
      min_order: 50,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2026-01-31T23:00:00.000Z',
    });
    const [row] = await t.database.db.select().from(discounts).where(eq(discounts.id, fixed.json().data.id));
    expect(row?.valueMinor).toBe(1001);
  });

  it('keeps codes unique per account, case-insensitively (409 naming the field)', async () => {
    await api.post('store/discounts', { code: 'Welcome', kind: 'percent', value: 5 });
    const clash = await api.post('store/discounts', { code: 'WELCOME', kind: 'percent', value: 5 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.field).toBe('data.code');
    const other = await signUpOwner(t.app);
    const elsewhere = await apiClient(t.app, other.auth).post('store/discounts', {
      code: 'WELCOME',
      kind: 'percent',
      value: 5,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a percent over 100 and a window that ends before it starts', async () => {
    const over = await api.post('store/discounts', { code: 'TOOMUCH', kind: 'percent', value: 101 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.field).toBe('data.value');
    const window = await api.post('store/discounts', {
      code: 'BACKWARDS',
      kind: 'percent',
      value: 5,
      starts_at: '2026-02-01T00:00:00Z',
      ends_at: '2026-01-01T00:00:00Z',
    });
    expect(window.statusCode).toBe(400);
    expect(window.json().error.field).toBe('data.ends_at');
    const badCode = await api.post('store/discounts', { code: 'no spaces', kind: 'percent', value: 5 });
    expect(badCode.json().error.field).toBe('data.code');
  });

  it('lists with meta, reads, patches and deletes', async () => {
    const other = await signUpOwner(t.app);
    const mine = apiClient(t.app, other.auth);
    const created = (await mine.post('store/discounts', { code: 'ONE', kind: 'percent', value: 10 })).json()
      .data;
    await mine.post('store/discounts', { code: 'TWO', kind: 'percent', value: 20 });
    const list = await mine.get('store/discounts', { per_page: 1 });
    expect(list.json().meta).toEqual({ count: 2, per_page: 1, total_pages: 2 });
    expect(
      (await mine.get('store/discounts', { query: 'on' })).json().data.map((d: { code: string }) => d.code),
    ).toEqual(['ONE']);
    expect((await mine.get(`store/discounts/${created.id}`)).json().data.code).toBe('ONE');
    const toFixed = await mine.patch(`store/discounts/${created.id}`, { kind: 'fixed' });
    expect(toFixed.statusCode).toBe(400);
    const patched = await mine.patch(`store/discounts/${created.id}`, {
      kind: 'fixed',
      value: 3,
      active: false,
    });
    expect(patched.json().data).toMatchObject({ kind: 'fixed', value: 3, active: false });
    const clash = await mine.patch(`store/discounts/${created.id}`, { code: 'two' });
    expect(clash.statusCode).toBe(409);
    expect((await mine.delete(`store/discounts/${created.id}`)).statusCode).toBe(200);
    expect((await mine.get(`store/discounts/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 403 to discount writes without the funnels flag', async () => {
    const orders = await memberOf(t, owner, { orders: true });
    const res = await orders.api.post('store/discounts', { code: 'NOPE', kind: 'percent', value: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    expect((await orders.api.get('store/discounts')).statusCode).toBe(200);
  });
});
