import { TIMEZONE_SUCCESS } from '@funnelwork/domain/rules';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { flashAfterReload } from '../../../shared/notices.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { reloadPage } from '../../../shared/reload-page.ts';
import { useUpdateTimezone } from '../api.ts';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function timeZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(current);
  zones.add('UTC');
  return [...zones].sort();
}

type TimezonePopupProps = { opened: boolean; onClose: () => void; current: string };

/**
 * "Update your timezone": Update is disabled until a zone is chosen; success only when the answer
 * echoes the same time_zone, then the page reloads.
 */
export function TimezonePopup({ opened, onClose, current }: TimezonePopupProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const update = useUpdateTimezone();
  // A change reloads the page: the button stays busy until it does.
  const reloading = update.isSuccess;
  const zones = useMemo(() => timeZones(current), [current]);
  const browserZone = browserTimeZone();

  const reload = () => {
    flashAfterReload({ kind: 'success', message: TIMEZONE_SUCCESS });
    reloadPage();
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Update your timezone">
      <Stack>
        <Text size="sm" c="dimmed">
          {`Your time zone is ${current}. Reports, charts and exports show times in it.`}
        </Text>
        <Select
          label="Time zone"
          placeholder="Choose a time zone"
          data={zones}
          value={chosen}
          onChange={setChosen}
          searchable
          nothingFoundMessage="No time zone matches"
          comboboxProps={{ withinPortal: true }}
        />
        {browserZone && browserZone !== chosen && (
          <Anchor component="button" type="button" size="sm" onClick={() => setChosen(browserZone)} ta="left">
            {`Use this browser's time zone (${browserZone})`}
          </Anchor>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => chosen && update.mutate(chosen, { onSuccess: reload })}
            disabled={!chosen}
            loading={update.isPending || reloading}
          >
            Update
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
