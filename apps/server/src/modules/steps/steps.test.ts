import { CORRUPT_DOCUMENT_MESSAGE, emptyDocument } from '@funnelwork/blocks';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import {
  type ApiClient,
  apiClient,
  createFunnel,
  createStep,
  memberOf,
} from '../funnels/funnels.fixtures.ts';
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

const urls = (list: Array<{ url: string }>) => list.map((s) => s.url);

describe('steps of the second kind (wfunnels)', () => {
  it('creates a step with the §3 payload; order_index is the number of existing steps plus one', async () => {
    const funnel = await createFunnel(api);
    const first = await api.post(`wfunnels/${funnel.id}/steps`, {
      name: 'New Checkout',
      path: 'new-checkout',
      type: 1,
      url: 'https://new-checkout ',
      user_id: 999_999,
      funnel_id: funnel.id,
      template_id: null,
      order_index: 42,
      pages: [],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      name: 'New Checkout',
      url: 'new-checkout',
      step_type: 1,
      funnel_id: funnel.id,
      user_id: owner.userId,
      order_index: 1,
      deleted_at: null,
    });
    expect(first.json().data.pages).toHaveLength(1);
    expect(first.json().data.pages[0]).toMatchObject({ ab_percent: 100, name: 'New Checkout' });

    const second = await createStep(api, funnel.id, { name: 'New Thank you page', type: 3 });
    expect(second).toMatchObject({ url: 'new-thank-you-page', order_index: 2 });
  });

  it('answers 409 for a path already used in the funnel (case-insensitively), not in another funnel', async () => {
    const funnel = await createFunnel(api);
    await createStep(api, funnel.id, { name: 'Upsell', url: 'upsell' });
    const clash = await api.post(`wfunnels/${funnel.id}/steps`, {
      name: 'Other',
      type: 2,
      url: 'http://UPSELL',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ status: 409, field: 'data.url' });
    const other = await createFunnel(api);
    await createStep(api, other.id, { name: 'Upsell', url: 'upsell' });
  });

  it('requires a name, refuses a step type outside 1..6 and a URL with spaces', async () => {
    const funnel = await createFunnel(api);
    const noName = await api.post(`wfunnels/${funnel.id}/steps`, { name: '  ', type: 1 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.field).toBe('data.name');
    const badType = await api.post(`wfunnels/${funnel.id}/steps`, { name: 'X', type: 7 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.field).toBe('data.type');
    const badUrl = await api.post(`wfunnels/${funnel.id}/steps`, { name: 'X', type: 1, url: 'a b' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.field).toBe('data.url');
  });

  it('reorders by patching order_index, reads, deletes with 204 and renumbers the rest', async () => {
    const funnel = await createFunnel(api);
    const a = await createStep(api, funnel.id, { name: 'A' });
    const b = await createStep(api, funnel.id, { name: 'B' });
    const c = await createStep(api, funnel.id, { name: 'C' });
    for (const [step, order_index] of [
      [c, 1],
      [a, 2],
      [b, 3],
    ] as const) {
      const res = await api.patch(`wfunnels/${funnel.id}/steps/${step.id}`, { order_index });
      expect(res.statusCode).toBe(200);
    }
    const list = (await api.get(`wfunnels/${funnel.id}/steps`)).json().data;
    expect(urls(list)).toEqual(['c', 'a', 'b']);

    const got = await api.get(`wfunnels/${funnel.id}/steps/${a.id}`);
    expect(got.json().data).toMatchObject({ id: a.id, name: 'A', order_index: 2 });

    const deleted = await api.delete(`wfunnels/${funnel.id}/steps/${c.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const after = (await api.get(`wfunnels/${funnel.id}/steps`)).json().data;
    expect(after.map((s: { url: string; order_index: number }) => [s.url, s.order_index])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect((await api.get(`wfunnels/${funnel.id}/steps/${c.id}`)).statusCode).toBe(404);
    // The deleted step's path is free again, and the new step comes last.
    const again = await createStep(api, funnel.id, { name: 'C' });
    expect(again).toMatchObject({ url: 'c', order_index: 3 });
  });

  it('patches a step URL with the same 409 rule and answers 404 for a step of another funnel', async () => {
    const funnel = await createFunnel(api);
    const a = await createStep(api, funnel.id, { name: 'A' });
    await createStep(api, funnel.id, { name: 'B' });
    const clash = await api.patch(`wfunnels/${funnel.id}/steps/${a.id}`, { url: 'B' });
    expect(clash.statusCode).toBe(409);
    const own = await api.patch(`wfunnels/${funnel.id}/steps/${a.id}`, {
      url: 'https://A',
      name: 'Renamed',
      step_type: 5,
    });
    expect(own.json().data).toMatchObject({ url: 'A', name: 'Renamed', step_type: 5 });
    const other = await createFunnel(api);
    expect((await api.get(`wfunnels/${other.id}/steps/${a.id}`)).statusCode).toBe(404);
    expect((await api.patch(`wfunnels/${other.id}/steps/${a.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('clones a step with its pages onto a free URL at the end', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, { name: 'Checkout', url: 'checkout' });
    const clone = await api.post(`wfunnels/${funnel.id}/steps/${step.id}/clone`);
    expect(clone.statusCode).toBe(201);
    expect(clone.json().data).toMatchObject({
      name: 'Checkout - [clone]',
      url: 'checkout-2',
      order_index: 2,
    });
    expect(clone.json().data.pages).toHaveLength(1);
    expect(clone.json().data.pages[0].id).not.toBe(step.pages[0]?.id);

    const target = await createFunnel(api);
    const moved = await api.post('clone-funnel-steps', {
      step_id: step.id,
      funnel_id: target.id,
      name: 'Copied',
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().data).toMatchObject({
      name: 'Copied',
      url: 'checkout',
      funnel_id: target.id,
      order_index: 1,
    });
  });
});

describe('classic steps (funnel-steps)', () => {
  it('creates, lists, reads, patches and deletes (204) at the classic paths', async () => {
    const funnel = await createFunnel(api, { funnel_type: 0 });
    const created = await api.post('funnel-steps', { name: 'Landing', type: 5, funnel_id: funnel.id });
    expect(created.statusCode).toBe(201);
    const step = created.json().data;
    expect(step).toMatchObject({ url: 'landing', order_index: 1, step_type: 5 });
    const list = await api.get(`funnels/${funnel.id}/steps`);
    expect(urls(list.json().data)).toEqual(['landing']);
    expect((await api.get(`funnel-steps/${step.id}`)).json().data.name).toBe('Landing');
    const patched = await api.patch(`funnel-steps/${step.id}`, { name: 'Home', url2: 'http://home-b' });
    expect(patched.json().data).toMatchObject({ name: 'Home', url2: 'home-b' });
    const clash = await api.post('funnel-steps', { name: 'Landing', type: 5, funnel_id: funnel.id });
    expect(clash.statusCode).toBe(409);
    const deleted = await api.delete(`funnel-steps/${step.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await api.get(`funnels/${funnel.id}/steps`)).json().data).toEqual([]);
    expect((await api.delete(`funnel-steps/${step.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a funnel that does not exist', async () => {
    const res = await api.post('funnel-steps', { name: 'Landing', type: 5, funnel_id: 987_654 });
    expect(res.statusCode).toBe(404);
  });
});

describe('pages', () => {
  it('adds variants, saves props (ab_type on the step), saves the document with a version check', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const base = `wfunnels/${funnel.id}/steps/${step.id}/pages`;
    const variant = await api.post(base, { name: 'Variant B', ab_percent: 50, ab_geo: ['US'] });
    expect(variant.statusCode).toBe(201);
    expect(variant.json().data).toMatchObject({
      name: 'Variant B',
      ab_percent: 50,
      ab_geo: ['US'],
      version: 1,
    });
    const list = (await api.get(base)).json().data;
    expect(list).toHaveLength(2);

    const pageId = variant.json().data.id;
    const props = await api.put(`${base}/${pageId}/save-props`, {
      name: 'Geo US',
      ab_percent: 30,
      ab_type: 'geo',
      ab_geo: ['US', 'CA'],
    });
    expect(props.statusCode).toBe(200);
    expect(props.json().data).toMatchObject({ name: 'Geo US', ab_percent: 30, ab_geo: ['US', 'CA'] });
    expect((await api.get(`wfunnels/${funnel.id}/steps/${step.id}`)).json().data.ab_type).toBe('geo');

    const save = await api.patch(`${base}/${pageId}`, {
      config: headlineDocument(),
      css: '.a{}',
      seo_title: 'Buy now',
      version: 1,
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().data).toMatchObject({ version: 2, css: '.a{}', seo_title: 'Buy now' });
    const stale = await api.patch(`${base}/${pageId}`, { css: '.b{}', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await api.get(`${base}/${pageId}`)).json().data.css).toBe('.a{}');

    const tooMuch = await api.put(`${base}/${pageId}/save-props`, { ab_percent: 101 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.field).toBe('data.ab_percent');
  });

  it('a new page starts from an empty document with the default page settings (spec §9)', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const page = (await api.get(`wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`)).json()
      .data;
    expect(page.config).toMatchObject({
      content: [],
      rows: {},
      children: {},
      settings: {
        padding: { top: 68, left: 30, right: 30, bottom: 100 },
        font: { family: 'Roboto', size: 14, color: '#252A32' },
      },
    });
  });

  it('apply-template with clear resets the document to empty with default page settings', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const base = `wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`;
    const filled = await api.patch(base, { config: headlineDocument(), html: '<b>x</b>' });
    expect(filled.statusCode).toBe(200);
    const applied = await api.post(`${base}/apply-template`, { clear: true });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({
      html: '',
      config: {
        content: [],
        rows: {},
        children: {},
        settings: {
          padding: { top: 68, left: 30, right: 30, bottom: 100 },
          font: { family: 'Roboto', size: 14 },
        },
      },
    });
  });

  it('validates a saved document, naming where it is wrong', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const base = `wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`;
    const document = headlineDocument();
    const id = Object.keys(document.children)[0] as string;
    const broken = structuredClone(document) as unknown as {
      children: Record<string, { attributes: { basic: { font: { size: unknown } } } }>;
    };
    broken.children[id]!.attributes.basic.font.size = 'big';
    const res = await api.patch(base, { config: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(`data.config.children.${id}.attributes.basic.font.size`);
    expect(res.json().error.message).toMatch(
      new RegExp(`^data\\.config\\.children\\.${id}\\.attributes\\.basic\\.font\\.size: `),
    );
    const notADocument = await api.patch(base, { config: { content: 'not a list', rows: {}, children: {} } });
    expect(notADocument.statusCode).toBe(400);
    expect(notADocument.json().error.field).toMatch(/^data\.config/);
    // Nothing was stored: the page still holds its empty document at version 1.
    const page = (await api.get(base)).json().data;
    expect(page).toMatchObject({ version: 1, config: { content: [] } });
    const ok = await api.patch(base, { config: document, version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.config).toEqual(document);
  });

  it('upgrades a stored document on read, and reports an unreadable one with the spec text (422)', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const pageId = step.pages[0]?.id as number;
    const base = `wfunnels/${funnel.id}/steps/${step.id}/pages/${pageId}`;
    // A document saved before versions: no version, no kind, partial settings.
    await t.database.db
      .update(pages)
      .set({ config: { content: [], rows: {}, children: {}, settings: { backgroundColor: '#000000' } } })
      .where(eq(pages.id, pageId));
    const upgraded = (await api.get(base)).json().data.config;
    expect(upgraded).toEqual({
      ...emptyDocument('page'),
      settings: { ...emptyDocument('page').settings, backgroundColor: '#000000' },
    });

    await t.database.db
      .update(pages)
      .set({ config: { content: 'not a list', rows: {}, children: {} } })
      .where(eq(pages.id, pageId));
    const corrupt = await api.get(base);
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().error.message).toBe(
      "Page data seems corrupt couldn't read it! try again later or create a new page.",
    );
    expect(corrupt.json().error.message).toBe(CORRUPT_DOCUMENT_MESSAGE);
  });

  it('keeps at least one page in a step', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const res = await api.delete(`wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`);
    expect(res.statusCode).toBe(422);
  });
});

describe('saved templates ("U." ids)', () => {
  it('saves a step as a template and creates steps and applies pages from its U. id', async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id, { name: 'Sales page', type: 5 });
    const pagePath = `wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`;
    const hero = headlineDocument();
    await api.patch(pagePath, { config: hero, html: '<h1>Hi</h1>' });
    const saved = await api.post('saved-templates', {
      step_id: step.id,
      name: 'My sales page',
      tags: 'sales,hero',
    });
    expect(saved.statusCode).toBe(201);
    const template = saved.json().data;
    expect(template).toMatchObject({
      template_id: `U.${template.id}`,
      name: 'My sales page',
      tags: 'sales,hero',
      author_name: 'Olive Owner',
      step: { step_type: 5 },
      pages_count: 1,
    });

    const fromTemplate = await createStep(api, funnel.id, {
      name: 'Second sales',
      template_id: template.template_id,
    });
    const page = (
      await api.get(`wfunnels/${funnel.id}/steps/${fromTemplate.id}/pages/${fromTemplate.pages[0]?.id}`)
    ).json().data;
    expect(page).toMatchObject({ html: '<h1>Hi</h1>', config: { content: hero.content } });

    const flagged = await api.post(`wfunnels/${funnel.id}/steps`, {
      name: 'Flagged',
      type: 5,
      template_id: template.id,
      user_template: true,
    });
    expect(flagged.statusCode).toBe(201);

    const other = await createStep(api, funnel.id, { name: 'Plain' });
    const otherPage = `wfunnels/${funnel.id}/steps/${other.id}/pages/${other.pages[0]?.id}`;
    const applied = await api.post(`${otherPage}/apply-template`, { template_id: template.template_id });
    expect(applied.json().data).toMatchObject({ html: '<h1>Hi</h1>', config: { content: hero.content } });

    const unknown = await api.post(`wfunnels/${funnel.id}/steps`, {
      name: 'X',
      type: 5,
      template_id: 'U.999999',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await api.get('saved-templates')).json().data.map((s: { id: number }) => s.id)).toContain(
      template.id,
    );
    expect((await api.delete(`saved-templates/${template.id}`)).statusCode).toBe(200);
    expect((await api.get('saved-templates')).json().data).toEqual([]);
  });
});

describe('step permissions (spec §6)', () => {
  it("answers 403 'restricted area: access denied' to step and page writes without the editor flag", async () => {
    const funnel = await createFunnel(api);
    const step = await createStep(api, funnel.id);
    const funnelsOnly = await memberOf(t, owner, { funnels: true });
    const m = funnelsOnly.api;
    const pageBase = `wfunnels/${funnel.id}/steps/${step.id}/pages/${step.pages[0]?.id}`;
    for (const res of [
      await m.post(`wfunnels/${funnel.id}/steps`, { name: 'X', type: 1 }),
      await m.post('funnel-steps', { name: 'X', type: 1, funnel_id: funnel.id }),
      await m.patch(`wfunnels/${funnel.id}/steps/${step.id}`, { name: 'X' }),
      await m.delete(`funnel-steps/${step.id}`),
      await m.post(`wfunnels/${funnel.id}/steps/${step.id}/clone`),
      await m.patch(pageBase, { css: 'x' }),
      await m.post(`${pageBase}/apply-template`, { clear: true }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    expect((await m.get(`wfunnels/${funnel.id}/steps`)).statusCode).toBe(200);
    const editor = await memberOf(t, owner, { editor: true });
    expect(
      (await editor.api.post(`wfunnels/${funnel.id}/steps`, { name: 'Editor step', type: 6 })).statusCode,
    ).toBe(201);
  });
});
