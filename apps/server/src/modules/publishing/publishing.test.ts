import { VERSIONS_KEPT } from '@funnelwork/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageVersions } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import {
  type ApiClient,
  apiClient,
  createFunnel,
  createStep,
  memberOf,
} from '../funnels/funnels.fixtures.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const HEADLINE = '7 proven steps to double your sales';

describe('draft and publish (issue 36)', () => {
  let t: TestApp;
  let api: ApiClient;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  const host = 'draft-shop.localhost:3000';
  const shopper = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app);
    api = apiClient(t.app, owner.auth);
    expect((await api.post('change-subdomain', { subdomain: 'draft-shop' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  /** A funnel at `path` with one landing step from the lead-magnet template. */
  async function landingFunnel(path: string) {
    const funnel = await createFunnel(api, { name: path, path });
    const step = await createStep(api, funnel.id, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    const pageId = step.pages[0]?.id as number;
    const pageUrl = `wfunnels/${funnel.id}/steps/${step.id}/pages/${pageId}`;
    return { funnel, step, pageId, pageUrl };
  }

  /** The editor's save: the page's document with `from` replaced by `to` (its draft only). */
  async function saveDraft(client: ApiClient, pageUrl: string, from: string, to: string) {
    const page = (await client.get(pageUrl)).json().data;
    const config = JSON.parse(JSON.stringify(page.config).replaceAll(from, to));
    const saved = await client.patch(pageUrl, { config, version: page.version });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().data;
  }

  it('starts a new funnel unpublished: shoppers get the not-available page, the editor a draft', async () => {
    const { funnel, pageUrl } = await landingFunnel('fresh');
    const res = await shopper('/fresh/free');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This page is not available');
    expect(res.body).not.toContain(HEADLINE);
    expect(res.body).not.toContain('id="root"');
    expect((await api.get(pageUrl)).json().data.publish_status).toBe('draft');
    const listed = (await api.get('funnels')).json().data.find((f: { id: number }) => f.id === funnel.id);
    expect(listed).toMatchObject({ publish_status: 'draft', published_at: null });
  });

  it('keeps shoppers on the published page while the draft is saved; publishing makes it live', async () => {
    const { funnel, step, pageUrl } = await landingFunnel('guide');
    const published = await api.post(`funnels/${funnel.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ live: true, status: 'published' });
    expect((await shopper('/guide/free')).body).toContain(HEADLINE);

    await saveDraft(api, pageUrl, HEADLINE, 'A half-typed headl');
    expect((await api.get(pageUrl)).json().data.publish_status).toBe('changed');
    const before = await shopper('/guide/free');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(HEADLINE);
    expect(before.body).not.toContain('A half-typed headl');
    const state = (await api.get(`funnels/${funnel.id}/publishing`)).json().data;
    expect(state.status).toBe('changed');
    const listed = (await api.get('funnels')).json().data.find((f: { id: number }) => f.id === funnel.id);
    expect(listed.publish_status).toBe('changed');

    const page = await api.post(`${pageUrl}/publish`, { note: 'New headline' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.status).toBe('published');
    const after = await shopper('/guide/free');
    expect(after.body).toContain('A half-typed headl');
    expect(after.body).not.toContain(HEADLINE);

    // A step publishes its pages as well.
    await saveDraft(api, pageUrl, 'A half-typed headl', 'Step headline');
    const byStep = await api.post(`wfunnels/${funnel.id}/steps/${step.id}/publish`);
    expect(byStep.statusCode, byStep.body).toBe(200);
    expect((await shopper('/guide/free')).body).toContain('Step headline');
  });

  it('unpublishes a funnel without deleting it: the not-available page, then live again on publish', async () => {
    const { funnel, pageUrl } = await landingFunnel('paused');
    await api.post(`funnels/${funnel.id}/publish`);
    expect((await shopper('/paused/free')).statusCode).toBe(200);
    const off = await api.post(`funnels/${funnel.id}/unpublish`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ live: false, status: 'draft', published_at: null });
    for (const url of ['/paused/free', '/paused']) {
      const res = await shopper(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This page is not available');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await api.get(pageUrl)).statusCode).toBe(200);
    expect((await api.get(`funnels/${funnel.id}`)).json().data.published_at).toBeNull();
    await api.post(`funnels/${funnel.id}/publish`);
    expect((await shopper('/paused/free')).body).toContain(HEADLINE);
  });

  it('lists versions with who and the note, shows what changed, restores one as the draft only', async () => {
    const { funnel, pageUrl } = await landingFunnel('history');
    await api.post(`funnels/${funnel.id}/publish`, { note: 'First' });
    await saveDraft(api, pageUrl, HEADLINE, 'Second headline');
    await api.post(`${pageUrl}/publish`, { note: 'Second' });

    const list = await api.get(`${pageUrl}/versions`);
    expect(list.statusCode).toBe(200);
    const versions = list.json().data;
    expect(versions.map((v: { note: string }) => v.note)).toEqual(['Second', 'First']);
    expect(versions[0]).toMatchObject({ live: true, user_name: 'Olive Owner', user_id: owner.userId });
    expect(versions[1].live).toBe(false);

    const first = (await api.get(`${pageUrl}/versions/${versions[1].id}`)).json().data;
    expect(JSON.stringify(first.content.config)).toContain(HEADLINE);
    expect(first.changes.added).toEqual([]);
    expect(first.changes.removed).toEqual([]);
    expect(first.changes.edited.length).toBe(1);

    const restored = await api.post(`${pageUrl}/versions/${versions[1].id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(JSON.stringify(restored.json().data.config)).toContain(HEADLINE);
    expect(restored.json().data.publish_status).toBe('changed');
    // Restored is a draft: shoppers keep the published version until the next publish.
    expect((await shopper('/history/free')).body).toContain('Second headline');
    await api.post(`${pageUrl}/publish`, { note: 'Back to the first' });
    expect((await shopper('/history/free')).body).toContain(HEADLINE);
    expect((await api.get(`${pageUrl}/versions`)).json().data).toHaveLength(3);
    expect((await api.get(`${pageUrl}/versions/999999999`)).statusCode).toBe(404);
  });

  it(`keeps the last ${VERSIONS_KEPT} versions of a page and prunes older ones`, async () => {
    const { funnel, pageId, pageUrl } = await landingFunnel('many');
    await api.post(`funnels/${funnel.id}/publish`, { note: 'v1' });
    const [first] = (await api.get(`${pageUrl}/versions`)).json().data;
    const content = (await api.get(`${pageUrl}/versions/${first.id}`)).json().data.content;
    // Older publishes, written as the service writes them.
    await t.database.db.insert(pageVersions).values(
      Array.from({ length: VERSIONS_KEPT + 3 }, (_, i) => ({
        accountId: owner.accountId,
        pageId,
        note: `old ${i}`,
        content,
      })),
    );
    await saveDraft(api, pageUrl, HEADLINE, 'The newest');
    await api.post(`${pageUrl}/publish`, { note: 'newest' });
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(pageVersions)
      .where(and(eq(pageVersions.accountId, owner.accountId), eq(pageVersions.pageId, pageId)));
    expect(n).toBe(VERSIONS_KEPT);
    const kept = (await api.get(`${pageUrl}/versions`)).json().data;
    expect(kept).toHaveLength(VERSIONS_KEPT);
    expect(kept[0]).toMatchObject({ note: 'newest', live: true });
    expect(kept.map((v: { note: string }) => v.note)).not.toContain('v1');
    expect((await shopper('/many/free')).body).toContain('The newest');
  });

  it('refuses publish, unpublish and restore to staff without the editor permission', async () => {
    const { funnel, step, pageUrl } = await landingFunnel('locked');
    await api.post(`funnels/${funnel.id}/publish`);
    const [version] = (await api.get(`${pageUrl}/versions`)).json().data;
    await saveDraft(api, pageUrl, HEADLINE, 'Owner draft');
    const staff = await memberOf(t, owner, { funnels: true });
    for (const res of [
      await staff.api.post(`${pageUrl}/publish`),
      await staff.api.post(`wfunnels/${funnel.id}/steps/${step.id}/publish`),
      await staff.api.post(`funnels/${funnel.id}/publish`),
      await staff.api.post(`funnels/${funnel.id}/unpublish`),
      await staff.api.post(`${pageUrl}/versions/${version.id}/restore`),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    // Nothing changed: shoppers get the published page, the draft is the owner's.
    expect((await shopper('/locked/free')).body).toContain(HEADLINE);
    expect(JSON.stringify((await api.get(pageUrl)).json().data.config)).toContain('Owner draft');
    const editor = await memberOf(t, owner, { editor: true });
    expect((await editor.api.post(`${pageUrl}/publish`)).statusCode).toBe(200);
    expect((await shopper('/locked/free')).body).toContain('Owner draft');
  });

  it("answers 404 for another account's funnel, page and version", async () => {
    const { funnel, step, pageUrl } = await landingFunnel('mine');
    await api.post(`funnels/${funnel.id}/publish`);
    const [version] = (await api.get(`${pageUrl}/versions`)).json().data;
    const other = await signUpOwner(t.app);
    const theirs = apiClient(t.app, other.auth);
    for (const res of [
      await theirs.post(`${pageUrl}/publish`),
      await theirs.post(`wfunnels/${funnel.id}/steps/${step.id}/publish`),
      await theirs.post(`funnels/${funnel.id}/publish`),
      await theirs.post(`funnels/${funnel.id}/unpublish`),
      await theirs.get(`funnels/${funnel.id}/publishing`),
      await theirs.get(`${pageUrl}/versions`),
      await theirs.get(`${pageUrl}/versions/${version.id}`),
      await theirs.post(`${pageUrl}/versions/${version.id}/restore`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await shopper('/mine/free')).statusCode).toBe(200);
  });

  it('starts a copied and an imported (shared) funnel unpublished', async () => {
    const { funnel } = await landingFunnel('original');
    await api.post(`funnels/${funnel.id}/publish`);
    const shared = await api.post(`wfunnels/${funnel.id}/share`, undefined, { code: 'publish-test-1' });
    expect(shared.statusCode).toBe(200);
    const other = await signUpOwner(t.app);
    const theirs = apiClient(t.app, other.auth);
    const cloned = await theirs.post('share/clone', undefined, {
      funnel: funnel.id,
      code: 'publish-test-1',
      name: 'Imported',
    });
    expect(cloned.statusCode, cloned.body).toBe(201);
    const imported = (await theirs.get(`funnels/${cloned.json().data.id}/publishing`)).json().data;
    expect(imported).toMatchObject({ live: false, status: 'draft' });
    expect(imported.pages.every((p: { status: string }) => p.status === 'draft')).toBe(true);
    const copy = await api.post('clone-funnels', { funnel_to_clone: funnel.id, new_name: 'Copy' });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = (await api.get(`funnels/${copy.json().data.id}/publishing`)).json().data;
    expect(copied).toMatchObject({ live: false, status: 'draft' });
  });
});
