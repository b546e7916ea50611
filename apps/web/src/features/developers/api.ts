import type { ApiKey, CreateDeveloperAppInput, DeveloperApp } from '@funnelwork/domain';
import { developersEndpoints } from '@funnelwork/domain/api/developers';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const developerAppKeys = { all: ['developer-apps'] as const };

/** The account's developer apps with their keys (prefixes only). Administrators only. */
export function useDeveloperApps(enabled = true) {
  return useQuery({
    queryKey: developerAppKeys.all,
    queryFn: () => callOrThrow(developersEndpoints.listDevelopersMeApps),
    enabled,
  });
}

/** A new app; a refused name or scope shows beside its field. */
export function useCreateDeveloperApp() {
  return useApiMutation({
    mutationFn: (data: CreateDeveloperAppInput) =>
      callOrThrow(developersEndpoints.createDevelopersMeApp, { body: { data } }),
    invalidates: [developerAppKeys.all],
    success: (app) => `${app.name} created`,
  });
}

export function useDeleteDeveloperApp() {
  return useApiMutation({
    mutationFn: (app: DeveloperApp) =>
      callOrThrow(developersEndpoints.deleteDevelopersMeApp, { params: { id: app.id } }),
    invalidates: [developerAppKeys.all],
    success: (_data, app) => `${app.name} deleted`,
  });
}

/** A new API key: the answer is the only time its full text is known. */
export function useCreateApiKey() {
  return useApiMutation({
    mutationFn: (app: DeveloperApp) =>
      callOrThrow(developersEndpoints.createDevelopersMeAppKey, { params: { id: app.id } }),
    invalidates: [developerAppKeys.all],
  });
}

export function useRevokeApiKey() {
  return useApiMutation({
    mutationFn: ({ app, key }: { app: DeveloperApp; key: ApiKey }) =>
      callOrThrow(developersEndpoints.deleteDevelopersMeAppKey, { params: { id: app.id, keyId: key.id } }),
    invalidates: [developerAppKeys.all],
    success: (key) => `Key ${key.prefix}… revoked`,
  });
}
