import type { ApiKey, CreateDeveloperAppInput, DeveloperApp, NewApiKey } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { apiOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const developerAppKeys = { all: ['developer-apps'] as const };

/** The account's developer apps with their keys (prefixes only). Administrators only. */
export function useDeveloperApps(enabled = true) {
  return useQuery({
    queryKey: developerAppKeys.all,
    queryFn: () => apiOrThrow<DeveloperApp[]>('GET', 'developers/me/apps'),
    enabled,
  });
}

/** A new app; a refused name or scope shows beside its field. */
export function useCreateDeveloperApp() {
  return useApiMutation({
    mutationFn: (data: CreateDeveloperAppInput) =>
      apiOrThrow<DeveloperApp>('POST', 'developers/me/apps', { body: { data } }),
    invalidates: [developerAppKeys.all],
    success: (app) => `${app.name} created`,
  });
}

export function useDeleteDeveloperApp() {
  return useApiMutation({
    mutationFn: (app: DeveloperApp) =>
      apiOrThrow<{ success: true }>('DELETE', `developers/me/apps/${app.id}`),
    invalidates: [developerAppKeys.all],
    success: (_data, app) => `${app.name} deleted`,
  });
}

/** A new API key: the answer is the only time its full text is known. */
export function useCreateApiKey() {
  return useApiMutation({
    mutationFn: (app: DeveloperApp) => apiOrThrow<NewApiKey>('POST', `developers/me/apps/${app.id}/keys`),
    invalidates: [developerAppKeys.all],
  });
}

export function useRevokeApiKey() {
  return useApiMutation({
    mutationFn: ({ app, key }: { app: DeveloperApp; key: ApiKey }) =>
      apiOrThrow<ApiKey>('DELETE', `developers/me/apps/${app.id}/keys/${key.id}`),
    invalidates: [developerAppKeys.all],
    success: (key) => `Key ${key.prefix}… revoked`,
  });
}
