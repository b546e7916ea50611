import {
  GOOGLE_SHEETS_INTEGRATION_ID,
  integrationBySlugOrId,
  WEBHOOK_INTEGRATION_ID,
} from '@funnelwork/domain/integrations/catalogue';
import { hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { Anchor, Badge, Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import {
  useDisconnectIntegration,
  useIntegrationCatalogue,
  useIntegrationMethod,
  useUserIntegrations,
} from '../../api.ts';
import { DeliveriesTable } from '../../components/deliveries-table.tsx';
import { GoogleSheetsPanel } from '../../components/google-sheets-panel.tsx';
import { ServiceConnectForm } from '../../components/service-connect-form.tsx';
import { SigningSecretCard } from '../../components/signing-secret-card.tsx';
import { WebhookConnectForm } from '../../components/webhook-connect-form.tsx';

/** /integrations/:id (slug or id): connect, test and follow one integration. */
export function IntegrationDetailsScreen() {
  const { id = '' } = useParams();
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const automator = admin || hasPermission(me.member_account, 'automations');
  const known = integrationBySlugOrId(id);
  const catalogue = useIntegrationCatalogue();
  const mine = useUserIntegrations();
  const disconnect = useDisconnectIntegration();
  const test = useIntegrationMethod<{ ok: boolean; message: string }>('test');
  const [secret, setSecret] = useState<string | null>(null);

  const info = catalogue.data?.find((entry) => entry.id === known?.id);
  const connection = mine.data?.find((entry) => entry.integration_id === known?.id);
  const back = (
    <Anchor component={Link} to="/integrations" size="sm">
      ← All integrations
    </Anchor>
  );
  if (!known) {
    return (
      <Stack maw={960} mx="auto">
        {back}
        <ErrorBox message="No such integration" />
      </Stack>
    );
  }
  return (
    <Stack maw={960} mx="auto">
      {back}
      <PageHeader title={known.name} description={known.description} />
      {(catalogue.isPending || mine.isPending) && <Skeleton h={240} radius="lg" />}
      {(catalogue.isError || mine.isError) && <ErrorBox message={(catalogue.error ?? mine.error)?.message} />}
      {info && !info.available && (
        <InfoMessage title={info.status}>
          {info.inactive
            ? 'Payments are set up under Store settings → Payment gateways.'
            : info.not_configured
              ? `${known.name} is ${info.not_configured}.`
              : `${known.name} cannot be connected on this server yet.`}
        </InfoMessage>
      )}
      {info?.available && mine.data && known.id === GOOGLE_SHEETS_INTEGRATION_ID && (
        <GoogleSheetsPanel info={info} connection={connection} admin={admin} automator={automator} />
      )}
      {info?.available &&
        mine.data &&
        known.id !== WEBHOOK_INTEGRATION_ID &&
        known.id !== GOOGLE_SHEETS_INTEGRATION_ID && (
          <Card withBorder>
            <Stack>
              <Group justify="space-between">
                <Badge variant="light" color={info.status === 'Connected' ? 'green' : 'gray'}>
                  {info.status}
                </Badge>
                {connection?.connected && (
                  <Group gap="xs">
                    <LockedButton
                      locked={!automator}
                      variant="default"
                      loading={test.isPending}
                      onClick={() => test.mutate({ id: connection.id })}
                    >
                      Test connection
                    </LockedButton>
                    <LockedButton
                      locked={!admin}
                      color="red"
                      variant="light"
                      loading={disconnect.isPending}
                      onClick={() => disconnect.mutate(connection)}
                    >
                      Disconnect
                    </LockedButton>
                  </Group>
                )}
              </Group>
              {test.data && (
                <Text size="sm" c={test.data.ok ? 'green' : 'red'} data-testid="test-result">
                  {test.data.message}
                </Text>
              )}
              <ServiceConnectForm
                key={connection?.updated_at ?? 'new'}
                info={info}
                connection={connection}
                canEdit={admin}
              />
            </Stack>
          </Card>
        )}
      {info?.available && mine.data && known.id === WEBHOOK_INTEGRATION_ID && (
        <>
          <Card withBorder>
            <Stack>
              <Group justify="space-between">
                <Badge variant="light" color={info.status === 'Connected' ? 'green' : 'gray'}>
                  {info.status}
                </Badge>
                {connection?.connected && (
                  <Group gap="xs">
                    <LockedButton
                      locked={!automator}
                      variant="default"
                      loading={test.isPending}
                      onClick={() => test.mutate({ id: connection.id })}
                    >
                      Send test event
                    </LockedButton>
                    <LockedButton
                      locked={!admin}
                      color="red"
                      variant="light"
                      loading={disconnect.isPending}
                      onClick={() => disconnect.mutate(connection, { onSuccess: () => setSecret(null) })}
                    >
                      Disconnect
                    </LockedButton>
                  </Group>
                )}
              </Group>
              {test.data && (
                <Text size="sm" c={test.data.ok ? 'green' : 'red'} data-testid="test-result">
                  {test.data.message}
                </Text>
              )}
              <WebhookConnectForm
                key={connection?.updated_at ?? 'new'}
                connection={connection}
                canEdit={admin}
                onSecret={setSecret}
              />
              {connection?.connected && (
                <>
                  <Divider />
                  <SigningSecretCard
                    connection={connection}
                    canEdit={admin}
                    secret={secret}
                    onSecret={setSecret}
                  />
                </>
              )}
            </Stack>
          </Card>
          {connection && (
            <Card withBorder>
              <DeliveriesTable connection={connection} canResend={automator} />
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
