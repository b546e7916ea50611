export type PermissionFlag = 'admin' | 'funnels' | 'editor' | 'automations' | 'orders';
export const PERMISSION_FLAGS: readonly PermissionFlag[] = [
  'admin',
  'funnels',
  'editor',
  'automations',
  'orders',
];
export type Permissions = Partial<Record<PermissionFlag, boolean>>;
export type MemberAccountLike = { permissions?: string | null } | null | undefined;
export type RoleLabel =
  | 'Administrator'
  | 'Funnels admin'
  | 'Editor'
  | 'Automations master'
  | 'Orders master'
  | 'Readonly'
  | 'Unknown';

export const ACCESS_DENIED_SERVER_MESSAGE = 'restricted area: access denied';
export const ACCESS_DENIED_NOTICE = 'Access denied!';
export const ACCESS_DENIED_TOOLTIP = 'Access denied';

/**
 * "Permissions are a JSON object of flags on the member account." Missing text, text that is not JSON,
 * or JSON that is not a plain object (array, number, null) all give null.
 */
export function parsePermissions(json: string | null | undefined): Permissions | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Permissions) : null;
  } catch {
    return null;
  }
}

/** "A generic check reads any named flag (default admin)." Only a literal `true` counts as set. */
export function hasPermission(memberAccount: MemberAccountLike, flag: PermissionFlag = 'admin'): boolean {
  return parsePermissions(memberAccount?.permissions)?.[flag] === true;
}

/** "An admin check is true only when the admin flag is set." */
export function isAdmin(memberAccount: MemberAccountLike): boolean {
  return hasPermission(memberAccount, 'admin');
}

const ROLE_ORDER: ReadonlyArray<readonly [PermissionFlag, RoleLabel]> = [
  ['admin', 'Administrator'],
  ['funnels', 'Funnels admin'],
  ['editor', 'Editor'],
  ['automations', 'Automations master'],
  ['orders', 'Orders master'],
];

/**
 * "Displayed role is the first match in this order: Administrator, Funnels admin, Editor, Automations
 * master, Orders master; otherwise Readonly (unknown on parse failure)." A missing account or missing
 * permissions text is Readonly; 'Unknown' is kept for text that is present but is not a JSON object.
 */
export function roleLabel(memberAccount: MemberAccountLike): RoleLabel {
  const json = memberAccount?.permissions;
  if (!json) return 'Readonly';
  const permissions = parsePermissions(json);
  if (!permissions) return 'Unknown';
  return ROLE_ORDER.find(([flag]) => permissions[flag] === true)?.[1] ?? 'Readonly';
}

export type StaffRole = Exclude<RoleLabel, 'Unknown'>;

/**
 * The six roles of §6 and the flags each gives a member. Each set reads back as its own role by
 * `roleLabel`'s first-match order; an admin holds every flag, a funnels admin also builds steps.
 */
export const STAFF_ROLES: ReadonlyArray<{ role: StaffRole; permissions: Permissions }> = [
  {
    role: 'Administrator',
    permissions: { admin: true, funnels: true, editor: true, automations: true, orders: true },
  },
  { role: 'Funnels admin', permissions: { funnels: true, editor: true } },
  { role: 'Editor', permissions: { editor: true } },
  { role: 'Automations master', permissions: { automations: true } },
  { role: 'Orders master', permissions: { orders: true } },
  { role: 'Readonly', permissions: {} },
];

/** The flags of a role, as the staff form sends them. */
export function permissionsOfRole(role: StaffRole): Permissions {
  return { ...(STAFF_ROLES.find((entry) => entry.role === role)?.permissions ?? {}) };
}

/** The role whose flags are exactly these, or null for a hand-picked combination. */
export function roleOfPermissions(permissions: Permissions): StaffRole | null {
  const set = PERMISSION_FLAGS.filter((flag) => permissions[flag] === true).join(',');
  const match = STAFF_ROLES.find(
    (entry) => PERMISSION_FLAGS.filter((flag) => entry.permissions[flag] === true).join(',') === set,
  );
  return match?.role ?? null;
}

/** A server error whose message *contains* 'restricted area: access denied' shows 'Access denied!'. */
export function isAccessDeniedMessage(msg: string): boolean {
  return msg.includes(ACCESS_DENIED_SERVER_MESSAGE);
}
