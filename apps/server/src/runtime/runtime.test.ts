import { gzipSync } from 'node:zlib';
import { type EditorDocument, migrateDocument, renderPage } from '@funnelwork/blocks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityItems, customers, domains, pages, pageViewEvents, popups } from '../db/schema/index.ts';
import { runRollup } from '../modules/analytics/analytics.rollup.ts';
import { type ApiClient, apiClient, createFunnel, createStep } from '../modules/funnels/funnels.fixtures.ts';
import { headlineDocument } from '../modules/popups/popups.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { classifyHost } from './hosts.ts';
import { PAGE_CSP, SANDBOXED_PAGE_CSP } from './runtime.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('published funnels', () => {
  let t: TestApp;
  let api: ApiClient;
  let accountId: number;
  let funnelId: number;
  let landing: { id: number; pages: Array<{ id: number }> };
  let thanks: { id: number; pages: Array<{ id: number }> };
  const host = 'shop-one.localhost:3000';
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER, ...headers } });

  /** Shoppers get what was published (issue 36): the funnel's drafts go live. */
  const publish = async (id = funnelId) => {
    const res = await api.post(`funnels/${id}/publish`);
    expect(res.statusCode, res.body).toBe(200);
  };

  const funnelVisits = async () => {
    const res = await api.get(`funnel-stats?funnel_id=${funnelId}`);
    expect(res.statusCode).toBe(200);
    return res.json().data[0].visits as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUpOwner(t.app);
    accountId = owner.accountId;
    api = apiClient(t.app, { authorization: `Bearer ${owner.token}` });
    expect((await api.post('change-subdomain', { subdomain: 'shop-one' })).statusCode).toBe(200);
    const funnel = await createFunnel(api, { name: 'Guide', path: 'guide' });
    funnelId = funnel.id;
    landing = await createStep(api, funnelId, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    thanks = await createStep(api, funnelId, {
      name: 'Thanks',
      type: 3,
      url: 'thanks',
      template_id: 'thank-you-next-steps',
    });
    await publish();
  });
  afterAll(() => t.close());

  it('tells pages hosts from the dashboard', () => {
    const settings = { dashboardHost: 'app.example.com', pagesDomain: 'pages.example.com' };
    expect(classifyHost('shop.localhost', settings)).toEqual({ kind: 'subdomain', subdomain: 'shop' });
    expect(classifyHost('shop.pages.example.com', settings)).toEqual({
      kind: 'subdomain',
      subdomain: 'shop',
    });
    expect(classifyHost('www.shop.com', settings)).toEqual({ kind: 'domain', host: 'www.shop.com' });
    expect(classifyHost('app.example.com', settings)).toBeNull();
    expect(classifyHost('localhost', settings)).toBeNull();
    expect(classifyHost('127.0.0.1', settings)).toBeNull();
  });

  it('serves a step by subdomain with its own headers, the first step at / and the funnel path', async () => {
    const page = await get('/guide/free');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('7 proven steps to double your sales');
    expect(page.headers['content-security-policy']).toBe(
      "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
    );
    // The same page for everyone (a shared cache holds it): the ids are set by the view beacon (cdn.test.ts).
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toMatch(/<script src="\/_fw\/runtime\.js\?v=[0-9a-f]{16}" defer><\/script>/);
    expect(page.body).toContain('"nextUrl":"/guide/thanks"');
    expect((await get('/')).body).toContain('7 proven steps');
    expect((await get('/guide')).body).toContain('7 proven steps');
    expect((await get('/free')).body).toContain('7 proven steps');
    expect((await get('/guide/thanks')).statusCode).toBe(200);
  });

  it('answers a small branded 404 for unknown steps, hosts and deleted steps; no API on a pages host', async () => {
    const missing = await get('/guide/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect((await get('/', { host: 'nobody-here.localhost' })).statusCode).toBe(404);
    const api404 = await get('/api/funnels');
    expect(api404.statusCode).toBe(404);
    expect(api404.body).toContain('Page not found');
    const extra = await createStep(api, funnelId, { name: 'Gone', type: 6, url: 'gone' });
    await publish();
    expect((await get('/guide/gone')).statusCode).toBe(200);
    expect((await api.delete(`wfunnels/${funnelId}/steps/${extra.id}`)).statusCode).toBeLessThan(300);
    expect((await get('/guide/gone')).statusCode).toBe(404);
  });

  it('serves the path form on any host, sandboxed on the dashboard host', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/p/shop-one/guide/free',
      headers: { 'user-agent': BROWSER },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(page.body).toContain('"nextUrl":"/p/shop-one/guide/thanks"');
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY: no merchant page on the dashboard host, /p/ sandboxed', async () => {
    const spoofed = { host: 'localhost:3000', 'x-forwarded-host': 'shop-one.localhost' };
    const page = await get('/guide/free', spoofed);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('7 proven steps');
    const pathForm = await get('/p/shop-one/guide/free', spoofed);
    expect(pathForm.statusCode).toBe(200);
    expect(pathForm.body).toContain('7 proven steps');
    expect(pathForm.headers['content-security-policy']).toBe(SANDBOXED_PAGE_CSP);
  });

  it('serves a verified custom domain by its host, never a pending one', async () => {
    await t.database.db
      .insert(domains)
      .values({ accountId, name: 'www.shop-one.test', verificationToken: 'x', status: 'pending' });
    expect((await get('/guide/free', { host: 'www.shop-one.test' })).statusCode).toBe(404);
    await t.database.db
      .update(domains)
      .set({ status: 'verified', verifiedAt: new Date() })
      .where(eq(domains.name, 'www.shop-one.test'));
    t.app.runtime.sites.bump(accountId);
    const page = await get('/guide/free', { host: 'www.shop-one.test' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('7 proven steps');
  });

  it('puts SEO fields, custom code and tracking codes in the page, and re-renders on save', async () => {
    const pageId = landing.pages[0]!.id;
    const saved = await api.patch(`wfunnels/${funnelId}/steps/${landing.id}/pages/${pageId}`, {
      seo_title: 'Free guide <now>',
      seo_description: 'Seven steps',
      seo_keywords: 'sales, guide',
      css: '.custom-rule{color:red}',
      html: '<div id="custom-html">hi</div>',
      head_js: 'window.headRan = true;',
      body_js: '<script>window.bodyRan = 1</script>',
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await api.post('tracking-codes', { name: 'All', code: '<script>/*account-wide*/</script>' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await api.post('tracking-codes', {
          name: 'Pixel',
          code: '<script>/*funnel pixel*/</script>',
          position: 'body',
          funnel_id: funnelId,
        })
      ).statusCode,
    ).toBe(201);
    await publish();
    const html = (await get('/guide/free')).body;
    expect(html).toContain('<title>Free guide &lt;now&gt;</title>');
    expect(html).toContain('<meta name="description" content="Seven steps">');
    expect(html).toContain('<meta name="keywords" content="sales, guide">');
    expect(html).toContain('.custom-rule{color:red}');
    expect(html).toContain('<div id="custom-html">hi</div>');
    expect(html).toContain('<script>window.headRan = true;</script>');
    expect(html).toContain('<script>window.bodyRan = 1</script>');
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    expect(head).toContain('/*account-wide*/');
    expect(body).toContain('/*funnel pixel*/');
    // The template's Roboto comes from Funnelwork itself (fonts.ts), not from a font service.
    expect(head).toMatch(/<link rel="stylesheet" href="\/_fw\/fonts\/roboto-[\d.]+\.css">/);
    expect(html).not.toContain('fonts.googleapis.com');
  });

  it("publishes exactly the editor's page: the body and style sheet are the React renderer's, popups too", async () => {
    const db = t.database.db;
    const popupDocument = headlineDocument();
    const [popup] = await db
      .insert(popups)
      .values({ accountId, name: 'Offer', config: popupDocument as never, css: '.mine{color:red}' })
      .returning();
    const pageId = landing.pages[0]!.id;
    const [row] = await db.select().from(pages).where(eq(pages.id, pageId));
    const document = migrateDocument(row!.config, { kind: 'page' });
    // The first button of the template opens the popup.
    const [buttonId] = Object.entries(document.children).find(([, block]) => block.type === 'formButton')!;
    const withPopup = structuredClone(document) as EditorDocument;
    const button = withPopup.children[Number(buttonId)] as { attributes: { basic: { action: unknown } } };
    button.attributes.basic.action = { type: 'show-popup', popupId: popup!.id };
    const saved = await api.patch(`wfunnels/${funnelId}/steps/${landing.id}/pages/${pageId}`, {
      config: withPopup,
      version: row!.version,
    });
    expect(saved.statusCode).toBe(200);
    await publish();
    const html = (await get('/guide/free')).body;
    const stored = migrateDocument((await db.select().from(pages).where(eq(pages.id, pageId)))[0]!.config, {
      kind: 'page',
    });
    const react = renderPage(stored);
    const popupReact = renderPage(popupDocument);
    const rename = (text: string) => text.replace(/fw-n(\d+)/g, `fw-p${popup!.id}n$1`);
    expect(html).toContain(
      `<body>\n${react.html}\n<div class="fw-popup" data-popup-id="${popup!.id}" hidden role="dialog" aria-modal="true"><div class="fw-popup-box"><button type="button" class="fw-popup-close" data-action="close-popup" aria-label="Close">×</button>${rename(popupReact.html)}</div></div>\n`,
    );
    expect(html).toContain(`<style>${react.css}\n`);
    expect(html).toContain('.mine{color:red}');
    expect(html).toContain(`data-action="show-popup" data-popup-id="${popup!.id}"`);
  });

  it('keeps a visitor on one A/B variant and splits visitors by ab_percent', async () => {
    const step = await createStep(api, funnelId, { name: 'Split', type: 6, url: 'split' });
    const [a] = step.pages;
    const b = (
      await api.post(`wfunnels/${funnelId}/steps/${step.id}/pages`, { name: 'B', ab_percent: 50 })
    ).json().data;
    await api.patch(`wfunnels/${funnelId}/steps/${step.id}/pages/${a!.id}`, { seo_title: 'Variant A' });
    await api.patch(`wfunnels/${funnelId}/steps/${step.id}/pages/${b.id}`, { seo_title: 'Variant B' });
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update pages set ab_percent = 50 where step_id = ${step.id}`,
    );
    await publish();
    // The step's address redirects to the variant's own (cdn.test.ts); its page names the variant.
    const variantOf = async (vid: string) => {
      const redirect = await get('/guide/split', { cookie: `fw_vid=${vid}` });
      expect(redirect.statusCode).toBe(302);
      return (await get(String(redirect.headers.location))).body.match(/Variant [AB]/)?.[0];
    };
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const vid = `visitor-number-${String(i).padStart(4, '0')}`;
      const first = await variantOf(vid);
      expect(await variantOf(vid)).toBe(first);
      seen.add(String(first));
    }
    expect([...seen].sort()).toEqual(['Variant A', 'Variant B']);
  });

  it('routes a visitor by country to the geo-funnel that lists it (header or ?fw_country)', async () => {
    const split = await api.post(`wfunnels/${funnelId}/ab-split`, { name: 'Guide DE', ab_geo: ['DE'] });
    expect(split.statusCode).toBeLessThan(300);
    const subId = split.json().data.id as number;
    const subSteps = (await api.get(`wfunnels/${subId}/steps`)).json().data as Array<{
      id: number;
      url: string;
      pages: Array<{ id: number }>;
    }>;
    const subFree = subSteps.find((s) => s.url === 'free')!;
    await api.patch(`wfunnels/${subId}/steps/${subFree.id}/pages/${subFree.pages[0]!.id}`, {
      seo_title: 'German guide',
    });
    // The main funnel's publish takes its geo-funnels along.
    await publish();
    // Through the redirect to the chosen page's own address (cdn.test.ts).
    const follow = async (url: string, headers: Record<string, string> = {}) => {
      const redirect = await get(url, headers);
      expect(redirect.statusCode).toBe(302);
      return (await get(String(redirect.headers.location))).body;
    };
    expect(await follow('/guide/free', { 'cf-ipcountry': 'DE' })).toContain('<title>German guide</title>');
    expect(await follow('/guide/free?fw_country=de')).toContain('<title>German guide</title>');
    expect(await follow('/guide/free', { 'cf-ipcountry': 'FR' })).toContain('<title>Free guide');
  });

  it('records page views (UTM, referrer, country), but not bots or previews', async () => {
    await t.app.runtime.views.flush();
    await t.database.db.delete(pageViewEvents).where(eq(pageViewEvents.accountId, accountId));
    const visitsBefore = await funnelVisits();
    /** A view as the page's script reports it (the page's address and its referrer). */
    const view = (url: string, headers: Record<string, string> = {}, referrer = '') =>
      t.app.inject({
        method: 'POST',
        url: '/_fw/view',
        headers: { host, 'user-agent': BROWSER, 'content-type': 'application/json', ...headers },
        payload: { page_id: thanks.pages[0]!.id, url: `http://${host}${url}`, referrer },
      });
    await view(
      '/guide/thanks?utm_source=news&utm_campaign=spring',
      { 'cf-ipcountry': 'GB', cookie: 'fw_vid=the-visitor-id-0001; fw_sid=the-session-id-0001' },
      'https://search.example.org/q?x=1',
    );
    await view('/guide/thanks', { 'user-agent': BOT });
    await view('/guide/thanks?fw_preview=1');
    await t.app.runtime.views.flush();
    const views = await t.database.db
      .select()
      .from(pageViewEvents)
      .where(eq(pageViewEvents.accountId, accountId));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      funnelId,
      stepId: thanks.id,
      visitorId: 'the-visitor-id-0001',
      sessionId: 'the-session-id-0001',
      referrerDomain: 'search.example.org',
      utmSource: 'news',
      utmCampaign: 'spring',
      country: 'GB',
    });
    // The funnel's unique visits count the visitor at once (the views past the rollup job's watermark),
    // once again after the job has counted them, however often it runs, and once for a second view.
    expect(await funnelVisits()).toBe(visitsBefore + 1);
    await runRollup(t.database.db);
    expect(await funnelVisits()).toBe(visitsBefore + 1);
    await view('/guide/thanks', { cookie: 'fw_vid=the-visitor-id-0001; fw_sid=the-session-id-0002' });
    await t.app.runtime.views.flush();
    expect(await funnelVisits()).toBe(visitsBefore + 1);
    await runRollup(t.database.db);
    await runRollup(t.database.db);
    expect(await funnelVisits()).toBe(visitsBefore + 1);
  });

  it("opt-in: 'This field is required' per field, then creates and updates the customer and goes on", async () => {
    const pageId = landing.pages[0]!.id;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host, accept: 'application/json' },
      payload: { fw_page_id: pageId, first_name: '', email: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({
      first_name: 'This field is required',
      email: 'This field is required',
    });

    const good = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `fw_page_id=${pageId}&first_name=Jane&email=Jane%40Example.com&interest=yoga`,
    });
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/guide/thanks');
    const again = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host },
      payload: { fw_page_id: pageId, first_name: 'Janet', email: 'jane@example.com' },
    });
    expect(again.json().data).toEqual({ next_url: '/guide/thanks', customer_created: false });
    const rows = await t.database.db.select().from(customers).where(eq(customers.accountId, accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Janet', email: 'jane@example.com', isAutoOptin: true });
    expect(rows[0]!.metadata).toEqual([{ key: 'interest', value: 'yoga' }]);
    const activity = await t.database.db
      .select()
      .from(activityItems)
      .where(eq(activityItems.accountId, accountId));
    expect(activity.map((a) => a.eventId)).toEqual([3, 3]);
  });

  it('opt-in with the first presets’ names (shipping_address + city, state, zip, country) stores the shipping address whole (issue 19)', async () => {
    const pageId = landing.pages[0]!.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host, accept: 'application/json' },
      payload: {
        fw_page_id: pageId,
        first_name: 'Ann',
        email: 'ann@example.com',
        shipping_address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.accountId, accountId), eq(customers.email, 'ann@example.com')));
    expect(row).toMatchObject({
      shippingAddress: '1 Main St',
      shippingCity: 'Springfield',
      shippingState: 'IL',
      shippingZip: '62701',
      shippingCountry: 'US',
      address: '1 Main St',
      city: 'Springfield',
      country: 'US',
    });
  });

  it('serves the page script with a long cache, at most 15 KB gzipped', async () => {
    const client = t.app.runtime.client;
    const res = await t.app.inject({
      method: 'GET',
      url: `/_fw/runtime.js?v=${client.hash}`,
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('This field is required');
    const gzipped = gzipSync(res.body).length;
    console.log(`page runtime script: ${res.body.length} bytes, ${gzipped} bytes gzipped`);
    expect(gzipped).toBeLessThanOrEqual(15 * 1024);
  });
});

