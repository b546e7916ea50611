import { ACCESS_DENIED_SERVER_MESSAGE, SHARES_SUM_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import {
  type ApiClient,
  apiClient,
  createFunnel,
  createStep,
  memberOf,
  publishFunnel,
} from '../funnels/funnels.fixtures.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

type Brief = { id: number; name: string; ab_percent: number; ab_state: string; publish_status: string };

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
const host = 'split-shop.localhost:3000';
/**
 * A shopper's visit, as a browser makes it: the step's redirect to its variant's own address followed
 * (published pages behind a CDN), then the page script's view beacon.
 */
const visit = async (url: string, visitor: string) => {
  const headers = { host, 'user-agent': BROWSER, cookie: `fw_vid=${visitor}` };
  let page = await t.app.inject({ method: 'GET', url, headers });
  if (page.statusCode === 302)
    page = await t.app.inject({ method: 'GET', url: String(page.headers.location), headers });
  const pageId = Number(page.body.match(/"pageId":(\d+)/)?.[1]);
  if (page.statusCode === 200 && pageId > 0)
    await t.app.inject({
      method: 'POST',
      url: '/_fw/view',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { page_id: pageId, url: `http://${host}${url}`, referrer: '' },
    });
  return page;
};
/** Which variant a page is: the SEO title each test gives it. */
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const visitors = Array.from({ length: 40 }, (_, i) => `fixed-visitor-${String(i).padStart(4, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
  expect((await api.post('change-subdomain', { subdomain: 'split-shop' })).statusCode).toBe(200);
});
afterAll(() => t.close());

/** A funnel with a landing step (variant URL `offer-b`) whose first page is titled 'Variant A'. */
async function splitStep(path: string) {
  const funnel = await createFunnel(api, { name: path, path });
  const step = await createStep(api, funnel.id, { name: 'Offer', type: 5, url: 'offer', url2: 'offer-b' });
  const base = `wfunnels/${funnel.id}/steps/${step.id}`;
  const a = step.pages[0]!.id;
  expect((await api.patch(`${base}/pages/${a}`, { seo_title: 'Variant A' })).statusCode).toBe(200);
  return { funnel, step, base, a };
}

const pagesOf = async (base: string) => (await api.get(`${base}/pages`)).json().data as Brief[];

describe('A/B variants of a step (issue 36 §3)', () => {
  it('adds a duplicate at 50 %: the other running pages fill the rest, so shares add up to 100', async () => {
    const { base, a } = await splitStep('dup');
    const added = await api.post(`${base}/pages`, { name: 'Variant B', ab_percent: 50, source_page_id: a });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ name: 'Variant B', ab_percent: 50, ab_state: 'active' });
    // A duplicate holds the source's draft.
    expect(added.json().data.seo_title).toBe('Variant A');
    expect((await pagesOf(base)).map((p) => [p.id, p.ab_percent])).toEqual([
      [a, 50],
      [added.json().data.id, 50],
    ]);
    // A third at 20: the two others share 80 in proportion.
    const third = await api.post(`${base}/pages`, { ab_percent: 20 });
    expect(third.statusCode).toBe(201);
    expect((await pagesOf(base)).map((p) => p.ab_percent)).toEqual([40, 40, 20]);
    // Blank (no template, no source) and from a built-in template.
    const blank = (await api.get(`${base}/pages/${third.json().data.id}`)).json().data;
    expect(blank.config.content).toEqual([]);
    const fromTemplate = await api.post(`${base}/pages`, { template_id: 'landing-lead-magnet' });
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
    expect(fromTemplate.json().data.ab_percent).toBe(0);
    expect((await pagesOf(base)).map((p) => p.ab_percent)).toEqual([40, 40, 20, 0]);
  });

  it('a duplicate names a page of the same step: another step’s page answers 404 naming the field', async () => {
    const { base } = await splitStep('dup-other');
    const other = await splitStep('dup-other-2');
    const res = await api.post(`${base}/pages`, { source_page_id: other.a });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.field).toBe('data.source_page_id');
    expect(await pagesOf(base)).toHaveLength(1);
    const both = await api.post(`${base}/pages`, {
      source_page_id: other.a,
      template_id: 'landing-lead-magnet',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.field).toBe('data.source_page_id');
  });

  it('sets the running shares at once: they must add up to 100, each running page once', async () => {
    const { base, a } = await splitStep('shares');
    const b = (await api.post(`${base}/pages`, { ab_percent: 50 })).json().data.id as number;
    const ok = await api.put(`${base}/shares`, {
      shares: [
        { page_id: a, ab_percent: 70 },
        { page_id: b, ab_percent: 30 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((p: Brief) => p.ab_percent)).toEqual([70, 30]);

    const short = await api.put(`${base}/shares`, {
      shares: [
        { page_id: a, ab_percent: 60 },
        { page_id: b, ab_percent: 30 },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      field: 'data.shares',
      message: `data.shares: ${SHARES_SUM_MESSAGE}`,
    });
    const missing = await api.put(`${base}/shares`, { shares: [{ page_id: a, ab_percent: 100 }] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.field).toBe('data.shares');
    const other = await splitStep('shares-other');
    const foreign = await api.put(`${base}/shares`, {
      shares: [
        { page_id: other.a, ab_percent: 50 },
        { page_id: b, ab_percent: 50 },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.field).toBe('data.shares.0.page_id');
    const tooBig = await api.put(`${base}/shares`, { shares: [{ page_id: a, ab_percent: 101 }] });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.field).toBe('data.shares.0.ab_percent');
    // Nothing changed by the refused calls.
    expect((await pagesOf(base)).map((p) => p.ab_percent)).toEqual([70, 30]);
  });

  it('pauses a variant (0 %, kept, paused), resumes it at 0 %; the last running one cannot pause', async () => {
    const { base, a } = await splitStep('pause');
    const b = (await api.post(`${base}/pages`, { ab_percent: 40 })).json().data.id as number;
    const paused = await api.post(`${base}/pages/${b}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.map((p: Brief) => [p.ab_state, p.ab_percent])).toEqual([
      ['active', 100],
      ['paused', 0],
    ]);
    const last = await api.post(`${base}/pages/${a}/pause`);
    expect(last.statusCode).toBe(422);
    expect(last.json().error.message).toBe('A step keeps at least one running variant');
    // A paused page takes no share until it runs again.
    const share = await api.put(`${base}/pages/${b}/save-props`, { ab_percent: 20 });
    expect(share.statusCode).toBe(422);
    expect(share.json().error.field).toBe('data.ab_percent');
    const resumed = await api.post(`${base}/pages/${b}/resume`);
    expect(resumed.json().data.map((p: Brief) => [p.ab_state, p.ab_percent])).toEqual([
      ['active', 100],
      ['active', 0],
    ]);
    // One share set through save-props: the other running page fills the rest.
    await api.put(`${base}/pages/${b}/save-props`, { ab_percent: 25 });
    expect((await pagesOf(base)).map((p) => p.ab_percent)).toEqual([75, 25]);
    // Deleting a running variant gives its part to the others.
    expect((await api.delete(`${base}/pages/${b}`)).statusCode).toBe(200);
    expect((await pagesOf(base)).map((p) => p.ab_percent)).toEqual([100]);
  });

  it('serves both variants by a fixed visitor id, each visitor always the same one', async () => {
    const { funnel, base } = await splitStep('serve');
    const b = (await api.post(`${base}/pages`, { ab_percent: 50 })).json().data.id as number;
    await api.patch(`${base}/pages/${b}`, { seo_title: 'Variant B' });
    await publishFunnel(api, funnel.id);
    const seen = new Map<string, string>();
    for (const visitor of visitors) {
      const first = await visit('/serve/offer', visitor);
      expect(first.statusCode).toBe(200);
      const again = await visit('/serve/offer', visitor);
      expect(titleOf(again.body)).toBe(titleOf(first.body));
      seen.set(visitor, titleOf(first.body));
    }
    expect(new Set(seen.values())).toEqual(new Set(['Variant A', 'Variant B']));

    // A third variant joins (published): visitors of A and B who do not move to C keep theirs.
    const c = (await api.post(`${base}/pages`, { ab_percent: 20, source_page_id: b })).json().data
      .id as number;
    await api.patch(`${base}/pages/${c}`, { seo_title: 'Variant C' });
    await publishFunnel(api, funnel.id);
    for (const visitor of visitors) {
      const now = titleOf((await visit('/serve/offer', visitor)).body);
      expect([seen.get(visitor), 'Variant C']).toContain(now);
    }
    // Pausing C sends its visitors back to where they were.
    await api.post(`${base}/pages/${c}/pause`);
    for (const visitor of visitors)
      expect(titleOf((await visit('/serve/offer', visitor)).body)).toBe(seen.get(visitor));
  });

  it('the variant URL serves the variant it names, published version only', async () => {
    const { funnel, base, a } = await splitStep('named');
    const b = (await api.post(`${base}/pages`, { ab_percent: 50 })).json().data.id as number;
    await api.patch(`${base}/pages/${b}`, { seo_title: 'Variant B' });
    await publishFunnel(api, funnel.id);
    for (const visitor of visitors.slice(0, 6)) {
      expect(titleOf((await visit('/named/offer-b', visitor)).body)).toBe('Variant B');
      expect(titleOf((await visit(`/named/offer-b/${a}`, visitor)).body)).toBe('Variant A');
      expect(titleOf((await visit(`/named/offer-b/${b}`, visitor)).body)).toBe('Variant B');
    }
    // A draft change is not served until it is published.
    await api.patch(`${base}/pages/${b}`, { seo_title: 'Variant B draft' });
    expect(titleOf((await visit(`/named/offer-b/${b}`, visitors[0]!)).body)).toBe('Variant B');
    // A page id that is no running variant of the step gives the step's choice; an unknown URL 404.
    expect((await visit('/named/offer-b/999999', visitors[0]!)).statusCode).toBe(200);
    expect((await visit('/named/offer-c', visitors[0]!)).statusCode).toBe(404);
  });

  it('declares a winner: it gets 100 %, the others are kept as history and only it is served', async () => {
    const { funnel, base, a } = await splitStep('winner');
    const b = (await api.post(`${base}/pages`, { ab_percent: 50 })).json().data.id as number;
    await api.patch(`${base}/pages/${b}`, { seo_title: 'Variant B' });
    const draft = await api.post(`${base}/pages/${b}/winner`);
    expect(draft.statusCode).toBe(422);
    expect(draft.json().error.message).toBe('Publish this variant before declaring it the winner');
    await publishFunnel(api, funnel.id);
    const won = await api.post(`${base}/pages/${b}/winner`);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data.map((p: Brief) => [p.id, p.ab_state, p.ab_percent])).toEqual([
      [a, 'retired', 0],
      [b, 'active', 100],
    ]);
    for (const visitor of visitors.slice(0, 12)) {
      expect(titleOf((await visit('/winner/offer', visitor)).body)).toBe('Variant B');
      // The retired variant's own URL gives the step's choice too.
      expect(titleOf((await visit(`/winner/offer-b/${a}`, visitor)).body)).toBe('Variant B');
    }
    // Its numbers stay in analytics as a variant of the step.
    const breakdown = (await api.get(`funnels/${funnel.id}/performance-breakdown`)).json().data;
    expect(
      breakdown.steps[0].variants.map((v: { page_id: number; ab_state: string }) => [v.page_id, v.ab_state]),
    ).toEqual([
      [a, 'retired'],
      [b, 'active'],
    ]);
  });

  it('counts each variant’s views separately in the performance breakdown', async () => {
    const { funnel, base, a } = await splitStep('counted');
    const b = (await api.post(`${base}/pages`, { ab_percent: 50 })).json().data.id as number;
    await api.patch(`${base}/pages/${b}`, { seo_title: 'Variant B' });
    await publishFunnel(api, funnel.id);
    const expected = new Map([
      [a, 0],
      [b, 0],
    ]);
    for (const visitor of visitors) {
      const title = titleOf((await visit('/counted/offer', visitor)).body);
      const id = title === 'Variant A' ? a : b;
      expected.set(id, (expected.get(id) ?? 0) + 1);
    }
    await t.app.runtime.views.flush();
    const breakdown = (await api.get(`funnels/${funnel.id}/performance-breakdown`)).json().data;
    const variants = breakdown.steps[0].variants as Array<{ page_id: number; views: number }>;
    expect(variants.map((v) => [v.page_id, v.views])).toEqual([
      [a, expected.get(a)],
      [b, expected.get(b)],
    ]);
    expect(expected.get(a)).toBeGreaterThan(0);
    expect(expected.get(b)).toBeGreaterThan(0);
  });

  it('needs the editor permission for every split write', async () => {
    const { base, a } = await splitStep('perm');
    const b = (await api.post(`${base}/pages`, { ab_percent: 50 })).json().data.id as number;
    const staff = await memberOf(t, owner, { funnels: true, editor: false });
    const calls = [
      staff.api.post(`${base}/pages`, { ab_percent: 10 }),
      staff.api.put(`${base}/shares`, {
        shares: [
          { page_id: a, ab_percent: 10 },
          { page_id: b, ab_percent: 90 },
        ],
      }),
      staff.api.post(`${base}/pages/${b}/pause`),
      staff.api.post(`${base}/pages/${b}/resume`),
      staff.api.post(`${base}/pages/${b}/winner`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    expect((await pagesOf(base)).map((p) => [p.ab_state, p.ab_percent])).toEqual([
      ['active', 50],
      ['active', 50],
    ]);
  });

  it('answers 404 for another account’s step and page ids', async () => {
    const { funnel, step, base, a } = await splitStep('tenancy');
    const stranger = await signUpOwner(t.app);
    const other = apiClient(t.app, stranger.auth);
    const calls = [
      other.post(`${base}/pages`, { ab_percent: 10 }),
      other.put(`${base}/shares`, { shares: [{ page_id: a, ab_percent: 100 }] }),
      other.post(`${base}/pages/${a}/pause`),
      other.post(`${base}/pages/${a}/resume`),
      other.post(`${base}/pages/${a}/winner`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    // Their own funnel with this account's page id as the source or share.
    const theirs = await createFunnel(other, { name: 'Theirs' });
    const theirStep = await createStep(other, theirs.id);
    const theirBase = `wfunnels/${theirs.id}/steps/${theirStep.id}`;
    expect((await other.post(`${theirBase}/pages`, { source_page_id: a })).statusCode).toBe(404);
    expect((await other.post(`${theirBase}/pages/${a}/winner`)).statusCode).toBe(404);
    expect(funnel.id).not.toBe(theirs.id);
    expect(step.id).not.toBe(theirStep.id);
  });
});
