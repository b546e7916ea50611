import type { Me } from '@funnelwork/domain';
import type { ApiFailure } from '../../shared/api-client.ts';
import { authStore } from '../../shared/auth-store.ts';
import { listMyAccounts, selectAccount, signIn } from './api.ts';

export type SignInOutcome =
  | { kind: 'failed'; failure: ApiFailure }
  /** Exactly one account: chosen automatically. */
  | { kind: 'ready'; me: Me }
  /** Several accounts (or none): the user chooses on SelectAccount. */
  | { kind: 'choose-account' };

/** Sign in, then "exactly one account → select it automatically; several → SelectAccount". */
export async function signInAndChooseAccount(email: string, password: string): Promise<SignInOutcome> {
  const token = await signIn(email, password);
  if (token.error !== undefined) return { kind: 'failed', failure: token };
  authStore.clear();
  authStore.setToken(token.data.access_token);
  const accounts = await listMyAccounts();
  if (accounts.error !== undefined) return { kind: 'failed', failure: accounts };
  const [only] = accounts.data;
  if (accounts.data.length !== 1 || !only) return { kind: 'choose-account' };
  return chooseAccount(only.id);
}

export async function chooseAccount(accountId: number): Promise<SignInOutcome> {
  const me = await selectAccount(accountId);
  if (me.error !== undefined) return { kind: 'failed', failure: me };
  authStore.setUser(me.data);
  authStore.setAccountId(accountId);
  return { kind: 'ready', me: me.data };
}

/** Where to go after signing in: the kept `redirect` query (same-site paths only) or home. */
export function redirectTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect');
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}
