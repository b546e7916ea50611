import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './popups.tsx';

/** 'Restore this version': what a restore does, Cancel, and the confirming button (page and e-mail versions). */
export function RestoreVersionPopup({
  opened,
  onClose,
  confirmLabel,
  loading,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  /** What the restore changes, in the editor's words. */
  children: ReactNode;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Restore this version" centered>
      <Stack>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
