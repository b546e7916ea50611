import type { IntegrationInfoAnswer, UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { PasswordField } from '../../../shared/password-field.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useConnectIntegration } from '../api.ts';
import { connectFieldsToSend, initialConnectValues, keepsSecret } from './connect-fields.ts';

/**
 * The connect form of an integration with a service's API (Mailchimp, GA4, Shopify …), drawn from its
 * `connect_fields`. Secrets are never shown again: left empty, the stored one is kept.
 */
export function ServiceConnectForm({
  info,
  connection,
  canEdit,
}: {
  info: IntegrationInfoAnswer;
  connection: UserIntegration | undefined;
  canEdit: boolean;
}) {
  const connect = useConnectIntegration();
  const fields = info.connect_fields.filter((field) => field.type !== 'events');
  const [values, setValues] = useState(() => initialConnectValues(fields, connection));
  const set = (key: string, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ integrationId: info.id, fields: connectFieldsToSend(fields, values) });
  };

  return (
    <form onSubmit={submit} aria-label={`Connect ${info.name}`}>
      <Stack>
        {fields.map((field) => {
          const kept = keepsSecret(field, connection);
          const common = {
            label: field.label,
            description: field.help,
            value: values[field.key] ?? '',
            error: fieldError(connect.error, field.key),
            disabled: !canEdit,
            required: field.required && !kept,
            autoComplete: 'off',
          };
          return field.type === 'secret' ? (
            <PasswordField
              key={field.key}
              {...common}
              placeholder={kept ? 'Stored — leave empty to keep it' : undefined}
              onChange={(e) => set(field.key, e.currentTarget.value)}
            />
          ) : (
            <TextInput
              key={field.key}
              {...common}
              type={field.type === 'url' ? 'url' : 'text'}
              onChange={(e) => set(field.key, e.currentTarget.value)}
            />
          );
        })}
        <Group>
          <LockedButton locked={!canEdit} type="submit" loading={connect.isPending}>
            {connection?.connected ? 'Save' : 'Connect'}
          </LockedButton>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              Only administrators can connect integrations.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