describe('publish state', () => {
  it('answers the live and preview addresses of a funnel and its steps', async () => {
    const t = await createTestApp({ config: { publicUrl: 'http://localhost:3000' } });
    try {
      const owner = await signUpOwner(t.app);
      const api = apiClient(t.app, { authorization: `Bearer ${owner.token}` });
      await api.post('change-subdomain', { subdomain: 'shop-two' });
      const funnel = await createFunnel(api, { name: 'Sale', path: 'sale' });
      await createStep(api, funnel.id, { name: 'Order', type: 1, url: 'order' });
      expect((await api.get(`funnels/${funnel.id}/publish`)).json().data.published).toBe(false);
      expect((await api.post(`funnels/${funnel.id}/publish`)).statusCode).toBe(200);
      const res = await api.get(`funnels/${funnel.id}/publish`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        published: true,
        live_url: 'http://shop-two.localhost:3000/sale',
        steps: [
          {
            live_url: 'http://shop-two.localhost:3000/sale/order',
            preview_url: 'http://shop-two.localhost:3000/sale/order?fw_preview=1',
          },
        ],
      });
    } finally {
      await t.close();
    }
  });
});

describe('published funnels behind a trusted proxy (TRUST_PROXY)', () => {
  const proxy = '10.1.2.3';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: [proxy] } });
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, { authorization: `Bearer ${owner.token}` });
    expect((await api.post('change-subdomain', { subdomain: 'shop-two' })).statusCode).toBe(200);
    const funnel = await createFunnel(api, { name: 'Guide', path: 'guide' });
    await createStep(api, funnel.id, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    expect((await api.post(`funnels/${funnel.id}/publish`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("serves the site X-Forwarded-Host names only when the proxy's own address connects", async () => {
    const get = (url: string, remoteAddress: string, forwardedHost: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost:3000', 'x-forwarded-host': forwardedHost, 'user-agent': BROWSER },
        remoteAddress,
      });
    const proxied = await get('/guide/free', proxy, 'shop-two.localhost');
    expect(proxied.statusCode).toBe(200);
    expect(proxied.body).toContain('7 proven steps');
    expect(proxied.headers['content-security-policy']).toBe(PAGE_CSP);
    // The proxy's value is the last one; a client's own header value before it is not believed.
    expect((await get('/guide/free', proxy, 'shop-two.localhost, localhost')).statusCode).toBe(404);
    const direct = await get('/guide/free', '10.9.9.9', 'shop-two.localhost');
    expect(direct.statusCode).toBe(404);
    expect(direct.body).not.toContain('7 proven steps');
    const pathForm = await get('/p/shop-two/guide/free', proxy, 'localhost');
    expect(pathForm.headers['content-security-policy']).toBe(SANDBOXED_PAGE_CSP);
  });
});
