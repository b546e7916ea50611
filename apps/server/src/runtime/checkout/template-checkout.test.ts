// Issue 19, item 1: "A checkout made from a template cannot sell". A funnel of one step made from the
// 'Two-step checkout' template, with a product added on the step, and nothing else changed.
import type { ApiClient } from '@funnelwork/domain/api/client';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createFunnel, typedClient } from '../../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey } from './checkout.fixtures.ts';
import { CONFIRMATION_TITLE } from './confirmation-page.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const host = 'yoga-shop.localhost:3000';
type Json = Record<string, unknown>;

let t: TestApp;
let client: ApiClient;
let funnelId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  client = typedClient(t.app, owner.token);
  expect((await api.post('change-subdomain', { subdomain: 'yoga-shop' })).statusCode).toBe(200);
  funnelId = (await createFunnel(api, { name: 'Yoga', path: 'yoga' })).id;
});
afterAll(() => t.close());

const templateStep = (url: string) =>
  client.call(endpoints.steps.createWfunnelStep, {
    params: { id: funnelId },
    body: { data: { name: `Checkout ${url}`, type: 1, url, template_id: 'checkout-two-step' } },
  });
/** Shoppers get what was published (issue 36): the merchant publishes what they set up. */
const publish = () => client.call(endpoints.publishing.publishFunnel, { params: { id: funnelId } });
const product = (data: { name: string; price: number; step_id?: number }) =>
  client.call(endpoints.store.createProduct, { body: { data: { currency: 'USD', ...data } } });
const open = (url: string) => t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER } });
const post = (url: string, payload: Json, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { host, 'content-type': 'application/json', ...headers },
  });
const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="fw-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
    stepId: number;
    pageId: number;
    nextUrl: string | null;
  };

describe('a checkout made from a template sells the products added on its step', () => {
  it("shows the step's product, never the template's placeholders or a bump without a product", async () => {
    const step = await templateStep('buy');
    const yoga = await product({ name: 'Yoga Course', price: 49, step_id: step.id });
    await publish();
    const page = await open('/yoga/buy');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Yoga Course');
    expect(page.body).toContain(`data-product-id="${yoga.id}"`);
    expect(page.body).toContain('data-price="49.00"');
    for (const placeholder of [
      'Complete Growth Course</span>',
      'Course + 1:1 coaching call',
      '97.00',
      '197.00',
    ])
      expect(page.body).not.toContain(placeholder);
    expect(page.body).not.toContain('data-order-bump');

    // The page's script sends what the shopper chose: the listed product. The summary prices it.
    const data = pageData(page.body);
    expect(data.nextUrl).toBeNull();
    const cart = { step_id: data.stepId, page_id: data.pageId, items: [{ product_id: yoga.id }] };
    const quote = await post('/_fw/quote', cart);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ total: 49, lines: [{ name: 'Yoga Course', amount: 49 }] });

    const bought = await post('/_fw/checkout', {
      ...cart,
      customer: { email: 'yogi@example.test', first_name: 'Yana' },
      payment: CARD_OK,
      idempotency_key: newKey(),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data.next_url).toBeNull();

    // "A paid order always ends on a confirmation: the next step, or a built-in thank-you page."
    const cookie = String(bought.headers['set-cookie']).split(';')[0] as string;
    const thanks = await t.app.inject({ method: 'GET', url: '/_fw/thank-you', headers: { host, cookie } });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(CONFIRMATION_TITLE);
    const [placed] = (
      await t.database.executeSql(
        `select order_number from orders where id = ${Number(bought.json().data.order_id)}`,
      )
    ).rows;
    expect(thanks.body).toContain(`#${placed?.order_number}`);
    expect(thanks.body).toContain('Yoga Course');
    expect(thanks.body).toContain('$49.00');
    const stranger = await t.app.inject({ method: 'GET', url: '/_fw/thank-you', headers: { host } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Yoga Course');
  });

  it("shows a hand-linked entry with its product's own name and price, and charges that", async () => {
    const step = await templateStep('mat');
    await product({ name: 'Yoga Course', price: 49, step_id: step.id });
    const mat = await product({ name: 'Yoga Mat', price: 25 });
    const [first] = step.pages;
    if (!first) throw new Error('the template step has a page');
    const params = { id: funnelId, stepId: step.id, pageId: first.id };
    const stored = await client.call(endpoints.steps.getWfunnelStepPage, { params });
    const config = structuredClone(stored.config) as {
      children: Record<string, { type: string; attributes: { basic: { entries?: Json[] } } }>;
    };
    const list = Object.values(config.children).find((block) => block.type === 'productList');
    if (!list?.attributes.basic.entries) throw new Error('the template has a product list');
    list.attributes.basic.entries[0] = {
      productId: mat.id,
      title: 'Complete Growth Course',
      pcs: 1,
      price: 97,
    };
    await client.call(endpoints.steps.updateWfunnelStepPage, {
      params,
      body: { data: { config, version: stored.version } },
    });
    await publish();

    const page = await open('/yoga/mat');
    expect(page.body).toContain('Yoga Mat');
    expect(page.body).toContain('data-price="25.00"');
    expect(page.body).not.toContain('Complete Growth Course</span>');
    expect(page.body).not.toContain('Yoga Course');
    const data = pageData(page.body);
    const quote = await post('/_fw/quote', {
      step_id: data.stepId,
      page_id: data.pageId,
      items: [{ product_id: mat.id }],
    });
    expect(quote.json().data).toMatchObject({ total: 25, lines: [{ name: 'Yoga Mat' }] });
  });

  it('shows no price at all on a checkout with nothing to sell, and its summary answers so', async () => {
    await templateStep('empty');
    await publish();
    const page = await open('/yoga/empty');
    expect(page.statusCode).toBe(200);
    for (const placeholder of ['97.00', '197.00', 'Course + 1:1 coaching call'])
      expect(page.body).not.toContain(placeholder);
    const data = pageData(page.body);
    const quote = await post('/_fw/quote', { step_id: data.stepId, page_id: data.pageId, items: [] });
    expect(quote.statusCode).toBe(422);
  });
});
