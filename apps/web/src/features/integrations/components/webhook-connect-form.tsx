import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_EVENTS,
  type IntegrationEvent,
  WEBHOOK_INTEGRATION_ID,
} from '@funnelwork/domain/integrations/catalogue';
import type { UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useConnectIntegration } from '../api.ts';

/** The webhook's connect form: the endpoint URL and the events it receives. */
export function WebhookConnectForm({
  connection,
  canEdit,
  onSecret,
}: {
  connection: UserIntegration | undefined;
  canEdit: boolean;
  /** The signing secret, when this connect created one (shown once). */
  onSecret: (secret: string) => void;
}) {
  // The secret goes up before the refetch: the new connection's `updated_at` remounts this form.
  const connect = useConnectIntegration((connected) => {
    if (connected.revealed.signing_secret) onSecret(connected.revealed.signing_secret);
  });
  const [url, setUrl] = useState(String(connection?.settings.url ?? ''));
  const [events, setEvents] = useState<string[]>(
    (connection?.settings.events as string[] | undefined) ?? ['order.paid'],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ integrationId: WEBHOOK_INTEGRATION_ID, fields: { url: url.trim(), events } });
  };

  return (
    <form onSubmit={submit} aria-label="Connect the webhook">
      <Stack>
        <TextInput
          label="Endpoint URL"
          description="Each event is POSTed here as JSON, signed with your signing secret."
          placeholder="https://example.com/funnelwork-events"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={fieldError(connect.error, 'url')}
          disabled={!canEdit}
          required
        />
        <Checkbox.Group
          label="Events"
          value={events}
          onChange={setEvents}
          error={fieldError(connect.error, 'events')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {INTEGRATION_EVENTS.map((name) => (
              <Checkbox
                key={name}
                value={name}
                disabled={!canEdit}
                label={
                  <>
                    {INTEGRATION_EVENT_LABELS[name as IntegrationEvent]}{' '}
                    <Text span size="xs" c="dimmed">
                      {name}
                    </Text>
                  </>
                }
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
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
