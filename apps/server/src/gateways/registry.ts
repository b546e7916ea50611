import { createCashOnDeliveryGateway } from './cash-on-delivery.ts';
import { createSandboxGateway } from './sandbox.ts';
import type { GatewayAdapter, GatewayCredentials } from './types.ts';

/** The connected credentials of an account's gateway, or null when it has none. */
export type CredentialsLookup = (accountId: number, gatewayId: number) => Promise<GatewayCredentials | null>;

export type GatewayRegistry = {
  adapterFor(gatewayId: number | null | undefined): GatewayAdapter | undefined;
  credentialsFor: CredentialsLookup;
};

/**
 * The adapters this server can charge and refund through, by gateway id. Gateways of the catalogue
 * without an adapter here cannot be refunded through the product.
 */
export function createGatewayRegistry(
  options: { adapters?: GatewayAdapter[]; credentialsFor?: CredentialsLookup } = {},
): GatewayRegistry {
  const adapters = options.adapters ?? [createSandboxGateway(), createCashOnDeliveryGateway()];
  const byId = new Map(adapters.map((adapter) => [adapter.gatewayId, adapter]));
  return {
    adapterFor: (gatewayId) =>
      gatewayId === null || gatewayId === undefined ? undefined : byId.get(gatewayId),
    // Credential storage comes with the gateway settings; until then no account has any connected.
    credentialsFor: options.credentialsFor ?? (async () => null),
  };
}
