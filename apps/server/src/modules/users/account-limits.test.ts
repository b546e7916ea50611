// Issue 35 items 15–17: password-reset codes cannot be brute-forced, sign-up, sign-in and reset answer
// alike whether an account exists, and wrong current passwords are limited like sign-ins.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailMessages, passwordResets, users } from '../../db/schema/index.ts';
import {
  createTestApp,
  jobsDone,
  signIn,
  signUpOwner,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.ts';
import { passwordHashing } from './passwords.ts';
import {
  CODE_WINDOW_MS,
  INVALID_RESET_CODE,
  passwordResetJob,
  RESET_CODE_TTL_MS,
  tooManyResetRequests,
  tooManySignUps,
  tooManyWrongCodes,
  tooManyWrongPasswords,
} from './users.service.ts';

/** Every argon2 call the server makes, counted (never timed) to show equal work for every e-mail. */
const argon2Calls = { hash: 0, verify: 0 };
const realHashing = { ...passwordHashing };
vi.spyOn(passwordHashing, 'hash').mockImplementation((password) => {
  argon2Calls.hash++;
  return realHashing.hash(password);
});
vi.spyOn(passwordHashing, 'verify').mockImplementation((passwordHash, password) => {
  argon2Calls.verify++;
  return realHashing.verify(passwordHash, password);
});

const SIGN_UPS_PER_HOUR = 3;
let now = new Date('2031-03-01T09:00:00Z').getTime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { signUpsPerAddressPerHour: SIGN_UPS_PER_HOUR },
    accountsClock: () => new Date(now),
    // A reset request's e-mail is sent by a job (passwordResetJob).
    startQueue: true,
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});
// Each test starts an hour after the last: no limit of an earlier test still applies.
beforeEach(() => {
  now += 2 * 60 * 60_000;
});

let addressCounter = 0;
/** A client address of its own (TEST-NET-2), so each test's limits start from nothing. */
const newAddress = () => `198.51.100.${++addressCounter}`;

const post = (url: string, data: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload: { data }, remoteAddress });

const requestReset = (email: string, ip: string) => post('request-password-reset', { email }, ip);
const tryCode = (email: string, vcode: string, ip: string, password = 'a new password 1') =>
  post('update-password', { email, vcode, password }, ip);

