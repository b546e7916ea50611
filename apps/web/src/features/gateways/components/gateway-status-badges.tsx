import type { UserGateway } from '@funnelwork/domain/gateways/contracts';
import { Badge, Group } from '@mantine/core';

type GatewayStatusBadgesProps = {
  gateway: UserGateway | undefined;
  /** Whether checkouts charge through it now (the default, or the Sandbox when nothing else is). */
  inUse: boolean;
  /** The Sandbox: it takes test payments without being connected. */
  alwaysAvailable: boolean;
};

/** Connected and live (or in test mode), switched off, the default: what a merchant checks at a glance. */
export function GatewayStatusBadges({ gateway, inUse, alwaysAvailable }: GatewayStatusBadgesProps) {
  const connected = gateway?.status === 'connected';
  return (
    <Group gap={6} data-testid="gateway-status">
      {!connected && alwaysAvailable && (
        <Badge color="yellow" variant="light">
          Always available · test payments
        </Badge>
      )}
      {!connected && !alwaysAvailable && (
        <Badge color="gray" variant="light">
          Not connected
        </Badge>
      )}
      {connected && gateway.active && gateway.mode === 'live' && <Badge color="teal">Live</Badge>}
      {connected && gateway.active && gateway.mode === 'test' && <Badge color="yellow">Test mode</Badge>}
      {connected && !gateway.active && (
        <Badge color="gray" variant="outline">
          Switched off
        </Badge>
      )}
      {gateway?.is_default && <Badge variant="light">Default</Badge>}
      {inUse && (
        <Badge color="indigo" variant="outline">
          Used by your checkouts
        </Badge>
      )}
    </Group>
  );
}
