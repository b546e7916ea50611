import type { Discount } from '@funnelwork/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { deleteDiscount, discountKeys } from '../api.ts';

export function DeleteDiscountPopup({
  discount,
  onClose,
}: {
  discount: Discount | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!discount) return;
    setBusy(true);
    const result = await deleteDiscount(discount.id);
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: discountKeys.all });
    notifySuccess(`Discount ${discount.code} was deleted`);
    onClose();
  };
  return (
    <Modal opened={discount !== null} onClose={onClose} title="Delete discount">
      <Stack>
        <Text size="sm">Customers will no longer be able to use the code {discount?.code}.</Text>
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
