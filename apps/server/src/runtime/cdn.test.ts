import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViewEvents } from '../db/schema/index.ts';
import { type ApiClient, apiClient, createFunnel, createStep } from '../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { PUBLIC_PAGE_CACHE, PURGING_ROUTES } from './cdn.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A stand-in for the shared cache's purge endpoint: the requests it got. */
async function purgeCatcher() {
  const got: Array<{ method: string; keys: string | undefined; xkey: string | undefined }> = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    got.push({
      method: request.method ?? '',
      keys: request.headers['surrogate-key'] as string | undefined,
      xkey: request.headers.xkey as string | undefined,
    });
    response.end('Purged');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('published pages for a shared cache', () => {
  let t: TestApp;
  let api: ApiClient;
  let accountId: number;
  let funnelId: number;
  let landing: { id: number; pages: Array<{ id: number }> };
  let purges: Awaited<ReturnType<typeof purgeCatcher>>;
  const host = 'cdn-shop.localhost:3000';
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER, ...headers } });
  const beacon = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/_fw/view',
      headers: { host, 'user-agent': BROWSER, 'content-type': 'application/json', ...headers },
      payload,
    });
  const views = async () => {
    await t.app.runtime.views.flush();
    return t.database.db.select().from(pageViewEvents).where(eq(pageViewEvents.accountId, accountId));
  };

  beforeAll(async () => {
    purges = await purgeCatcher();
    t = await createTestApp({ config: { cdnPurgeUrl: purges.url } });
    const owner = await signUpOwner(t.app);
    accountId = owner.accountId;
    api = apiClient(t.app, { authorization: `Bearer ${owner.token}` });
    expect((await api.post('change-subdomain', { subdomain: 'cdn-shop' })).statusCode).toBe(200);
    funnelId = (await createFunnel(api, { name: 'Guide', path: 'guide' })).id;
    landing = await createStep(api, funnelId, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    purges.server.close();
  });

  it('sends the same HTML to every visitor: no Set-Cookie, public s-maxage, surrogate keys, ETag', async () => {
    const first = await get('/guide/free');
    const other = await get('/guide/free', {
      cookie: 'fw_vid=someone-else-00000001; fw_sid=session-else-0001',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(other.headers['set-cookie']).toBeUndefined();
    expect(other.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    expect(first.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const pageId = landing.pages[0]!.id;
    expect(first.headers['surrogate-key']).toBe(
      `fw-a${accountId} fw-f${funnelId} fw-s${landing.id} fw-p${pageId}`,
    );
    expect(first.headers.xkey).toBe(first.headers['surrogate-key']);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(other.headers.etag).toBe(first.headers.etag);
    expect(first.body).toContain('"viewUrl":"/_fw/view"');
    expect(first.body).toContain(`<noscript><img src="/_fw/view.gif?page_id=${pageId}"`);
    // A preview is never cached; the sandboxed path form on the dashboard's host stays private.
    expect((await get('/guide/free?fw_preview=1')).headers['cache-control']).toBe('no-store');
    const pathForm = await t.app.inject({
      method: 'GET',
      url: '/p/cdn-shop/guide/free',
      headers: { 'user-agent': BROWSER },
    });
    expect(pathForm.headers['cache-control']).toBe('private, no-cache');
    expect(String(pathForm.headers['set-cookie'])).toContain('fw_vid=');
  });

  it('answers 304 to its ETag, and brotli or gzip by Accept-Encoding with Vary', async () => {
    const plain = await get('/guide/free');
    const etag = String(plain.headers.etag);
    const again = await get('/guide/free', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/guide/free', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const br = await get('/guide/free', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/guide/free', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('counts a view per beacon (UTM, referrer, country), sets the cookies there, never for bots', async () => {
    // The sandboxed /p/ form of the first test counts its own view: only this test's views are read.
    await views();
    const since = Date.now();
    await t.database.db.delete(pageViewEvents).where(eq(pageViewEvents.accountId, accountId));
    const pageId = landing.pages[0]!.id;
    const first = await beacon(
      {
        page_id: pageId,
        url: `http://${host}/guide/free?utm_source=news&utm_campaign=spring`,
        referrer: 'https://search.example.org/q?x=1',
      },
      { 'cf-ipcountry': 'GB' },
    );
    expect(first.statusCode).toBe(204);
    expect(first.headers['cache-control']).toBe('no-store');
    const cookies = String(first.headers['set-cookie']);
    expect(cookies).toMatch(/fw_vid=[A-Za-z0-9_-]{16,}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookies).toMatch(/fw_sid=[A-Za-z0-9_-]{16,}; Path=\/; HttpOnly; SameSite=Lax/);
    const vid = cookies.match(/fw_vid=([^;]+)/)![1]!;
    const sid = cookies.match(/fw_sid=([^;]+)/)![1]!;
    // The same browser again: its cookies, nothing set.
    const second = await beacon(
      { page_id: pageId, url: `http://${host}/guide/free`, referrer: '' },
      { cookie: `fw_vid=${vid}; fw_sid=${sid}` },
    );
    expect(second.headers['set-cookie']).toBeUndefined();
    // Not counted: a bot, a preview, a page of another site.
    const bot = await beacon({ page_id: pageId, url: `http://${host}/guide/free` }, { 'user-agent': BOT });
    // A bot still gets ids (as pages once set them for everyone), it is just not counted.
    expect(String(bot.headers['set-cookie'])).toContain('fw_vid=');
    await beacon({ page_id: pageId, url: `http://${host}/guide/free?fw_preview=1` });
    await beacon(
      { page_id: pageId, url: 'http://nobody.localhost/guide/free' },
      { host: 'nobody.localhost' },
    );
    expect((await beacon({ page_id: 'x' })).statusCode).toBe(400);

    const rows = (await views()).filter((row) => row.createdAt.getTime() >= since);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      funnelId,
      stepId: landing.id,
      pageId,
      visitorId: vid,
      sessionId: sid,
      referrerDomain: 'search.example.org',
      utmSource: 'news',
      utmCampaign: 'spring',
      country: 'GB',
    });
    expect(rows[1]).toMatchObject({ visitorId: vid, sessionId: sid, referrer: null });
  });

  it('counts a view without JavaScript by the <noscript> pixel, its page address in the Referer', async () => {
    await t.database.db.delete(pageViewEvents).where(eq(pageViewEvents.accountId, accountId));
    const pageId = landing.pages[0]!.id;
    const pixel = await get(`/_fw/view.gif?page_id=${pageId}`, {
      referer: `http://${host}/guide/free?utm_medium=email`,
    });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['cache-control']).toBe('no-store');
    expect(String(pixel.headers['set-cookie'])).toContain('fw_vid=');
    await get(`/_fw/view.gif?page_id=${pageId}`, {
      referer: `http://${host}/guide/free?fw_preview=1`,
    });
    const rows = await views();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pageId, utmMedium: 'email' });
  });

  it('redirects a step with A/B variants to the variant’s own cacheable address, sticky per visitor', async () => {
    const step = await createStep(api, funnelId, { name: 'Split', type: 6, url: 'split' });
    const a = step.pages[0]!;
    const b = (await api.post(`wfunnels/${funnelId}/steps/${step.id}/pages`, { name: 'B' })).json().data;
    await api.patch(`wfunnels/${funnelId}/steps/${step.id}/pages/${a.id}`, { seo_title: 'Variant A' });
    await api.patch(`wfunnels/${funnelId}/steps/${step.id}/pages/${b.id}`, { seo_title: 'Variant B' });
    await t.database.db.execute(sql`update pages set ab_percent = 50 where step_id = ${step.id}`);
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);

    const first = await get('/guide/split?utm_source=ads');
    expect(first.statusCode).toBe(302);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.location).toMatch(
      new RegExp(`^/guide/split\\?utm_source=ads&fw_v=(${a.id}|${b.id})$`),
    );
    // The visitor cookie the variant was chosen by; no session cookie (that is the beacon's).
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain('fw_vid=');
    expect(cookie).not.toContain('fw_sid=');
    // The cookie is the id the variant was chosen by: new visitors keep the variant they were sent to.
    for (let i = 0; i < 12; i++) {
      const fresh = await get('/guide/split?utm_source=ads');
      const vid = String(fresh.headers['set-cookie']).match(/fw_vid=([^;]+)/)![1]!;
      const again = await get('/guide/split?utm_source=ads', { cookie: `fw_vid=${vid}` });
      expect(again.headers.location).toBe(fresh.headers.location);
      expect(again.headers['set-cookie']).toBeUndefined();
    }

    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await get('/guide/split', {
        cookie: `fw_vid=visitor-number-${String(i).padStart(4, '0')}`,
      });
      seen.add(String(res.headers.location));
    }
    expect([...seen].sort()).toEqual([`/guide/split?fw_v=${a.id}`, `/guide/split?fw_v=${b.id}`].sort());

    // Each variant's address: its page to anyone, cacheable; an unknown variant redirects again.
    const variantB = await get(`/guide/split?fw_v=${b.id}`);
    expect(variantB.statusCode).toBe(200);
    expect(variantB.body).toContain('<title>Variant B</title>');
    expect(variantB.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    expect(variantB.headers['set-cookie']).toBeUndefined();
    expect(variantB.headers['surrogate-key']).toContain(`fw-p${b.id}`);
    expect((await get(`/guide/split?fw_v=${a.id}`)).body).toContain('<title>Variant A</title>');
    expect((await get(`/guide/split?fw_v=${landing.pages[0]!.id}`)).statusCode).toBe(302);
  });

  it('redirects the steps of a funnel with geo-funnels by country to the geo-funnel page’s address', async () => {
    const split = await api.post(`wfunnels/${funnelId}/ab-split`, { name: 'Guide DE', ab_geo: ['DE'] });
    expect(split.statusCode).toBeLessThan(300);
    const subId = split.json().data.id as number;
    const subSteps = (await api.get(`wfunnels/${subId}/steps`)).json().data as Array<{
      id: number;
      url: string;
      pages: Array<{ id: number }>;
    }>;
    const subFree = subSteps.find((s) => s.url === 'free')!;
    const germanPage = subFree.pages[0]!.id;
    await api.patch(`wfunnels/${subId}/steps/${subFree.id}/pages/${germanPage}`, {
      seo_title: 'German guide',
    });
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);

    const german = await get('/guide/free', { 'cf-ipcountry': 'DE' });
    expect(german.statusCode).toBe(302);
    expect(german.headers.location).toBe(`/guide/free?fw_v=${germanPage}`);
    expect((await get('/guide/free?fw_country=de')).headers.location).toBe(
      `/guide/free?fw_country=de&fw_v=${germanPage}`,
    );
    const french = await get('/guide/free', { 'cf-ipcountry': 'FR' });
    expect(french.headers.location).toBe(`/guide/free?fw_v=${landing.pages[0]!.id}`);
    const page = await get(`/guide/free?fw_v=${germanPage}`, { 'cf-ipcountry': 'FR' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>German guide</title>');
    expect(page.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    expect(page.headers['surrogate-key']).toContain(`fw-f${funnelId} `);
  });

  it('purges the account’s pages at CDN_PURGE_URL on publish, unpublish and domain changes', async () => {
    const wait = async (count: number) => {
      for (let i = 0; i < 100 && purges.got.length < count; i++) await new Promise((r) => setTimeout(r, 20));
    };
    purges.got.length = 0;
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);
    await wait(1);
    expect(purges.got[0]).toEqual({ method: 'PURGE', keys: `fw-a${accountId}`, xkey: `fw-a${accountId}` });
    // Once more a moment later (another server process may have rendered the old page meanwhile).
    await wait(2);
    expect(purges.got).toHaveLength(2);

    purges.got.length = 0;
    expect((await api.post(`funnels/${funnelId}/unpublish`)).statusCode).toBe(200);
    await wait(1);
    expect(purges.got.length).toBeGreaterThanOrEqual(1);
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);
    const domain = await api.post('domains', { name: 'www.cdn-shop.test' });
    expect(domain.statusCode).toBe(201);
    await wait(6);
    expect(purges.got.length).toBeGreaterThanOrEqual(6);

    // A draft save is no publish: nothing purged.
    await new Promise((r) => setTimeout(r, 1_100));
    purges.got.length = 0;
    const pageId = landing.pages[0]!.id;
    expect(
      (await api.patch(`wfunnels/${funnelId}/steps/${landing.id}/pages/${pageId}`, { seo_title: 'Draft' }))
        .statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(purges.got).toEqual([]);
  });

  it('names only routes that exist in PURGING_ROUTES', () => {
    for (const entry of PURGING_ROUTES) {
      const [method, url] = entry.split(' ') as ['POST', string];
      expect(t.app.hasRoute({ method, url }), entry).toBe(true);
    }
  });
});
