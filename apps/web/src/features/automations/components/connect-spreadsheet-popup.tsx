import { GOOGLE_SHEETS_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { isAdmin } from '@funnelwork/domain/rules';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { AppModal } from '../../../shared/popups.tsx';
import { useIntegrationCatalogue, useUserIntegrations } from '../../integrations/api.ts';
import {
  GoogleConnectButton,
  useGoogleConnectOutcome,
} from '../../integrations/components/google-connect-button.tsx';
import { IntegrationUnavailable } from '../../integrations/components/integration-unavailable.tsx';
import { useMe } from '../../session/api.ts';

/**
 * "Spreadsheet connect": Google Sheets' own connect, from the builder. Google's consent screen opens in
 * a window of its own, so the automation and its unsaved steps stay here; once the connection exists
 * (Google's window says so as it closes, and the connections are re-read meanwhile) `onConnected` runs.
 */
export function ConnectSpreadsheetPopup({
  onConnected,
  onBack,
  onClose,
}: {
  onConnected: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const catalogue = useIntegrationCatalogue();
  const [waiting, setWaiting] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const connections = useUserIntegrations({ poll: waiting });
  const info = catalogue.data?.find((entry) => entry.id === GOOGLE_SHEETS_INTEGRATION_ID);
  const connected = (connections.data ?? []).some(
    (c) => c.integration_id === GOOGLE_SHEETS_INTEGRATION_ID && c.connected && c.active,
  );

  useGoogleConnectOutcome((outcome) => {
    if ('error' in outcome) setRefused(outcome.error);
    else void connections.refetch();
  });

  const done = useRef(false);
  useEffect(() => {
    if (!connected || done.current) return;
    done.current = true;
    onConnected();
  }, [connected, onConnected]);

  return (
    <AppModal opened onClose={onClose} title="Connect spreadsheet" size="lg">
      <Stack>
        {(catalogue.isPending || connections.isPending) && <Loader size="sm" />}
        {(catalogue.isError || connections.isError) && (
          <ErrorBox message={(catalogue.error ?? connections.error)?.message} />
        )}
        {info && !info.available && <IntegrationUnavailable info={info} />}
        {info?.available && connections.data && (
          <>
            <Text size="sm">
              Add row to spreadsheet writes to your Google Sheets. Sign in with Google in the window that
              opens and allow Funnelwork to edit your spreadsheets; this automation stays open here.
            </Text>
            <GoogleConnectButton
              admin={admin}
              connected={false}
              target="window"
              onOpened={() => {
                setRefused(null);
                setWaiting(true);
              }}
            />
            {waiting && !refused && (
              <Group gap="xs" data-testid="waiting-for-google">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Waiting for Google: finish in its window, then choose the spreadsheet here.
                </Text>
              </Group>
            )}
            {refused && (
              <Alert color="red" title="Google Sheets was not connected">
                {refused}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
