import type { MailMessage } from '@funnelwork/domain';
import { Anchor, Button, Card, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { formatDateTime } from '../../../../shared/format.ts';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMailbox } from '../../api.ts';
import { MailMessagePopup } from '../../components/mail-message-popup.tsx';

/** Mail kept while no mail server is configured: reset codes, invitations. */
export function MailboxScreen() {
  const mailbox = useMailbox();
  const [open, setOpen] = useState<MailMessage | null>(null);
  return (
    <Stack maw={1000} mx="auto">
      <PageHeader
        title="Mailbox"
        description="E-mails Funnelwork kept for you while no mail server is configured, such as password reset codes and team invitations."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={mailbox.isFetching && !mailbox.isPending}
            onClick={() => void mailbox.refetch()}
          >
            Refresh
          </Button>
        }
      />
      {mailbox.isPending && <Skeleton h={240} radius="lg" />}
      {mailbox.isError && <ErrorBox message={mailbox.error.message} />}
      {mailbox.data && (
        <Card p={0}>
          {mailbox.data.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              No messages yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={190}>Date</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Subject</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mailbox.data.map((message) => (
                    <Table.Tr key={message.id} style={{ cursor: 'pointer' }} onClick={() => setOpen(message)}>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatDateTime(message.created_at)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{message.to}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component="button" type="button" size="sm" fw={500} ta="left">
                          {message.subject}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
      <MailMessagePopup message={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
