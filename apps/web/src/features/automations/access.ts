import { hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { useMe } from '../session/api.ts';

/** Automation writes need the member's 'automations' flag, as on the server; admins pass. */
export function useAutomationsAccess() {
  const me = useMe();
  return { me, canWrite: isAdmin(me.member_account) || hasPermission(me.member_account, 'automations') };
}
