import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelDailyStats } from '../../db/schema/index.ts';
import { validInputFor, validQueryFor } from '../../test/fake-input.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, createStep } from './funnels.fixtures.ts';

/**
 * The generic tenancy walk (test/tenancy.test.ts) with account A owning a row in every table of
 * funnels, steps, pages, products, discounts, tracking codes, domains and apps, plus the calls that
 * carry another account's ids in a body or a query string rather than in the path.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUpOwner>>;
let b: Awaited<ReturnType<typeof signUpOwner>>;
let asA: ApiClient;
let asB: ApiClient;
const ids = {} as Record<
  | 'folder'
  | 'domain'
  | 'funnel'
  | 'step'
  | 'page'
  | 'product'
  | 'variant'
  | 'discount'
  | 'trackingCode'
  | 'app'
  | 'template'
  | 'geo',
  number
>;

async function snapshotOf(accountId: number) {
  const tables = await t.database.executeSql(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'account_id' order by table_name`,
  );
  const snapshot: Record<string, unknown[]> = {};
  const rowIds = new Set<number>([accountId]);
  for (const { table_name } of tables.rows as Array<{ table_name: string }>) {
    // sessions change on every request (last use), they hold no merchant data. Nor do the API request
    // counts of each minute, which A's unused requests taken ahead leave when they go back (api-rate.ts).
    if (table_name === 'sessions' || table_name === 'api_request_counts') continue;
    const rows = await t.database.executeSql(
      `select * from "${table_name}" r where account_id = $1 order by r::text`,
      [accountId],
    );
    snapshot[table_name] = rows.rows;
    for (const row of rows.rows) if (row.id !== undefined) rowIds.add(Number(row.id));
  }
  return { snapshot, ids: [...rowIds] };
}

const data = (res: { json(): { data: unknown } }) => res.json().data as { id: number };

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpOwner(t.app, { account_name: 'Account A' });
  b = await signUpOwner(t.app, { account_name: 'Account B' });
  asA = apiClient(t.app, a.auth);
  asB = apiClient(t.app, b.auth);

  ids.folder = data(await asA.post('funnels/folders', { name: 'A folder' })).id;
  ids.domain = data(await asA.post('domains', { name: 'a-shop.example.com' })).id;
  const funnel = await createFunnel(asA, { name: 'A funnel', folder_id: ids.folder, domain_id: ids.domain });
  ids.funnel = funnel.id;
  const step = await createStep(asA, funnel.id, { name: 'A checkout', url: 'checkout' });
  ids.step = step.id;
  ids.page = step.pages[0]?.id as number;
  ids.product = data(
    await asA.post('products', { name: 'A product', price: 5, funnel_id: funnel.id, step_id: step.id }),
  ).id;
  ids.variant = data(await asA.post('product-variants', { product_id: ids.product, name: 'A variant' })).id;
  await asA.put('product-variant-options', [{ name: 'Size', values: ['S'] }], { productId: ids.product });
  ids.discount = data(await asA.post('store/discounts', { code: 'ACODE', kind: 'percent', value: 10 })).id;
  ids.trackingCode = data(
    await asA.post('tracking-codes', { name: 'A pixel', code: 'x', funnel_id: funnel.id }),
  ).id;
  ids.app = data(await asA.patch(`funnels/${funnel.id}/apps`, { app_id: 1, settings: {} })).id;
  ids.template = data(await asA.post('saved-templates', { step_id: step.id, name: 'A template' })).id;
  ids.geo = data(await asA.post(`wfunnels/${funnel.id}/ab-split`, { ab_geo: ['DE'] })).id;
  await asA.post(`wfunnels/${funnel.id}/share`, undefined, { code: 'a-share-code' });
  await t.database.db.insert(funnelDailyStats).values({
    accountId: a.accountId,
    funnelId: funnel.id,
    day: '2026-03-01',
    revenueMinor: 100,
    orders: 1,
    visits: 1,
  });
});
afterAll(() => t.close());

/** The routes of these modules (the generic test covers the others with their own data). */
const OURS =
  /^\/api\/(funnels|wfunnels|funnel-steps|products|product-variants|store\/discounts|tracking-codes|domains|funnel-apps|saved-templates|sub-funnels)\//;
