import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { flashAfterReload, notifyError } from '../../../shared/notices.ts';
import { reloadPage } from '../../../shared/reload-page.ts';
import { updateTimezone } from '../api.ts';

export const TIMEZONE_UPDATED = 'Your timezone was updated successfully';
export const TIMEZONE_FAILED = 'Something went wrong! try again later.';

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
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZones(current), [current]);
  const browserZone = browserTimeZone();

  const update = async () => {
    if (!chosen) return;
    setBusy(true);
    const result = await updateTimezone(chosen);
    if (result.error === undefined && result.data.time_zone === chosen) {
      flashAfterReload({ kind: 'success', message: TIMEZONE_UPDATED });
      reloadPage();
      return;
    }
    setBusy(false);
    notifyError(TIMEZONE_FAILED);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Update your timezone">
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
          <Button onClick={() => void update()} disabled={!chosen} loading={busy}>
            Update
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
