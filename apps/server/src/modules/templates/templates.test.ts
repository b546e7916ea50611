import { FUNNEL_KIT_STEPS, findStepTemplate, STEP_TEMPLATES, validateDocument } from '@funnelwork/blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, createStep } from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let api: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app, (await signUpOwner(t.app)).auth);
  other = apiClient(t.app, (await signUpOwner(t.app, { account_name: 'Other shop' })).auth);
});
afterAll(() => t.close());

type Listed = {
  id: string;
  step: { step_type: number };
  likes: number;
  liked: boolean;
  thumbnail_url: string;
};

describe('built-in template gallery', () => {
  it('lists a template for every step type (1 Checkout … 6 Other) with its thumbnail', async () => {
    const res = await api.get('templates');
    expect(res.statusCode).toBe(200);
    const list: Listed[] = res.json().data;
    expect(list.map((template) => template.id)).toEqual(STEP_TEMPLATES.map((template) => template.id));
    expect(new Set(list.map((template) => template.step.step_type))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(list[0]).toMatchObject({
      id: 'checkout-two-step',
      template_id: 'checkout-two-step',
      name: 'Two-step checkout',
      author_name: 'Funnelwork',
      thumbnail_url: '/templates/checkout-two-step.png',
      pages_count: 1,
      likes: 0,
      liked: false,
    });
  });

  it('filters by step type and by words of the name, description or tags', async () => {
    const upsells: Listed[] = (await api.get('templates', { step_type: 2 })).json().data;
    expect(upsells.map((template) => template.id)).toEqual([
      'upsell-one-click',
      'tripwire-upsell',
      'launch-coaching-upsell',
      'free-shipping-upsell',
    ]);
    const bumps: Listed[] = (await api.get('templates', { query: 'two-step ORDER bump' })).json().data;
    expect(bumps.map((template) => template.id)).toEqual(['checkout-two-step', 'checkout-bump-first-step']);
    expect((await api.get('templates', { step_type: 9 })).statusCode).toBe(400);
  });

  it('answers one template with its pages, whose documents are valid editor documents', async () => {
    const res = await api.get('templates/landing-lead-magnet');
    expect(res.statusCode).toBe(200);
    const template = res.json().data;
    expect(template).toMatchObject({ id: 'landing-lead-magnet', step: { step_type: 5 } });
    expect(template.pages).toHaveLength(1);
    expect(validateDocument(template.pages[0].config).ok).toBe(true);
    const missing = await api.get('templates/no-such-template');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Template not found');
  });

  it('stores likes per user: liking twice counts once, every user sees the total, unliking takes it back', async () => {
    const liked = await api.post('templates/upsell-one-click/like');
    expect(liked.json().data).toEqual({ id: 'upsell-one-click', likes: 1, liked: true });
    expect((await api.post('templates/upsell-one-click/like')).json().data.likes).toBe(1);
    expect((await other.post('templates/upsell-one-click/like')).json().data).toEqual({
      id: 'upsell-one-click',
      likes: 2,
      liked: true,
    });
    const seen = (await other.get('templates', { step_type: 2 })).json().data[0];
    expect(seen).toMatchObject({ likes: 2, liked: true });
    expect((await other.delete('templates/upsell-one-click/like')).json().data).toEqual({
      id: 'upsell-one-click',
      likes: 1,
      liked: false,
    });
    expect((await api.get('templates/upsell-one-click')).json().data).toMatchObject({
      likes: 1,
      liked: true,
    });
    expect((await api.post('templates/nope/like')).statusCode).toBe(404);
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/templates' });
    expect(res.statusCode).toBe(401);
  });
});

describe('funnel kits', () => {
  it('lists the five kits with their steps, the formats and the count of 32', async () => {
    const res = await api.get('templates/kits');
    expect(res.statusCode).toBe(200);
    const { kits, formats, templates_count } = res.json().data;
    expect(templates_count).toBe(32);
    expect(kits.map((kit: { name: string }) => kit.name)).toEqual([
      'Lead magnet',
      'Tripwire',
      'Product launch',
      'Webinar',
      'Free plus shipping',
    ]);
    expect(kits.reduce((sum: number, kit: { templates_count: number }) => sum + kit.templates_count, 0)).toBe(
      32,
    );
    expect(kits[1].steps.map((step: { step_type: number }) => step.step_type)).toEqual([6, 1, 2, 4, 3]);
    expect(formats).toContainEqual({ id: 'order-bump', title: 'Order bump' });
    const listed: { kit: string; format: string }[] = (await api.get('templates')).json().data;
    expect(
      listed.find((template) => template.kit === 'webinar' && template.format === 'webinar-replay'),
    ).toBeTruthy();
  });

  it("creates a funnel with the kit's steps, in order, each page from its template", async () => {
    const res = await api.post('templates/kits/tripwire/funnels', { name: 'Seven-dollar funnel' });
    expect(res.statusCode).toBe(201);
    const funnel = res.json().data;
    expect(funnel).toMatchObject({ name: 'Seven-dollar funnel' });
    const steps = (await api.get(`wfunnels/${funnel.id}/steps`)).json().data as {
      id: number;
      name: string;
      step_type: number;
      pages: { id: number }[];
    }[];
    expect(steps.map((step) => [step.name, step.step_type])).toEqual([
      ['Offer', 6],
      ['Checkout', 1],
      ['Upsell', 2],
      ['Downsell', 4],
      ['Thank you', 3],
    ]);
    const upsell = steps[2]!;
    const page = (
      await api.get(`wfunnels/${funnel.id}/steps/${upsell.id}/pages/${upsell.pages[0]!.id}`)
    ).json().data;
    const template = FUNNEL_KIT_STEPS.tripwire[2]!.templateId;
    expect(page.config).toEqual(findStepTemplate(template)!.pages[0]!.document());
    // The other account sees nothing of it.
    expect((await other.get(`wfunnels/${funnel.id}/steps`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown kit and 400 naming data.name without a name, making no funnel', async () => {
    const before = (await api.get('funnels')).json().data.length;
    const missing = await api.post('templates/kits/no-such-kit/funnels', { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Funnel kit not found');
    const unnamed = await api.post('templates/kits/webinar/funnels', { name: '' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.field).toBe('data.name');
    expect((await api.get('funnels')).json().data.length).toBe(before);
  });
});

describe('template images', () => {
  it('serves every drawing the templates use, as SVG, and nothing else', async () => {
    const used = new Set<string>();
    for (const template of STEP_TEMPLATES)
      for (const match of JSON.stringify(template.pages[0]!.document()).matchAll(
        /\/_fw\/template-images\/[\w.-]+/g,
      ))
        used.add(match[0]);
    expect(used.size).toBeGreaterThan(5);
    for (const url of used) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toMatch(/^<svg /);
    }
    for (const url of ['/_fw/template-images/LICENSE.md', '/_fw/template-images/..%2F..%2Fpackage.json'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});

describe('page templates', () => {
  it('answers every built-in page with its document, rendered html and css', async () => {
    const res = await api.get('page-templates');
    expect(res.statusCode).toBe(200);
    const pages = res.json().data;
    expect(pages).toHaveLength(STEP_TEMPLATES.length);
    const checkout = pages.find((page: { id: string }) => page.id === 'checkout-two-step');
    expect(checkout).toMatchObject({
      name: 'Two-step checkout',
      url: 'two-step-checkout',
      head_js: '',
      body_js: '',
    });
    expect(checkout.html).toContain('data-two-step-form');
    expect(checkout.html).not.toContain('data-node-id');
    expect(checkout.css).toContain('.fw-page{');
    expect(validateDocument(checkout.config).ok).toBe(true);
  });

  it("lists the account's saved templates' pages under users/page-templates, and only its own", async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, { name: 'Sales page', type: 5 });
    const saved = (await api.post('saved-templates', { step_id: step.id, name: 'Mine' })).json().data;
    const mine = (await api.get('users/page-templates')).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ id: `U.${saved.id}.1`, template_id: `U.${saved.id}`, name: 'Sales page' }),
    ]);
    expect((await other.get('users/page-templates')).json().data).toEqual([]);
  });
});

describe('steps from a built-in template', () => {
  it('creates the step with the template page document, and applies a built-in template to a page', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, {
      name: 'Checkout',
      type: 1,
      template_id: 'checkout-two-step',
    });
    expect(step.pages).toHaveLength(1);
    const pagePath = `wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`;
    const page = (await api.get(pagePath)).json().data;
    const expected = findStepTemplate('checkout-two-step')!.pages[0]!.document();
    expect(page.config).toEqual(expected);
    expect(page).toMatchObject({ html: '', css: '', seo_title: 'Two-step checkout' });

    const plain = await createStep(api, funnel.id, { name: 'Thanks', type: 3 });
    const plainPage = `wfunnels/${funnel.id}/steps/${plain.id}/pages/${plain.pages[0]?.id}`;
    const applied = await api.post(`${plainPage}/apply-template`, { template_id: 'thank-you-next-steps' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.config).toEqual(
      findStepTemplate('thank-you-next-steps')!.pages[0]!.document(),
    );
  });

  it('answers 404 naming data.template_id for an unknown built-in id', async () => {
    const funnel = await createFunnel(api);
    const res = await api.post(`wfunnels/${funnel.id}/steps`, {
      name: 'X',
      type: 1,
      template_id: 'no-such-template',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ message: 'Template not found', field: 'data.template_id' });
  });
});

describe('page preview', () => {
  it("renders a page's document and custom CSS as a sandboxed HTML document", async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, {
      name: 'Opt-in',
      type: 5,
      template_id: 'landing-lead-magnet',
    });
    const pageId = step.pages[0]?.id;
    await api.patch(`wfunnels/${funnel.id}/steps/${step.id}/pages/${pageId}`, {
      css: '.mine{color:red}</style><b>',
    });
    const res = await api.get(`pages/${pageId}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('<title>Opt-in</title>');
    expect(res.body).toContain('7 proven steps to double your sales in 30 days');
    expect(res.body).toContain('.mine{color:red}<\\/style><b>');
    expect(res.body).not.toContain('data-node-id');
  });

  it("answers 404 for another account's page and for a deleted step's page", async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, { name: 'Gone', type: 6 });
    const pageId = step.pages[0]?.id;
    expect((await other.get(`pages/${pageId}/preview`)).statusCode).toBe(404);
    await api.delete(`wfunnels/${funnel.id}/steps/${step.id}`);
    expect((await api.get(`pages/${pageId}/preview`)).statusCode).toBe(404);
  });

  it('renders an empty page of an old (version 0) document', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, { name: 'Blank', type: 6 });
    const res = await api.get(`pages/${step.pages[0]?.id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div class="fw-page" dir="ltr"></div>');
  });
});
