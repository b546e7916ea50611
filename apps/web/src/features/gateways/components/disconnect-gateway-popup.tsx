import type { UserGateway } from '@funnelwork/domain/gateways/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../shared/popups.tsx';
import { useDisconnectGateway } from '../api.ts';

type DisconnectGatewayPopupProps = { gateway: UserGateway | null; onClose: () => void };

export function DisconnectGatewayPopup({ gateway, onClose }: DisconnectGatewayPopupProps) {
  const disconnect = useDisconnectGateway();
  const confirm = () => {
    if (gateway) disconnect.mutate(gateway, { onSuccess: onClose });
  };
  return (
    <AppModal opened={gateway !== null} onClose={onClose} title={`Disconnect ${gateway?.gateway_name ?? ''}`}>
      <Stack>
        <Text size="sm">
          Your checkouts stop taking payments through {gateway?.gateway_name} at once
          {Object.keys(gateway?.credentials_hint ?? {}).length > 0 && ', and its stored keys are forgotten'}.
          You can connect it again later.
        </Text>
        {gateway?.is_default && (
          <Text size="sm">
            It is your default gateway: the next connected gateway takes its place, or the Sandbox when there
            is none.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={disconnect.isPending} onClick={confirm}>
            Disconnect
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
