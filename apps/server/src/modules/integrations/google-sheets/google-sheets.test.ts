import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { GOOGLE_SHEETS_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { GOOGLE_SHEETS_SCOPE } from '@funnelwork/domain/integrations/google-sheets';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationOauthStates, userIntegrations } from '../../../db/schema/index.ts';
import { TooManyRequestsError } from '../../../plugins/errors.ts';
import { createThrottle } from '../../../plugins/throttle.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../../funnels/funnels.fixtures.ts';
import { createSecretsBox } from '../integrations.secrets.ts';
import { backoffDelayMs, createWriteLimiter } from './google-sheets.api.ts';
import { type FakeGoogle, startFakeGoogle } from './google-sheets.fixtures.ts';

const CLIENT = { clientId: 'funnelwork-test.apps.googleusercontent.com', clientSecret: 'GOCSPX-test-secret' };
const SPREADSHEET = 'sheet-abc_123';
const WINDOW_MS = 300;
const WRITES_PER_WINDOW = 5;

let t: TestApp;
let google: FakeGoogle;
let logs = '';

beforeAll(async () => {
  google = await startFakeGoogle(CLIENT);
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  t = await createTestApp({
    logStream,
    config: {
      logLevel: 'info',
      outboundAllowHosts: [google.host],
      google: {
        ...CLIENT,
        authorizeUrl: google.authorizeUrl,
        oauthBase: google.base,
        sheetsApiBase: google.base,
        writesPerMinute: WRITES_PER_WINDOW,
        writeWindowMs: WINDOW_MS,
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
});

/** POST …/oauth/start as `api`: Google's consent URL. */
async function startConnect(api: ApiClient) {
  const res = await api.post('integrations/google-sheets/oauth/start');
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().data.authorize_url as string);
}

/** What the browser does: open the consent URL (the fake consents), then follow Google's redirect. */
async function consent(authorizeUrl: URL) {
  const back = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location') ?? '');
}
async function callback(url: URL) {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

async function connectedOwner() {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  const res = await callback(await consent(await startConnect(api)));
  expect(res.statusCode, res.body).toBe(303);
  const [row] = await t.database.db
    .select()
    .from(userIntegrations)
    .where(
      and(
        eq(userIntegrations.accountId, owner.accountId),
        eq(userIntegrations.integrationId, GOOGLE_SHEETS_INTEGRATION_ID),
      ),
    );
  if (!row) throw new Error('not connected');
  return { owner, api, id: row.id };
}

async function connectionsOf(accountId: number) {
  return t.database.db.select().from(userIntegrations).where(eq(userIntegrations.accountId, accountId));
}

describe('Connect with Google (OAuth 2.0 authorization code with PKCE)', () => {
  it('connects end to end: consent URL, callback, token exchange with the verifier, tokens sealed', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const catalogue = (await api.get('integrations')).json().data as Array<Record<string, unknown>>;
    expect(catalogue.find((i) => i.id === GOOGLE_SHEETS_INTEGRATION_ID)).toMatchObject({
      available: true,
      status: 'Not connected',
      not_configured: null,
    });

    const authorize = await startConnect(api);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(google.authorizeUrl);
    const q = authorize.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: 'http://localhost:3000/api/integrations/google-sheets/oauth/callback',
      response_type: 'code',
      scope: GOOGLE_SHEETS_SCOPE,
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(q.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const back = await consent(authorize);
    expect(back.pathname).toBe('/api/integrations/google-sheets/oauth/callback');
    const res = await callback(back);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/integrations/google-sheets?connected=1');

    // The token request carried a verifier whose S256 is the challenge of the consent URL.
    const exchange = google.tokenRequests.find((form) => form.get('code') === back.searchParams.get('code'));
    expect(exchange?.get('grant_type')).toBe('authorization_code');
    expect(exchange?.get('redirect_uri')).toBe(q.get('redirect_uri'));
    const verifier = exchange?.get('code_verifier') ?? '';
    expect(verifier).toMatch(/^[\w-]{43,128}$/);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));
    // The verifier never left the server before the exchange.
    expect(authorize.toString()).not.toContain(verifier);

    const [row] = await connectionsOf(owner.accountId);
    expect(row).toMatchObject({ integrationId: GOOGLE_SHEETS_INTEGRATION_ID, active: true });
    expect(row?.secretNames).toEqual(['access_token', 'expires_at', 'refresh_token']);
    const refreshToken = [...google.refreshTokens].at(-1) as string;
    expect(row?.secretsSealed).toMatch(/^v1\./);
    expect(row?.secretsSealed).not.toContain(refreshToken);

    const mine = await api.get('user-integrations');
    expect(mine.json().data[0]).toMatchObject({
      name: 'Google Sheets',
      connected: true,
      secrets: ['access_token', 'expires_at', 'refresh_token'],
      settings: { scope: GOOGLE_SHEETS_SCOPE },
    });
    const after = (await api.get('integrations')).json().data as Array<Record<string, unknown>>;
    expect(after.find((i) => i.id === GOOGLE_SHEETS_INTEGRATION_ID)?.status).toBe('Connected');
    for (const answer of [mine.body, (await api.get(`user-integrations/${row?.id}`)).body, res.body]) {
      expect(answer).not.toContain(refreshToken);
      expect(answer).not.toContain('ya29.');
      expect(answer).not.toContain(verifier);
    }
  });

  it('refuses a forged, missing, reused or expired state with 400 and stores nothing', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const back = await consent(await startConnect(api));
    const state = back.searchParams.get('state') ?? '';

    const forged = new URL(back);
    const [payload, signature] = state.split('.');
    const other = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    other.a = other.a + 1;
    forged.searchParams.set(
      'state',
      `${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`,
    );
    for (const bad of ['garbage', `${payload}.AAAA`, '', `${payload}.${signature}.x`]) {
      const wrong = new URL(back);
      wrong.searchParams.set('state', bad);
      const res = await callback(wrong);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'state' });
    }
    const forgedRes = await callback(forged);
    expect(forgedRes.statusCode).toBe(400);
    expect(forgedRes.json().error.message).toBe('state: is not valid');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expect((await callback(missing)).json().error.message).toBe('state is required');
    expect(await connectionsOf(owner.accountId)).toEqual([]);

    // The real one works once; the same callback again is refused.
    expect((await callback(back)).statusCode).toBe(303);
    const reused = await callback(back);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('state: was already used; connect again');

    // An expired one (its row past its time) is refused, and the code is never exchanged.
    const owner2 = await signUpOwner(t.app);
    const late = await consent(await startConnect(apiClient(t.app, owner2.auth)));
    await t.database.db
      .update(integrationOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationOauthStates.accountId, owner2.accountId));
    const expired = await callback(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('state: has expired; connect again');
    expect(google.tokenRequests.some((form) => form.get('code') === late.searchParams.get('code'))).toBe(
      false,
    );
    expect(await connectionsOf(owner2.accountId)).toEqual([]);
  });

  it('stores nothing when the code was issued for another PKCE challenge (a wrong verifier)', async () => {
    const owner = await signUpOwner(t.app);
    const authorize = await startConnect(apiClient(t.app, owner.auth));
    // An attacker's code: consented with a challenge of their own verifier, injected with our state.
    authorize.searchParams.set(
      'code_challenge',
      createHash('sha256').update('x'.repeat(43)).digest('base64url'),
    );
    const res = await callback(await consent(authorize));
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/integrations/google-sheets');
    expect(location.searchParams.get('error')).toBe(
      'Google refused the authorization: Invalid code verifier.',
    );
    expect(await connectionsOf(owner.accountId)).toEqual([]);
  });

  it('refuses a consent without the spreadsheets scope, a denied consent, and the plain connect form', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    google.grantScope('openid');
    try {
      const res = await callback(await consent(await startConnect(api)));
      expect(new URL(res.headers.location as string).searchParams.get('error')).toBe(
        'Google did not grant access to your spreadsheets; connect again and allow it',
      );
    } finally {
      google.grantScope(null);
    }
    const denied = await consent(await startConnect(api));
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    const deniedRes = await callback(denied);
    expect(new URL(deniedRes.headers.location as string).searchParams.get('error')).toBe(
      'Google did not connect: access_denied',
    );
    const plain = await api.post('connect', {
      integration_id: GOOGLE_SHEETS_INTEGRATION_ID,
      fields: { code: 'x' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.field).toBe('grant');
    expect(await connectionsOf(owner.accountId)).toEqual([]);
  });

  it('lets only administrators start it', async () => {
    const owner = await signUpOwner(t.app);
    const member = await memberOf(t, owner, { automations: true });
    const res = await member.api.post('integrations/google-sheets/oauth/start');
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/google-sheets/oauth/start',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the Sheets methods', () => {
  it('lists the sheets of a spreadsheet (by id or address) and appends a row with the bearer token', async () => {
    const { api, id } = await connectedOwner();
    const list = await api.post(`call-integration-method/${id}/list-sheets`, {
      spreadsheet_id: `https://docs.google.com/spreadsheets/d/${SPREADSHEET}/edit#gid=0`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual({
      spreadsheet_id: SPREADSHEET,
      sheets: [
        { sheet_id: 0, title: 'Orders', index: 0, rows: 1000 },
        { sheet_id: 1000, title: "Q1 '24", index: 1, rows: 1000 },
      ],
    });
    const append = await api.post(`call-integration-method/${id}/append-row`, {
      spreadsheet_id: SPREADSHEET,
      sheet: "Q1 '24",
      values: ['ord_1', 'bea@example.test', 49.5, true, null],
    });
    expect(append.statusCode, append.body).toBe(200);
    expect(append.json().data).toMatchObject({ updated_rows: 1, updated_cells: 5 });
    const call = google.appends.at(-1);
    expect(call?.range).toBe("'Q1 ''24'");
    expect(call?.query.get('valueInputOption')).toBe('USER_ENTERED');
    expect(call?.body).toEqual({
      range: "'Q1 ''24'",
      majorDimension: 'ROWS',
      values: [['ord_1', 'bea@example.test', 49.5, true, null]],
    });
    expect(append.body).not.toContain(call?.token);

    const missing = await api.post(`call-integration-method/${id}/list-sheets`, { spreadsheet_id: 'nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.field).toBe('spreadsheet_id');
    const badSheet = await api.post(`call-integration-method/${id}/append-row`, {
      spreadsheet_id: SPREADSHEET,
      sheet: 'Nope',
      values: ['x'],
    });
    expect(badSheet.statusCode).toBe(400);
    expect(badSheet.json().error.message).toContain('Unable to parse range');
    const badInput = await api.post(`call-integration-method/${id}/append-row`, {
      spreadsheet_id: SPREADSHEET,
      sheet: 'Orders',
      values: [],
    });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().error.field).toBe('values');
  });

  it('refreshes the access token on a 401 and stores the new one sealed', async () => {
    const { owner, api, id } = await connectedOwner();
    const [before] = await connectionsOf(owner.accountId);
    google.expireAccessTokens();
    const refreshesBefore = google.tokenRequests.filter(
      (f) => f.get('grant_type') === 'refresh_token',
    ).length;
    const append = await api.post(`call-integration-method/${id}/append-row`, {
      spreadsheet_id: SPREADSHEET,
      sheet: 'Orders',
      values: ['after-refresh'],
    });
    expect(append.statusCode, append.body).toBe(200);
    const refreshes = google.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token');
    expect(refreshes.length).toBe(refreshesBefore + 1);
    const newToken = google.appends.at(-1)?.token as string;
    expect(google.accessTokens.get(newToken)?.expired).toBe(false);
    const [after] = await connectionsOf(owner.accountId);
    expect(after?.secretsSealed).not.toBe(before?.secretsSealed);
    expect(after?.secretsSealed).not.toContain(newToken);
    // The stored token is the new one: the next call needs no refresh.
    await api.post(`call-integration-method/${id}/list-sheets`, { spreadsheet_id: SPREADSHEET });
    expect(google.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token').length).toBe(
      refreshesBefore + 1,
    );
    // An access token past its expiry is refreshed before it is sent (no 401 round trip).
    const box = createSecretsBox(t.config.gatewaySecretKey as Buffer);
    const scope = { accountId: owner.accountId, integrationId: GOOGLE_SHEETS_INTEGRATION_ID };
    const [current] = await connectionsOf(owner.accountId);
    const secrets = box.open(scope, current?.secretsSealed as string);
    await t.database.db
      .update(userIntegrations)
      .set({ secretsSealed: box.seal(scope, { ...secrets, expires_at: String(Date.now() - 1000) }) })
      .where(eq(userIntegrations.id, id));
    const sent = google.requests.length;
    const listed = await api.post(`call-integration-method/${id}/list-sheets`, {
      spreadsheet_id: SPREADSHEET,
    });
    expect(listed.statusCode).toBe(200);
    expect(google.requests.slice(sent).map((r) => `${r.path} ${r.status}`)).toEqual([
      '/token 200',
      `/v4/spreadsheets/${SPREADSHEET} 200`,
    ]);
    const [refreshed] = await connectionsOf(owner.accountId);
    expect(Number(box.open(scope, refreshed?.secretsSealed as string).expires_at)).toBeGreaterThan(
      Date.now(),
    );
    // `test` checks the grant by refreshing it.
    const test = await api.post(`call-integration-method/${id}/test`, {});
    expect(test.json().data).toEqual({ ok: true, message: 'Google accepted the connection' });
  });

  it('backs off on 429 and retries, then gives up with 429 and Retry-After', async () => {
    const { api, id } = await connectedOwner();
    google.throttle(2);
    const before = google.requests.length;
    const ok = await api.post(`call-integration-method/${id}/append-row`, {
      spreadsheet_id: SPREADSHEET,
      sheet: 'Orders',
      values: ['throttled twice'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const tries = google.requests.slice(before).filter((r) => r.path.endsWith(':append'));
    expect(tries.map((r) => r.status)).toEqual([429, 429, 200]);
    // Waited between the tries (base 5 ms, doubling, with jitter), never more than the 40 ms cap each.
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(4);
    expect((tries[2]?.at ?? 0) - (tries[1]?.at ?? 0)).toBeGreaterThanOrEqual(9);

    google.throttle(99, '2');
    const start = google.requests.length;
    const refused = await api.post(`call-integration-method/${id}/append-row`, {
      spreadsheet_id: SPREADSHEET,
      sheet: 'Orders',
      values: ['never'],
    });
    google.throttle(0);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json().error.message).toBe(
      'Google Sheets is limiting requests of this connection; try again in a minute',
    );
    expect(google.requests.slice(start).filter((r) => r.path.endsWith(':append')).length).toBe(4);
  });

  it('keeps to the writes-per-minute limit of each connection', async () => {
    const { api, id } = await connectedOwner();
    const before = google.appends.length;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: WRITES_PER_WINDOW + 2 }, (_, n) =>
        api.post(`call-integration-method/${id}/append-row`, {
          spreadsheet_id: SPREADSHEET,
          sheet: 'Orders',
          values: [`row ${n}`],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(WRITES_PER_WINDOW + 2).fill(200));
    const times = google.requests
      .filter((r) => r.path.endsWith(':append') && r.status === 200)
      .slice(-(WRITES_PER_WINDOW + 2))
      .map((r) => r.at);
    expect(google.appends.length - before).toBe(WRITES_PER_WINDOW + 2);
    // The writes past the window's allowance waited for a slot: none reached Google before a window
    // had passed since the first was let through (a lower bound a slow machine cannot break). The exact
    // sliding window is checked on a clock of the test's own below.
    expect(times.slice(WRITES_PER_WINDOW).every((at) => at - started >= WINDOW_MS)).toBe(true);
  });

  it('revokes the grant on disconnect and forgets the tokens', async () => {
    const { owner, api, id } = await connectedOwner();
    const refreshToken = [...google.refreshTokens].at(-1) as string;
    const res = await api.post('disconnect', { id });
    expect(res.statusCode).toBe(200);
    expect(google.revoked).toContain(refreshToken);
    const [row] = await connectionsOf(owner.accountId);
    expect(row).toMatchObject({ secretsSealed: null, secretNames: [], connectedAt: null });
  });
});

describe('limits and back-off, as functions', () => {
  it('grows the delay exponentially with jitter, capped, and honours Retry-After', () => {
    const settings = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelayMs(0, settings, undefined, () => 0)).toBe(100);
    expect(backoffDelayMs(2, settings, undefined, () => 0)).toBe(400);
    expect(backoffDelayMs(2, settings, undefined, () => 0.99)).toBe(499);
    expect(backoffDelayMs(10, settings, undefined, () => 0.5)).toBe(1000);
    expect(backoffDelayMs(0, settings, 0.5)).toBe(500);
    expect(backoffDelayMs(0, settings, 3600)).toBe(1000);
  });

  it('lets no window of windowMs hold more than perWindow writes of a connection', async () => {
    let now = 1_000_000;
    const limiter = createWriteLimiter({
      perWindow: 3,
      windowMs: 1000,
      maxWaitMs: 10_000,
      throttle: createThrottle({ db: t.database.db, clock: () => new Date(now) }),
      wait: async (ms) => {
        now += ms;
      },
    });
    const granted: number[] = [];
    for (let n = 0; n < 10; n++) {
      await limiter.acquire(901);
      granted.push(now);
      now += 100;
    }
    await limiter.acquire(902);
    expect(granted.slice(0, 6)).toEqual([1_000_000, 1_000_100, 1_000_200, 1_001_000, 1_001_100, 1_001_200]);
    for (let n = 3; n < granted.length; n++)
      expect((granted[n] as number) - (granted[n - 3] as number)).toBeGreaterThanOrEqual(1000);
    // Another connection has its own window.
    expect(now).toBe((granted.at(-1) as number) + 100);
  });

  it('refuses a write that would wait longer than allowed, with the seconds to wait', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const limiter = createWriteLimiter({
      perWindow: 1,
      windowMs: 60_000,
      maxWaitMs: 0,
      throttle: createThrottle({ db: t.database.db, clock: () => now }),
    });
    await limiter.acquire(911);
    await limiter.acquire(912);
    const refused = await limiter.acquire(911).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(60);
  });
});

describe('the OAuth secrets in the log', () => {
  it('are never written there: no access or refresh token, PKCE verifier or client secret', () => {
    expect(logs).toContain('/api/integrations/google-sheets/oauth/callback');
    expect(logs).toContain('append-row');
    const secrets = [
      ...google.appends.map((call) => call.token),
      ...google.accessTokens.keys(),
      ...google.refreshTokens,
      ...google.revoked,
      ...google.tokenRequests.map((form) => form.get('code_verifier') ?? ''),
      CLIENT.clientSecret,
    ].filter((secret) => secret.length > 0);
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of new Set(secrets)) expect(logs).not.toContain(secret);
  });
});
