import type { accountSettingsSchema, Me } from '@funnelwork/domain';
import { SUBDOMAIN_UNEXPECTED, TIMEZONE_FAILURE } from '@funnelwork/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { sessionKeys, useSetMe } from '../session/api.ts';

/** The answer of `GET account`, typed by the shared contract. */
export type AccountSettings = ReturnType<typeof accountSettingsSchema.parse>;

export const accountKeys = { account: ['account'] as const };

export function useAccountSettings() {
  return useQuery({
    queryKey: accountKeys.account,
    queryFn: () => apiOrThrow<AccountSettings>('GET', 'account'),
  });
}

/** Saves the business name and default currency; the signed-in user carries them too. */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (data: { name?: string; default_currency_code?: string }) => {
      const account = await apiOrThrow<AccountSettings>('PATCH', 'account', { body: { data } });
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
      const me = await apiOrThrow<Me>('PATCH', `users/${userId}`, { body: { data } });
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
      const answer = await apiOrThrow<{ subdomain: string }>('POST', 'change-subdomain', {
        body: { data: { subdomain } },
      });
      return answer.subdomain ?? subdomain;
    },
    invalidates: [],
    failure: (error) => subdomainRefusal(error) ?? SUBDOMAIN_UNEXPECTED,
  });
}

/** Succeeds only when the answer echoes the same time_zone. */
export function useUpdateTimezone() {
  return useApiMutation({
    mutationFn: async (tz: string) => {
      const answer = await apiOrThrow<{ time_zone: string }>('PUT', 'users/me/update-timezone', {
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
    mutationFn: () => apiOrThrow<{ api_key: string }>('PATCH', 'users/me/reset-api-key'),
    invalidates: [],
    failure: (error) => error.message,
  });
}

/** Changes the password; a refusal that names a field (the current password) shows beside it. */
export function useChangePassword() {
  return useApiMutation({
    mutationFn: (data: { current_password: string; password: string }) =>
      apiOrThrow<{ success: true }>('POST', 'users/me/change-password', { body: { data } }),
    invalidates: [],
    success: () => 'Your password was changed',
  });
}
