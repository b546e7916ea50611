import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import {
  INTEGRATIONS,
  NOT_AVAILABLE_HERE_TEXT,
  NOT_AVAILABLE_TEXT,
  NOT_CONFIGURED_TEXT,
} from '@funnelwork/domain/integrations/catalogue';
import { eq } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, userIntegrations, webhookDeliveries } from '../../db/schema/index.ts';
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
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { retryDelayMs } from './webhook/webhook.deliveries.ts';
import { newSigningSecret } from './webhook/webhook.signature.ts';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; answered: number };

/** The merchant's endpoint: records every request; `/flaky` fails each event's first attempt. */
async function startReceiver() {
  const received: Received[] = [];
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      const id = String(request.headers['funnelwork-event-id']);
      let answered = 200;
      if (path === '/down') answered = 503;
      if (path === '/flaky' && !seen.has(id)) answered = 500;
      seen.add(id);
      received.push({ path, headers: request.headers, body, answered });
      response
        .writeHead(answered, { 'content-type': 'text/plain' })
        .end(answered === 200 ? 'thanks' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The receiver's check, written here independently of the server's signer (WebCrypto, not node:crypto
 * createHmac), as docs/webhooks.md tells merchants to write it.
 */
async function verifySignature(header: string, body: string, secret: string, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const signature = Uint8Array.from((parts.v1 ?? '').match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
  return crypto.subtle.verify('HMAC', key, signature, new TextEncoder().encode(`${parts.t}.${body}`));
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let other: Awaited<ReturnType<typeof startReceiver>>;
let logs = '';
/** Every signing secret an answer showed, to check that none reached the log. */
const secretsShown: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  other = await startReceiver();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  t = await createTestApp({
    startQueue: true,
    logStream,
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
    // Only the receiver is allowed although it is on 127.0.0.1; `other` stays refused.
    config: {
      logLevel: 'info',
      outboundAllowHosts: [`127.0.0.1:${receiver.port}`],
      webhooks: { retryBaseMs: 300, retryMaxMs: 1000, retryWindowMs: 86_400_000, timeoutMs: 2000 },
    },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await other.close();
});

async function connectWebhook(api: ApiClient, path: string, events = ['order.paid', 'order.refunded']) {
  const res = await api.post('connect', { integration_id: 1, fields: { url: receiver.url(path), events } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { id: number; revealed: { signing_secret?: string } };
  if (data.revealed.signing_secret) secretsShown.push(data.revealed.signing_secret);
  return data;
}

async function buy(shop: Awaited<ReturnType<typeof shopWithFunnel>>) {
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: {
      email: `buyer-${Date.now()}@example.test`,
      first_name: 'Bea',
      shipping_address: '2 Low Road',
    },
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  // The shopper declines the offer: the order is confirmed ('order.paid') at once.
  await leaveOffers(t.app, shop, res.json().data);
  return res.json().data.order_id as number;
}

describe('the catalogue (spec §3: e-commerce, e-mail marketing, analytics, spreadsheet, payment plugin inactive)', () => {
  it('lists every integration with its state: every one connectable but the payment plugin, Sheets not configured', async () => {
    const owner = await signUpOwner(t.app);
    const res = await apiClient(t.app, owner.auth).get('integrations');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ id: number; name: string; status: string; available: boolean }>;
    expect(list.map((i) => i.name)).toEqual(INTEGRATIONS.map((i) => i.name));
    expect(list.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'Webhook',
        'Google Sheets',
        'Mailchimp',
        'Shopify',
        'Google Analytics 4',
        'SMTP sender',
      ]),
    );
    const byName = Object.fromEntries(list.map((i) => [i.name, i]));
    expect(byName.Webhook).toMatchObject({ available: true, status: 'Not connected' });
    for (const name of ['Mailchimp', 'Shopify', 'Google Analytics 4', 'SMTP sender']) {
      expect(byName[name]).toMatchObject({ available: true, status: 'Not connected' });
    }
    // Every entry has its adapter: only the inactive payment plugin is unavailable for that reason.
    expect(list.filter((i) => i.status === NOT_AVAILABLE_TEXT)).toEqual([]);
    expect(list.filter((i) => !i.available).map((i) => i.name)).toEqual(['Google Sheets', 'Payment plugin']);
    // Without GOOGLE_CLIENT_ID the Sheets adapter is there but says so (google-sheets.test.ts connects it).
    expect(byName['Google Sheets']).toMatchObject({ available: false, status: NOT_CONFIGURED_TEXT });
    // A merchant reads whom to ask; the operator's GOOGLE_CLIENT_ID steps stay in the README.
    const notConfigured = (byName['Google Sheets'] as unknown as { not_configured: string }).not_configured;
    expect(notConfigured).toBe(NOT_AVAILABLE_HERE_TEXT);
    expect(notConfigured).not.toMatch(/GOOGLE_|set [A-Z_]+/);
    expect(byName['Payment plugin']).toMatchObject({ available: false, inactive: true, status: 'Inactive' });
    const webhook = list.find((i) => i.id === 1) as unknown as {
      methods: Array<{ name: string; input_schema: object }>;
    };
    expect(webhook.methods.map((m) => m.name)).toEqual(['test', 'reveal-secret', 'rotate-secret', 'resend']);
    expect(webhook.methods.find((m) => m.name === 'resend')?.input_schema).toMatchObject({
      properties: { delivery_id: { type: 'integer' } },
    });
  });

  it('refuses what cannot be connected, saying why', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    // SMTP has its adapter now: an empty form is the adapter's 400 naming the field, not 'Not available yet'.
    const smtp = await api.post('connect', { integration_id: 6, fields: {} });
    expect(smtp.statusCode).toBe(400);
    expect(smtp.json().error).toMatchObject({ field: 'host', message: 'host: is required' });
    const sheets = await api.post('connect', { integration_id: 2, fields: {} });
    expect(sheets.statusCode).toBe(422);
    expect(sheets.json().error.message).toBe(
      'Google Sheets is not available on this installation: ask the person who runs your Funnelwork installation to set it up',
    );
    const start = await api.post('integrations/google-sheets/oauth/start');
    expect(start.statusCode).toBe(422);
    expect(start.json().error.message).toBe(sheets.json().error.message);
    const plugin = await api.post('connect', { integration_id: 7, fields: {} });
    expect(plugin.statusCode).toBe(422);
    expect(plugin.json().error.message).toBe('Payment plugin is inactive');
    const unknown = await api.post('connect', { integration_id: 77, fields: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('integration_id');
    const custom = await api.post('custom-connect', {
      integration_id: 1,
      api_base: 'https://hooks.example.com',
      fields: {},
    });
    expect(custom.statusCode).toBe(422);
    expect(custom.json().error.message).toBe('Webhook cannot be connected to a custom address');
  });
});

describe('connecting the webhook', () => {
  it('checks the form and names the failing field', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ events: ['order.paid'] }, 'url', 'url is required'],
      [{ url: 'not a url', events: ['order.paid'] }, 'url', 'url must be an http or https URL'],
      [{ url: 'ftp://example.com/x', events: ['order.paid'] }, 'url', 'url must be an http or https URL'],
      [{ url: 'https://example.com/x', events: [] }, 'events', 'events: choose at least one event'],
      [{ url: 'https://example.com/x', events: ['order.eaten'] }, 'events', 'events are some of'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api.post('connect', { integration_id: 1, fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toContain(message);
    }
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('refuses a private address (SSRF) at connect, with the guard on', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    for (const url of [
      other.url('/hook'),
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://2130706433/',
    ]) {
      const res = await api.post('connect', { integration_id: 1, fields: { url, events: ['order.paid'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'url' });
      expect(res.json().error.message).toMatch(/^url: Refused/);
    }
  });

  it('shows the signing secret once, seals it at rest, and never answers it again', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const connected = await connectWebhook(api, '/hook');
    const secret = connected.revealed.signing_secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await api.get('user-integrations');
    expect(list.body).not.toContain(secret);
    expect(list.json().data[0]).toMatchObject({
      integration_id: 1,
      name: 'Webhook',
      active: true,
      connected: true,
      settings: { url: receiver.url('/hook'), events: ['order.paid', 'order.refunded'] },
      secrets: ['signing_secret'],
    });
    const [row] = await t.database.db
      .select()
      .from(userIntegrations)
      .where(eq(userIntegrations.id, connected.id));
    expect(row?.secretsSealed).toMatch(/^v1\./);
    expect(row?.secretsSealed).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    // Changing the URL keeps the secret (receivers keep verifying) and does not show it again.
    const again = await connectWebhook(api, '/other-hook', ['order.paid']);
    expect(again.id).toBe(connected.id);
    expect(again.revealed).toEqual({});
    const revealed = await api.post(`call-integration-method/${connected.id}/reveal-secret`, {});
    expect(revealed.json().data).toEqual({ signing_secret: secret });
    const rotated = await api.post(`call-integration-method/${connected.id}/rotate-secret`, {});
    expect(rotated.json().data.signing_secret).not.toBe(secret);
    secretsShown.push(rotated.json().data.signing_secret);
    const after = await api.post(`call-integration-method/${connected.id}/reveal-secret`, {});
    expect(after.json().data.signing_secret).toBe(rotated.json().data.signing_secret);
  });

  it('after a rotation each delivery is signed with both secrets for 24 hours, so either verifies', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const connected = await connectWebhook(api, '/rotating');
    const before = connected.revealed.signing_secret as string;
    const rotated = (await api.post(`call-integration-method/${connected.id}/rotate-secret`, {})).json().data;
    secretsShown.push(rotated.signing_secret);
    const until = Date.parse(rotated.previous_secret_valid_until);
    expect(until - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const tested = await api.post(`call-integration-method/${connected.id}/test`, {});
    expect(tested.statusCode).toBe(200);
    const hit = await waitFor(() => receiver.received.find((r) => r.path === '/rotating'));
    const headers = hit.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(before).verify(hit.body, headers)).toBeTruthy();
    expect(new Webhook(rotated.signing_secret).verify(hit.body, headers)).toBeTruthy();
  });

  it('disconnect forgets the secret; the switch needs a connection', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const { id } = await connectWebhook(api, '/hook');
    const off = await api.patch(`user-integrations/${id}`, { active: false });
    expect(off.json().data).toMatchObject({ active: false, connected: true });
    const catalogue = (await api.get('integrations')).json().data as Array<{ id: number; status: string }>;
    expect(catalogue.find((i) => i.id === 1)?.status).toBe('Switched off');
    const gone = await api.post('disconnect', { id });
    expect(gone.json().data).toMatchObject({ connected: false, active: false, secrets: [] });
    const [row] = await t.database.db.select().from(userIntegrations).where(eq(userIntegrations.id, id));
    expect(row?.secretsSealed).toBeNull();
    const on = await api.patch(`user-integrations/${id}`, { active: true });
    expect(on.statusCode).toBe(422);
    const call = await api.post(`call-integration-method/${id}/test`, {});
    expect(call.statusCode).toBe(422);
  });

  it('unknown methods are 404, bad method input names its field', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const { id } = await connectWebhook(api, '/hook');
    for (const method of ['nope', 'constructor', 'to-string']) {
      expect((await api.post(`call-integration-method/${id}/${method}`, {})).statusCode).toBe(404);
    }
    const bad = await api.post(`call-integration-method/${id}/resend`, { delivery_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('delivery_id');
  });
});

describe('permissions: connecting and secrets need admin; the switch, tests and resends need automations', () => {
  it('refuses members without the flag and lets them read', async () => {
    const owner = await signUpOwner(t.app);
    const { id } = await connectWebhook(apiClient(t.app, owner.auth), '/hook');
    const automator = await memberOf(t, owner, {
      automations: true,
      funnels: true,
      orders: true,
      editor: true,
    });
    const readonly = await memberOf(t, owner, {});
    const adminOnly = [
      automator.api.post('connect', {
        integration_id: 1,
        fields: { url: receiver.url('/x'), events: ['order.paid'] },
      }),
      automator.api.post('custom-connect', { integration_id: 1, api_base: 'https://a.example', fields: {} }),
      automator.api.post('disconnect', { id }),
      automator.api.post(`call-integration-method/${id}/reveal-secret`, {}),
      automator.api.post(`call-integration-method/${id}/rotate-secret`, {}),
    ];
    for (const res of await Promise.all(adminOnly)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe('restricted area: access denied');
    }
    expect((await automator.api.patch(`user-integrations/${id}`, { active: false })).statusCode).toBe(200);
    expect((await readonly.api.patch(`user-integrations/${id}`, { active: true })).statusCode).toBe(403);
    expect((await readonly.api.post(`call-integration-method/${id}/test`, {})).statusCode).toBe(403);
    expect((await readonly.api.get('integrations')).statusCode).toBe(200);
    expect((await readonly.api.get(`user-integrations/${id}/deliveries`)).statusCode).toBe(200);
  });

  it("another account's connection is not found", async () => {
    const owner = await signUpOwner(t.app);
    const { id } = await connectWebhook(apiClient(t.app, owner.auth), '/hook');
    const stranger = apiClient(t.app, (await signUpOwner(t.app)).auth);
    expect((await stranger.get(`user-integrations/${id}`)).statusCode).toBe(404);
    expect((await stranger.get(`user-integrations/${id}/deliveries`)).statusCode).toBe(404);
    expect((await stranger.post('disconnect', { id })).statusCode).toBe(404);
    expect((await stranger.post(`call-integration-method/${id}/reveal-secret`, {})).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('a purchase is POSTed once, signed over timestamp and body, with its event id', async () => {
    const shop = await shopWithFunnel(t);
    const { id, revealed } = await connectWebhook(shop.api, '/paid');
    const orderId = await buy(shop);
    const hit = await waitFor(() =>
      receiver.received.find((r) => r.path === '/paid' && r.body.includes(`"order_id":${orderId}`)),
    );
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      type: 'order.paid',
      data: { order_id: orderId, account_id: shop.owner.accountId },
    });
    expect(body.id).toMatch(/^evt_\d+$/);
    expect(hit.headers['funnelwork-event-id']).toBe(body.id);
    expect(hit.headers['content-type']).toBe('application/json');
    // Standard Webhooks: the reference library verifies the delivery as received, and refuses it
    // with a changed body, another secret or the timestamp of six minutes ago.
    const headers = hit.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(body.id);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const library = new Webhook(revealed.signing_secret as string);
    expect(library.verify(hit.body, headers)).toEqual(body);
    expect(() => library.verify(hit.body.replace(`${orderId}`, `${orderId + 1}`), headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(newSigningSecret()).verify(hit.body, headers)).toThrow(WebhookVerificationError);
    const stale = String(Number(headers['webhook-timestamp']) - 360);
    expect(() => library.verify(hit.body, { ...headers, 'webhook-timestamp': stale })).toThrow(
      WebhookVerificationError,
    );
    // The earlier header (docs/decisions.md) is still sent and still verifies.
    const signature = String(hit.headers['funnelwork-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifySignature(signature, hit.body, revealed.signing_secret as string)).toBe(true);
    expect(await verifySignature(signature, `${hit.body} `, revealed.signing_secret as string)).toBe(false);
    expect(await verifySignature(signature, hit.body, 'whsec_wrong')).toBe(false);
    type Log = { meta: { count: number }; data: Array<{ status: string; latency_ms: number }> };
    const log = await waitFor(async () => {
      const res = (await shop.api.get(`user-integrations/${id}/deliveries`)).json() as Log;
      return res.data[0]?.status === 'delivered' ? res : undefined;
    });
    expect(log.meta).toMatchObject({ count: 1 });
    expect(log.data[0]).toMatchObject({
      event_id: body.id,
      event_type: 'order.paid',
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      response_excerpt: 'thanks',
      error: null,
    });
    expect(log.data[0]?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('an event handed over twice makes one delivery (unique per connection and event)', async () => {
    const shop = await shopWithFunnel(t);
    const { id } = await connectWebhook(shop.api, '/twice');
    await buy(shop);
    const rows = async () =>
      t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userIntegrationId, id));
    const [delivery] = await waitFor(async () => ((await rows()).length > 0 ? rows() : undefined));
    const [event] = await t.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.id, delivery?.outboxEventId ?? 0));
    const outboxEvent = {
      id: event?.id,
      type: event?.type,
      key: event?.key,
      payload: event?.payload,
      createdAt: event?.createdAt,
    } as unknown as OutboxEvent;
    await Promise.all([
      t.app.services.webhooks.handle(outboxEvent),
      t.app.services.webhooks.handle(outboxEvent),
    ]);
    expect(await rows()).toHaveLength(1);
    await waitFor(async () => ((await rows())[0]?.status === 'delivered' ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const hits = receiver.received.filter((r) => r.path === '/twice');
    expect(hits).toHaveLength(1);
  });

  it('a failed attempt is retried with backoff under the same event id, then delivered', async () => {
    const shop = await shopWithFunnel(t);
    const { id } = await connectWebhook(shop.api, '/flaky');
    await buy(shop);
    const delivered = await waitFor(async () => {
      const [row] = (await shop.api.get(`user-integrations/${id}/deliveries`)).json().data;
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivered).toMatchObject({ attempts: 2, response_code: 200, error: null });
    const hits = receiver.received.filter((r) => r.headers['funnelwork-event-id'] === delivered.event_id);
    expect(hits.map((h) => h.answered)).toEqual([500, 200]);
    expect(hits.map((h) => h.headers['funnelwork-delivery-attempt'])).toEqual(['1', '2']);
    expect(hits[0]?.body).toBe(hits[1]?.body);
  });

  it('after the retry window the delivery is failed; Resend tries again with the same event id', async () => {
    const shop = await shopWithFunnel(t);
    const { id } = await connectWebhook(shop.api, '/down');
    await buy(shop);
    const first = await waitFor(async () => {
      const [row] = (await shop.api.get(`user-integrations/${id}/deliveries`)).json().data;
      return row?.response_code && row.status === 'pending' ? row : undefined;
    });
    expect(first).toMatchObject({
      response_code: 503,
      error: 'The receiver answered 503',
      response_excerpt: 'nope',
    });
    expect(first.next_attempt_at).not.toBeNull();
    // The 24 h are over: the next failure fails the delivery instead of scheduling another attempt.
    await t.database.db
      .update(webhookDeliveries)
      .set({ retryUntil: new Date(), nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, first.id));
    await t.app.services.webhooks.attempt(first.id);
    const failed = (await shop.api.get(`user-integrations/${id}/deliveries/${first.id}`)).json().data;
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null, response_code: 503 });
    // The merchant fixes the endpoint and resends.
    await connectWebhook(shop.api, '/fixed');
    const resent = await shop.api.post(`user-integrations/${id}/deliveries/${first.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.status).toBe('pending');
    const done = await waitFor(async () => {
      const row = (await shop.api.get(`user-integrations/${id}/deliveries/${first.id}`)).json().data;
      return row.status === 'delivered' ? row : undefined;
    });
    expect(done.attempts).toBeGreaterThan(failed.attempts);
    const fixed = receiver.received.filter((r) => r.path === '/fixed');
    expect(fixed.map((r) => r.headers['funnelwork-event-id'])).toEqual([first.event_id]);
  });

  it('a delivery refused as private fails at once instead of being retried for 24 h', async () => {
    const shop = await shopWithFunnel(t);
    const { id } = await connectWebhook(shop.api, '/moved');
    // As a name re-pointed at the loopback after the connection was checked.
    await t.database.db
      .update(userIntegrations)
      .set({ settings: { url: `http://[::127.0.0.1]:${other.port}/moved`, events: ['order.paid'] } })
      .where(eq(userIntegrations.id, id));
    await buy(shop);
    const failed = await waitFor(async () => {
      const [row] = (await shop.api.get(`user-integrations/${id}/deliveries`)).json().data;
      return row && row.status !== 'pending' ? row : undefined;
    });
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      response_code: null,
    });
    expect(failed.error).toMatch(/^Refused \[::7f00:1\]: not a public address/);
    expect(other.received).toEqual([]);
  });

  it('the test method sends a ping and says what the endpoint answered', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const { id } = await connectWebhook(api, '/hook');
    const res = await api.post(`call-integration-method/${id}/test`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ok).toBe(true);
    expect(res.json().data.message).toMatch(/^Your endpoint answered 200 in \d+ ms$/);
    const log = (await api.get(`user-integrations/${id}/deliveries`)).json().data;
    expect(log[0]).toMatchObject({ event_type: 'ping', status: 'delivered' });
  });

  it('a switched-off webhook receives nothing', async () => {
    const shop = await shopWithFunnel(t);
    const { id } = await connectWebhook(shop.api, '/silent');
    await shop.api.patch(`user-integrations/${id}`, { active: false });
    await buy(shop);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.filter((r) => r.path === '/silent')).toEqual([]);
    expect((await shop.api.get(`user-integrations/${id}/deliveries`)).json().data).toEqual([]);
  });

  it('retries back off exponentially up to the cap', () => {
    const policy = { baseMs: 30_000, maxMs: 3_600_000, windowMs: 86_400_000 };
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(policy, n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('the signing secrets in the log', () => {
  it('are never written there: not at connect, reveal, rotate or any delivery', () => {
    expect(logs).toContain('"url":"/api/connect"');
    expect(logs).toContain('call-integration-method');
    expect(secretsShown.length).toBeGreaterThan(5);
    for (const secret of secretsShown) expect(logs).not.toContain(secret.slice('whsec_'.length));
  });
});
