import { GATEWAYS } from '@funnelwork/domain/orders/gateways';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_KEY,
  LIVE_KEY,
  LIVE_PUBLISHABLE_KEY,
  startFakeStripe,
} from '../../gateways/fake-stripe.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
const PUBLISHABLE = 'pk_test_51FakePublishable0001';

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ config: { stripeApiBase: fake.apiBase } });
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function rawRow(id: number) {
  const { rows } = await t.database.executeSql('select * from user_gateways where id = $1', [id]);
  return rows[0];
}

async function freshAccount() {
  const person = await signUpOwner(t.app);
  return { ...person, api: apiClient(t.app, person.auth) };
}

describe('GET gateways and payment-method-groups', () => {
  it('lists the 18 catalogue gateways with the spec’s names and refundability, and which connect here', async () => {
    const res = await api.get('gateways');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<Record<string, unknown>>;
    expect(list.map((g) => [g.id, g.name, g.refundable])).toEqual(
      GATEWAYS.map((g) => [g.id, g.name, g.refundable]),
    );
    expect(list.find((g) => g.id === 2)).toMatchObject({
      name: 'PayPal Express',
      refundable: false,
      deprecated: true,
    });
    expect(list.filter((g) => g.connectable).map((g) => g.id)).toEqual([1, 5, 14, 18]);
    expect(list.find((g) => g.id === 1)?.credential_fields).toEqual([
      { key: 'secret_key', label: 'Secret key', required: true },
      { key: 'publishable_key', label: 'Publishable key', required: true },
    ]);
    expect(list.every((g) => g.user_gateway_id === null)).toBe(true);
  });

  it('groups every gateway into exactly one payment-method group', async () => {
    const res = await api.get('payment-method-groups');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as Array<{ gateway_ids: number[] }>)
      .flatMap((g) => g.gateway_ids)
      .sort((a, b) => a - b);
    expect(ids).toEqual(GATEWAYS.map((g) => g.id));
  });
});

describe('connecting Stripe', () => {
  it('checks the key with Stripe, stores it encrypted and answers only a masked hint', async () => {
    const before = fake.requests.length;
    const res = await api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: PUBLISHABLE },
    });
    expect(res.statusCode).toBe(200);
    const gateway = res.json().data;
    expect(gateway).toMatchObject({
      gateway_id: 1,
      gateway_name: 'Stripe',
      name: 'Stripe',
      status: 'connected',
      mode: 'test',
      refundable: true,
      is_default: true,
      credentials_hint: { secret_key: '••••4242', publishable_key: '••••0001' },
    });
    expect(res.body).not.toContain(GOOD_KEY);
    expect(res.body).not.toContain(PUBLISHABLE);

    const check = fake.requests.slice(before);
    expect(check.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/balance',
      'POST /v1/webhook_endpoints',
    ]);
    expect(check[0]?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    // The account's own webhook endpoint at Stripe, for the payments a closed tab never reports.
    expect(check[1]?.form.get('url')).toBe(
      `${t.config.publicUrl}/api/gateways/stripe/webhooks/${owner.accountId}`,
    );
    expect(check[1]?.form.getAll('enabled_events[0]')).toEqual(['payment_intent.succeeded']);
    const endpoint = fake.endpoints.at(-1);

    const row = await rawRow(gateway.id);
    expect(JSON.stringify(row)).not.toContain(GOOD_KEY);
    expect(JSON.stringify(row)).not.toContain(PUBLISHABLE);
    expect(String(row?.credentials_ciphertext)).toMatch(/^v1\./);

    expect(await t.app.services.gatewayCredentials.load(owner.accountId, 1)).toEqual({
      secret_key: GOOD_KEY,
      publishable_key: PUBLISHABLE,
      webhook_endpoint_id: endpoint?.id,
      webhook_secret: endpoint?.secret,
    });
    expect(gateway.credentials_hint).not.toHaveProperty('webhook_secret');
    expect(JSON.stringify(row)).not.toContain(endpoint?.secret);
    for (const url of ['user-gateways', `user-gateways/${gateway.id}`, 'gateways']) {
      const read = await api.get(url);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(GOOD_KEY);
    }
    expect((await api.get('gateways')).json().data[0].user_gateway_id).toBe(gateway.id);
  });

  it('replaces the credentials when connected again, and a live key gives live mode', async () => {
    const res = await api.post('gateways/1/connect', {
      name: 'Stripe (main)',
      credentials: { secret_key: LIVE_KEY, publishable_key: LIVE_PUBLISHABLE_KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Stripe (main)',
      mode: 'live',
      credentials_hint: { secret_key: '••••9876', publishable_key: '••••9876' },
    });
    expect(await t.app.services.gatewayCredentials.load(owner.accountId, 1)).toMatchObject({
      secret_key: LIVE_KEY,
      publishable_key: LIVE_PUBLISHABLE_KEY,
    });
    expect((await api.get('user-gateways')).json().data).toHaveLength(1);
  });

  it('refuses a publishable key of the other mode than the secret key, under its field', async () => {
    const other = await freshAccount();
    const res = await other.api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: LIVE_PUBLISHABLE_KEY },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'gateway_refused',
      field: 'data.credentials.publishable_key',
      message: 'The publishable key must be a test key (pk_test_…), as the secret key is',
    });
    expect(await t.app.services.gatewayCredentials.load(other.accountId, 1)).toBeNull();
  });

  it('refuses a key Stripe refuses with Stripe’s message, and stores nothing', async () => {
    const other = await freshAccount();
    const res = await other.api.post('gateways/1/connect', {
      credentials: { secret_key: 'sk_test_refusedKey0000', publishable_key: PUBLISHABLE },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'gateway_refused', field: 'data.credentials.secret_key' });
    expect(res.json().error.message).toMatch(/^Stripe refused the secret key: Invalid API Key provided/);
    expect(res.body).not.toContain('sk_test_refusedKey0000');
    expect((await other.api.get('user-gateways')).json().data).toEqual([]);
  });

  it('names a missing, malformed or unknown credential field with a 400 before calling Stripe', async () => {
    const before = fake.requests.length;
    const missing = await api.post('gateways/1/connect', { credentials: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      field: 'data.credentials.secret_key',
      message: 'data.credentials.secret_key: Secret key is required',
    });
    const malformed = await api.post('gateways/1/connect', { credentials: { secret_key: 'hello-world' } });
    expect(malformed.json().error.message).toBe(
      'data.credentials.secret_key: Secret key is not a valid Stripe key',
    );
    const unknown = await api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, pin: '1234' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('data.credentials.pin');
    expect(fake.requests.length).toBe(before);
  });

  it('refuses gateways without an adapter here (422) and ids outside the catalogue (400)', async () => {
    const payfast = await api.post('gateways/3/connect', {});
    expect(payfast.statusCode).toBe(422);
    expect(payfast.json().error.message).toBe('PayFast cannot be connected yet');
    expect((await api.post('gateways/19/connect', {})).statusCode).toBe(400);
  });
});

