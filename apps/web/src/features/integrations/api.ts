import type {
  Delivery,
  IntegrationInfoAnswer,
  UserIntegration,
} from '@funnelwork/domain/integrations/contracts';
import { GOOGLE_OAUTH_START_PATH } from '@funnelwork/domain/integrations/google-sheets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiOrThrow, apiPageOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const integrationKeys = {
  all: ['integrations'] as const,
  catalogue: ['integrations', 'catalogue'] as const,
  mine: ['integrations', 'mine'] as const,
  deliveries: (id: number, page: number) => ['integrations', 'deliveries', id, page] as const,
};

/** GET integrations: every integration with the account's state of it. */
export function useIntegrationCatalogue() {
  return useQuery({
    queryKey: integrationKeys.catalogue,
    queryFn: () => apiOrThrow<IntegrationInfoAnswer[]>('GET', 'integrations'),
  });
}

/** GET user-integrations: the account's connections (never their secrets). */
export function useUserIntegrations() {
  return useQuery({
    queryKey: integrationKeys.mine,
    queryFn: () => apiOrThrow<UserIntegration[]>('GET', 'user-integrations'),
  });
}

/** The webhook's delivery log, newest first; refreshed every 5 s while open. */
export function useDeliveries(userIntegrationId: number | null, page: number) {
  return useQuery({
    queryKey: integrationKeys.deliveries(userIntegrationId ?? 0, page),
    queryFn: () =>
      apiPageOrThrow<Delivery>(`user-integrations/${userIntegrationId}/deliveries`, { page, per_page: 25 }),
    enabled: userIntegrationId !== null,
    refetchInterval: 5000,
    placeholderData: keepPreviousData,
  });
}

type Connected = UserIntegration & { revealed: Record<string, string> };

export function useConnectIntegration() {
  return useApiMutation({
    mutationFn: (vars: { integrationId: number; fields: Record<string, unknown> }) =>
      apiOrThrow<Connected>('POST', 'connect', {
        body: { data: { integration_id: vars.integrationId, fields: vars.fields } },
      }),
    invalidates: [integrationKeys.all],
    success: (connected) => `${connected.name} is connected`,
  });
}

export function useDisconnectIntegration() {
  return useApiMutation({
    mutationFn: (connection: UserIntegration) =>
      apiOrThrow<UserIntegration>('POST', 'disconnect', { body: { data: { id: connection.id } } }),
    invalidates: [integrationKeys.all],
    success: (connection) => `${connection.name} is disconnected`,
  });
}

/** The active/inactive switch. */
export function useSwitchIntegration() {
  return useApiMutation({
    mutationFn: (vars: { id: number; active: boolean }) =>
      apiOrThrow<UserIntegration>('PATCH', `user-integrations/${vars.id}`, {
        body: { data: { active: vars.active } },
      }),
    invalidates: [integrationKeys.all],
    success: (connection) => `${connection.name} is ${connection.active ? 'active' : 'inactive'}`,
  });
}

/** call-integration-method/{id}/{method}. */
export function useIntegrationMethod<T>(method: string, success?: (answer: T) => string) {
  return useApiMutation({
    mutationFn: (vars: { id: number; input?: Record<string, unknown> }) =>
      apiOrThrow<T>('POST', `call-integration-method/${vars.id}/${method}`, {
        body: { data: vars.input ?? {} },
      }),
    invalidates: [integrationKeys.all],
    success,
  });
}

export function useResendDelivery() {
  return useApiMutation({
    mutationFn: (vars: { id: number; deliveryId: number }) =>
      apiOrThrow<Delivery>('POST', `user-integrations/${vars.id}/deliveries/${vars.deliveryId}/resend`),
    invalidates: [integrationKeys.all],
    success: (delivery) => `Sending ${delivery.event_id} again`,
  });
}

/** POST integrations/google-sheets/oauth/start: Google's consent URL; the browser goes there next. */
export function useStartGoogleConnect() {
  return useApiMutation({
    mutationFn: () =>
      apiOrThrow<{ authorize_url: string; expires_at: string }>('POST', GOOGLE_OAUTH_START_PATH),
    invalidates: [],
  });
}
