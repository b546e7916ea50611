import { appsEndpoints } from '@funnelwork/domain/api/apps';
import { funnelAppsEndpoints } from '@funnelwork/domain/api/funnel-apps';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import type { FunnelKind } from '../funnels/api.ts';

export const appKeys = {
  all: ['apps'] as const,
  catalogue: ['apps', 'catalogue'] as const,
  one: (key: string) => ['apps', 'one', key] as const,
  howto: (key: string) => ['apps', 'howto', key] as const,
  ofFunnel: (funnelId: number) => ['apps', 'funnel', funnelId] as const,
};

/** GET apps: the catalogue with the account's state of each app. */
export function useApps() {
  return useQuery({ queryKey: appKeys.catalogue, queryFn: () => callOrThrow(appsEndpoints.listApps) });
}

/** GET apps/{id} (id or slug). */
export function useApp(key: string) {
  return useQuery({
    queryKey: appKeys.one(key),
    queryFn: () => callOrThrow(appsEndpoints.getApp, { params: { id: key } }),
  });
}

export function useAppHowto(key: string) {
  return useQuery({
    queryKey: appKeys.howto(key),
    queryFn: () => callOrThrow(appsEndpoints.getAppHowto, { params: { id: key } }),
  });
}

/** GET funnels/{id}/apps (or wfunnels/…): the funnel's apps with their settings. */
export function useFunnelApps(kind: FunnelKind, funnelId: number) {
  return useQuery({
    queryKey: appKeys.ofFunnel(funnelId),
    queryFn: () =>
      callOrThrow(
        kind === 'wfunnel' ? funnelAppsEndpoints.listWfunnelApps : funnelAppsEndpoints.listFunnelApps,
        {
          params: { id: funnelId },
        },
      ),
  });
}

/** PATCH funnels/{id}/apps: saves the app's settings and switch for the funnel. */
export function useSaveFunnelApp(kind: FunnelKind, funnelId: number) {
  return useApiMutation({
    mutationFn: (vars: { appId: number; settings: Record<string, unknown>; active: boolean }) =>
      callOrThrow(
        kind === 'wfunnel' ? funnelAppsEndpoints.updateWfunnelApps : funnelAppsEndpoints.updateFunnelApps,
        {
          params: { id: funnelId },
          body: { data: { app_id: vars.appId, settings: vars.settings, active: vars.active } },
        },
      ),
    invalidates: [appKeys.all],
    success: () => 'Saved',
  });
}

/** PATCH user-apps/{id}: the account's switch of an app. */
export function useSwitchUserApp() {
  return useApiMutation({
    mutationFn: (vars: { appId: number; active: boolean }) =>
      callOrThrow(appsEndpoints.updateUserApp, {
        params: { id: vars.appId },
        body: { data: { active: vars.active } },
      }),
    invalidates: [appKeys.all],
    success: (answer) => (answer.active ? 'The app is on' : 'The app is off in every funnel'),
  });
}

/** POST apps/{id}/call-method?method=…&funnelId=…. */
export function useCallAppMethod(appId: number, funnelId: number) {
  return useApiMutation({
    // Each method answers its own shape, which the screen shows as JSON.
    mutationFn: (method: string) =>
      callOrThrow(appsEndpoints.callMethodApp, { params: { id: appId }, query: { method, funnelId } }),
    invalidates: [],
    failure: (error) => error.message,
  });
}

/** POST apps/{id}/connect: the OAuth consent URL; the browser goes there next. */
export function useStartAppConnect(appKey: string) {
  return useApiMutation({
    mutationFn: () => callOrThrow(appsEndpoints.connectApp, { params: { id: appKey } }),
    invalidates: [],
  });
}

/** POST apps/{id}/connect-redirect: hands on what the OAuth service added to the route's address. */
export function useCompleteAppConnect(appKey: string) {
  return useApiMutation({
    mutationFn: (data: { state: string; code?: string; error?: string }) =>
      callOrThrow(appsEndpoints.connectRedirectApp, { params: { id: appKey }, body: { data } }),
    invalidates: [appKeys.all, ['integrations']],
    failure: () => null,
  });
}
