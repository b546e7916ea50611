import type { Me } from '@funnelwork/domain';
import { callOrThrow } from '../../shared/api-client.ts';
import { authStore } from '../../shared/auth-store.ts';
import { sessionRows } from './rows.ts';

export type SignInOutcome =
  /** Exactly one account: chosen automatically. */
  | { kind: 'ready'; me: Me }
  /** Several accounts (or none): the user chooses on SelectAccount. */
  | { kind: 'choose-account' };

/**
 * Sign in, then "exactly one account → select it automatically; several → SelectAccount". A failed
 * step throws its ApiError.
 */
export async function signInAndChooseAccount(email: string, password: string): Promise<SignInOutcome> {
  const token = await callOrThrow(sessionRows.signIn, {
    form: { grant_type: 'password', username: email, password },
  });
  authStore.clear();
  authStore.setToken(token.access_token);
  const accounts = await callOrThrow(sessionRows.myAccounts);
  const [only] = accounts;
  if (accounts.length !== 1 || !only) return { kind: 'choose-account' };
  return chooseAccount(only.id);
}

export async function chooseAccount(accountId: number): Promise<SignInOutcome> {
  const me = await callOrThrow(sessionRows.chooseAccount, { params: { id: accountId } });
  authStore.setUser(me);
  authStore.setAccountId(accountId);
  return { kind: 'ready', me };
}

/** Where to go after signing in: the kept `redirect` query (same-site paths only) or home. */
export function redirectTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect');
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}
