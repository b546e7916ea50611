import type { GatewayInfo, UserGateway } from '@funnelwork/domain/gateways/contracts';
import { Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useConnectGateway, useMakeDefaultGateway } from '../api.ts';
import { GatewayStatusBadges } from './gateway-status-badges.tsx';

/** What each gateway that can take payments here does, in a sentence. */
const ABOUT: Record<number, string> = {
  1: 'Cards through your own Stripe account. Find the keys in Stripe’s dashboard under Developers → API keys; they are checked with Stripe before they are saved.',
  5: 'The shopper pays when the order arrives: nothing is charged online, and these orders cannot be refunded through Funnelwork.',
  18: 'PayPal Checkout: shoppers pay with the PayPal button on your checkouts. Create a REST app at developer.paypal.com (Apps & Credentials) and paste its client ID and secret; they are checked with PayPal before they are saved. Sandbox and live pairs both work.',
  14: 'Funnelwork’s test gateway, always available: it takes test cards only (4242 4242 4242 4242 succeeds). Checkouts use it when no other gateway is connected.',
};

/** Secrets are shown back by their last characters only, as the server masks them. */
const SECRET_FIELDS = new Set(['secret_key', 'api_key', 'client_secret']);

type GatewayCardProps = {
  gateway: GatewayInfo;
  connected: UserGateway | undefined;
  inUse: boolean;
  canEdit: boolean;
  onDisconnect: (gateway: UserGateway) => void;
};

export function GatewayCard({ gateway, connected, inUse, canEdit, onDisconnect }: GatewayCardProps) {
  const connect = useConnectGateway();
  const makeDefault = useMakeDefaultGateway();
  const isConnected = connected?.status === 'connected';
  const sandbox = gateway.id === 14;
  // The Sandbox needs no key here; its API key field belongs to a live service this server lacks.
  const fields = sandbox ? [] : gateway.credential_fields;
  const [values, setValues] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState(false);
  const showForm = fields.length > 0 && (!isConnected || editing);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = Object.fromEntries(
      Object.entries(values)
        .map(([key, value]) => [key, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    connect.mutate(
      { gateway, credentials },
      {
        onSuccess: () => {
          setValues({});
          setEditing(false);
        },
      },
    );
  };

  const hints = Object.entries(connected?.credentials_hint ?? {});
  return (
    <Card aria-label={gateway.name} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Title order={2} fz="lg">
            {sandbox ? `${gateway.name} (Sandbox)` : gateway.name}
          </Title>
          <GatewayStatusBadges gateway={connected} inUse={inUse} alwaysAvailable={sandbox} />
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {isConnected && connected.active && !connected.is_default && (
            <LockedButton
              locked={!canEdit}
              variant="default"
              loading={makeDefault.isPending}
              onClick={() => makeDefault.mutate(connected)}
            >
              Make default
            </LockedButton>
          )}
          {isConnected && (
            <LockedButton
              locked={!canEdit}
              variant="light"
              color="red"
              onClick={() => onDisconnect(connected)}
            >
              Disconnect
            </LockedButton>
          )}
          {!isConnected && fields.length === 0 && !sandbox && (
            <LockedButton
              locked={!canEdit}
              loading={connect.isPending}
              onClick={() => connect.mutate({ gateway, credentials: {} })}
            >
              Connect
            </LockedButton>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        {ABOUT[gateway.id]}
      </Text>
      {isConnected && hints.length > 0 && !editing && (
        <Group mt="md" gap="lg">
          {hints.map(([key, hint]) => (
            <Text key={key} size="sm">
              {fields.find((f) => f.key === key)?.label ?? key}:{' '}
              <Text span ff="monospace">
                {hint}
              </Text>
            </Text>
          ))}
          {canEdit && (
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>
              Replace keys
            </Button>
          )}
        </Group>
      )}
      {showForm && (
        <form onSubmit={submit} noValidate>
          <Stack mt="md" gap="sm" maw={520}>
            {fields.map((field) => {
              const Input = SECRET_FIELDS.has(field.key) ? PasswordInput : TextInput;
              return (
                <Input
                  key={field.key}
                  label={field.label}
                  required={field.required}
                  autoComplete="off"
                  placeholder={
                    field.key === 'secret_key'
                      ? 'sk_live_…'
                      : field.key === 'publishable_key'
                        ? 'pk_live_…'
                        : undefined
                  }
                  value={values[field.key] ?? ''}
                  onChange={(event) => setValues({ ...values, [field.key]: event.currentTarget.value })}
                  error={fieldError(connect.error, `data.credentials.${field.key}`)}
                  disabled={!canEdit}
                />
              );
            })}
            <Group gap="xs">
              <LockedButton locked={!canEdit} type="submit" loading={connect.isPending}>
                {isConnected ? 'Save keys' : 'Connect'}
              </LockedButton>
              {editing && (
                <Button variant="default" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
