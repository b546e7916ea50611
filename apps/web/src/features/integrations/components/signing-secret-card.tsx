import type { UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { Alert, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { useIntegrationMethod } from '../api.ts';

/**
 * The webhook's signing secret: shown once after connecting (or rotating), revealed again by admins
 * on request; never part of a list answer.
 */
export function SigningSecretCard({
  connection,
  canEdit,
  secret,
  onSecret,
}: {
  connection: UserIntegration;
  canEdit: boolean;
  secret: string | null;
  onSecret: (secret: string | null) => void;
}) {
  const reveal = useIntegrationMethod('reveal-secret');
  const rotate = useIntegrationMethod('rotate-secret', () => 'A new signing secret is in use');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Signing secret
      </Title>
      <Text size="sm" c="dimmed">
        Every delivery is signed with this secret as Standard Webhooks says (webhook-id, webhook-timestamp and
        webhook-signature headers), so its libraries verify it. Check it before you trust a delivery.
      </Text>
      {secret ? (
        <Alert color="yellow" title="Copy your signing secret now">
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="signing-secret" style={{ wordBreak: 'break-all' }}>
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <LockedButton locked={false} size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </LockedButton>
              )}
            </CopyButton>
          </Group>
        </Alert>
      ) : (
        <Text size="sm">••••••••••••••••</Text>
      )}
      <Group gap="xs">
        <LockedButton
          locked={!canEdit}
          variant="default"
          size="xs"
          loading={reveal.isPending}
          onClick={() =>
            secret
              ? onSecret(null)
              : reveal.mutate(
                  { id: connection.id },
                  { onSuccess: (answer) => onSecret(answer.signing_secret) },
                )
          }
        >
          {secret ? 'Hide' : 'Reveal'}
        </LockedButton>
        <LockedButton
          locked={!canEdit}
          variant="default"
          size="xs"
          loading={rotate.isPending}
          onClick={() =>
            rotate.mutate({ id: connection.id }, { onSuccess: (answer) => onSecret(answer.signing_secret) })
          }
        >
          Rotate
        </LockedButton>
      </Group>
    </Stack>
  );
}
