import { APPS } from '@funnelwork/domain/apps/catalogue';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, webhookDeliveries } from '../../db/schema/index.ts';
import type { OutboxEvent } from '../../events/outbox.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import {
  CARD_OK,
  leaveOffers,
  newKey,
  postJson,
  shopWithFunnel,
} from '../../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp, waitFor } from '../../test/harness.ts';
import {
  type ApiClient,
  apiClient,
  createFunnel,
  createStep,
  memberOf,
  publishFunnel,
} from '../funnels/funnels.fixtures.ts';
import { startFakeApi } from '../integrations/fake-api.fixtures.ts';
import { type FakeGoogle, startFakeGoogle } from '../integrations/google-sheets/google-sheets.fixtures.ts';
import { subscriberHash } from '../integrations/mailchimp/mailchimp.adapter.ts';
import { MAILCHIMP_GOOD_KEY, startFakeMailchimp } from '../integrations/mailchimp/mailchimp.fixtures.ts';

const CLIENT = { clientId: 'funnelwork-apps.apps.googleusercontent.com', clientSecret: 'GOCSPX-apps-secret' };
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const META = '123456789012345';

let t: TestApp;
let google: FakeGoogle;
let receiver: Awaited<ReturnType<typeof startFakeApi>>;
let mailchimp: Awaited<ReturnType<typeof startFakeMailchimp>>;

