import { describe, expect, it } from 'vitest';
import { hasPermission, isAccessDeniedMessage, isAdmin, parsePermissions, roleLabel } from './permissions.ts';

const member = (permissions: unknown) => ({
  permissions: typeof permissions === 'string' ? permissions : JSON.stringify(permissions),
});

describe('permissions (spec §6)', () => {
  it('"Missing account, missing permissions or a parse failure means no permission"', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin({ permissions: null })).toBe(false);
    expect(isAdmin(member('{not json'))).toBe(false);
    expect(parsePermissions('[1,2]')).toBeNull();
  });
  it('"An admin check is true only when the admin flag is set"', () => {
    expect(isAdmin(member({ admin: true }))).toBe(true);
    expect(isAdmin(member({ funnels: true, editor: true }))).toBe(false);
    expect(isAdmin(member({ admin: 'yes' }))).toBe(false);
  });
  it('"a generic check reads any named flag (default admin)"', () => {
    expect(hasPermission(member({ orders: true }), 'orders')).toBe(true);
    expect(hasPermission(member({ orders: true }))).toBe(false);
    expect(hasPermission(member({ admin: true }))).toBe(true);
  });
  it('"Displayed role is the first match in this order: Administrator, Funnels admin, Editor, Automations master, Orders master; otherwise Readonly (unknown on parse failure)"', () => {
    expect(roleLabel(member({ admin: true, orders: true }))).toBe('Administrator');
    expect(roleLabel(member({ funnels: true, editor: true }))).toBe('Funnels admin');
    expect(roleLabel(member({ editor: true, automations: true }))).toBe('Editor');
    expect(roleLabel(member({ automations: true, orders: true }))).toBe('Automations master');
    expect(roleLabel(member({ orders: true }))).toBe('Orders master');
    expect(roleLabel(member({}))).toBe('Readonly');
    expect(roleLabel(member('oops'))).toBe('Unknown');
  });
  it("\"A server message containing 'restricted area: access denied' shows 'Access denied!'\"", () => {
    expect(isAccessDeniedMessage('Error: restricted area: access denied')).toBe(true);
    expect(isAccessDeniedMessage('not found')).toBe(false);
  });
});
