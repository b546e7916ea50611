import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './popups.tsx';

type DeleteWrite<T> = {
  mutate: (item: T, options: { onSuccess: () => void }) => void;
  isPending: boolean;
};

type ConfirmDeletePopupProps<T> = {
  /** What is deleted; null keeps the popup closed. */
  item: T | null;
  title: string;
  /** The delete hook of the item (useApiMutation), with its notices and refetches. */
  remove: DeleteWrite<T>;
  onClose: () => void;
  /** After the delete succeeded and the popup closed. */
  onDeleted?: () => void;
  confirmLabel?: string;
  /** What the delete does, in a sentence or two. */
  children: ReactNode;
};

/** A "Delete …" popup: what the delete does, then Cancel or the red delete button. */
export function ConfirmDeletePopup<T>({
  item,
  title,
  remove,
  onClose,
  onDeleted,
  confirmLabel = 'Delete',
  children,
}: ConfirmDeletePopupProps<T>) {
  const confirm = () => {
    if (item === null) return;
    remove.mutate(item, {
      onSuccess: () => {
        onClose();
        onDeleted?.();
      },
    });
  };
  return (
    <AppModal opened={item !== null} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
