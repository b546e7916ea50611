import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { missingScopeMessage } from '@funnelwork/domain/rules';
import { eq, sql } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { hookDeliveries, hookSubscriptions } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { createSafeFetch } from '../../net/safe-fetch.ts';
import { createTestApp, signUpOwner, type TestApp, waitFor } from '../../test/harness.ts';
import { apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { createTargetCheck, isPrivateAddress } from './hooks.targets.ts';

/** A subscriber: records each request and answers the status its queue says (200 when empty). */
type Receiver = {
  url: string;
  received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }>;
  answers: number[];
  server: Server;
};
async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], answers: [], server: createServer() };
  receiver.server.on('request', (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      receiver.received.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = receiver.answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  return receiver;
}

/** The documented check, written independently of the server's code: HMAC-SHA256 over `${t}.${body}`. */
function verifySignature(header: string, body: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  // The receiver is on the loopback: the one allow list opens it, as OUTBOUND_ALLOW_HOSTS does.
  t = await createTestApp({ config: { outboundAllowHosts: [new URL(receiver.url).host] }, startQueue: true });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

async function keyFor(owner: Awaited<ReturnType<typeof signUpOwner>>, scopes: string[]) {
  const api = apiClient(t.app, owner.auth);
  const app = (await api.post('developers/me/apps', { name: 'Zapier', scopes })).json().data;
  const { key } = (await api.post(`developers/me/apps/${app.id}/keys`)).json().data;
  return { appId: app.id as number, auth: { authorization: `Bearer ${key}` } };
}

const subscribe = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/hooks', headers: auth, payload });

/** An order.paid event of the account, recorded in the outbox as checkout records it. */
async function orderPaid(accountId: number, orderId: number) {
  await recordEvent(t.database.db, 'order.paid', `test-${orderId}`, {
    accountId,
    orderId,
    customerId: null,
    funnelId: null,
    amountMinor: 4900,
    currency: 'USD',
    source: 'checkout',
  });
  t.app.services.events.publish('order.paid', {
    accountId,
    orderId,
    customerId: null,
    funnelId: null,
    amountMinor: 4900,
    currency: 'USD',
    source: 'checkout',
  });
}

describe('REST hooks (POST/GET/DELETE hooks, scope webhooks)', () => {
  it('delivers each matching event once, signed with the subscription secret', async () => {
    const owner = await signUpOwner(t.app);
    const { auth, appId } = await keyFor(owner, ['webhooks']);
    const made = await subscribe(auth, { target_url: `${receiver.url}/zap/1`, event: 'order.paid' });
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json().data;
    expect(hook).toMatchObject({ target_url: `${receiver.url}/zap/1`, event: 'order.paid' });
    expect(hook.secret).toMatch(/^whsec_/);
    const [row] = await t.database.db
      .select()
      .from(hookSubscriptions)
      .where(eq(hookSubscriptions.id, hook.id));
    expect(row?.appId).toBe(appId);
    expect(row?.secretSealed).not.toContain(hook.secret);
    // Listing never shows the secret again.
    const listed = await t.app.inject({ method: 'GET', url: '/api/hooks', headers: auth });
    expect(listed.json().data).toEqual([
      { id: hook.id, target_url: hook.target_url, event: 'order.paid', created_at: hook.created_at },
    ]);

    await orderPaid(owner.accountId, 101);
    const delivery = await waitFor(() => receiver.received.find((r) => r.path === '/zap/1'));
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({ type: 'order.paid', data: { order_id: 101, amount_minor: 4900 } });
    expect(delivery.headers['funnelwork-event-id']).toBe(String(body.id));
    expect(delivery.headers['content-type']).toBe('application/json');
    // Standard Webhooks, verified with the reference library; a changed body is refused.
    const headers = delivery.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(`evt_${body.id}`);
    expect(new Webhook(hook.secret).verify(delivery.body, headers)).toEqual(body);
    expect(() => new Webhook(hook.secret).verify(`${delivery.body} `, headers)).toThrow(
      WebhookVerificationError,
    );
    const signature = String(delivery.headers['funnelwork-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, delivery.body, hook.secret)).toBe(true);
    expect(verifySignature(signature, `${delivery.body} `, hook.secret)).toBe(false);
    expect(verifySignature(signature, delivery.body, 'whsec_wrong')).toBe(false);

    const [record] = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(hookDeliveries)
        .where(eq(hookDeliveries.subscriptionId, hook.id));
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(record).toMatchObject({ status: 'delivered', attempts: 1, responseCode: 200 });
    // Another account's event, another event type: nothing more arrives here.
    const other = await signUpOwner(t.app);
    await orderPaid(other.accountId, 102);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received.filter((r) => r.path === '/zap/1')).toHaveLength(1);
  });

  it('a 410 from the target unsubscribes it (Zapier)', async () => {
    const owner = await signUpOwner(t.app);
    const { auth } = await keyFor(owner, ['webhooks']);
    const hook = (await subscribe(auth, { target_url: `${receiver.url}/gone`, event: 'order.paid' })).json()
      .data;
    receiver.answers.push(410);
    await orderPaid(owner.accountId, 201);
    await waitFor(() => receiver.received.find((r) => r.path === '/gone'));
    await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(hookSubscriptions)
        .where(eq(hookSubscriptions.id, hook.id));
      return rows.length === 0 ? true : undefined;
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/hooks', headers: auth })).json().data).toEqual([]);
  });

  it('a failed attempt is recorded with its status code and failed for a retry', async () => {
    const owner = await signUpOwner(t.app);
    const { auth } = await keyFor(owner, ['webhooks']);
    const hook = (await subscribe(auth, { target_url: `${receiver.url}/flaky`, event: 'order.paid' })).json()
      .data;
    receiver.answers.push(500);
    await orderPaid(owner.accountId, 301);
    const [failed] = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(hookDeliveries)
        .where(eq(hookDeliveries.subscriptionId, hook.id));
      return rows[0]?.attempts === 1 ? rows : undefined;
    });
    expect(failed).toMatchObject({ status: 'failed', responseCode: 500 });
  });

  it('a target that became private fails at once, not retried for a day', async () => {
    const owner = await signUpOwner(t.app);
    const { auth } = await keyFor(owner, ['webhooks']);
    const hook = (await subscribe(auth, { target_url: `${receiver.url}/moved`, event: 'order.paid' })).json()
      .data;
    // As a name re-pointed at the loopback after the subscription was checked.
    await t.database.db
      .update(hookSubscriptions)
      .set({ targetUrl: 'http://[::127.0.0.1]:9/moved' })
      .where(eq(hookSubscriptions.id, hook.id));
    await orderPaid(owner.accountId, 302);
    const [failed] = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(hookDeliveries)
        .where(eq(hookDeliveries.subscriptionId, hook.id));
      return rows[0]?.attempts === 1 ? rows : undefined;
    });
    expect(failed).toMatchObject({ status: 'failed', responseCode: null });
    const job = await waitFor(async () => {
      const rows = rowsOf<{ state: string }>(
        await t.database.db.execute(
          sql`select state from pgboss.job where name = 'hooks.deliver' and data->>'subscriptionId' = ${String(hook.id)}`,
        ),
      );
      return rows[0] && rows[0].state !== 'active' ? rows[0] : undefined;
    });
    expect(job.state).toBe('completed');
    expect(receiver.received.filter((r) => r.path === '/moved')).toEqual([]);
  });

  it("a key sees and removes only its own app's hooks; the administrator sees all", async () => {
    const owner = await signUpOwner(t.app);
    const first = await keyFor(owner, ['webhooks']);
    const second = await keyFor(owner, ['webhooks']);
    const hook = (
      await subscribe(first.auth, { target_url: `${receiver.url}/a`, event: 'order.paid' })
    ).json().data;
    await subscribe(second.auth, { target_url: `${receiver.url}/b`, event: 'order.paid' });
    const seenBy = async (auth: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/hooks', headers: auth }))
        .json()
        .data.map((h: { target_url: string }) => h.target_url);
    expect(await seenBy(first.auth)).toEqual([`${receiver.url}/a`]);
    expect(await seenBy(owner.auth)).toEqual([`${receiver.url}/a`, `${receiver.url}/b`]);
    const byOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/hooks/${hook.id}`,
      headers: second.auth,
    });
    expect(byOther.statusCode).toBe(404);
    expect(await seenBy(first.auth)).toHaveLength(1);
  });

  it('unsubscribes with DELETE; another account cannot', async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const { auth } = await keyFor(owner, ['webhooks']);
    const hook = (await subscribe(auth, { target_url: `${receiver.url}/x`, event: 'order.refunded' })).json()
      .data;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/hooks/${hook.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/hooks/${hook.id}`, headers: auth });
    expect(gone.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/hooks', headers: auth })).json().data).toEqual([]);
  });

  it('needs the webhooks scope with a key, the admin flag with a session', async () => {
    const owner = await signUpOwner(t.app);
    const { auth } = await keyFor(owner, ['orders:read']);
    const res = await subscribe(auth, { target_url: `${receiver.url}/y`, event: 'order.paid' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(missingScopeMessage('webhooks'));
    const member = await memberOf(t, owner, { orders: true });
    const byMember = await subscribe(member.auth, { target_url: `${receiver.url}/y`, event: 'order.paid' });
    expect(byMember.statusCode).toBe(403);
    const byOwner = await subscribe(owner.auth, { target_url: `${receiver.url}/y`, event: 'order.paid' });
    expect(byOwner.statusCode).toBe(201);
  });

  it('refuses a bad event or URL, naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const event = await subscribe(owner.auth, { target_url: `${receiver.url}/z`, event: 'order.deleted' });
    expect(event.statusCode).toBe(400);
    expect(event.json().error.field).toBe('event');
    const url = await subscribe(owner.auth, { target_url: 'ftp://example.com/x', event: 'order.paid' });
    expect(url.statusCode).toBe(400);
    expect(url.json().error.message).toBe('target_url: must be an http or https URL');
  });
});

describe('hook targets: private and loopback addresses are refused', () => {
  const check = createTargetCheck({
    check: createSafeFetch({
      resolve: async (host) => [
        { address: host === 'internal.example.test' ? '10.1.2.3' : '93.184.216.34', family: 4 },
      ],
    }).check,
  });
  it.each([
    'http://127.0.0.1/x',
    'http://[::1]/x',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.5/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://localhost:3000/',
    'http://app.localhost/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://internal.example.test/hook',
  ])('%s', async (url) => {
    expect(await check(url)).toBe('may not point at a private address');
  });
  it('a public address passes', async () => {
    expect(await check('https://hooks.zapier.com/hooks/standard/1/abc')).toBeNull();
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });
  it('the API answers 400 naming target_url; only the allowed receiver is open on the loopback', async () => {
    const owner = await signUpOwner(t.app);
    for (const target of ['http://127.0.0.1:9/x', `${receiver.url.replace('127.0.0.1', 'localhost')}/x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/hooks',
        headers: owner.auth,
        payload: { target_url: target, event: 'order.paid' },
      });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().error).toMatchObject({
        field: 'target_url',
        message: 'target_url may not point at a private address',
      });
    }
  });
});
