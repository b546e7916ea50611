import type { Receipt } from '@funnelwork/domain';
import { hasPermission, isAdmin, RECEIPT_SUBJECT_MAX } from '@funnelwork/domain/rules';
import { Badge, Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconMailForward, IconPencil, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';
import { useMe } from '../../../session/api.ts';
import { useCustomizeReceipt, useMailSettings, useReceipts, useUpdateReceipt } from '../../api.ts';
import { SendingSettingsCard } from '../../components/sending-settings-card.tsx';
import { receiptEditorPath } from '../../editor-path.ts';

/** Settings → Store e-mails: the order and shipping confirmations every order gets without an automation. */
export function StoreEmailsScreen() {
  const receipts = useReceipts();
  const settings = useMailSettings();
  const me = useMe();
  const canEdit = isAdmin(me.member_account) || hasPermission(me.member_account, 'automations');
  return (
    <Stack maw={860} mx="auto">
      <PageHeader
        title="Store e-mails"
        description="Sent to every customer by the store itself: an order confirmation for each purchase and a shipping confirmation when you add a tracking number. Customers who unsubscribed from marketing still get them."
      />
      {receipts.isPending && <Skeleton h={320} radius="lg" />}
      {receipts.isError && <ErrorBox message={receipts.error.message} />}
      {receipts.data?.map((receipt) => (
        <ReceiptCard key={receipt.kind} receipt={receipt} canEdit={canEdit} />
      ))}
      {settings.data && <SendingSettingsCard settings={settings.data} canEdit={isAdmin(me.member_account)} />}
    </Stack>
  );
}

function ReceiptCard({ receipt, canEdit }: { receipt: Receipt; canEdit: boolean }) {
  const update = useUpdateReceipt();
  const customize = useCustomizeReceipt();
  const navigate = useNavigate();
  const [subject, setSubject] = useState(receipt.subject ?? '');
  const subjectChanged = subject.trim() !== (receipt.subject ?? '');
  const saveSubject = () =>
    update.mutate({ kind: receipt.kind, subject: subject.trim() === '' ? null : subject.trim() });
  const editDesign = () =>
    customize.mutate(receipt.kind, {
      onSuccess: (customised) => {
        const path = receiptEditorPath(customised);
        if (path) navigate(path);
      },
    });

  return (
    <Card component="section" withBorder p="lg" aria-label={receipt.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Group gap="xs">
              <IconMailForward size={18} />
              <Text fw={600}>{receipt.name}</Text>
              <Badge variant="light" color={receipt.enabled ? 'teal' : 'gray'}>
                {receipt.enabled ? 'On' : 'Off'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {receipt.kind === 'order_confirmation'
                ? 'Sent after each purchase (checkout, accepted upsell, renewal) with the order’s lines, total and shipping address.'
                : 'Sent when an order is fulfilled with a tracking number, or its tracking number changes.'}
            </Text>
          </div>
          <Switch
            aria-label={`Send the ${receipt.name.toLowerCase()}`}
            checked={receipt.enabled}
            disabled={!canEdit || update.isPending}
            onChange={(event) => update.mutate({ kind: receipt.kind, enabled: event.currentTarget.checked })}
          />
        </Group>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="Subject"
            description="Merge tags such as {{order_number}} and {{first_name}} work here too."
            placeholder={receipt.default_subject}
            value={subject}
            maxLength={RECEIPT_SUBJECT_MAX}
            disabled={!canEdit}
            error={fieldError(update.error, 'data.subject')}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              update.reset();
            }}
          />
          <Button
            variant="default"
            disabled={!canEdit || !subjectChanged}
            loading={update.isPending}
            onClick={saveSubject}
          >
            Save subject
          </Button>
        </Group>
        <Group justify="space-between">
          <Text size="sm">
            Design:{' '}
            <Text span fw={500}>
              {receipt.email_template_name ?? 'Built-in design'}
            </Text>
          </Text>
          <Group gap="xs">
            {receipt.email_template_id !== null && (
              <Button
                variant="subtle"
                leftSection={<IconRestore size={16} />}
                disabled={!canEdit}
                onClick={() => update.mutate({ kind: receipt.kind, email_template_id: null })}
              >
                Use the built-in design
              </Button>
            )}
            <Button
              leftSection={<IconPencil size={16} />}
              disabled={!canEdit}
              loading={customize.isPending}
              onClick={editDesign}
            >
              Edit design
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
