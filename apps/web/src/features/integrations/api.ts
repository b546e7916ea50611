import { funnelAppsEndpoints } from '@funnelwork/domain/api/funnel-apps';
import { integrationsEndpoints } from '@funnelwork/domain/api/integrations';
import type { UserIntegration } from '@funnelwork/domain/integrations/contracts';
import {
  type IntegrationMethodAnswer,
  type IntegrationMethodName,
  integrationMethodAnswers,
} from '@funnelwork/domain/integrations/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOrThrow, callPageOrThrow } from '../../shared/api-client.ts';
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

/** The log's owner: a funnel app's or a connection's (their rows share the delivery contracts). */
const ownerOf = (log: DeliveryLog) => ({
  funnelApp: log.startsWith('funnel-apps/'),
  id: Number(log.slice(log.indexOf('/') + 1)),
});

/** A delivery log, newest first; refreshed every 5 s while open. */
export function useDeliveries(log: DeliveryLog, page: number) {
  return useQuery({
    queryKey: integrationKeys.deliveries(log, page),
    queryFn: () => {
      const { funnelApp, id } = ownerOf(log);
      const input = { params: { id }, query: { page, per_page: 25 } };
      return funnelApp
        ? callPageOrThrow(funnelAppsEndpoints.listFunnelAppDeliveries, input)
        : callPageOrThrow(integrationsEndpoints.listUserIntegrationDeliveries, input);
    },
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

/** call-integration-method/{id}/{method}, its answer checked against the method's schema. */
export function useIntegrationMethod<M extends IntegrationMethodName>(
  method: M,
  success?: (answer: IntegrationMethodAnswer<M>) => string,
) {
  return useApiMutation({
    mutationFn: async (vars: { id: number; input?: Record<string, unknown> }) => {
      const answer = await callOrThrow(integrationsEndpoints.callIntegrationMethod, {
        params: { id: vars.id, method },
        body: { data: vars.input ?? {} },
      });
      // The row's answer is `unknown` (each method answers its own shape): the method's schema says which.
      return integrationMethodAnswers[method].parse(answer) as IntegrationMethodAnswer<M>;
    },
    invalidates: [integrationKeys.all],
    success,
  });
}

export function useResendDelivery(log: DeliveryLog) {
  return useApiMutation({
    mutationFn: (vars: { deliveryId: number }) => {
      const { funnelApp, id } = ownerOf(log);
      const input = { params: { id, deliveryId: vars.deliveryId } };
      return funnelApp
        ? callOrThrow(funnelAppsEndpoints.resendFunnelAppDelivery, input)
        : callOrThrow(integrationsEndpoints.resendUserIntegrationDelivery, input);
    },
    invalidates: [integrationKeys.all],
    success: (delivery) => `Sending ${delivery.event_id} again`,
  });
}

/** POST integrations/google-sheets/oauth/start: Google's consent URL; the browser goes there next. */
export function useStartGoogleConnect() {
  return useApiMutation({
    mutationFn: () => callOrThrow(integrationsEndpoints.createIntegrationsGoogleSheetsOauthStart),
    invalidates: [],
  });
}
