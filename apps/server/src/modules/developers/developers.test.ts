import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  ACCESS_DENIED_SERVER_MESSAGE,
  missingScopeMessage,
  NOT_FOR_API_KEYS_MESSAGE,
  REVOKED_KEY_MESSAGE,
} from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';

const RATE = 20;
let t: TestApp;
let logs = '';

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  t = await createTestApp({ config: { apiKeyRatePerMinute: RATE, logLevel: 'info' }, logStream });
});
afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof signUpOwner>>;

async function appWithKey(owner: Owner, scopes: string[]) {
  const api = apiClient(t.app, owner.auth);
  const created = await api.post('developers/me/apps', { name: 'Zapier', scopes });
  expect(created.statusCode, created.body).toBe(201);
  const app = created.json().data as { id: number };
  const made = await api.post(`developers/me/apps/${app.id}/keys`);
  expect(made.statusCode, made.body).toBe(201);
  const key = made.json().data as { id: number; key: string; prefix: string };
  return { app, key, keyApi: apiClient(t.app, { authorization: `Bearer ${key.key}` }) };
}

describe('developer apps (developers/me/apps)', () => {
  it('creates, lists, renames, changes scopes and deletes an app', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const created = await api.post('developers/me/apps', {
      name: '  Zapier  ',
      scopes: ['orders:read', 'orders:read', 'funnels:read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json().data;
    expect(app).toMatchObject({ name: 'Zapier', scopes: ['orders:read', 'funnels:read'], keys: [] });

    expect((await api.get('developers/me/apps')).json().data).toHaveLength(1);
    const patched = await api.patch(`developers/me/apps/${app.id}`, { name: 'Make', scopes: ['webhooks'] });
    expect(patched.json().data).toMatchObject({ id: app.id, name: 'Make', scopes: ['webhooks'] });
    expect((await api.get(`developers/me/apps/${app.id}`)).json().data.name).toBe('Make');

    expect((await api.delete(`developers/me/apps/${app.id}`)).statusCode).toBe(200);
    expect((await api.get(`developers/me/apps/${app.id}`)).statusCode).toBe(404);
    expect((await api.get('developers/me/apps')).json().data).toEqual([]);
  });

  it('refuses a blank name, an unknown scope and no scope, naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const blank = await api.post('developers/me/apps', { name: ' ', scopes: ['orders:read'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({ field: 'data.name', message: 'data.name: Name is required' });
    const unknown = await api.post('developers/me/apps', { name: 'X', scopes: ['orders:delete'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('data.scopes.0');
    const none = await api.post('developers/me/apps', { name: 'X', scopes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('data.scopes: Choose at least one scope');
  });

  it('is for administrators only, reading included', async () => {
    const owner = await signUpOwner(t.app);
    const member = await memberOf(t, owner, { orders: true, funnels: true, automations: true });
    for (const res of [
      await member.api.get('developers/me/apps'),
      await member.api.post('developers/me/apps', { name: 'Mine', scopes: ['orders:read'] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
  });

  it('shows a new key once, stores only its SHA-256 and never logs it', async () => {
    const owner = await signUpOwner(t.app);
    const { app, key, keyApi } = await appWithKey(owner, ['orders:read']);
    expect(key.key).toMatch(/^fw_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.key.slice(0, 11));
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(key.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.key);

    const listed = await apiClient(t.app, owner.auth).get(`developers/me/apps/${app.id}`);
    expect(listed.body).not.toContain(key.key);
    expect(listed.json().data.keys).toMatchObject([{ id: key.id, prefix: key.prefix, revoked_at: null }]);
    expect((await keyApi.get('orders')).statusCode).toBe(200);
    expect(logs).toContain('"url":"/api/orders"');
    expect(logs).not.toContain(key.key);
  });
});

describe('API keys: Authorization: Bearer fw_…', () => {
  it("answers within the app's account and scopes only", async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const order = await createOrder(t.database.db, owner.accountId);
    await createOrder(t.database.db, other.accountId);
    const customer = await createCustomer(t.database.db, owner.accountId);
    const { keyApi } = await appWithKey(owner, ['orders:read']);

    const list = await keyApi.get('orders');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await keyApi.get(`orders/${order.id}`)).json().data.id).toBe(order.id);

    const customers = await keyApi.get(`customers/${customer.id}`);
    expect(customers.statusCode).toBe(403);
    expect(customers.json().error).toMatchObject({
      message: missingScopeMessage('customers:read'),
      code: 'insufficient_scope',
    });
    const note = await keyApi.post(`orders/${order.id}/notes`, { value: 'From Zapier' });
    expect(note.statusCode).toBe(403);
    expect(note.json().error.message).toBe('This API key lacks the scope orders:write');
    // A route no key may call at all (the account's members, the key's own app).
    for (const url of ['settings/staff', 'developers/me/apps', 'users/me']) {
      const res = await keyApi.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(NOT_FOR_API_KEYS_MESSAGE);
    }
  });

  it('writes with orders:write as the member who created the app', async () => {
    const owner = await signUpOwner(t.app);
    const order = await createOrder(t.database.db, owner.accountId);
    const { keyApi } = await appWithKey(owner, ['orders:read', 'orders:write']);
    const note = await keyApi.post(`orders/${order.id}/notes`, { value: 'From Zapier' });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data).toMatchObject({ order_id: order.id, user_id: owner.userId });
    const archived = await keyApi.put(`orders/${order.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
  });

  it('customers:read and funnels:read open their lists and records', async () => {
    const owner = await signUpOwner(t.app);
    const customer = await createCustomer(t.database.db, owner.accountId);
    const funnel = await createFunnel(apiClient(t.app, owner.auth));
    const { keyApi } = await appWithKey(owner, ['customers:read', 'funnels:read']);
    expect((await keyApi.get('customer-briefs')).json().data.map((c: { id: number }) => c.id)).toEqual([
      customer.id,
    ]);
    expect((await keyApi.get(`customers/${customer.id}`)).statusCode).toBe(200);
    expect((await keyApi.get('funnels')).statusCode).toBe(200);
    expect((await keyApi.get(`funnels/${funnel.id}`)).json().data.id).toBe(funnel.id);
    expect((await keyApi.get('orders')).json().error.message).toBe(missingScopeMessage('orders:read'));
  });

  it('a revoked key answers 401 on its next request, even while cached', async () => {
    const owner = await signUpOwner(t.app);
    const { app, key, keyApi } = await appWithKey(owner, ['orders:read']);
    expect((await keyApi.get('orders')).statusCode).toBe(200);
    const revoked = await apiClient(t.app, owner.auth).delete(`developers/me/apps/${app.id}/keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked_at).not.toBeNull();
    const after = await keyApi.get('orders');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(REVOKED_KEY_MESSAGE);
  });

  it('new scopes and a deleted app take effect on the next request', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const { app, keyApi } = await appWithKey(owner, ['orders:read']);
    expect((await keyApi.get('orders')).statusCode).toBe(200);
    await api.patch(`developers/me/apps/${app.id}`, { scopes: ['funnels:read'] });
    expect((await keyApi.get('orders')).statusCode).toBe(403);
    expect((await keyApi.get('funnels')).statusCode).toBe(200);
    await api.delete(`developers/me/apps/${app.id}`);
    expect((await keyApi.get('funnels')).statusCode).toBe(401);
  });

  it('an unknown fw_ key is 401 and a session token still works everywhere', async () => {
    const owner = await signUpOwner(t.app);
    const unknown = await apiClient(t.app, { authorization: `Bearer fw_${'A'.repeat(43)}` }).get('orders');
    expect(unknown.statusCode).toBe(401);
    const api = apiClient(t.app, owner.auth);
    expect((await api.get('orders')).statusCode).toBe(200);
    expect((await api.get('settings/staff')).statusCode).toBe(200);
  });

  it(`is rate-limited per key: ${RATE} a minute, then 429 with Retry-After`, async () => {
    const owner = await signUpOwner(t.app);
    const first = await appWithKey(owner, ['orders:read']);
    const second = await appWithKey(owner, ['orders:read']);
    for (let i = 0; i < RATE; i++) expect((await first.keyApi.get('orders')).statusCode).toBe(200);
    const limited = await first.keyApi.get('orders');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60 / RATE);
    expect(limited.json().error).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(limited.json().error.message).toContain(`${RATE} requests per minute`);
    // Another key of the same account has its own bucket; sessions are not limited by it.
    expect((await second.keyApi.get('orders')).statusCode).toBe(200);
    expect((await apiClient(t.app, owner.auth).get('orders')).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('defines the key scheme and marks each operation a key may call with its scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = (path: string, method: string) => doc.paths[path][method];
    expect(op('/api/orders', 'get')['x-funnelwork-scope']).toBe('orders:read');
    expect(op('/api/orders', 'get').security).toEqual([{ bearer: [] }, { apiKey: ['orders:read'] }]);
    expect(op('/api/orders/{id}/notes', 'post')['x-funnelwork-scope']).toBe('orders:write');
    expect(op('/api/customers/{id}', 'get')['x-funnelwork-scope']).toBe('customers:read');
    expect(op('/api/funnels/{id}', 'get')['x-funnelwork-scope']).toBe('funnels:read');
    expect(op('/api/hooks', 'post')['x-funnelwork-scope']).toBe('webhooks');
    expect(op('/api/settings/staff', 'get')['x-funnelwork-scope']).toBeUndefined();
    expect(op('/api/settings/staff', 'get').security).toBeUndefined();
  });

  it("marks every operation a key may call with the route's own scope, and no other operation", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const marked: string[] = [];
    for (const route of t.app.apiRoutes) {
      const scope = (route.config as { apiScope?: string } | undefined)?.apiScope;
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
        // Routes left out of the document (the Stripe webhook) must not take a key either.
        if (!operation) {
          expect(scope, `${method} ${route.url}`).toBeUndefined();
          continue;
        }
        expect(operation['x-funnelwork-scope'], `${method} ${route.url}`).toBe(scope);
        if (scope) {
          expect(operation.security, `${method} ${route.url}`).toEqual([{ bearer: [] }, { apiKey: [scope] }]);
          marked.push(`${method} ${route.url}`);
        }
      }
    }
    // The opted-in routes of docs/decisions/accounts-and-security.md: orders, customers, funnels and hooks.
    expect(marked).toEqual(
      expect.arrayContaining(['GET /api/orders', 'POST /api/hooks', 'DELETE /api/hooks/:id']),
    );
    expect(marked.length).toBeGreaterThanOrEqual(19);
  });
});
