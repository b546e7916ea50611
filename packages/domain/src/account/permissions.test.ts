import { describe, expect, it } from 'vitest';
import {
  ACCESS_DENIED_NOTICE,
  ACCESS_DENIED_SERVER_MESSAGE,
  ACCESS_DENIED_TOOLTIP,
  hasPermission,
  isAccessDeniedMessage,
  isAdmin,
  PERMISSION_FLAGS,
  parsePermissions,
  permissionsOfRole,
  roleLabel,
  roleOfPermissions,
  STAFF_ROLES,
} from './permissions.ts';

const member = (permissions: unknown) => ({
  permissions: typeof permissions === 'string' ? permissions : JSON.stringify(permissions),
});

describe('permissions (spec §6)', () => {
  it(
    '"Permissions are a JSON object of flags on the member account: admin, funnels, ' +
      'editor, automations, orders."',
    () => {
      expect(PERMISSION_FLAGS).toEqual(['admin', 'funnels', 'editor', 'automations', 'orders']);
      expect(parsePermissions('{"admin":true,"orders":false}')).toEqual({ admin: true, orders: false });
      expect(parsePermissions('{}')).toEqual({});
    },
  );

  it('"Missing account, missing permissions or a parse failure means no permission."', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin({})).toBe(false);
    expect(isAdmin({ permissions: null })).toBe(false);
    expect(isAdmin({ permissions: '' })).toBe(false);
    expect(isAdmin(member('{not json'))).toBe(false);
    expect(hasPermission(member('{"orders":true'), 'orders')).toBe(false);
    expect(parsePermissions(null)).toBeNull();
    expect(parsePermissions('{not json')).toBeNull();
    expect(parsePermissions('[1,2]')).toBeNull();
    expect(parsePermissions('null')).toBeNull();
    expect(parsePermissions('true')).toBeNull();
  });

  it('"An admin check is true only when the admin flag is set"', () => {
    expect(isAdmin(member({ admin: true }))).toBe(true);
    expect(isAdmin(member({ admin: false }))).toBe(false);
    expect(isAdmin(member({ funnels: true, editor: true, automations: true, orders: true }))).toBe(false);
    expect(isAdmin(member({ admin: 'yes' }))).toBe(false);
    expect(isAdmin(member({ admin: 1 }))).toBe(false);
  });

  it('"a generic check reads any named flag (default admin)"', () => {
    expect(hasPermission(member({ orders: true }), 'orders')).toBe(true);
    expect(hasPermission(member({ orders: true }), 'funnels')).toBe(false);
    expect(hasPermission(member({ orders: true }))).toBe(false);
    expect(hasPermission(member({ admin: true }))).toBe(true);
    expect(hasPermission(member({ admin: true }), 'orders')).toBe(false);
  });

  it(
    '"Displayed role is the first match in this order: Administrator, Funnels admin, ' +
      'Editor, Automations master, Orders master; otherwise Readonly (unknown on parse ' +
      'failure)."',
    () => {
      expect(roleLabel(member({ admin: true, orders: true }))).toBe('Administrator');
      expect(roleLabel(member({ funnels: true, editor: true }))).toBe('Funnels admin');
      expect(roleLabel(member({ editor: true, automations: true }))).toBe('Editor');
      expect(roleLabel(member({ automations: true, orders: true }))).toBe('Automations master');
      expect(roleLabel(member({ orders: true }))).toBe('Orders master');
      expect(roleLabel(member({ admin: false, orders: false }))).toBe('Readonly');
      expect(roleLabel(member({}))).toBe('Readonly');
      expect(roleLabel(null)).toBe('Readonly');
      expect(roleLabel({ permissions: null })).toBe('Readonly');
      expect(roleLabel(member('oops'))).toBe('Unknown');
      expect(roleLabel(member('[]'))).toBe('Unknown');
    },
  );

  it('"roles exactly: Administrator, Funnels admin, Editor, Automations master, Orders master, Readonly"', () => {
    expect(STAFF_ROLES.map((entry) => entry.role)).toEqual([
      'Administrator',
      'Funnels admin',
      'Editor',
      'Automations master',
      'Orders master',
      'Readonly',
    ]);
    for (const { role } of STAFF_ROLES) {
      const permissions = permissionsOfRole(role);
      expect(roleLabel({ permissions: JSON.stringify(permissions) })).toBe(role);
      expect(roleOfPermissions(permissions)).toBe(role);
    }
    expect(isAdmin({ permissions: JSON.stringify(permissionsOfRole('Funnels admin')) })).toBe(false);
    expect(roleOfPermissions({ orders: true, editor: true })).toBeNull();
  });

  it("\"A server message containing 'restricted area: access denied' shows 'Access denied!'\"", () => {
    expect(ACCESS_DENIED_SERVER_MESSAGE).toBe('restricted area: access denied');
    expect(ACCESS_DENIED_NOTICE).toBe('Access denied!');
    expect(ACCESS_DENIED_TOOLTIP).toBe('Access denied');
    expect(isAccessDeniedMessage('Error: restricted area: access denied')).toBe(true);
    expect(isAccessDeniedMessage('restricted area: access denied')).toBe(true);
    expect(isAccessDeniedMessage('restricted area')).toBe(false);
    expect(isAccessDeniedMessage('Restricted Area: Access Denied')).toBe(false);
    expect(isAccessDeniedMessage('not found')).toBe(false);
  });
});
