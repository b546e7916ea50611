import type { MailMessage } from '@funnelwork/domain';
import { Badge, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/format.ts';

type MailMessagePopupProps = { message: MailMessage | null; onClose: () => void };

export function MailMessagePopup({ message, onClose }: MailMessagePopupProps) {
  return (
    <Modal opened={message !== null} onClose={onClose} size="lg" title={message?.subject}>
      {message && (
        <Stack>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {`To ${message.to}`}
            </Text>
            <Group gap="xs">
              <Badge variant="light" color="gray" tt="none">
                {message.status}
              </Badge>
              <Text size="sm" c="dimmed">
                {formatDateTime(message.created_at)}
              </Text>
            </Group>
          </Group>
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              data-testid="mail-text"
            >
              {message.text}
            </Text>
          </Paper>
        </Stack>
      )}
    </Modal>
  );
}
