import type { IntegrationInfoAnswer, UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { useDisconnectIntegration, useIntegrationMethod } from '../api.ts';

/**
 * The top of every integration's card: its state, and once connected the connection's check (the
 * `test` method; `testLabel` names it as the integration does) and Disconnect, with the check's answer.
 */
export function ConnectionHeader({
  info,
  connection,
  admin,
  automator,
  testLabel,
  onDisconnected,
}: {
  info: IntegrationInfoAnswer;
  connection: UserIntegration | undefined;
  admin: boolean;
  automator: boolean;
  testLabel: string;
  onDisconnected?: () => void;
}) {
  const disconnect = useDisconnectIntegration();
  const test = useIntegrationMethod('test');
  return (
    <>
      <Group justify="space-between">
        <Badge variant="light" color={info.status === 'Connected' ? 'green' : 'gray'}>
          {info.status}
        </Badge>
        {connection?.connected && (
          <Group gap="xs">
            <LockedButton
              locked={!automator}
              variant="default"
              loading={test.isPending}
              onClick={() => test.mutate({ id: connection.id })}
            >
              {testLabel}
            </LockedButton>
            <LockedButton
              locked={!admin}
              color="red"
              variant="light"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate(connection, { onSuccess: onDisconnected })}
            >
              Disconnect
            </LockedButton>
          </Group>
        )}
      </Group>
      {test.data && (
        <Text size="sm" c={test.data.ok ? 'green' : 'red'} data-testid="test-result">
          {test.data.message}
        </Text>
      )}
    </>
  );
}
