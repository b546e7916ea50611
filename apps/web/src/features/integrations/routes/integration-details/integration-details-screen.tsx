import {
  GOOGLE_SHEETS_INTEGRATION_ID,
  integrationBySlugOrId,
  WEBHOOK_INTEGRATION_ID,
} from '@funnelwork/domain/integrations/catalogue';
import { hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { Anchor, Card, Divider, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useIntegrationCatalogue, useUserIntegrations } from '../../api.ts';
import { ConnectionHeader } from '../../components/connection-header.tsx';
import { DeliveriesTable } from '../../components/deliveries-table.tsx';
import { GoogleSheetsPanel } from '../../components/google-sheets-panel.tsx';
import { IntegrationUnavailable } from '../../components/integration-unavailable.tsx';
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
      {info && !info.available && <IntegrationUnavailable info={info} />}
      {info?.available && mine.data && known.id === GOOGLE_SHEETS_INTEGRATION_ID && (
        <GoogleSheetsPanel info={info} connection={connection} admin={admin} automator={automator} />
      )}
      {info?.available &&
        mine.data &&
        known.id !== WEBHOOK_INTEGRATION_ID &&
        known.id !== GOOGLE_SHEETS_INTEGRATION_ID && (
          <Card withBorder>
            <Stack>
              <ConnectionHeader
                info={info}
                connection={connection}
                admin={admin}
                automator={automator}
                testLabel="Test connection"
              />
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
              <ConnectionHeader
                info={info}
                connection={connection}
                admin={admin}
                automator={automator}
                testLabel="Send test event"
                onDisconnected={() => setSecret(null)}
              />
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
              <DeliveriesTable log={`user-integrations/${connection.id}`} canResend={automator} />
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
