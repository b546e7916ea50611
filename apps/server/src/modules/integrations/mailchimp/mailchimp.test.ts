import { PassThrough } from 'node:stream';
import { MAILCHIMP_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIntegrations } from '../../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../../funnels/funnels.fixtures.ts';
import { mailchimpBase, subscriberHash } from './mailchimp.adapter.ts';
import { MAILCHIMP_GOOD_KEY, MAILCHIMP_OTHER_KEY, startFakeMailchimp } from './mailchimp.fixtures.ts';

const logLines: string[] = [];
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeMailchimp>>;

beforeAll(async () => {
  fake = await startFakeMailchimp();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  t = await createTestApp({
    logStream,
    config: {
      logLevel: 'trace',
      mailchimpApiBase: fake.url,
      // Short back-off, so a 429 retried costs milliseconds here.
      mailchimpRetry: { baseMs: 5, maxMs: 20, maxRetries: 2 },
      outboundAllowHosts: [fake.host],
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ID = MAILCHIMP_INTEGRATION_ID;
const basic = (key: string) => `Basic ${Buffer.from(`funnelwork:${key}`).toString('base64')}`;

async function connected(): Promise<{
  api: ApiClient;
  id: number;
  owner: Awaited<ReturnType<typeof signUpOwner>>;
}> {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  const res = await api.post('connect', { integration_id: ID, fields: { api_key: MAILCHIMP_GOOD_KEY } });
  expect(res.statusCode, res.body).toBe(200);
  return { api, id: res.json().data.id, owner };
}

let sharedConnection: ReturnType<typeof connected> | undefined;
/** One connected account for the tests that do not change the connection (sign-ups are slow). */
const shared = () => {
  sharedConnection ??= connected();
  return sharedConnection;
};

describe('Mailchimp addresses', () => {
  it('puts the data center into the API host and hashes the lower-cased address (as Mailchimp documents)', () => {
    expect(mailchimpBase('https://{dc}.api.mailchimp.com', 'us21')).toBe('https://us21.api.mailchimp.com');
    expect(mailchimpBase('http://127.0.0.1:9/', 'us21')).toBe('http://127.0.0.1:9');
    expect(subscriberHash(' Urist.McVankab@FreddiesJokes.com ')).toBe('62eeb292278cc15f5817cb78f7790b08');
  });
});

describe('connecting Mailchimp', () => {
  it('is in the catalogue with its API-key form and methods', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const list = (await api.get('integrations')).json().data as Array<Record<string, unknown>>;
    const entry = list.find((i) => i.id === ID);
    expect(entry).toMatchObject({ name: 'Mailchimp', available: true, status: 'Not connected' });
    expect(entry?.connect_fields).toEqual([
      expect.objectContaining({ key: 'api_key', type: 'secret', required: true }),
    ]);
    expect(((entry?.methods ?? []) as Array<{ name: string }>).map((m) => m.name)).toEqual([
      'test',
      'list-audiences',
      'add-subscriber',
    ]);
  });

  it('names the field of a missing or malformed key without calling Mailchimp', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const before = fake.requests.length;
    for (const [fields, message] of [
      [{}, 'api_key is required'],
      [{ api_key: '   ' }, 'api_key is required'],
      [{ api_key: 12 }, 'api_key is required'],
      [
        { api_key: 'no-data-center-here!' },
        'api_key: A Mailchimp API key looks like f0e1d2c3b4a5968778695a4b3c2d1e0f-us21: 32 letters and digits, a dash and your data center (us21)',
      ],
    ] as const) {
      const res = await api.post('connect', { integration_id: ID, fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'api_key' });
      expect(res.json().error.message).toContain(message);
    }
    expect(fake.requests.length).toBe(before);
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('a key Mailchimp refuses (401) is a 422 saying so, and nothing is stored', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const res = await api.post('connect', { integration_id: ID, fields: { api_key: MAILCHIMP_OTHER_KEY } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'integration_error', field: 'api_key' });
    expect(res.json().error.message).toMatch(/^Mailchimp refused the API key \(Your API key may be invalid/);
    expect(res.body).not.toContain(MAILCHIMP_OTHER_KEY);
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('pings with Basic auth, seals the key and never answers it', async () => {
    const { api, id } = await shared();
    const ping = fake.requests.filter((r) => r.path === '/3.0/ping').at(-1);
    expect(ping?.method).toBe('GET');
    expect(ping?.headers.authorization).toBe(basic(MAILCHIMP_GOOD_KEY));
    const list = await api.get('user-integrations');
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id,
        integration_id: ID,
        name: 'Mailchimp',
        connected: true,
        active: true,
        settings: { data_center: 'us21' },
        secrets: ['api_key'],
      }),
    ]);
    const [row] = await t.database.db.select().from(userIntegrations).where(eq(userIntegrations.id, id));
    expect(row?.secretsSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(MAILCHIMP_GOOD_KEY.slice(0, 20));
    for (const res of [list, await api.get('integrations'), await api.get(`user-integrations/${id}`)]) {
      expect(res.body).not.toContain(MAILCHIMP_GOOD_KEY.slice(0, 20));
    }
    // Reconnecting with the key left empty keeps the stored one (and checks it again).
    const again = await api.post('connect', { integration_id: ID, fields: { api_key: '' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id, revealed: {} });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(basic(MAILCHIMP_GOOD_KEY));
  });
});

describe('Mailchimp methods', () => {
  it('test and list-audiences', async () => {
    const { api, id } = await shared();
    const test = await api.post(`call-integration-method/${id}/test`, {});
    expect(test.json().data).toEqual({ ok: true, message: "Mailchimp answered: Everything's Chimpy!" });
    const lists = await api.post(`call-integration-method/${id}/list-audiences`, { count: 2 });
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.json().data).toEqual({
      audiences: [
        { id: 'a1b2c3d4e5', name: 'Newsletter', member_count: expect.any(Number) },
        { id: 'f6e7d8c9b0', name: 'Customers', member_count: expect.any(Number) },
      ],
      total: 3,
    });
    const query = fake.requests.at(-1)?.query;
    expect(query?.get('count')).toBe('2');
    expect(query?.get('offset')).toBe('0');
    const bad = await api.post(`call-integration-method/${id}/list-audiences`, { count: 5000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('count');
  });

  it('add-subscriber PUTs the member at the md5 of the lower-cased address, then adds the tags', async () => {
    const { api, id } = await shared();
    const email = `Bea.${Date.now()}@Example.com`;
    const hash = subscriberHash(email);
    const res = await api.post(`call-integration-method/${id}/add-subscriber`, {
      list_id: 'a1b2c3d4e5',
      email,
      first_name: 'Bea',
      tags: ['buyer', 'funnel-7'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: hash,
      email,
      status: 'subscribed',
      list_id: 'a1b2c3d4e5',
      tags: ['buyer', 'funnel-7'],
    });
    const [put, tags] = fake.requests.slice(-2);
    expect(put).toMatchObject({ method: 'PUT', path: `/3.0/lists/a1b2c3d4e5/members/${hash}` });
    expect(put?.json).toEqual({
      email_address: email,
      status_if_new: 'subscribed',
      merge_fields: { FNAME: 'Bea' },
    });
    expect(tags).toMatchObject({ method: 'POST', path: `/3.0/lists/a1b2c3d4e5/members/${hash}/tags` });
    expect(tags?.json).toEqual({
      tags: [
        { name: 'buyer', status: 'active' },
        { name: 'funnel-7', status: 'active' },
      ],
    });
    expect(fake.lists.get('a1b2c3d4e5')?.members.get(hash)?.tags).toEqual(['buyer', 'funnel-7']);
    // The same person again: updated, not duplicated; a pending status_if_new does not touch an existing member.
    const again = await api.post(`call-integration-method/${id}/add-subscriber`, {
      list_id: 'a1b2c3d4e5',
      email: email.toLowerCase(),
      last_name: 'Low',
      status_if_new: 'pending',
    });
    expect(again.json().data).toMatchObject({ id: hash, status: 'subscribed', tags: [] });
    expect(fake.lists.get('a1b2c3d4e5')?.members.get(hash)?.merge_fields).toEqual({
      FNAME: 'Bea',
      LNAME: 'Low',
    });
    expect(fake.requests.at(-1)?.method).toBe('PUT');
  });

  it("maps Mailchimp's refusals: fields named (400), the rest 422 in its words", async () => {
    const { api, id } = await shared();
    const call = (data: Record<string, unknown>) =>
      api.post(`call-integration-method/${id}/add-subscriber`, { list_id: 'a1b2c3d4e5', ...data });
    const cases: Array<[Record<string, unknown>, number, string | undefined, string]> = [
      [{ email: 'x@fake.test' }, 400, 'email', 'email: x@fake.test looks fake or invalid'],
      [
        { email: 'a@example.com', merge_fields: { SHOESIZE: '44' } },
        400,
        'merge_fields.SHOESIZE',
        'merge_fields.SHOESIZE: This merge field does not exist in the audience.',
      ],
      [
        { email: 'forgotten@example.com' },
        422,
        undefined,
        'Mailchimp refused: Forgotten Email Not Subscribed: forgotten@example.com was permanently deleted',
      ],
      [
        { email: 'a@example.com', list_id: 'nosuchlist' },
        422,
        'list_id',
        'list_id: Mailchimp has no audience nosuchlist',
      ],
      [{ email: 'a@example.com', list_id: 'ratelimited' }, 429, undefined, 'Mailchimp is limiting'],
      // Checked here, before Mailchimp is asked.
      [{ email: 'not an address' }, 400, 'email', 'email: email must be an e-mail address'],
      [
        { email: 'a@example.com', list_id: '../lists' },
        400,
        'list_id',
        'list_id: list_id is the audience id',
      ],
      [{ email: 'a@example.com', tags: [''] }, 400, 'tags.0', 'tags.0:'],
    ];
    for (const [data, status, field, message] of cases) {
      const res = await call(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      expect(res.json().error.field, JSON.stringify(data)).toBe(field);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('backs off a 429 or a 5xx and tries again (PUT and tags are safe to repeat); still limited is a 429', async () => {
    const { api, id } = await shared();
    const call = (email: string) =>
      api.post(`call-integration-method/${id}/add-subscriber`, {
        list_id: 'a1b2c3d4e5',
        email,
        tags: ['retried'],
      });
    for (const status of [429, 503]) {
      const email = `again-${status}@example.com`;
      const before = fake.requests.length;
      fake.failNext.push(status);
      const res = await call(email);
      expect(res.statusCode, res.body).toBe(200);
      // The refused PUT, the PUT again, then the tags.
      expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['PUT', 'PUT', 'POST']);
      expect(fake.lists.get('a1b2c3d4e5')?.members.get(subscriberHash(email))?.tags).toEqual(['retried']);
    }
    // Limited on the first try and on both retries (maxRetries 2): a 429 with Retry-After, nothing added.
    const before = fake.requests.length;
    fake.failNext.push(429, 429, 429);
    const limited = await call('limited@example.com');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().error.message).toContain('Mailchimp is limiting');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(fake.requests.length - before).toBe(3);
    expect(fake.lists.get('a1b2c3d4e5')?.members.has(subscriberHash('limited@example.com'))).toBe(false);
    // A 400 is not retried.
    const once = fake.requests.length;
    expect((await call('x@fake.test')).statusCode).toBe(400);
    expect(fake.requests.length - once).toBe(1);
  });

  it('a key revoked at Mailchimp after connecting fails the test and the methods clearly', async () => {
    const { api, id } = await shared();
    fake.validKeys.delete(MAILCHIMP_GOOD_KEY);
    try {
      const test = await api.post(`call-integration-method/${id}/test`, {});
      expect(test.statusCode).toBe(422);
      expect(test.json().error.message).toMatch(/^Mailchimp refused the API key/);
      const call = await api.post(`call-integration-method/${id}/list-audiences`, {});
      expect(call.statusCode).toBe(422);
    } finally {
      fake.validKeys.add(MAILCHIMP_GOOD_KEY);
    }
  });

  it('members with the automations flag may call; read-only members may not; disconnect stops it all', async () => {
    const { api, id, owner } = await connected();
    const automator = await memberOf(t, owner, { automations: true });
    const readonly = await memberOf(t, owner, {});
    const body = { list_id: 'f6e7d8c9b0', email: `m.${Date.now()}@example.com` };
    expect((await automator.api.post(`call-integration-method/${id}/add-subscriber`, body)).statusCode).toBe(
      200,
    );
    expect((await readonly.api.post(`call-integration-method/${id}/add-subscriber`, body)).statusCode).toBe(
      403,
    );
    expect(
      (await automator.api.post('connect', { integration_id: ID, fields: { api_key: MAILCHIMP_GOOD_KEY } }))
        .statusCode,
    ).toBe(403);
    const gone = await api.post('disconnect', { id });
    expect(gone.json().data).toMatchObject({ connected: false, secrets: [] });
    const [row] = await t.database.db.select().from(userIntegrations).where(eq(userIntegrations.id, id));
    expect(row?.secretsSealed).toBeNull();
    const before = fake.requests.length;
    const after = await api.post(`call-integration-method/${id}/add-subscriber`, body);
    expect(after.statusCode).toBe(422);
    expect(after.json().error.message).toBe('Connect the integration first');
    expect(fake.requests.length).toBe(before);
  });

  it('the key is never written to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('');
    expect(log).not.toContain(MAILCHIMP_GOOD_KEY.slice(0, 20));
    expect(log).not.toContain(MAILCHIMP_OTHER_KEY.slice(0, 20));
    expect(log).not.toContain(basic(MAILCHIMP_GOOD_KEY).slice(6, 40));
  });
});