/** The code of the newest reset e-mail to `email`. */
async function newestCode(email: string): Promise<string> {
  await jobsDone(t, passwordResetJob.id);
  const mails = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email));
  const code = /code is (\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no reset code was mailed to ${email}`);
  return code;
}
const wrongCode = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

/** A 429 with its wait: Retry-After in whole seconds within the window, the message saying minutes. */
function expectWait(
  res: { statusCode: number; headers: Record<string, unknown>; json(): { error: { message: string } } },
  message: (seconds: number) => string,
) {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60 * 60);
  expect(res.json().error.message).toBe(message(seconds));
  return seconds;
}

describe('password-reset codes cannot be brute-forced (item 15)', () => {
  it('mails one e-mail 3 codes in 15 minutes, then answers 429 with Retry-After until the window passes', async () => {
    const owner = await signUpOwner(t.app);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await requestReset(owner.email, newAddress()));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 429, 429, 429]);
    expectWait(answers[3] as (typeof answers)[number], tooManyResetRequests);
    await jobsDone(t, passwordResetJob.id);
    const mailed = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, owner.email));
    expect(mailed).toHaveLength(3);
    now += CODE_WINDOW_MS + 1000;
    expect((await requestReset(owner.email, newAddress())).statusCode).toBe(200);
  });

  it('lets one address ask for 10 codes in 15 minutes, whatever the e-mails', async () => {
    const ip = newAddress();
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await requestReset(uniqueEmail('victim'), ip)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect((await requestReset(uniqueEmail('victim'), newAddress())).statusCode).toBe(200);
  });

  it('stops a loop of wrong codes with 429s; the real code tried after it is refused, then has expired', async () => {
    const owner = await signUpOwner(t.app);
    const ip = newAddress();
    expect((await requestReset(owner.email, ip)).statusCode).toBe(200);
    const code = await newestCode(owner.email);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await tryCode(owner.email, wrongCode(code, i), ip));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(20).fill(429)]);
    expectWait(answers[10] as (typeof answers)[number], tooManyWrongCodes);

    // The real code now: refused from this address and from any other (the e-mail's tries are used up).
    expect((await tryCode(owner.email, code, ip)).statusCode).toBe(429);
    expect((await tryCode(owner.email, code, newAddress())).statusCode).toBe(429);
    // After the wait the code has expired (and had died after its 5 tries): the password is unchanged.
    now += CODE_WINDOW_MS + 1000;
    const late = await tryCode(owner.email, code, ip);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(INVALID_RESET_CODE);
    await expect(signIn(t.app, owner.email, owner.password)).resolves.toBeTruthy();
  });

  it('kills a code after 5 tries, also when 8 wrong ones arrive at once from 8 addresses', async () => {
    const owner = await signUpOwner(t.app);
    expect((await requestReset(owner.email, newAddress())).statusCode).toBe(200);
    const code = await newestCode(owner.email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => tryCode(owner.email, wrongCode(code, i), newAddress())),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(400));
    const real = await tryCode(owner.email, code, newAddress());
    expect(real.statusCode).toBe(400);
    expect(real.json().error.message).toBe(INVALID_RESET_CODE);
  });

  it('lets a code live 15 minutes, as its e-mail says', async () => {
    expect(RESET_CODE_TTL_MS).toBe(15 * 60_000);
    const owner = await signUpOwner(t.app);
    expect((await requestReset(owner.email, newAddress())).statusCode).toBe(200);
    await jobsDone(t, passwordResetJob.id);
    const [mail] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, owner.email));
    expect(mail?.text).toContain('The code expires in 15 minutes.');
    const code = await newestCode(owner.email);
    now += RESET_CODE_TTL_MS + 1000;
    expect((await tryCode(owner.email, code, newAddress())).statusCode).toBe(400);

    expect((await requestReset(owner.email, newAddress())).statusCode).toBe(200);
    now += RESET_CODE_TTL_MS - 60_000;
    expect((await tryCode(owner.email, await newestCode(owner.email), newAddress())).statusCode).toBe(200);
  });
});

describe('no account enumeration (item 16)', () => {
  it('answers a sign-up of a taken e-mail as of a new one, after one password hash each', async () => {
    const owner = await signUpOwner(t.app);
    const fresh = uniqueEmail('fresh');
    const answers = [];
    for (const email of [owner.email, fresh]) {
      argon2Calls.hash = 0;
      argon2Calls.verify = 0;
      const res = await post(
        'users/signup',
        { email, password: 'their password', first_name: 'Eve' },
        newAddress(),
      );
      answers.push({
        status: res.statusCode,
        body: res.json(),
        hash: argon2Calls.hash,
        verify: argon2Calls.verify,
      });
    }
    expect(answers).toEqual([
      { status: 201, body: { data: { email: owner.email } }, hash: 1, verify: 0 },
      { status: 201, body: { data: { email: fresh } }, hash: 1, verify: 0 },
    ]);
    // The taken e-mail's owner learnt of it by e-mail; the answer did not say.
    const notice = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, owner.email)));
    expect(notice.map((m) => m.subject)).toContain('Someone tried to sign up with your e-mail');
  });

  it('answers a sign-in of an unknown e-mail as of a wrong password, after one argon2 verify each', async () => {
    const owner = await signUpOwner(t.app);
    const answers = [];
    for (const email of [owner.email, uniqueEmail('nobody')]) {
      argon2Calls.hash = 0;
      argon2Calls.verify = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        payload: new URLSearchParams({
          grant_type: 'password',
          username: email,
          password: 'a guess',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: newAddress(),
      });
      answers.push({
        status: res.statusCode,
        body: res.json(),
        hash: argon2Calls.hash,
        verify: argon2Calls.verify,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 401, hash: 0, verify: 1 });
  });

  it('answers reset requests alike for a known and an unknown e-mail', async () => {
    const owner = await signUpOwner(t.app);
    const known = await requestReset(owner.email, newAddress());
    const unknown = await requestReset(uniqueEmail('nobody'), newAddress());
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
  });

  it('does the same work for a reset request whether the e-mail has an account: one job, looked up later', async () => {
    const owner = await signUpOwner(t.app);
    const stranger = uniqueEmail('nobody');
    // The jobs are held back, so what the request itself did is all there is to see.
    const sent = vi.spyOn(t.queue, 'send').mockResolvedValue(null);
    const codes = () => t.database.db.select().from(passwordResets);
    const mails = () => t.database.db.select().from(mailMessages);
    const [codesBefore, mailsBefore] = [(await codes()).length, (await mails()).length];
    try {
      for (const email of [owner.email, stranger])
        expect((await requestReset(email, newAddress())).statusCode).toBe(200);
      expect(sent.mock.calls).toEqual([
        [passwordResetJob, { email: owner.email }],
        [passwordResetJob, { email: stranger }],
      ]);
      // Neither request issued a code nor wrote an e-mail: the job does that, for the known e-mail only.
      expect((await codes()).length).toBe(codesBefore);
      expect((await mails()).length).toBe(mailsBefore);
    } finally {
      sent.mockRestore();
    }
  });

  it("limits sign-ups per address: past the hour's limit 429 with Retry-After; other addresses sign up", async () => {
    const ip = newAddress();
    const answers = [];
    for (let i = 0; i <= SIGN_UPS_PER_HOUR; i++)
      answers.push(
        await post(
          'users/signup',
          { email: uniqueEmail('bulk'), password: 'long enough pw', first_name: 'B' },
          ip,
        ),
      );
    expect(answers.map((res) => res.statusCode)).toEqual([...Array(SIGN_UPS_PER_HOUR).fill(201), 429]);
    expectWait(answers[SIGN_UPS_PER_HOUR] as (typeof answers)[number], tooManySignUps);
    const made = await t.database.db.select().from(users);
    expect(made.filter((user) => user.email.startsWith('bulk-'))).toHaveLength(SIGN_UPS_PER_HOUR);
    const other = await post(
      'users/signup',
      { email: uniqueEmail('bulk'), password: 'long enough pw', first_name: 'B' },
      newAddress(),
    );
    expect(other.statusCode).toBe(201);
  });
});

describe('change-password is limited like sign-in (item 17)', () => {
  it('answers 429 with Retry-After after 5 wrong current passwords, the right one too, until the window passes', async () => {
    const owner = await signUpOwner(t.app);
    const ip = newAddress();
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/change-password',
        headers: owner.auth,
        payload: { data: { current_password: current, password: 'a brand new password' } },
        remoteAddress: ip,
      });
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await change(`guess ${i}`));
    expect(answers.map((res) => res.statusCode)).toEqual([...Array(5).fill(400), ...Array(20).fill(429)]);
    expectWait(answers[5] as (typeof answers)[number], tooManyWrongPasswords);
    expect((await change(owner.password)).statusCode).toBe(429);
    now += CODE_WINDOW_MS + 1000;
    expect((await change(owner.password)).statusCode).toBe(200);
  });
});
