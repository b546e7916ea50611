import type { Me, MyAccount, SignUpBody, TokenAnswer } from '@funnelwork/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, api, apiOrThrow } from '../../shared/api-client.ts';
import { authStore, hasChosenAccount, useAuth } from '../../shared/auth-store.ts';

export const sessionKeys = {
  me: ['users', 'me'] as const,
  accounts: ['users', 'me', 'accounts'] as const,
};

async function fetchMe(): Promise<Me> {
  const me = await apiOrThrow<Me>('GET', 'users/me');
  authStore.setUser(me);
  return me;
}

/** The signed-in user merged with the chosen account; only asked for once an account is chosen. */
export function useMeQuery() {
  const auth = useAuth();
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: fetchMe,
    enabled: !!auth.token && hasChosenAccount(auth),
    meta: { silent: true },
  });
}

/** The user inside the route guard, where it is always loaded. */
export function useMe(): Me {
  const { data } = useMeQuery();
  if (!data) throw new Error('useMe is used outside the route guard');
  return data;
}

export function useMyAccounts(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.accounts,
    queryFn: () => apiOrThrow<MyAccount[]>('GET', 'users/me/accounts'),
    enabled,
    staleTime: 0,
  });
}

export function useSetMe() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    authStore.setUser(me);
    queryClient.setQueryData(sessionKeys.me, me);
    // A `users/me` read that started before this answer would land after it with the old user
    // (e.g. the welcome popup opening again): cancel it and keep this answer.
    void queryClient.cancelQueries({ queryKey: sessionKeys.me }).then(() => {
      queryClient.setQueryData(sessionKeys.me, me);
    });
  };
}

export function signIn(email: string, password: string) {
  return api<TokenAnswer>('POST', 'users/sign_in', {
    form: { grant_type: 'password', username: email, password },
  });
}

export function signUp(data: SignUpBody['data']) {
  return api<{ id: number; email: string }>('POST', 'users/signup', { body: { data } });
}

export function listMyAccounts() {
  return api<MyAccount[]>('GET', 'users/me/accounts');
}

export function selectAccount(id: number) {
  return api<Me>('POST', `users/me/accounts/${id}`);
}

export function signOut(): Promise<ApiResult<{ success: true }>> {
  return api('POST', 'users/sign_out');
}

export function requestPasswordReset(email: string) {
  return api<{ success: true }>('POST', 'request-password-reset', { body: { data: { email } } });
}

export function updatePassword(data: { email: string; vcode: string; password: string }) {
  return api<{ success: true }>('POST', 'update-password', { body: { data } });
}

export function patchUser(
  id: number,
  data: { first_name?: string; last_name?: string; onboarding_finished?: boolean },
) {
  return api<Me>('PATCH', `users/${id}`, { body: { data } });
}