describe('user gateways', () => {
  it('sets up Cash On Delivery connected at once (it needs no credentials) and refuses a second one', async () => {
    const res = await api.post('user-gateways', {
      gateway_id: 5,
      settings: { instructions: 'Pay the courier' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      gateway_id: 5,
      name: 'Cash On Delivery',
      status: 'connected',
      refundable: false,
      is_default: false,
      credentials_hint: {},
      settings: { instructions: 'Pay the courier' },
    });
    expect(await t.app.services.gatewayCredentials.load(owner.accountId, 5)).toEqual({});
    const again = await api.post('user-gateways', { gateway_id: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: 'Cash On Delivery is already set up in this account',
      field: 'data.gateway_id',
    });
  });

  it('sets up Stripe without credentials as disconnected, then connects it by PATCH', async () => {
    const other = await freshAccount();
    const created = await other.api.post('user-gateways', { gateway_id: 1, name: 'Cards' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      status: 'disconnected',
      connected_at: null,
      is_default: false,
    });
    expect(await t.app.services.gatewayCredentials.load(other.accountId, 1)).toBeNull();

    const id = created.json().data.id;
    const patched = await other.api.patch(`user-gateways/${id}`, {
      credentials: { secret_key: GOOD_KEY, publishable_key: PUBLISHABLE },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ status: 'connected', is_default: true, name: 'Cards' });
    expect(await t.app.services.gatewayCredentials.load(other.accountId, 1)).toMatchObject({
      secret_key: GOOD_KEY,
    });
  });

  it('changes name, switch and settings, and keeps one default gateway', async () => {
    const list = (await api.get('user-gateways')).json().data as Array<{ id: number; gateway_id: number }>;
    const stripe = list.find((g) => g.gateway_id === 1);
    const cod = list.find((g) => g.gateway_id === 5);
    const res = await api.patch(`user-gateways/${cod?.id}`, { name: 'Pay on delivery', is_default: true });
    expect(res.json().data).toMatchObject({ name: 'Pay on delivery', is_default: true });
    expect((await api.get(`user-gateways/${stripe?.id}`)).json().data.is_default).toBe(false);

    const off = await api.patch(`user-gateways/${cod?.id}`, { active: false });
    expect(off.json().data.active).toBe(false);
    // A switched-off gateway is not offered to checkout or refunds.
    expect(await t.app.services.gatewayCredentials.load(owner.accountId, 5)).toBeNull();
  });

  it('answers 404 for an unknown user gateway', async () => {
    expect((await api.get('user-gateways/999999')).statusCode).toBe(404);
    expect((await api.patch('user-gateways/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await api.delete('user-gateways/999999')).statusCode).toBe(404);
  });
});

describe('disconnecting and deleting', () => {
  it('forgets the credentials on disconnect, and answers 404 when the path names another gateway', async () => {
    const other = await freshAccount();
    const connected = await other.api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: PUBLISHABLE },
    });
    const id = connected.json().data.id;
    expect((await other.api.post(`gateways/5/disconnect/${id}`)).statusCode).toBe(404);

    const res = await other.api.post(`gateways/1/disconnect/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'disconnected',
      credentials_hint: {},
      is_default: false,
    });
    const row = await rawRow(id);
    expect(row?.credentials_ciphertext).toBeNull();
    expect(await t.app.services.gatewayCredentials.load(other.accountId, 1)).toBeNull();
  });

  it('hands the default to the next connected gateway when the default one is disconnected', async () => {
    const other = await freshAccount();
    const stripe = (
      await other.api.post('gateways/1/connect', {
        credentials: { secret_key: GOOD_KEY, publishable_key: PUBLISHABLE },
      })
    ).json().data;
    const cod = (await other.api.post('user-gateways', { gateway_id: 5 })).json().data;
    expect([stripe.is_default, cod.is_default]).toEqual([true, false]);

    await other.api.post(`gateways/1/disconnect/${stripe.id}`);
    expect((await other.api.get(`user-gateways/${cod.id}`)).json().data.is_default).toBe(true);
    await other.api.post(`gateways/5/disconnect/${cod.id}`);
    const all = (await other.api.get('user-gateways')).json().data as Array<{ is_default: boolean }>;
    expect(all.map((g) => g.is_default)).toEqual([false, false]);
  });

  it('deletes a user gateway', async () => {
    const other = await freshAccount();
    const id = (await other.api.post('user-gateways', { gateway_id: 14 })).json().data.id;
    const res = await other.api.delete(`user-gateways/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await other.api.get(`user-gateways/${id}`)).statusCode).toBe(404);
  });

  it('connects the product’s own gateway in sandbox (test) mode without an API key', async () => {
    const other = await freshAccount();
    const res = await other.api.post('gateways/14/connect', {});
    expect(res.json().data).toMatchObject({
      gateway_name: 'Funnelwork Payments',
      mode: 'test',
      status: 'connected',
    });
  });
});

