import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { memberOf } from '../funnels/funnels.fixtures.ts';
import { SUBDOMAIN_TAKEN } from './account.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changeSubdomain = (auth: Record<string, string>, subdomain: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/change-subdomain',
    headers: auth,
    payload: { data: { subdomain } },
  });

describe('account settings', () => {
  it('reads and patches the account name and default currency', async () => {
    const owner = await signUpOwner(t.app, { account_name: 'Old name' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: owner.auth,
      payload: { data: { name: 'New name', default_currency_code: 'EUR' } },
    });
    expect(res.json().data).toMatchObject({ name: 'New name', default_currency_code: 'EUR' });
  });

  it('"Account settings, Billing and Team items are visible only to admins": other staff get 403', async () => {
    const owner = await signUpOwner(t.app, { account_name: 'Kept name' });
    const manager = await memberOf(t, owner, {
      funnels: true,
      editor: true,
      automations: true,
      orders: true,
    });
    for (const res of [
      await manager.api.patch('account', { name: 'Taken over', default_currency_code: 'EUR' }),
      await changeSubdomain(manager.auth, `staff${owner.accountId}shop`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    }
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: owner.auth });
    expect(account.json().data).toMatchObject({
      name: 'Kept name',
      default_currency_code: 'USD',
      subdomain: null,
    });
  });

  it('Subdomain minimum 5 characters: a 4-character one is refused naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const res = await changeSubdomain(owner.auth, 'abcd');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      field: 'data.subdomain',
      message: 'data.subdomain: Subdomain must be at least 5 characters',
    });
    expect((await changeSubdomain(owner.auth, 'abcde')).statusCode).toBe(200);
  });

  it('keeps subdomains unique across accounts, case-insensitively', async () => {
    const a = await signUpOwner(t.app);
    const b = await signUpOwner(t.app);
    const name = `shop${Date.now()}`;
    expect((await changeSubdomain(a.auth, name)).statusCode).toBe(200);
    const taken = await changeSubdomain(b.auth, name.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(SUBDOMAIN_TAKEN);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: b.auth });
    expect(me.json().data.subdomain).toBeNull();
  });

  it('two accounts racing for one subdomain: one gets it, the others a 409, never a 500', async () => {
    const owners = await Promise.all(Array.from({ length: 8 }, () => signUpOwner(t.app)));
    const name = `race${Date.now()}`;
    const answers = await Promise.all(owners.map((o) => changeSubdomain(o.auth, name)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().error).toMatchObject({ message: SUBDOMAIN_TAKEN, field: 'data.subdomain' });
    }
  });
});
