import type { IntegrationInfoAnswer, UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { Alert, Card, Divider, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useIntegrationMethod } from '../api.ts';
import { ConnectionHeader } from './connection-header.tsx';
import { finishGoogleWindow, GoogleConnectButton, isGoogleWindow } from './google-connect-button.tsx';

/**
 * Google Sheets on its screen: "Connect with Google" (the browser goes to Google's consent screen and
 * comes back here with `?connected=1` or `?error=…`), then a spreadsheet and sheet picker that lists
 * the sheets of a spreadsheet and can add a test row to one.
 */
export function GoogleSheetsPanel({
  info,
  connection,
  admin,
  automator,
}: {
  info: IntegrationInfoAnswer;
  connection: UserIntegration | undefined;
  admin: boolean;
  automator: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const connected = connection?.connected === true;
  const returned = params.get('connected') === '1';
  const refused = params.get('error');
  const dismiss = () => setParams({}, { replace: true });

  // Back from Google in the window a builder opened: that screen hears how it went, and the window closes.
  const [fromBuilder] = useState(isGoogleWindow);
  useEffect(() => {
    if (fromBuilder && (returned || refused))
      finishGoogleWindow(refused ? { error: refused } : { connected: true });
  }, [fromBuilder, returned, refused]);

  return (
    <>
      <Card withBorder>
        <Stack>
          <ConnectionHeader
            info={info}
            connection={connection}
            admin={admin}
            automator={automator}
            testLabel="Check connection"
          />
          {returned && connected && (
            <Alert color="green" title="Google Sheets is connected" withCloseButton onClose={dismiss}>
              {fromBuilder
                ? 'You can close this window: your automation goes on where you left it.'
                : 'Pick a spreadsheet below to check that rows can be added to it.'}
            </Alert>
          )}
          {refused && (
            <Alert color="red" title="Google Sheets was not connected" withCloseButton onClose={dismiss}>
              <span data-testid="oauth-error">{refused}</span>
            </Alert>
          )}
          <Text size="sm">
            {connected
              ? 'Your Google account is connected. Funnelwork can add rows to the spreadsheets you name.'
              : 'Sign in with Google and allow Funnelwork to edit your spreadsheets; you come back here afterwards.'}
          </Text>
          <GoogleConnectButton admin={admin} connected={connected} target="page" />
        </Stack>
      </Card>
      {connected && connection && <SheetPicker connection={connection} canWrite={automator} />}
    </>
  );
}

/** The spreadsheet (its id or address) and one of its sheets; "Add a test row" appends to it. */
function SheetPicker({ connection, canWrite }: { connection: UserIntegration; canWrite: boolean }) {
  const [spreadsheet, setSpreadsheet] = useState('');
  const [sheet, setSheet] = useState<string | null>(null);
  const list = useIntegrationMethod('list-sheets');
  const append = useIntegrationMethod(
    'append-row',
    (answer) => `A test row was added at ${answer.updated_range}`,
  );
  const sheets = list.data?.sheets ?? [];

  const load = (event: FormEvent) => {
    event.preventDefault();
    setSheet(null);
    append.reset();
    list.mutate(
      { id: connection.id, input: { spreadsheet_id: spreadsheet.trim() } },
      { onSuccess: (answer) => setSheet(answer.sheets[0]?.title ?? null) },
    );
  };

  return (
    <Card withBorder>
      <Stack>
        <Title order={2} fz="lg">
          Spreadsheet
        </Title>
        <form onSubmit={load} aria-label="Choose a spreadsheet">
          <Group align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="Spreadsheet ID or address"
              description="Copy it from the browser: docs.google.com/spreadsheets/d/…/edit"
              value={spreadsheet}
              onChange={(e) => setSpreadsheet(e.currentTarget.value)}
              error={fieldError(list.error, 'spreadsheet_id')}
              required
            />
            <LockedButton locked={!canWrite} type="submit" variant="default" loading={list.isPending}>
              Load sheets
            </LockedButton>
          </Group>
        </form>
        {list.data && (
          <>
            <Divider />
            <Select
              label="Sheet"
              data={sheets.map((s) => s.title)}
              value={sheet}
              onChange={setSheet}
              allowDeselect={false}
              nothingFoundMessage="This spreadsheet has no sheets"
            />
            <Group>
              <LockedButton
                locked={!canWrite}
                disabled={!sheet}
                loading={append.isPending}
                onClick={() =>
                  sheet &&
                  append.mutate({
                    id: connection.id,
                    input: {
                      spreadsheet_id: list.data.spreadsheet_id,
                      sheet,
                      values: ['Funnelwork test row', new Date().toISOString()],
                    },
                  })
                }
              >
                Add a test row
              </LockedButton>
              {append.data && (
                <Text size="sm" c="green" data-testid="append-result">
                  Added {append.data.updated_cells} cells at {append.data.updated_range}
                </Text>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
