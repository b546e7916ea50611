import type { MailMessage } from '@funnelwork/domain';
import { Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { useMailMessage } from '../api.ts';

type MailMessagePopupProps = { message: MailMessage | null; onClose: () => void };

/**
 * One message: its HTML part as a mail client shows it, in an iframe sandboxed without any allowance
 * (no scripts, an opaque origin: the merchant's HTML never runs on the dashboard's origin), or its text.
 */
export function MailMessagePopup({ message, onClose }: MailMessagePopupProps) {
  const detail = useMailMessage(message?.id ?? null);
  const [part, setPart] = useState<'html' | 'text'>('html');
  const html = detail.data?.html ?? null;
  return (
    <AppModal
      opened={message !== null}
      onClose={onClose}
      size="xl"
      title={message?.subject}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
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
          {detail.isPending && <Skeleton h={120} radius="md" />}
          {detail.isError && <ErrorBox message={detail.error.message} />}
          {html !== null && (
            <SegmentedControl
              size="xs"
              aria-label="Part"
              value={part}
              onChange={(value) => setPart(value as 'html' | 'text')}
              data={[
                { value: 'html', label: 'HTML' },
                { value: 'text', label: 'Text' },
              ]}
            />
          )}
          {html !== null && part === 'html' ? (
            <iframe
              title="E-mail"
              data-testid="mail-html"
              sandbox=""
              srcDoc={html}
              style={{
                width: '100%',
                height: '60vh',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
              }}
            />
          ) : (
            <Paper withBorder p="md" radius="md" bg="gray.0">
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                data-testid="mail-text"
              >
                {detail.data?.text ?? message.text}
              </Text>
            </Paper>
          )}
        </Stack>
      )}
    </AppModal>
  );
}
