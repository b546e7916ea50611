import type { Me, SignUpBody } from '@funnelwork/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callOrThrow } from '../../shared/api-client.ts';
import { authStore, hasChosenAccount, useAuth } from '../../shared/auth-store.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { sessionRows } from './rows.ts';
import { chooseAccount, signInAndChooseAccount } from './sign-in-flow.ts';

export const sessionKeys = {
  me: ['users', 'me'] as const,
  accounts: ['users', 'me', 'accounts'] as const,
};

async function fetchMe(): Promise<Me> {
  const me = await callOrThrow(sessionRows.me);
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
    queryFn: () => callOrThrow(sessionRows.myAccounts),
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

/** The session forms show a failure themselves, above the form or beside a field: no notices. */
const shownByTheForm = () => null;

export function useLogIn() {
  return useApiMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      signInAndChooseAccount(email, password),
    invalidates: [],
    failure: shownByTheForm,
  });
}

export function useChooseAccount() {
  return useApiMutation({
    mutationFn: chooseAccount,
    invalidates: [],
    failure: shownByTheForm,
  });
}

export function useSignUp() {
  return useApiMutation({
    mutationFn: (data: SignUpBody['data']) => callOrThrow(sessionRows.signUp, { body: { data } }),
    invalidates: [],
    failure: shownByTheForm,
  });
}

export function useRequestPasswordReset() {
  return useApiMutation({
    mutationFn: (email: string) =>
      callOrThrow(sessionRows.requestPasswordReset, { body: { data: { email } } }),
    invalidates: [],
    failure: shownByTheForm,
  });
}

export const PASSWORD_CHANGED = 'Your password was changed. Log in with your new password.';

export function useUpdatePassword() {
  return useApiMutation({
    mutationFn: (data: { email: string; vcode: string; password: string }) =>
      callOrThrow(sessionRows.updatePassword, { body: { data } }),
    invalidates: [],
    success: () => PASSWORD_CHANGED,
    failure: shownByTheForm,
  });
}

export function signOut() {
  return call(sessionRows.signOut);
}
