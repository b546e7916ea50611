import { integrationsEndpoints } from '@funnelwork/domain/api/integrations';
import type { Delivery, UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { GOOGLE_OAUTH_START_PATH } from '@funnelwork/domain/integrations/google-sheets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiOrThrow, apiPageOrThrow, callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const integrationKeys = {
  all: ['integrations'] as const,
  catalogue: ['integrations', 'catalogue'] as const,
  mine: ['integrations', 'mine'] as const,
  deliveries: (log: string, page: number) => ['integrations', 'deliveries', log, page] as const,
};

/** GET integrations: every integration with the account's state of it. */
export function useIntegrationCatalogue() {
  return useQuery({
    queryKey: integrationKeys.catalogue,
    queryFn: () => callOrThrow(integrationsEndpoints.listIntegrations),
  });
}

/** GET user-integrations: the account's connections (never their secrets); `poll` while one is being made elsewhere. */
export function useUserIntegrations({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: integrationKeys.mine,
    queryFn: () => callOrThrow(integrationsEndpoints.listUserIntegrations),
    refetchInterval: poll ? 1_500 : false,
  });
}

/**
 * Whose delivery log: the account webhook's connection (`user-integrations/{id}`) or a funnel app's
 * (`funnel-apps/{id}`); both answer `{log}/deliveries` and `{log}/deliveries/{id}/resend`.
 */
export type DeliveryLog = `user-integrations/${number}` | `funnel-apps/${number}`;

/** A delivery log, newest first; refreshed every 5 s while open. */
export function useDeliveries(log: DeliveryLog, page: number) {
  return useQuery({
    queryKey: integrationKeys.deliveries(log, page),
    queryFn: () => apiPageOrThrow<Delivery>(`${log}/deliveries`, { page, per_page: 25 }),
    refetchInterval: 5000,
    placeholderData: keepPreviousData,
  });
}

type Connected = UserIntegration & { revealed: Record<string, string> };

/** `onConnected` runs even when the refetched connection replaces the form that connected. */
export function useConnectIntegration(onConnected?: (connected: Connected) => void) {
  return useApiMutation({
    mutationFn: (vars: { integrationId: number; fields: Record<string, unknown> }) =>
      callOrThrow(integrationsEndpoints.createConnect, {
        body: { data: { integration_id: vars.integrationId, fields: vars.fields } },
      }),
    invalidates: [integrationKeys.all],
    success: (connected) => `${connected.name} is connected`,
    onSuccess: onConnected,
  });
}

export function useDisconnectIntegration() {
  return useApiMutation({
    mutationFn: (connection: UserIntegration) =>
      callOrThrow(integrationsEndpoints.createDisconnect, { body: { data: { id: connection.id } } }),
    invalidates: [integrationKeys.all],
    success: (connection) => `${connection.name} is disconnected`,
  });
}

/** The active/inactive switch. */
export function useSwitchIntegration() {
  return useApiMutation({
    mutationFn: (vars: { id: number; active: boolean }) =>
      callOrThrow(integrationsEndpoints.updateUserIntegration, {
        params: { id: vars.id },
        body: { data: { active: vars.active } },
      }),
    invalidates: [integrationKeys.all],
    success: (connection) => `${connection.name} is ${connection.active ? 'active' : 'inactive'}`,
  });
}

/** call-integration-method/{id}/{method}. */
export function useIntegrationMethod<T>(method: string, success?: (answer: T) => string) {
  return useApiMutation({
    // Each method answers its own shape (the catalogue's output_schema): the caller names it.
    mutationFn: (vars: { id: number; input?: Record<string, unknown> }) =>
      apiOrThrow<T>('POST', `call-integration-method/${vars.id}/${method}`, {
        body: { data: vars.input ?? {} },
      }),
    invalidates: [integrationKeys.all],
    success,
  });
}

export function useResendDelivery(log: DeliveryLog) {
  return useApiMutation({
    mutationFn: (vars: { deliveryId: number }) =>
      apiOrThrow<Delivery>('POST', `${log}/deliveries/${vars.deliveryId}/resend`),
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
