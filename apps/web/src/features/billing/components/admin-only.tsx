import { isAdmin } from '@funnelwork/domain/rules';
import type { ReactNode } from 'react';
import { InfoMessage } from '../../../shared/info-message.tsx';
import { useMe } from '../../session/api.ts';

/** "Account settings, Billing and Team items are visible only to admins": the server refuses the rest too. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (!isAdmin(me.member_account)) {
    return <InfoMessage title="Access denied">Billing is for the account's administrators.</InfoMessage>;
  }
  return children;
}
