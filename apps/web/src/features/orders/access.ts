import { hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { useMe } from '../session/api.ts';

/** Order writes, notes and exports need the member's 'orders' flag, as on the server; admins pass. */
export function useOrdersAccess() {
  const me = useMe();
  return { me, canWrite: isAdmin(me.member_account) || hasPermission(me.member_account, 'orders') };
}