describe('permissions: payment settings need the admin flag (spec §6 names no other)', () => {
  it('refuses every write to a member without admin and lets them read', async () => {
    const staff = await memberOf(t, owner, { funnels: true, orders: true, editor: true, automations: true });
    const id = (await api.get('user-gateways')).json().data[0].id;
    const writes = [
      staff.api.post('gateways/14/connect', {}),
      staff.api.post(`gateways/1/disconnect/${id}`),
      staff.api.post('user-gateways', { gateway_id: 14 }),
      staff.api.patch(`user-gateways/${id}`, { name: 'Mine now' }),
      staff.api.delete(`user-gateways/${id}`),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('restricted area: access denied');
    }
    expect((await staff.api.get('user-gateways')).statusCode).toBe(200);
    expect((await api.get(`user-gateways/${id}`)).json().data.name).not.toBe('Mine now');

    const admin = await memberOf(t, owner, { admin: true });
    expect((await admin.api.patch(`user-gateways/${id}`, { name: 'Renamed by admin' })).statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it('keeps each account’s gateways to itself', async () => {
    const b = await freshAccount();
    const aGateways = (await api.get('user-gateways')).json().data as Array<{
      id: number;
      gateway_id: number;
    }>;
    for (const g of aGateways) {
      expect((await b.api.get(`user-gateways/${g.id}`)).statusCode).toBe(404);
      expect((await b.api.patch(`user-gateways/${g.id}`, { name: 'B' })).statusCode).toBe(404);
      expect((await b.api.post(`gateways/${g.gateway_id}/disconnect/${g.id}`)).statusCode).toBe(404);
      expect((await b.api.delete(`user-gateways/${g.id}`)).statusCode).toBe(404);
    }
    expect((await b.api.get('user-gateways')).json().data).toEqual([]);
    expect(await t.app.services.gatewayCredentials.load(b.accountId, 1)).toBeNull();

    // B connecting its own Stripe leaves A's untouched.
    await b.api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: PUBLISHABLE },
    });
    expect(await t.app.services.gatewayCredentials.load(owner.accountId, 1)).toMatchObject({
      secret_key: LIVE_KEY,
    });
    expect((await api.get('user-gateways')).json().data).toEqual(
      aGateways.map((g) => expect.objectContaining({ id: g.id })),
    );
  });

  it('does not decrypt A’s ciphertext copied into B’s row (the account is bound into the cipher)', async () => {
    const b = await freshAccount();
    await b.api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: PUBLISHABLE },
    });
    await t.database.executeSql(
      `update user_gateways set credentials_ciphertext =
         (select credentials_ciphertext from user_gateways where account_id = $1 and gateway_id = 1)
        where account_id = $2 and gateway_id = 1`,
      [owner.accountId, b.accountId],
    );
    await expect(t.app.services.gatewayCredentials.load(b.accountId, 1)).rejects.toThrow();
  });
});
