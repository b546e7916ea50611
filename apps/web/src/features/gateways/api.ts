import { gatewaysEndpoints } from '@funnelwork/domain/api/gateways';
import type { GatewayInfo, UserGateway } from '@funnelwork/domain/gateways/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const gatewayKeys = {
  all: ['settings', 'gateways'] as const,
  catalogue: ['settings', 'gateways', 'catalogue'] as const,
  mine: ['settings', 'gateways', 'mine'] as const,
};

/** The catalogue (spec §7 GET gateways): every gateway, which connect here and what they ask for. */
export function useGatewayCatalogue() {
  return useQuery({
    queryKey: gatewayKeys.catalogue,
    queryFn: () => callOrThrow(gatewaysEndpoints.listGateways),
  });
}

/** The account's own gateways (GET user-gateways), with masked credential hints only. */
export function useUserGateways() {
  return useQuery({
    queryKey: gatewayKeys.mine,
    queryFn: () => callOrThrow(gatewaysEndpoints.listUserGateways),
  });
}

/** The card's catalogue entry (its id is the path's) and the credentials the row's body sends. */
export type ConnectGateway = {
  gateway: GatewayInfo;
  credentials: NonNullable<SentDataOf<typeof gatewaysEndpoints.connectGateway>['credentials']>;
};

/** Connects a gateway; the server checks the keys with the gateway before it stores them. */
export function useConnectGateway() {
  return useApiMutation({
    mutationFn: ({ gateway, credentials }: ConnectGateway) =>
      callOrThrow(gatewaysEndpoints.connectGateway, {
        params: { gatewayId: gateway.id },
        body: { data: Object.keys(credentials).length > 0 ? { credentials } : {} },
      }),
    invalidates: [gatewayKeys.all],
    success: (connected) => `${connected.gateway_name} is connected`,
  });
}

export function useDisconnectGateway() {
  return useApiMutation({
    mutationFn: (gateway: UserGateway) =>
      callOrThrow(gatewaysEndpoints.createGatewayDisconnect, {
        params: { gatewayId: gateway.gateway_id, userGatewayId: gateway.id },
      }),
    invalidates: [gatewayKeys.all],
    success: (gateway) => `${gateway.gateway_name} is disconnected`,
  });
}

/** Makes a connected gateway the one checkouts charge through (unless a page picks its own). */
export function useMakeDefaultGateway() {
  return useApiMutation({
    mutationFn: (gateway: UserGateway) =>
      callOrThrow(gatewaysEndpoints.updateUserGateway, {
        params: { id: gateway.id },
        body: { data: { is_default: true } },
      }),
    invalidates: [gatewayKeys.all],
    success: (gateway) => `Checkouts now charge through ${gateway.gateway_name}`,
  });
}