beforeAll(async () => {
  google = await startFakeGoogle(CLIENT);
  receiver = await startFakeApi(() => ({ status: 200, body: { ok: true } }));
  mailchimp = await startFakeMailchimp();
  t = await createTestApp({
    startQueue: true,
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
    config: {
      outboundAllowHosts: [google.host, receiver.host, mailchimp.host],
      mailchimpApiBase: mailchimp.url,
      webhooks: { retryBaseMs: 300, retryMaxMs: 1000, retryWindowMs: 86_400_000, timeoutMs: 2000 },
      google: {
        ...CLIENT,
        authorizeUrl: google.authorizeUrl,
        oauthBase: google.base,
        sheetsApiBase: google.base,
        writesPerMinute: 60,
        writeWindowMs: 60_000,
        maxWaitMs: 2000,
        retryBaseMs: 5,
        retryMaxMs: 40,
        maxRetries: 3,
        stateTtlMs: 600_000,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
  await receiver.close();
  await mailchimp.close();
});

async function owner() {
  const o = await signUpOwner(t.app);
  return { ...o, api: apiClient(t.app, o.auth) };
}

/** What the browser does: POST apps/2/connect, open the consent URL, come back to /apps/…/connect-redirect. */
async function connectGoogle(api: ApiClient) {
  const started = await api.post('apps/google-sheets-orders/connect');
  expect(started.statusCode, started.body).toBe(200);
  const authorize = new URL(started.json().data.authorize_url);
  const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '');
  return { authorize, back };
}

describe('the app catalogue (apps, apps/{id}, app-howtos/{id})', () => {
  it('lists each app with its settings schema, integration and the account state', async () => {
    const { api } = await owner();
    const res = await api.get('apps');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<Record<string, unknown>>;
    expect(list.map((a) => a.name)).toEqual(APPS.map((a) => a.name));
    expect(list[0]).toMatchObject({
      id: 1,
      slug: 'tracking-pixels',
      integration_id: null,
      integration_ready: true,
      integration_connected: true,
      active: true,
      funnels: 0,
      methods: [{ name: 'preview', description: expect.any(String) }],
    });
    expect(list[0]?.settings_schema).toMatchObject({
      type: 'object',
      properties: { meta_pixel_id: expect.any(Object), tiktok_pixel_id: expect.any(Object) },
    });
    expect(list.find((a) => a.id === 2)).toMatchObject({
      integration_name: 'Google Sheets',
      integration_ready: false,
      integration_connected: false,
      oauth: true,
    });
    expect((await api.get('apps/tracking-pixels')).json().data).toEqual(list[0]);
    expect((await api.get('apps/1')).json().data).toEqual(list[0]);
    expect((await api.get('apps/nope')).statusCode).toBe(404);
    const howto = await api.get('app-howtos/1');
    expect(howto.json().data).toMatchObject({ app_id: 1, title: expect.any(String) });
    expect(howto.json().data.steps.length).toBeGreaterThan(2);
    expect((await api.get('app-howtos/99')).statusCode).toBe(404);
  });

  it('switches an app off for the account only (user-apps/{id}), naming a bad field', async () => {
    const a = await owner();
    const b = await owner();
    const off = await a.api.patch('user-apps/1', { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ app_id: 1, active: false });
    expect((await a.api.get('apps/1')).json().data.active).toBe(false);
    expect((await b.api.get('apps/1')).json().data.active).toBe(true);
    const bad = await a.api.patch('user-apps/1', { active: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('active');
    expect((await a.api.patch('user-apps/77', { active: true })).statusCode).toBe(404);
  });
});

describe('POST apps/{id}/call-method (method, funnelId)', () => {
  it("runs a method with the funnel's saved settings; refuses bad input, strangers and members without funnels", async () => {
    const a = await owner();
    const funnel = await createFunnel(a.api);
    const notSet = await a.api.post(`apps/1/call-method?method=preview&funnelId=${funnel.id}`);
    expect(notSet.statusCode).toBe(422);
    await a.api.patch(`funnels/${funnel.id}/apps`, { app_id: 1, settings: { meta_pixel_id: META } });
    const preview = await a.api.post(`apps/1/call-method?method=preview&funnelId=${funnel.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.head).toContain(`fbq('init','${META}')`);

    const missing = await a.api.post('apps/1/call-method?method=preview');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('funnelId');
    expect((await a.api.post(`apps/1/call-method?method=nope&funnelId=${funnel.id}`)).statusCode).toBe(404);
    const b = await owner();
    expect((await b.api.post(`apps/1/call-method?method=preview&funnelId=${funnel.id}`)).statusCode).toBe(
      404,
    );
    const editor = await memberOf(t, a, { editor: true });
    const denied = await editor.api.post(`apps/1/call-method?method=preview&funnelId=${funnel.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);

    await a.api.patch(`funnels/${funnel.id}/apps`, { app_id: 3, settings: { list_id: 'abc123' } });
    const unconnected = await a.api.post(`apps/3/call-method?method=list-audiences&funnelId=${funnel.id}`);
    expect(unconnected.statusCode).toBe(422);
    expect(unconnected.json().error.message).toBe('Connect Mailchimp first');
  });
});

describe('the tracking-pixels app in published pages', () => {
  it('puts the pixels in the head of the funnel’s pages, and takes them out when switched off', async () => {
    const a = await owner();
    const subdomain = `pixels-${a.accountId}`;
    expect((await a.api.post('change-subdomain', { subdomain })).statusCode).toBe(200);
    const funnel = await createFunnel(a.api, { name: 'Guide', path: 'guide' });
    const other = await createFunnel(a.api, { name: 'Other', path: 'other' });
    for (const f of [funnel, other]) {
      await createStep(a.api, f.id, {
        name: 'Opt in',
        type: 5,
        url: 'free',
        template_id: 'landing-lead-magnet',
      });
      await publishFunnel(a.api, f.id);
    }
    const get = async (path: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { host: `${subdomain}.localhost:3000`, 'user-agent': BROWSER },
      });
      expect(res.statusCode).toBe(200);
      return res.body.slice(0, res.body.indexOf('</head>'));
    };
    expect(await get('/guide/free')).not.toContain('fbq(');

    const saved = await a.api.patch(`funnels/${funnel.id}/apps`, {
      app_id: 1,
      settings: { meta_pixel_id: META, tiktok_pixel_id: 'C4A1B2C3D4E5F6G7H8I9' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const head = await get('/guide/free');
    expect(head).toContain(`fbq('init','${META}')`);
    expect(head).toContain("ttq.load('C4A1B2C3D4E5F6G7H8I9')");
    expect(await get('/other/free')).not.toContain('fbq(');

    await a.api.patch(`funnel-apps/${saved.json().data.id}`, { active: false });
    expect(await get('/guide/free')).not.toContain('fbq(');
    await a.api.patch(`funnel-apps/${saved.json().data.id}`, { active: true });
    expect(await get('/guide/free')).toContain('fbq(');
    await a.api.patch('user-apps/1', { active: false });
    expect(await get('/guide/free')).not.toContain('fbq(');
  });
});

describe('connecting Google at /apps/{id}/connect-redirect (OAuth code with PKCE)', () => {
  it('returns to the app route and completes with the state once; refuses another account and a reuse', async () => {
    const a = await owner();
    const { authorize, back } = await connectGoogle(a.api);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/apps/google-sheets-orders/connect-redirect',
    );
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(back.pathname).toBe('/apps/google-sheets-orders/connect-redirect');
    const body = { state: back.searchParams.get('state'), code: back.searchParams.get('code') };

    const b = await owner();
    const stolen = await b.api.post('apps/google-sheets-orders/connect-redirect', body);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.field).toBe('state');

    // The stranger used the state up: the rightful owner starts again.
    const again = await connectGoogle(a.api);
    const done = await a.api.post('apps/2/connect-redirect', {
      state: again.back.searchParams.get('state'),
      code: again.back.searchParams.get('code'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ connected: true, integration_id: 2 });
    const exchange = google.tokenRequests.at(-1);
    expect(exchange?.get('redirect_uri')).toBe(
      'http://localhost:3000/apps/google-sheets-orders/connect-redirect',
    );
    expect(exchange?.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    expect((await a.api.get('apps/2')).json().data.integration_ready).toBe(true);

    const reused = await a.api.post('apps/2/connect-redirect', {
      state: again.back.searchParams.get('state'),
      code: again.back.searchParams.get('code'),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toContain('already used');
    expect((await a.api.post('apps/2/connect-redirect', {})).statusCode).toBe(400);
    expect((await a.api.post('apps/1/connect')).statusCode).toBe(422);
    const editor = await memberOf(t, a, { funnels: true });
    expect((await editor.api.post('apps/2/connect')).statusCode).toBe(403);
  });
});

async function buy(shop: Awaited<ReturnType<typeof shopWithFunnel>>, email: string) {
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: { email, first_name: 'Bea', last_name: 'Buyer', shipping_address: '2 Low Road' },
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  // The shopper declines the offer: the order is confirmed ('order.paid') at once.
  await leaveOffers(t.app, shop, res.json().data);
  return res.json().data.order_id as number;
}

describe("deliveries of a funnel's apps (the webhook deliveries' rows and job)", () => {
  it('appends a row per order of the funnel at Google, and posts the funnel webhook signed', async () => {
    const shop = await shopWithFunnel(t);
    const { back } = await connectGoogle(shop.api);
    const done = await shop.api.post('apps/2/connect-redirect', {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });
    expect(done.statusCode, done.body).toBe(200);
    const hook = await shop.api.post('connect', {
      integration_id: 1,
      fields: { url: `${receiver.url}/account`, events: ['order.refunded'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const sheet = await shop.api.patch(`funnels/${shop.funnel.id}/apps`, {
      app_id: 2,
      settings: {
        spreadsheet_id: 'https://docs.google.com/spreadsheets/d/sheet-abc_123/edit',
        sheet: 'Orders',
      },
    });
    expect(sheet.json().data.settings).toEqual({ spreadsheet_id: 'sheet-abc_123', sheet: 'Orders' });
    await shop.api.patch(`funnels/${shop.funnel.id}/apps`, {
      app_id: 4,
      settings: { url: `${receiver.url}/funnel`, events: ['order.paid'] },
    });

    const email = `bea-${Date.now()}@example.test`;
    const orderId = await buy(shop, email);
    const row = await waitFor(() => google.appends.find((call) => JSON.stringify(call.body).includes(email)));
    expect(row.spreadsheetId).toBe('sheet-abc_123');
    expect(decodeURIComponent(row.range)).toContain('Orders');
    const values = (row.body as { values: unknown[][] }).values[0];
    expect(values).toEqual([expect.any(String), expect.any(String), email, 'Bea Buyer', 49.99, 'USD']);

    const posted = await waitFor(() =>
      receiver.requests.find((r) => r.path === '/funnel' && r.rawBody.includes(`"order_id":${orderId}`)),
    );
    expect(posted.headers['funnelwork-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(posted.headers['webhook-id']).toMatch(/^evt_\d+$/);
    expect(posted.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(receiver.requests.some((r) => r.path === '/account')).toBe(false);
    // The funnel webhook's delivery is in the account webhook's log.
    const log = await shop.api.get(`user-integrations/${hook.json().data.id}/deliveries`);
    expect(log.json().data.map((d: { event_type: string }) => d.event_type)).toContain('order.paid');

    // Handed over again, the event makes no second row or append.
    const appRows = () =>
      t.database.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.accountId, shop.owner.accountId),
            isNotNull(webhookDeliveries.funnelAppId),
          ),
        );
    const rows = await appRows();
    expect(rows).toHaveLength(2);
    const [event] = await t.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.id, rows[0]?.outboxEventId ?? 0));
    const outboxEvent = { ...event, createdAt: event?.createdAt } as unknown as OutboxEvent;
    await Promise.all([
      t.app.services.webhooks.handle(outboxEvent),
      t.app.services.webhooks.handle(outboxEvent),
    ]);
    expect(await appRows()).toHaveLength(2);
    await waitFor(async () => {
      const now = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.accountId, shop.owner.accountId));
      return now.every((r) => r.status === 'delivered') ? true : undefined;
    });
    expect(google.appends.filter((call) => JSON.stringify(call.body).includes(email))).toHaveLength(1);

    // 'send-test' of the funnel webhook: a signed ping to its URL, answered as the delivery.
    const test = await shop.api.post(
      `apps/funnel-webhook/call-method?method=send-test&funnelId=${shop.funnel.id}`,
    );
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().data).toMatchObject({ event_type: 'ping', status: 'delivered', response_code: 200 });
    expect(
      receiver.requests.filter((r) => r.path === '/funnel' && r.rawBody.includes('"ping"')),
    ).toHaveLength(1);
    // Another account sees none of it.
    const stranger = await owner();
    expect((await stranger.api.get(`funnel-apps/${sheet.json().data.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.api.patch(`funnel-apps/${sheet.json().data.id}`, { active: false })).statusCode,
    ).toBe(404);
    expect((await stranger.api.get(`funnels/${shop.funnel.id}/apps`)).statusCode).toBe(404);
  });
});

describe('the funnel webhook URL, checked when saved', () => {
  it('refuses private and loopback addresses with 400 naming settings.url, and keeps what was saved', async () => {
    const shop = await shopWithFunnel(t);
    const save = (url: string) =>
      shop.api.patch(`funnels/${shop.funnel.id}/apps`, {
        app_id: 4,
        settings: { url, events: ['order.paid'] },
      });
    expect((await save(`${receiver.url}/ok`)).statusCode).toBe(200);
    for (const url of ['http://127.0.0.1:9/x', 'http://169.254.169.254/latest', 'http://app.localhost/x']) {
      const res = await save(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({
        field: 'settings.url',
        message: 'settings.url may not point at a private address',
      });
    }
    const [app] = (await shop.api.get(`funnel-apps?funnel_id=${shop.funnel.id}&app_id=4`)).json().data;
    expect(app.settings.url).toBe(`${receiver.url}/ok`);
  });
});

describe('an app whose integration is not connected', () => {
  it('records its deliveries as failed with the reason, in its own log; Resend after connecting delivers', async () => {
    const a = await owner();
    const subdomain = `unplugged-${a.accountId}`;
    expect((await a.api.post('change-subdomain', { subdomain })).statusCode).toBe(200);
    const funnel = await createFunnel(a.api, { name: 'Unplugged', path: 'unplugged' });
    const step = await createStep(a.api, funnel.id, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    await publishFunnel(a.api, funnel.id);
    const saved = await a.api.patch(`funnels/${funnel.id}/apps`, {
      app_id: 3,
      settings: { list_id: 'a1b2c3d4e5', tags: ['unplugged'], events: ['optin.created'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const funnelAppId = saved.json().data.id as number;
    expect((await a.api.get('apps/3')).json().data).toMatchObject({
      integration_ready: false,
      integration_connected: false,
    });

    const email = `unplugged-${Date.now()}@example.com`;
    const optedIn = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host: `${subdomain}.localhost:3000`, accept: 'application/json' },
      payload: { fw_page_id: step.pages[0]?.id, first_name: 'Una', email },
    });
    expect(optedIn.statusCode).toBeLessThan(400);
    const log = () => a.api.get(`funnel-apps/${funnelAppId}/deliveries`);
    const failed = await waitFor(async () => {
      const rows = (await log()).json().data as Array<Record<string, unknown>>;
      return rows.find((row) => row.status === 'failed');
    });
    expect(failed).toMatchObject({
      event_type: 'optin.created',
      attempts: 1,
      error: 'Mailchimp is not connected: connect it, then Resend',
      next_attempt_at: null,
    });
    expect((await log()).json().meta).toMatchObject({ count: 1 });
    const audience = mailchimp.lists.get('a1b2c3d4e5');
    expect(audience?.members.has(subscriberHash(email))).toBe(false);

    // Only this account, and only members who may send, can read or resend it.
    const b = await owner();
    expect((await b.api.get(`funnel-apps/${funnelAppId}/deliveries`)).statusCode).toBe(404);
    expect((await b.api.post(`funnel-apps/${funnelAppId}/deliveries/${failed.id}/resend`)).statusCode).toBe(
      404,
    );
    const readOnly = await memberOf(t, a, {});
    expect(
      (await readOnly.api.post(`funnel-apps/${funnelAppId}/deliveries/${failed.id}/resend`)).statusCode,
    ).toBe(403);

    // Connected now: Resend adds the subscriber through the new connection.
    const connected = await a.api.post('connect', {
      integration_id: 3,
      fields: { api_key: MAILCHIMP_GOOD_KEY },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const resent = await a.api.post(`funnel-apps/${funnelAppId}/deliveries/${failed.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const delivered = await waitFor(async () => {
      const rows = (await log()).json().data as Array<Record<string, unknown>>;
      return rows.find((row) => row.id === failed.id && row.status === 'delivered');
    });
    expect(delivered).toMatchObject({ attempts: 2, response_code: 200, error: null });
    expect(audience?.members.get(subscriberHash(email))?.tags).toEqual(['unplugged']);
    const [row] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, failed.id as number));
    expect(row?.userIntegrationId).toBe(connected.json().data.id);
  });
});

describe('the e-mail-marketing app', () => {
  it("adds the funnel's opt-ins to the Mailchimp audience with its tags, and not another funnel's", async () => {
    const a = await owner();
    const subdomain = `chimp-${a.accountId}`;
    expect((await a.api.post('change-subdomain', { subdomain })).statusCode).toBe(200);
    const connected = await a.api.post('connect', {
      integration_id: 3,
      fields: { api_key: MAILCHIMP_GOOD_KEY },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const pageOf = async (path: string) => {
      const funnel = await createFunnel(a.api, { name: path, path });
      const step = await createStep(a.api, funnel.id, {
        name: 'Opt in',
        type: 5,
        url: 'free',
        template_id: 'landing-lead-magnet',
      });
      await publishFunnel(a.api, funnel.id);
      return { funnel, pageId: step.pages[0]?.id as number };
    };
    const yoga = await pageOf('yoga');
    const other = await pageOf('other');
    const saved = await a.api.patch(`funnels/${yoga.funnel.id}/apps`, {
      app_id: 3,
      settings: { list_id: 'a1b2c3d4e5', tags: ['yoga', 'free class'], events: ['optin.created'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audiences = await a.api.post(`apps/3/call-method?method=list-audiences&funnelId=${yoga.funnel.id}`);
    expect(audiences.json().data.audiences.map((l: { id: string }) => l.id)).toContain('a1b2c3d4e5');

    const optIn = (pageId: number, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_fw/optin',
        headers: { host: `${subdomain}.localhost:3000`, accept: 'application/json' },
        payload: { fw_page_id: pageId, first_name: 'Jane', email },
      });
    const stamp = Date.now();
    expect((await optIn(other.pageId, `other-${stamp}@example.com`)).statusCode).toBeLessThan(400);
    expect((await optIn(yoga.pageId, `jane-${stamp}@example.com`)).statusCode).toBeLessThan(400);
    const audience = mailchimp.lists.get('a1b2c3d4e5');
    const member = await waitFor(() =>
      [...(audience?.members.values() ?? [])].find((m) => m.email_address === `jane-${stamp}@example.com`),
    );
    await waitFor(() => (member.tags.length === 2 ? true : undefined));
    expect(member.tags.sort()).toEqual(['free class', 'yoga']);
    expect([...(audience?.members.values() ?? [])].some((m) => m.email_address.startsWith('other-'))).toBe(
      false,
    );
  });
});
