import type { Me, MyAccount, TokenAnswer } from '@funnelwork/domain';
import { apiOrThrow } from '../../shared/api-client.ts';
import { authStore } from '../../shared/auth-store.ts';

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
  const token = await apiOrThrow<TokenAnswer>('POST', 'users/sign_in', {
    form: { grant_type: 'password', username: email, password },
  });
  authStore.clear();
  authStore.setToken(token.access_token);
  const accounts = await apiOrThrow<MyAccount[]>('GET', 'users/me/accounts');
  const [only] = accounts;
  if (accounts.length !== 1 || !only) return { kind: 'choose-account' };
  return chooseAccount(only.id);
}

export async function chooseAccount(accountId: number): Promise<SignInOutcome> {
  const me = await apiOrThrow<Me>('POST', `users/me/accounts/${accountId}`);
  authStore.setUser(me);
  authStore.setAccountId(accountId);
  return { kind: 'ready', me };
}

/** Where to go after signing in: the kept `redirect` query (same-site paths only) or home. */
export function redirectTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect');
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}
