import fs from 'node:fs';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as productsTable } from '../../db/schema/index.ts';
import { createTestApp, createTestDatabase, signUpOwner, type TestApp } from '../../test/harness.ts';
import {
  type ApiClient,
  apiClient,
  createFunnel,
  createStep,
  memberOf,
} from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

async function createProduct(data: Record<string, unknown> = {}) {
  const res = await api.post('products', { name: 'E-book', price: 19.99, ...data });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data;
}

describe('products', () => {
  it('stores money in minor units and answers major units rounded to two decimals', async () => {
    const product = await createProduct({ price: 10.005, images: ['https://img.example/a.png'] });
    expect(product).toMatchObject({
      name: 'E-book',
      price: 10.01,
      currency: 'USD',
      recurring_interval: null,
    });
    const [row] = await t.database.db.select().from(productsTable).where(eq(productsTable.id, product.id));
    expect(row?.priceMinor).toBe(1001);
  });

  it("takes the funnel's currency, then the account's default", async () => {
    const funnel = await createFunnel(api, { currency_code: 'EUR' });
    const inFunnel = await createProduct({ funnel_id: funnel.id });
    expect(inFunnel.currency).toBe('EUR');
    const funnels = await api.get(`funnels/${funnel.id}/products`);
    expect(funnels.json().data.map((p: { id: number }) => p.id)).toEqual([inFunnel.id]);
    expect((await api.get(`wfunnels/${funnel.id}/products`)).json().data).toHaveLength(1);
  });

  it('attaches a product to a step of its funnel and lists the step’s products', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const product = await createProduct({
      funnel_id: funnel.id,
      step_id: step.id,
      recurring_interval: 'month',
    });
    expect(product).toMatchObject({ step_id: step.id, recurring_interval: 'month' });
    const list = await api.get(`funnel-steps/${step.id}/products`);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const other = await createFunnel(api);
    const wrong = await api.post('products', { name: 'X', funnel_id: other.id, step_id: step.id });
    expect(wrong.statusCode).toBe(404);
  });

  it('lists with meta, patches, and deletes', async () => {
    const other = await signUpOwner(t.app);
    const mine = apiClient(t.app, other.auth);
    for (const name of ['Alpha', 'Beta', 'Gamma']) await mine.post('products', { name, price: 1 });
    const list = await mine.get('products', { per_page: 2 });
    expect(list.json().meta).toEqual({ count: 3, per_page: 2, total_pages: 2 });
    const search = await mine.get('products', { query: 'amm' });
    expect(search.json().data.map((p: { name: string }) => p.name)).toEqual(['Gamma']);
    const id = search.json().data[0].id;
    const patched = await mine.patch(`products/${id}`, { price: 2.5, description: 'Third letter' });
    expect(patched.json().data).toMatchObject({ price: 2.5, description: 'Third letter' });
    expect((await mine.delete(`products/${id}`)).statusCode).toBe(200);
    expect((await mine.get(`products/${id}`)).statusCode).toBe(404);
  });

  it('refuses a negative price and a bad currency, naming the field', async () => {
    const negative = await api.post('products', { name: 'X', price: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.field).toBe('data.price');
    const currency = await api.post('products', { name: 'X', currency: 'euro' });
    expect(currency.json().error.field).toBe('data.currency');
  });
});

