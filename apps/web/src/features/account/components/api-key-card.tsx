import {
  ActionIcon,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { InfoMessage } from '../../../shared/info-message.tsx';
import { AppModal } from '../../../shared/popups.tsx';
import { useResetApiKey } from '../api.ts';

/** "Copy tooltip resets after 1.5 s." */
const COPY_TIMEOUT_MS = 1_500;

/** Reset the API key; the new key is shown once, here, and never again. */
export function ApiKeyCard() {
  const [confirming, setConfirming] = useState(false);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const reset = useResetApiKey();

  return (
    <Card>
      <Stack>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} fz="lg">
              API key
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Connect your own tools to Funnelwork. Resetting the key stops the old one from working.
            </Text>
          </div>
          <Button
            variant="light"
            color="orange"
            leftSection={<IconKey size={16} />}
            onClick={() => setConfirming(true)}
          >
            Reset API key
          </Button>
        </Group>
        {apiKey && (
          <InfoMessage title="Your new API key" color="teal">
            <Stack gap="xs">
              <Text size="sm">Copy it now: it is shown only once.</Text>
              <Group gap="xs" wrap="nowrap">
                <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="new-api-key">
                  {apiKey}
                </Code>
                <CopyButton value={apiKey} timeout={COPY_TIMEOUT_MS}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'}>
                      <ActionIcon
                        variant="light"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label="Copy API key"
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </InfoMessage>
        )}
      </Stack>
      <AppModal opened={confirming} onClose={() => setConfirming(false)} title="Reset your API key?">
        <Stack>
          <Text size="sm">
            Anything that uses the current key stops working until you give it the new one.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="orange"
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSettled: () => setConfirming(false),
                  onSuccess: (answer) => setApiKey(answer.api_key),
                })
              }
            >
              Reset key
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Card>
  );
}
