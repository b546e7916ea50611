export type PermissionFlag = 'admin' | 'funnels' | 'editor' | 'automations' | 'orders';
export const PERMISSION_FLAGS: readonly PermissionFlag[] = [
  'admin',
  'funnels',
  'editor',
  'automations',
  'orders',
];
export type Permissions = Partial<Record<PermissionFlag, boolean>>;
type MemberAccount = { permissions?: string | null } | null | undefined;

export const ACCESS_DENIED_SERVER_MESSAGE = 'restricted area: access denied';
export const ACCESS_DENIED_NOTICE = 'Access denied!';
export const ACCESS_DENIED_TOOLTIP = 'Access denied';

/** "Missing account, missing permissions or a parse failure means no permission." */
export function parsePermissions(json: string | null | undefined): Permissions | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Permissions) : null;
  } catch {
    return null;
  }
}

/** "A generic check reads any named flag (default admin)." */
export function hasPermission(memberAccount: MemberAccount, flag: PermissionFlag = 'admin'): boolean {
  return parsePermissions(memberAccount?.permissions)?.[flag] === true;
}

/** "An admin check is true only when the admin flag is set." */
export function isAdmin(memberAccount: MemberAccount): boolean {
  return hasPermission(memberAccount, 'admin');
}

const ROLE_ORDER: ReadonlyArray<[PermissionFlag, string]> = [
  ['admin', 'Administrator'],
  ['funnels', 'Funnels admin'],
  ['editor', 'Editor'],
  ['automations', 'Automations master'],
  ['orders', 'Orders master'],
];

/** "Displayed role is the first match in this order … otherwise Readonly (unknown on parse failure)." */
export function roleLabel(memberAccount: MemberAccount): string {
  const permissions = parsePermissions(memberAccount?.permissions);
  if (!permissions) return 'Unknown';
  return ROLE_ORDER.find(([flag]) => permissions[flag] === true)?.[1] ?? 'Readonly';
}

export function isAccessDeniedMessage(message: string): boolean {
  return message.includes(ACCESS_DENIED_SERVER_MESSAGE);
}
