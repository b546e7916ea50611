import type { Staff } from '@funnelwork/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { deleteStaff, staffKeys } from '../api.ts';
import { staffName } from '../staff-name.ts';

type DeleteStaffPopupProps = { staff: Staff | null; accountName: string; onClose: () => void };

export function DeleteStaffPopup({ staff, accountName, onClose }: DeleteStaffPopupProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!staff) return;
    setBusy(true);
    const result = await deleteStaff(staff.id);
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    notifySuccess(`${staffName(staff)} was removed from the team`);
    onClose();
  };

  return (
    <Modal opened={staff !== null} onClose={onClose} title="Delete staff member">
      <Stack>
        <Text size="sm">
          {staff && `${staffName(staff)} (${staff.email}) will lose access to ${accountName} at once.`}
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
