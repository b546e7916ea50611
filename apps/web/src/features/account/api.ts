import { accountEndpoints } from '@funnelwork/domain/api/account';
import { usersEndpoints } from '@funnelwork/domain/api/users';
import { SUBDOMAIN_UNEXPECTED, TIMEZONE_FAILURE } from '@funnelwork/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOrThrow, type DataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { sessionKeys, useSetMe } from '../session/api.ts';

/** The answer of `GET account`. */
export type AccountSettings = DataOf<typeof accountEndpoints.getAccount>;

export const accountKeys = { account: ['account'] as const };

export function useAccountSettings() {
  return useQuery({
    queryKey: accountKeys.account,
    queryFn: () => callOrThrow(accountEndpoints.getAccount),
  });
}

/** Saves the business name and default currency; the signed-in user carries them too. */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (data: { name?: string; default_currency_code?: string }) => {
      const account = await callOrThrow(accountEndpoints.updateAccount, { body: { data } });
      queryClient.setQueryData(accountKeys.account, account);
      return account;
    },
    invalidates: [sessionKeys.me],
    success: () => 'Your account settings were saved',
    failure: (error) => error.message,
  });
}

export function useSaveProfile(userId: number) {
  const setMe = useSetMe();
  return useApiMutation({
    mutationFn: async (data: { first_name: string; last_name: string }) => {
      const me = await callOrThrow(usersEndpoints.updateUser, { params: { id: userId }, body: { data } });
      setMe(me);
      return me;
    },
    invalidates: [],
    success: () => 'Your profile was saved',
    failure: (error) => error.message,
  });
}

/** A refusal from the server (4xx) is its message, beside the field too; anything else the spec's text. */
export const subdomainRefusal = (error: ApiError) =>
  error.failure.info.status >= 400 && error.failure.info.status < 500 ? error.failure.info.data : undefined;

export function useChangeSubdomain() {
  return useApiMutation({
    mutationFn: async (subdomain: string) => {
      const answer = await callOrThrow(accountEndpoints.createChangeSubdomain, {
        body: { data: { subdomain } },
      });
      return answer.subdomain;
    },
    invalidates: [],
    failure: (error) => subdomainRefusal(error) ?? SUBDOMAIN_UNEXPECTED,
  });
}

/** Succeeds only when the answer echoes the same time_zone. */
export function useUpdateTimezone() {
  return useApiMutation({
    mutationFn: async (tz: string) => {
      const answer = await callOrThrow(usersEndpoints.updateUsersMeUpdateTimezone, {
        query: { tz, force: true },
      });
      if (answer.time_zone !== tz) {
        throw new ApiError({ error: TIMEZONE_FAILURE, info: { status: 200, data: TIMEZONE_FAILURE } });
      }
      return answer;
    },
    invalidates: [],
    failure: () => TIMEZONE_FAILURE,
  });
}

export function useResetApiKey() {
  return useApiMutation({
    mutationFn: () => callOrThrow(usersEndpoints.updateUsersMeResetApiKey),
    invalidates: [],
    failure: (error) => error.message,
  });
}

/** Changes the password; a refusal that names a field (the current password) shows beside it. */
export function useChangePassword() {
  return useApiMutation({
    mutationFn: (data: { current_password: string; password: string }) =>
      callOrThrow(usersEndpoints.createUsersMeChangePassword, { body: { data } }),
    invalidates: [],
    success: () => 'Your password was changed',
  });
}
