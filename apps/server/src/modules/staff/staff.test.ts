import { STAFF_ROLES } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, members, users } from '../../db/schema/index.ts';
import { createTestApp, signIn, signUpOwner, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function codeMailedTo(email: string) {
  const mails = (await t.database.db.select().from(mailMessages)).filter((m) => m.to === email);
  return /code (\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
}

async function inviteStaff(
  owner: Awaited<ReturnType<typeof signUpOwner>>,
  permissions: Record<string, boolean>,
) {
  const email = uniqueEmail('staff');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/settings/staff',
    headers: owner.auth,
    payload: { data: { email, first_name: 'Sam', last_name: 'Staff', permissions } },
  });
  expect(res.statusCode).toBe(201);
  const code = await codeMailedTo(email);
  expect(code).toMatch(/^\d{6}$/);
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/update-password',
    payload: { data: { email, vcode: code, password: 'staff password 1' } },
  });
  expect(set.statusCode).toBe(200);
  const token = await signIn(t.app, email, 'staff password 1');
  return { email, member: res.json().data, auth: { authorization: `Bearer ${token}` } };
}

describe('staff', () => {
  it('invites staff by e-mail with permission flags; they set a password with the mailed code and sign in', async () => {
    const owner = await signUpOwner(t.app);
    const staff = await inviteStaff(owner, { orders: true });
    expect(staff.member).toMatchObject({ role: 'Orders master', owner: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: staff.auth });
    expect(me.json().data.email).toBe(staff.email);
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/staff', headers: owner.auth });
    expect(list.json().data.map((s: { role: string }) => s.role)).toEqual(['Administrator', 'Orders master']);
  });

  it('each of the six roles of §6, invited with its permission set, is listed as that role', async () => {
    const owner = await signUpOwner(t.app);
    for (const { role, permissions } of STAFF_ROLES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/settings/staff',
        headers: owner.auth,
        payload: { data: { email: uniqueEmail('role'), first_name: 'R', last_name: role, permissions } },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.role).toBe(role);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/staff', headers: owner.auth });
    expect(list.json().data.map((s: { role: string }) => s.role)).toEqual([
      'Administrator',
      ...STAFF_ROLES.map((entry) => entry.role),
    ]);
  });

  it('answers 8 concurrent invites of one new e-mail 1×201 and 7×409 naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/settings/staff',
          headers: owner.auth,
          payload: { data: { email, first_name: 'Sam', last_name: 'Staff', permissions: { orders: true } } },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json().error).toMatchObject({ status: 409, field: 'data.email' });
    const people = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(people).toHaveLength(1);
    const memberships = await t.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.userId, people[0]?.id ?? 0));
    expect(memberships).toHaveLength(1);
    // The invite that won made the user, so the invitee got the code to set a password.
    expect(await codeMailedTo(email)).toMatch(/^\d{6}$/);
  });

  it("answers 403 'restricted area: access denied' to staff without the admin flag", async () => {
    const owner = await signUpOwner(t.app);
    const staff = await inviteStaff(owner, { orders: true });
    for (const req of [
      { method: 'GET' as const, url: '/api/settings/staff' },
      {
        method: 'POST' as const,
        url: '/api/settings/staff',
        payload: { data: { email: uniqueEmail(), permissions: {} } },
      },
      { method: 'PATCH' as const, url: '/api/account', payload: { data: { name: 'Mine now' } } },
      { method: 'POST' as const, url: '/api/change-subdomain', payload: { data: { subdomain: 'takeover' } } },
    ]) {
      const res = await t.app.inject({ ...req, headers: staff.auth });
      expect(res.statusCode, req.url).toBe(403);
      expect(res.json().error.message).toBe('restricted area: access denied');
    }
  });

  it('updates flags, never the owner, and removal revokes the member’s sessions in that account', async () => {
    const owner = await signUpOwner(t.app);
    const staff = await inviteStaff(owner, { editor: true });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/settings/staff/${staff.member.id}`,
      headers: owner.auth,
      payload: { data: { permissions: { funnels: true } } },
    });
    expect(patched.json().data.role).toBe('Funnels admin');

    const list = await t.app.inject({ method: 'GET', url: '/api/settings/staff', headers: owner.auth });
    const ownerMember = list.json().data.find((s: { owner: boolean }) => s.owner);
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/settings/staff/${ownerMember.id}`,
      headers: owner.auth,
      payload: { data: { permissions: {} } },
    });
    expect(demote.statusCode).toBe(422);
    const removeOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/staff/${ownerMember.id}`,
      headers: owner.auth,
    });
    expect(removeOwner.statusCode).toBe(422);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/staff/${staff.member.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: staff.auth });
    expect(after.statusCode).toBe(401);
  });

  it('permission changes and removal take effect on the very next request (no stale session cache)', async () => {
    const owner = await signUpOwner(t.app);
    const staff = await inviteStaff(owner, { admin: true });
    const staffList = () => t.app.inject({ method: 'GET', url: '/api/settings/staff', headers: staff.auth });
    expect((await staffList()).statusCode).toBe(200);
    const patch = (permissions: Record<string, boolean>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/settings/staff/${staff.member.id}`,
        headers: owner.auth,
        payload: { data: { permissions } },
      });
    expect((await patch({ orders: true })).statusCode).toBe(200);
    expect((await staffList()).statusCode).toBe(403);
    expect((await patch({ admin: true })).statusCode).toBe(200);
    expect((await staffList()).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/staff/${staff.member.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await staffList()).statusCode).toBe(401);
  });

  it('a person in two accounts chooses one; the token then acts in that account only', async () => {
    const a = await signUpOwner(t.app, { account_name: 'First' });
    const b = await signUpOwner(t.app, { account_name: 'Second' });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/settings/staff',
      headers: b.auth,
      payload: { data: { email: a.email, permissions: { orders: true } } },
    });
    expect(invited.statusCode).toBe(201);
    const token = await signIn(t.app, a.email, a.password);
    const auth = { authorization: `Bearer ${token}` };
    const noAccount = await t.app.inject({ method: 'GET', url: '/api/account', headers: auth });
    expect(noAccount.statusCode).toBe(403);
    expect(noAccount.json().error.code).toBe('no_account');
    const accounts = await t.app.inject({ method: 'GET', url: '/api/users/me/accounts', headers: auth });
    expect(accounts.json().data.map((x: { name: string }) => x.name)).toEqual(['First', 'Second']);
    await t.app.inject({ method: 'POST', url: `/api/users/me/accounts/${b.accountId}`, headers: auth });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: auth });
    expect(account.json().data.name).toBe('Second');
  });
});
