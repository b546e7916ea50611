import { hasPermission, isAdmin, type PermissionFlag } from '@funnelwork/domain/rules';
import { useMe } from '../session/api.ts';

/** The account feature that clone, delete and geo-funnel creation need (spec §6). */
export const FUNNELS_FEATURE = 'funnels';

/**
 * What the signed-in member may do with funnels. Administrators pass every check, as on the server;
 * the others need the named flag.
 */
export function useFunnelAccess() {
  const me = useMe();
  const can = (flag: PermissionFlag) => isAdmin(me.member_account) || hasPermission(me.member_account, flag);
  return {
    me,
    /** Funnel, folder, product and domain writes; funnel apps and settings links. */
    funnels: can('funnels'),
    /** "The New step button is locked unless the user has editor permission." */
    editor: can('editor'),
    automations: can('automations'),
    /** "Funnel clone, funnel delete and geo-funnel creation are locked when the account lacks the 'funnels' feature." */
    funnelsFeature: me.features.includes(FUNNELS_FEATURE),
  };
}