const methodsOf = (route: RouteOptions) =>
  [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

describe('tenancy of funnels, steps, products, discounts, tracking codes, domains and apps', () => {
  it('answers 404 or 403 to account B for each of A’s ids in every path, and A’s data stays as it was', async () => {
    const before = await snapshotOf(a.accountId);
    const routes = t.app.apiRoutes.filter((route) => /:\w+/.test(route.url) && OURS.test(route.url));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        for (const id of before.ids) {
          const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
          const url = route.url.replace(/:\w+/g, String(id));
          const res = await t.app.inject({
            method,
            url,
            query: schema?.querystring ? validQueryFor(schema.querystring) : undefined,
            headers: b.auth,
            ...(schema?.body ? { payload: validInputFor(schema.body) as object } : {}),
          });
          expect([403, 404], `${method} ${url} as B answered ${res.statusCode}: ${res.body}`).toContain(
            res.statusCode,
          );
        }
      }
    }
    expect((await snapshotOf(a.accountId)).snapshot).toEqual(before.snapshot);
  });

  it('refuses A’s ids carried in bodies and query strings, and lists none of A’s rows to B', async () => {
    const before = await snapshotOf(a.accountId);
    const mine = await createFunnel(asB, { name: 'B funnel' });
    const myFolder = data(await asB.post('funnels/folders', { name: 'B folder' })).id;
    const notFound = [
      await asB.post('clone-funnels', { funnel_to_clone: ids.funnel }),
      await asB.post('funnel-steps', { name: 'X', type: 1, funnel_id: ids.funnel }),
      await asB.post('clone-funnel-steps', { step_id: ids.step }),
      await asB.post('clone-funnel-steps', { step_id: ids.step, funnel_id: mine.id }),
      await asB.post('products', { name: 'X', funnel_id: ids.funnel }),
      await asB.post('products', { name: 'X', step_id: ids.step }),
      await asB.post('product-variants', { product_id: ids.product, name: 'X' }),
      await asB.get('product-variants', { productId: ids.product }),
      await asB.get('product-variant-options', { productId: ids.product }),
      await asB.put('product-variant-options', [], { productId: ids.product }),
      await asB.get('funnel-stats', { funnel_id: ids.funnel }),
      await asB.get('funnel-apps', { funnel_id: ids.funnel }),
      await asB.get('tracking-codes', { funnel_id: ids.funnel }),
      await asB.post('tracking-codes', { name: 'X', code: 'y', funnel_id: ids.funnel }),
      await asB.put('tracking-codes/update-index', [{ id: ids.trackingCode, order_index: 5 }]),
      await asB.post('saved-templates', { step_id: ids.step, name: 'Stolen' }),
      await asB.post('share/clone', undefined, { funnel: ids.funnel, code: 'not-a-share-code' }),
      await asB.post('funnels', { name: 'X', folder_id: ids.folder }),
      await asB.post('funnels', { name: 'X', domain_id: ids.domain }),
      await asB.patch(`funnels/${mine.id}`, { folder_id: ids.folder }),
      await asB.patch(`funnels/${mine.id}`, { domain_id: ids.domain }),
      await asB.post(`wfunnels/${mine.id}/steps`, { name: 'X', type: 1, template_id: `U.${ids.template}` }),
      await asB.put(`funnels/folders/${myFolder}/add`, undefined, { funnel_id: ids.funnel }),
    ];
    for (const res of notFound) expect(res.statusCode, res.body).toBe(404);

    const lists = {
      funnels: await asB.get('funnels'),
      archive: await asB.get('funnels/archive'),
      steps: await asB.get('all-funnel-steps'),
      stats: await asB.get('funnel-stats'),
      products: await asB.get('products', { funnel_id: ids.funnel }),
      images: await asB.get('product-images', { ids: String(ids.product) }),
      discounts: await asB.get('store/discounts'),
      codes: await asB.get('tracking-codes'),
      domains: await asB.get('domains'),
      apps: await asB.get('funnel-apps', { app_id: 3 }),
      templates: await asB.get('saved-templates'),
      subFunnels: await asB.get('sub-funnels'),
      folders: await asB.get('funnels/folders'),
    };
    for (const [name, res] of Object.entries(lists)) {
      expect(res.statusCode, name).toBe(200);
      const rows = res.json().data as Array<{ id: number; funnel_id?: number }>;
      const foreign = rows.filter(
        (row) => row.id !== mine.id && row.id !== myFolder && row.funnel_id !== mine.id,
      );
      expect(foreign, name).toEqual([]);
    }
    // A's share link still works for B, and nothing of A changed.
    expect(
      (await asB.post('share/clone', undefined, { funnel: ids.funnel, code: 'a-share-code' })).statusCode,
    ).toBe(201);
    expect((await snapshotOf(a.accountId)).snapshot).toEqual(before.snapshot);
  });
});
