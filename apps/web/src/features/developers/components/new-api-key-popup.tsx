import type { NewApiKey } from '@funnelwork/domain';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { AppModal } from '../../../shared/popups.tsx';

export const KEY_SHOWN_ONCE_WARNING =
  'Copy this key now and keep it somewhere safe: it is shown only once. Anyone with it can use the API within the app’s scopes.';

/** The new key, shown once, with a copy button and the warning. */
export function NewApiKeyPopup({ apiKey, onClose }: { apiKey: NewApiKey | null; onClose: () => void }) {
  return (
    <AppModal opened={apiKey !== null} onClose={onClose} title="Your new API key" size="lg">
      {apiKey && (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {KEY_SHOWN_ONCE_WARNING}
          </Alert>
          <Code block data-testid="new-api-key">
            {apiKey.key}
          </Code>
          <Text size="sm" c="dimmed">
            Send it as <Code>Authorization: Bearer {apiKey.prefix}…</Code> to the API at <Code>/api/</Code>.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={apiKey.key}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
