import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useMe } from '../../session/api.ts';
import { TimezonePopup } from './timezone-popup.tsx';

export function TimezoneCard() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} fz="lg">
            Time zone
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Reports, charts and exports show times in your time zone.
          </Text>
          <Group gap={6} mt="md">
            <IconWorld size={18} color="var(--mantine-color-indigo-6)" />
            <Text fw={600} data-testid="current-time-zone">
              {me.time_zone}
            </Text>
          </Group>
        </div>
        <Button variant="light" onClick={() => setOpen(true)}>
          Change time zone
        </Button>
      </Group>
      {open && <TimezonePopup opened onClose={() => setOpen(false)} current={me.time_zone} />}
    </Card>
  );
}
