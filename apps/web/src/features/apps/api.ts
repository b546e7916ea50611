import type { AppAnswer } from '@funnelwork/domain/apps/contracts';
import type { FunnelApp } from '@funnelwork/domain/funnel-apps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import type { FunnelKind } from '../funnels/api.ts';

export const appKeys = {
  all: ['apps'] as const,
  catalogue: ['apps', 'catalogue'] as const,
  one: (key: string) => ['apps', 'one', key] as const,
  howto: (key: string) => ['apps', 'howto', key] as const,
  ofFunnel: (funnelId: number) => ['apps', 'funnel', funnelId] as const,
};

export type AppHowto = { id: number; app_id: number; title: string; steps: string[] };

/** GET apps: the catalogue with the account's state of each app. */
export function useApps() {
  return useQuery({ queryKey: appKeys.catalogue, queryFn: () => apiOrThrow<AppAnswer[]>('GET', 'apps') });
}

/** GET apps/{id} (id or slug). */
export function useApp(key: string) {
  return useQuery({ queryKey: appKeys.one(key), queryFn: () => apiOrThrow<AppAnswer>('GET', `apps/${key}`) });
}

export function useAppHowto(key: string) {
  return useQuery({
    queryKey: appKeys.howto(key),
    queryFn: () => apiOrThrow<AppHowto>('GET', `app-howtos/${key}`),
  });
}

/** GET funnels/{id}/apps (or wfunnels/…): the funnel's apps with their settings. */
export function useFunnelApps(kind: FunnelKind, funnelId: number) {
  return useQuery({
    queryKey: appKeys.ofFunnel(funnelId),
    queryFn: () => apiOrThrow<FunnelApp[]>('GET', `${kind}s/${funnelId}/apps`),
  });
}

/** PATCH funnels/{id}/apps: saves the app's settings and switch for the funnel. */
export function useSaveFunnelApp(kind: FunnelKind, funnelId: number) {
  return useApiMutation({
    mutationFn: (vars: { appId: number; settings: Record<string, unknown>; active: boolean }) =>
      apiOrThrow<FunnelApp>('PATCH', `${kind}s/${funnelId}/apps`, {
        body: { data: { app_id: vars.appId, settings: vars.settings, active: vars.active } },
      }),
    invalidates: [appKeys.all],
    success: () => 'Saved',
  });
}

/** PATCH user-apps/{id}: the account's switch of an app. */
export function useSwitchUserApp() {
  return useApiMutation({
    mutationFn: (vars: { appId: number; active: boolean }) =>
      apiOrThrow<{ app_id: number; active: boolean }>('PATCH', `user-apps/${vars.appId}`, {
        body: { data: { active: vars.active } },
      }),
    invalidates: [appKeys.all],
    success: (answer) => (answer.active ? 'The app is on' : 'The app is off in every funnel'),
  });
}

/** POST apps/{id}/call-method?method=…&funnelId=…. */
export function useCallAppMethod<T>(appId: number, funnelId: number) {
  return useApiMutation({
    mutationFn: (method: string) =>
      apiOrThrow<T>('POST', `apps/${appId}/call-method`, { query: { method, funnelId } }),
    invalidates: [],
    failure: (error) => error.message,
  });
}

/** POST apps/{id}/connect: the OAuth consent URL; the browser goes there next. */
export function useStartAppConnect(appKey: string) {
  return useApiMutation({
    mutationFn: () =>
      apiOrThrow<{ authorize_url: string; expires_at: string }>('POST', `apps/${appKey}/connect`),
    invalidates: [],
  });
}

/** POST apps/{id}/connect-redirect: hands on what the OAuth service added to the route's address. */
export function useCompleteAppConnect(appKey: string) {
  return useApiMutation({
    mutationFn: (data: { state: string; code?: string; error?: string }) =>
      apiOrThrow<{ connected: boolean; integration_id: number }>('POST', `apps/${appKey}/connect-redirect`, {
        body: { data },
      }),
    invalidates: [appKeys.all, ['integrations']],
    failure: () => null,
  });
}
