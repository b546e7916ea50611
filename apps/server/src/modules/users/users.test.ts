import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailMessages, users } from '../../db/schema/index.ts';
import {
  createTestApp,
  jobsDone,
  signIn,
  signUpOwner,
  type TestApp,
  uniqueEmail,
  waitFor,
} from '../../test/harness.ts';
import {
  createSignInLimits,
  limitedAddress,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
  SIGN_IN_WINDOW_MS,
} from './sign-in-limits.ts';
import {
  INVALID_CREDENTIALS,
  INVALID_RESET_CODE,
  passwordResetJob,
  SIGN_UP_NOTICE_SUBJECT,
  tooManySignIns,
} from './users.service.ts';

let t: TestApp;
beforeAll(async () => {
  // The queue runs: a reset request's e-mail is sent by a job (passwordResetJob).
  t = await createTestApp({ startQueue: true });
});
afterAll(() => t.close());

function signInAttempt(
  app: TestApp,
  username: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress,
  });
}

/** A 429's Retry-After: whole seconds, at least 1, at most the window. */
function expectRetryAfter(res: { headers: Record<string, unknown> } | undefined): number {
  const header = String(res?.headers['retry-after']);
  expect(header).toMatch(/^[1-9]\d*$/);
  expect(Number(header)).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);
  return Number(header);
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('sign up and sign in', () => {
  it('signs up an owner who is the admin of a new account on a 14-day trial', async () => {
    const owner = await signUpOwner(t.app, { account_name: 'Acme' });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth });
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data.member.email).toBe(owner.email);
    expect(data.account_name).toBe('Acme');
    expect(data.plan_key).toBe('14-trial');
    expect(data.time_zone).toBe('Europe/London');
    expect(data.onboarding_finished).toBe(false);
    expect(JSON.parse(data.member_account.permissions)).toEqual({
      admin: true,
      funnels: true,
      editor: true,
      automations: true,
      orders: true,
    });
  });

  it('answers a sign-up with a taken e-mail in any letter case as a new one, e-mailing the owner instead', async () => {
    const owner = await signUpOwner(t.app);
    const taken = owner.email.toUpperCase();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { data: { email: taken, password: 'another password', first_name: 'X' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { email: taken.toLowerCase() } });
    // The owner's account is as it was: their password still signs in, the other one does not.
    await expect(signIn(t.app, owner.email, owner.password)).resolves.toBeTruthy();
    await expect(signIn(t.app, owner.email, 'another password')).rejects.toThrow(/401|Invalid/);
    const notices = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, owner.email), eq(mailMessages.subject, SIGN_UP_NOTICE_SUBJECT)));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('/password-recovery');
  });

  it('answers 8 concurrent sign-ups with one e-mail 8×201 alike, making one user and one account', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/signup',
          payload: { data: { email, password: 'long enough pw', first_name: 'Rae' } },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    for (const res of answers) expect(res.json()).toEqual({ data: { email } });
    const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const owned = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerUserId, rows[0]?.id ?? 0));
    expect(owned).toHaveLength(1);
  });

  it('answers sign_in with an opaque bearer token, stored only as a hash', async () => {
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      ...form({ grant_type: 'password', username: owner.email, password: owner.password }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(Buffer.from(body.access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.executeSql('select token_hash from sessions where token_hash = $1', [
      body.access_token,
    ]);
    expect(stored.rows).toHaveLength(0);
  });

  it('rejects a wrong password with 401 and a clear message', async () => {
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      ...form({ grant_type: 'password', username: owner.email, password: 'wrong password' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(INVALID_CREDENTIALS);
  });

  it('makes an address wait after 5 wrong passwords for an e-mail, in any spelling; other addresses sign in', async () => {
    const owner = await signUpOwner(t.app);
    const spellings = [
      owner.email,
      owner.email.toUpperCase(),
      ` ${owner.email} `,
      `\t${owner.email.toUpperCase()}`,
    ];
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      const res = await signInAttempt(t, spellings[i % spellings.length] ?? '', `wrong ${i}`, '10.0.0.1');
      expect(res.statusCode).toBe(401);
    }
    const locked = await signInAttempt(t, owner.email, owner.password, '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    const retryAfter = expectRetryAfter(locked);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_WINDOW_MS / 1000 - 60);
    expect(locked.json().error).toMatchObject({
      message: tooManySignIns(retryAfter),
      code: 'too_many_requests',
    });

    const elsewhere = await signInAttempt(t, owner.email.toUpperCase(), owner.password, '10.0.0.2');
    expect(elsewhere.statusCode).toBe(200);
    // The owner's success elsewhere does not give the guessing address new attempts.
    expect((await signInAttempt(t, owner.email, owner.password, '10.0.0.1')).statusCode).toBe(429);
  });

  it('rate limits repeated failed sign-ins per address across e-mails, with Retry-After', async () => {
    const ip = '10.9.9.9';
    const answers = [];
    for (let i = 0; i <= MAX_FAILURES_PER_ADDRESS; i++) {
      answers.push(await signInAttempt(t, uniqueEmail('nobody'), 'whatever', ip));
    }
    expect(answers.map((res) => res.statusCode)).toEqual([...Array(MAX_FAILURES_PER_ADDRESS).fill(401), 429]);
    expectRetryAfter(answers[MAX_FAILURES_PER_ADDRESS]);
  });

  it('counts an IPv6 client by its /64 network, an IPv4-mapped one by its IPv4 address', async () => {
    expect(limitedAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('::ffff:10.1.1.1')).toBe('10.1.1.1');
    const owner = await signUpOwner(t.app);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      const res = await signInAttempt(t, owner.email, 'wrong', `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(res.statusCode).toBe(401);
    }
    const sameNetwork = await signInAttempt(t, owner.email, owner.password, '2001:db8:1:2:ffff::9');
    expect(sameNetwork.statusCode).toBe(429);
    expectRetryAfter(sameNetwork);
    expect((await signInAttempt(t, owner.email, owner.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: 25 made-up addresses still reach 429', async () => {
    const owner = await signUpOwner(t.app);
    const answers = [];
    for (let i = 0; i < 25; i++) {
      answers.push(
        await signInAttempt(t, owner.email, `wrong ${i}`, '10.5.5.5', {
          'x-forwarded-for': `198.51.100.${i + 1}`,
        }),
      );
    }
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.slice(0, MAX_FAILURES_PER_EMAIL_AND_ADDRESS)).toEqual(
      Array(MAX_FAILURES_PER_EMAIL_AND_ADDRESS).fill(401),
    );
    expect(statuses.slice(MAX_FAILURES_PER_EMAIL_AND_ADDRESS)).toEqual(
      Array(25 - MAX_FAILURES_PER_EMAIL_AND_ADDRESS).fill(429),
    );
    for (const res of answers.filter((answer) => answer.statusCode === 429)) expectRetryAfter(res);
  });

  it('ends a wait when the oldest counted failure leaves the 15-minute window', async () => {
    let now = Date.parse('2030-01-01T10:00:00Z');
    const limits = createSignInLimits({ db: t.database.db, clock: () => new Date(now) });
    const email = uniqueEmail('window');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      expect(await limits.retryAfterSeconds(email, '10.7.7.7')).toBe(0);
      await limits.recordFailure(email, '10.7.7.7');
      now += 60_000;
    }
    // Failures at 10:00 … 10:04; it is 10:05: the 10:00 one counts until 10:15.
    expect(await limits.retryAfterSeconds(email, '10.7.7.7')).toBe(600);
    expect(await limits.retryAfterSeconds(email, '10.7.7.8')).toBe(0);
    now = Date.parse('2030-01-01T10:15:00.001Z');
    expect(await limits.retryAfterSeconds(email, '10.7.7.7')).toBe(0);
  });

  it('revokes the token on sign_out, at once although the session was just checked (cached)', async () => {
    const owner = await signUpOwner(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/sign_out', headers: owner.auth });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth });
    expect(me.statusCode).toBe(401);
  });

  it('answers 401 without a token and with a made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('accounts of a user', () => {
  it('lists the accounts and selects one for the token; a foreign account answers 404', async () => {
    const a = await signUpOwner(t.app, { account_name: 'A shop' });
    const b = await signUpOwner(t.app, { account_name: 'B shop' });
    const list = await t.app.inject({ method: 'GET', url: '/api/users/me/accounts', headers: a.auth });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: a.accountId, name: 'A shop', owner: true, role: 'Administrator' }),
    ]);
    const select = await t.app.inject({
      method: 'POST',
      url: `/api/users/me/accounts/${a.accountId}`,
      headers: a.auth,
    });
    expect(select.statusCode).toBe(200);
    expect(select.json().data.account_id).toBe(a.accountId);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/users/me/accounts/${b.accountId}`,
      headers: a.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a user patch only themselves', async () => {
    const a = await signUpOwner(t.app);
    const b = await signUpOwner(t.app);
    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${a.userId}`,
      headers: a.auth,
      payload: { data: { first_name: 'Ada', onboarding_finished: true } },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ onboarding_finished: true, member: { first_name: 'Ada' } });
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${b.userId}`,
      headers: a.auth,
      payload: { data: { first_name: 'Mallory' } },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('passwords', () => {
  it('changes the password and revokes the other sessions but not this one', async () => {
    const owner = await signUpOwner(t.app);
    const other = await signIn(t.app, owner.email, owner.password);
    // The other session is in use (and so in the session cache) when the password changes.
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(before.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/change-password',
      headers: owner.auth,
      payload: { data: { current_password: owner.password, password: 'a brand new password' } },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth })).statusCode,
    ).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(otherMe.statusCode).toBe(401);
    await expect(signIn(t.app, owner.email, 'a brand new password')).resolves.toBeTruthy();
  });

  it('refuses a change with a wrong current password, naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/change-password',
      headers: owner.auth,
      payload: { data: { current_password: 'not it', password: 'a brand new password' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('data.current_password');
  });

  it('resets a password with the code sent by e-mail, once', async () => {
    const owner = await signUpOwner(t.app);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { data: { email: owner.email } },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await waitFor(async () =>
      (await t.database.db.select().from(mailMessages)).filter((m) => m.to === owner.email).at(-1),
    );
    expect(mail?.status).toBe('stored');
    const code = /code is (\d{6})/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/update-password',
      payload: {
        data: {
          email: owner.email,
          vcode: code === '000000' ? '111111' : '000000',
          password: 'reset password 1',
        },
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(INVALID_RESET_CODE);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/update-password',
      payload: { data: { email: owner.email, vcode: code, password: 'reset password 1' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth })).statusCode,
    ).toBe(401);
    await expect(signIn(t.app, owner.email, 'reset password 1')).resolves.toBeTruthy();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/update-password',
      payload: { data: { email: owner.email, vcode: code, password: 'reset password 2' } },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers a reset request for an unknown e-mail like any other, sending nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { data: { email } },
    });
    expect(res.statusCode).toBe(200);
    await jobsDone(t, passwordResetJob.id);
    const mails = await t.database.db.select().from(mailMessages);
    expect(mails.filter((m) => m.to === email)).toHaveLength(0);
  });
});

describe('time zone and API key', () => {
  it('update-timezone echoes the time_zone; without force a chosen zone stays', async () => {
    const owner = await signUpOwner(t.app);
    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/update-timezone?tz=Europe/Paris',
      headers: owner.auth,
    });
    expect(first.json().data.time_zone).toBe('Europe/Paris');
    const unforced = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/update-timezone?tz=Asia/Tokyo',
      headers: owner.auth,
    });
    expect(unforced.json().data.time_zone).toBe('Europe/Paris');
    const forced = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/update-timezone?tz=Asia/Tokyo&force=true',
      headers: owner.auth,
    });
    expect(forced.json().data.time_zone).toBe('Asia/Tokyo');
  });

  it('refuses an unknown time zone with 400 naming tz', async () => {
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/update-timezone?tz=Mars/Olympus',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('tz');
  });

  it('reset-api-key answers a new key each time', async () => {
    const owner = await signUpOwner(t.app);
    const a = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/reset-api-key',
      headers: owner.auth,
    });
    const b = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/reset-api-key',
      headers: owner.auth,
    });
    expect(a.json().data.api_key).toMatch(/^fw_/);
    expect(a.json().data.api_key).not.toBe(b.json().data.api_key);
  });
});

describe('sign-in limits behind a trusted proxy (TRUST_PROXY)', () => {
  const proxy = '10.1.2.3';
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ config: { trustProxy: [proxy] } });
  });
  afterAll(() => proxied.close());

  it('counts the client address the proxy forwards, not what the client wrote before it', async () => {
    const owner = await signUpOwner(proxied.app);
    const via = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      const res = await signInAttempt(proxied, owner.email, 'wrong', proxy, via('203.0.113.5'));
      expect(res.statusCode).toBe(401);
    }
    const locked = await signInAttempt(proxied, owner.email, owner.password, proxy, via('203.0.113.5'));
    expect(locked.statusCode).toBe(429);
    expectRetryAfter(locked);
    // A client's own X-Forwarded-For comes before the proxy's entry and is not believed.
    const prefixed = await signInAttempt(
      proxied,
      owner.email,
      owner.password,
      proxy,
      via('198.51.100.7, 203.0.113.5'),
    );
    expect(prefixed.statusCode).toBe(429);
    const otherClient = await signInAttempt(proxied, owner.email, owner.password, proxy, via('203.0.113.6'));
    expect(otherClient.statusCode).toBe(200);
  });
});
