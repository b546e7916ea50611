import type { accountSettingsSchema } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { api, apiOrThrow } from '../../shared/api-client.ts';

/** The answer of `GET account`, typed by the shared contract. */
export type AccountSettings = ReturnType<typeof accountSettingsSchema.parse>;

export const accountKeys = { account: ['account'] as const };

export function useAccountSettings() {
  return useQuery({
    queryKey: accountKeys.account,
    queryFn: () => apiOrThrow<AccountSettings>('GET', 'account'),
  });
}

export function patchAccount(data: { name?: string; default_currency_code?: string }) {
  return api<AccountSettings>('PATCH', 'account', { body: { data } });
}

export function changeSubdomain(subdomain: string) {
  return api<{ subdomain: string }>('POST', 'change-subdomain', { body: { data: { subdomain } } });
}

export function updateTimezone(tz: string) {
  return api<{ time_zone: string }>('PUT', 'users/me/update-timezone', { query: { tz, force: true } });
}

export function resetApiKey() {
  return api<{ api_key: string }>('PATCH', 'users/me/reset-api-key');
}

export function changePassword(data: { current_password: string; password: string }) {
  return api<{ success: true }>('POST', 'users/me/change-password', { body: { data } });
}
