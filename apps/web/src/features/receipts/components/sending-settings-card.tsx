import type { MailSettings } from '@funnelwork/domain';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useUpdateMailSettings } from '../api.ts';

type Fields = Omit<MailSettings, 'dkim_configured'>;
const FIELDS: Array<{ name: keyof Fields; label: string; placeholder: string }> = [
  { name: 'from_name', label: 'Sender name', placeholder: 'Your store' },
  { name: 'from_email', label: 'Sender e-mail', placeholder: 'shop@yourdomain.com' },
  { name: 'reply_to', label: 'Reply-to e-mail', placeholder: 'help@yourdomain.com' },
  { name: 'dkim_domain', label: 'DKIM domain', placeholder: 'yourdomain.com' },
  { name: 'dkim_selector', label: 'DKIM selector', placeholder: 'fw1' },
];

/** Settings → Store e-mails, "Sending": who the store's e-mail comes from, and its DKIM key. */
export function SendingSettingsCard({ settings, canEdit }: { settings: MailSettings; canEdit: boolean }) {
  const update = useUpdateMailSettings();
  const [values, setValues] = useState<Fields>(settings);
  const [key, setKey] = useState('');
  const changed = key.trim() !== '' || FIELDS.some(({ name }) => values[name].trim() !== settings[name]);
  const save = () =>
    update.mutate(
      { ...values, ...(key.trim() !== '' && { dkim_private_key: key }) },
      { onSuccess: () => setKey('') },
    );
  return (
    <Card component="section" withBorder p="lg" aria-label="Sending">
      <Stack gap="md">
        <Group gap="xs">
          <IconSend size={18} />
          <Text fw={600}>Sending</Text>
          <Badge variant="light" color={settings.dkim_configured ? 'teal' : 'gray'}>
            {settings.dkim_configured ? 'DKIM on' : 'DKIM off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Who your store’s e-mails come from. With a DKIM key for your domain (publish its public key as a TXT
          record at selector._domainkey.domain), mail providers can check the e-mails are really yours.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map(({ name, label, placeholder }) => (
            <TextInput
              key={name}
              label={label}
              placeholder={placeholder}
              value={values[name]}
              disabled={!canEdit}
              error={fieldError(update.error, `data.${name}`)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [name]: value }));
                update.reset();
              }}
            />
          ))}
        </SimpleGrid>
        <Textarea
          label="DKIM private key"
          description={
            settings.dkim_configured
              ? 'A key is stored (sealed; it is never shown). Paste a new one to replace it.'
              : 'PEM, RSA or Ed25519: -----BEGIN PRIVATE KEY----- …'
          }
          autosize
          minRows={3}
          maxRows={8}
          value={key}
          disabled={!canEdit}
          error={fieldError(update.error, 'data.dkim_private_key')}
          onChange={(event) => {
            setKey(event.currentTarget.value);
            update.reset();
          }}
        />
        <Group justify="flex-end">
          <Button disabled={!canEdit || !changed} loading={update.isPending} onClick={save}>
            Save sending settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
