import { SEARCH_GROUP_LIMIT } from '@funnelwork/domain/search/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel } from '../funnels/funnels.fixtures.ts';
import { createCustomer } from '../orders/orders.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
let summer: { id: number; funnel_type: number };
let productId: number;

const search = async (client: ApiClient, query: string) => {
  const res = await client.get('search', { query });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
  await createFunnel(api, { name: 'Black Friday Summer Special', funnel_type: 0 });
  summer = await createFunnel(api, { name: 'Summer Sale', funnel_type: 1 });
  await createFunnel(api, { name: 'Winter sale' });
  const gone = await createFunnel(api, { name: 'Summer archive' });
  expect((await api.delete(`funnels/${gone.id}`)).statusCode).toBeLessThan(300);
  const product = await api.post('products', {
    name: 'Summer T-shirt',
    price: 19.99,
    funnel_id: summer.id,
    images: ['https://img.example.test/tee.png'],
  });
  expect(product.statusCode).toBe(201);
  productId = product.json().data.id;
});
afterAll(() => t.close());

describe('GET search', () => {
  it('answers the five groups of the global search box, closest names first', async () => {
    const data = await search(api, 'summer');
    expect(Object.keys(data)).toEqual(['funnels', 'apps', 'customers', 'integrations', 'products']);
    // "funnels (id, name, funnel_type)": exact and prefix matches before matches inside the name.
    expect(data.funnels).toEqual([
      { id: summer.id, name: 'Summer Sale', funnel_type: 1 },
      { id: expect.any(Number), name: 'Black Friday Summer Special', funnel_type: 0 },
    ]);
    expect(data.products).toEqual([
      {
        id: productId,
        name: 'Summer T-shirt',
        funnel_id: summer.id,
        step_id: null,
        funnel_type: 1,
        image_url: 'https://img.example.test/tee.png',
      },
    ]);
    expect(data.apps).toEqual([]);
    expect(data.integrations).toEqual([]);
    expect(data.customers).toEqual([]);
  });

  it('matches case-insensitively anywhere in the name, leaves deleted funnels out, and takes % and _ as typed', async () => {
    expect((await search(api, 'SALE')).funnels.map((f: { name: string }) => f.name).sort()).toEqual([
      'Summer Sale',
      'Winter sale',
    ]);
    expect((await search(api, 'archive')).funnels).toEqual([]);
    expect((await search(api, '%')).funnels).toEqual([]);
    expect((await search(api, 'r_s')).funnels).toEqual([]);
  });

  it('finds integrations by their names, opening /integrations/{id}', async () => {
    expect((await search(api, 'webhook')).integrations).toEqual([{ id: 1, name: 'Webhook' }]);
    expect((await search(api, 'GOOGLE')).integrations).toEqual([
      { id: 2, name: 'Google Sheets' },
      { id: 5, name: 'Google Analytics 4' },
    ]);
  });

  it('finds apps by their own names, opening /apps/{id}', async () => {
    expect((await search(api, 'pixel')).apps).toEqual([{ id: 1, name: 'Meta & TikTok Pixel' }]);
    expect((await search(api, 'MAILCHIMP')).apps).toEqual([{ id: 3, name: 'Mailchimp subscribers' }]);
    expect((await search(api, 'mailchimp')).integrations).toEqual([{ id: 3, name: 'Mailchimp' }]);
  });

  it(`shows at most ${SEARCH_GROUP_LIMIT} results per group`, async () => {
    for (let i = 1; i <= SEARCH_GROUP_LIMIT + 2; i++) await createFunnel(api, { name: `Webinar ${i}` });
    expect((await search(api, 'webinar')).funnels).toHaveLength(SEARCH_GROUP_LIMIT);
  });

  it('answers empty groups for an empty or blank query ("empty input clears results")', async () => {
    const empty = { funnels: [], apps: [], customers: [], integrations: [], products: [] };
    expect(await search(api, '')).toEqual(empty);
    expect(await search(api, '   ')).toEqual(empty);
    expect((await api.get('search')).json().data).toEqual(empty);
  });

  it('never shows another account’s funnels, apps or products', async () => {
    const b = await signUpOwner(t.app);
    const bApi = apiClient(t.app, b.auth);
    const data = await search(bApi, 'summer');
    expect(data).toEqual({ funnels: [], apps: [], customers: [], integrations: [], products: [] });
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?query=summer' })).statusCode).toBe(401);
  });
});

describe('trigram indexes', () => {
  it('exist on funnel and product names', async () => {
    const { rows } = await t.database.executeSql(
      `select indexname, indexdef from pg_indexes where indexname in ('funnels_name_trgm_idx', 'products_name_trgm_idx') order by 1`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['funnels_name_trgm_idx', 'products_name_trgm_idx']);
    for (const row of rows) expect(String(row.indexdef)).toContain('gin_trgm_ops');
  });

  // The planner prefers reading a small table; from about 100,000 names the index is the cheaper path.
  it('answer a name search without reading the table when the account is large', async () => {
    await t.database.executeSql(
      `insert into funnels (account_id, name, path)
       select $1, 'Bulk funnel ' || i, 'bulk-' || i from generate_series(1, 100000) as i`,
      [owner.accountId],
    );
    await t.database.executeSql('analyze funnels');
    const { rows } = await t.database.executeSql(
      `explain select id from funnels where account_id = $1 and deleted_at is null and name ilike $2
        order by (name ilike $3) desc, updated_at desc limit 5`,
      [owner.accountId, '%quantum%', 'quantum%'],
    );
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('funnels_name_trgm_idx');
  });
});

describe('customers group', () => {
  it('finds customers by name or e-mail in the selected account only, never deleted ones', async () => {
    const b = await signUpOwner(t.app);
    const db = t.database.db;
    await createCustomer(db, owner.accountId, {
      firstName: 'Ann',
      lastName: 'Summers',
      email: 'ann@example.test',
    });
    await createCustomer(db, owner.accountId, {
      firstName: 'Bob',
      lastName: 'Stone',
      email: 'bob.SUMMER@example.test',
    });
    const gone = await createCustomer(db, owner.accountId, {
      firstName: 'Gone',
      lastName: 'Summerfield',
      email: 'g@example.test',
    });
    await db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, gone.id));
    await createCustomer(db, b.accountId, {
      firstName: 'Other',
      lastName: 'Summer',
      email: 'other@example.test',
    });
    const data = (await api.get('search', { query: 'Summer' })).json().data;
    expect(data.customers).toEqual([
      { id: expect.any(Number), first_name: 'Bob', last_name: 'Stone' },
      { id: expect.any(Number), first_name: 'Ann', last_name: 'Summers' },
    ]);
    const other = (await apiClient(t.app, b.auth).get('search', { query: 'summer' })).json().data;
    expect(other.customers).toEqual([{ id: expect.any(Number), first_name: 'Other', last_name: 'Summer' }]);
  });
});