describe('variants and options', () => {
  it('keeps options and variants; include=variants answers them with the product', async () => {
    const product = await createProduct({ price: 30 });
    const options = await api.put(
      'product-variant-options',
      [
        { name: 'Size', values: ['S', 'M', 'L', 'M'] },
        { name: 'Colour', values: ['Red'] },
      ],
      { productId: product.id },
    );
    expect(options.statusCode).toBe(200);
    expect(options.json().data.map((o: { name: string; values: string[] }) => [o.name, o.values])).toEqual([
      ['Size', ['S', 'M', 'L']],
      ['Colour', ['Red']],
    ]);
    const small = await api.post('product-variants', {
      product_id: product.id,
      name: 'Small red',
      options: { Size: 'S', Colour: 'Red' },
    });
    expect(small.statusCode).toBe(201);
    expect(small.json().data).toMatchObject({ price: 30, order_index: 1, options: { Size: 'S' } });
    const large = await api.post('product-variants', {
      product_id: product.id,
      name: 'Large',
      price: 35.5,
      sku: 'L-1',
    });
    expect(large.json().data).toMatchObject({ price: 35.5, sku: 'L-1', order_index: 2 });

    const full = (await api.get(`products/${product.id}`, { include: 'variants' })).json().data;
    expect(full.variants.map((v: { name: string }) => v.name)).toEqual(['Small red', 'Large']);
    expect(full.options).toHaveLength(2);
    const plain = (await api.get(`products/${product.id}`)).json().data;
    expect(plain.variants).toBeUndefined();

    const variantId = large.json().data.id;
    expect((await api.get(`product-variants/${variantId}`)).json().data.name).toBe('Large');
    const patched = await api.patch(`product-variants/${variantId}`, { price: 40 });
    expect(patched.json().data.price).toBe(40);
    expect((await api.get('product-variants', { productId: product.id })).json().data).toHaveLength(2);
    expect((await api.delete(`product-variants/${variantId}`)).statusCode).toBe(200);
    expect((await api.get('product-variant-options', { productId: product.id })).json().data).toHaveLength(2);
  });

  it('clones a product with its variants and options under a new id', async () => {
    const product = await createProduct({ name: 'Course' });
    await api.put('product-variant-options', [{ name: 'Plan', values: ['Basic', 'Pro'] }], {
      productId: product.id,
    });
    await api.post('product-variants', {
      product_id: product.id,
      name: 'Pro',
      price: 99,
      options: { Plan: 'Pro' },
    });
    const clone = await api.post(`products/${product.id}/clone`);
    expect(clone.statusCode).toBe(201);
    expect(clone.json().data).toMatchObject({ name: 'Course - [clone]', price: 19.99 });
    expect(clone.json().data.id).not.toBe(product.id);
    expect(clone.json().data.variants.map((v: { name: string; price: number }) => [v.name, v.price])).toEqual(
      [['Pro', 99]],
    );
    expect(clone.json().data.options[0].values).toEqual(['Basic', 'Pro']);
  });
});

describe('product images', () => {
  it("answers each product's first image for ids joined by '|'", async () => {
    const a = await createProduct({ images: ['https://img.example/a1.png', 'https://img.example/a2.png'] });
    const b = await createProduct({ images: [] });
    const res = await api.get('product-images', { ids: `${b.id}|${a.id}|999999` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: b.id, image_url: null },
      { id: a.id, image_url: 'https://img.example/a1.png' },
    ]);
    const bad = await api.get('product-images', { ids: '1|x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('ids');
  });
});

describe('product ids', () => {
  const migration = fs.readFileSync(
    new URL('../../db/migrations/0015_products-ids-from-3.sql', import.meta.url),
    'utf8',
  );
  const nextId = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
    Number((await database.executeSql("select nextval('products_id_seq') as id", [])).rows[0]?.id);

  it('"Only items with product_id above 2 link to a product": a fresh database numbers products from 3', async () => {
    const database = await createTestDatabase();
    try {
      expect(await nextId(database)).toBe(3);
    } finally {
      await database.drop();
    }
  });

  it('the migration never moves the sequence back (ids of deleted products are not handed out again)', async () => {
    const database = await createTestDatabase();
    try {
      await database.executeSql("select setval('products_id_seq', 41, true)", []);
      await database.executeSql(migration);
      expect(await nextId(database)).toBe(42);
    } finally {
      await database.drop();
    }
  });
});

describe('product permissions', () => {
  it('answers 403 to product writes without the funnels flag', async () => {
    const product = await createProduct();
    const editor = await memberOf(t, owner, { editor: true });
    for (const res of [
      await editor.api.post('products', { name: 'X' }),
      await editor.api.patch(`products/${product.id}`, { name: 'X' }),
      await editor.api.delete(`products/${product.id}`),
      await editor.api.post(`products/${product.id}/clone`),
      await editor.api.post('product-variants', { product_id: product.id, name: 'X' }),
      await editor.api.put('product-variant-options', [], { productId: product.id }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    expect((await editor.api.get(`products/${product.id}`)).statusCode).toBe(200);
  });
});
