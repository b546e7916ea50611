import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { deleteFunnel, funnelKeys } from '../api.ts';

/** Spec §8 names 'Delete error' for a failed delete. */
export const DELETE_ERROR = 'Delete error';

type DeleteFunnelPopupProps = {
  funnel: { id: number; name: string; is_sub_funnel?: boolean } | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** "Delete funnel" popup: the funnel moves to the archive, where Restore brings it back. */
export function DeleteFunnelPopup({ funnel, onClose, onDeleted }: DeleteFunnelPopupProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const geo = funnel?.is_sub_funnel === true;

  const remove = async () => {
    if (!funnel) return;
    setBusy(true);
    const result = await deleteFunnel(funnel.id);
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(DELETE_ERROR);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: funnelKeys.all });
    notifySuccess(`“${funnel.name}” was deleted`);
    onClose();
    onDeleted?.();
  };

  return (
    <Modal opened={funnel !== null} onClose={onClose} title={geo ? 'Delete geo-funnel' : 'Delete funnel'}>
      <Stack>
        <Text size="sm">
          {geo
            ? `“${funnel?.name}” and its steps will stop being shown to its countries.`
            : `“${funnel?.name}” will be unpublished and moved to the archive, with its geo-funnels. You can restore it from the archive.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
