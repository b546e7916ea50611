import type { Order } from '@funnelwork/domain';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { deleteOrder, orderKeys } from '../api.ts';

export const DELETE_ORDER_ALERT =
  "This can't be undone. A deleted order won't be visible in your dashboard or analytics anymore.";

export function DeleteOrderPopup({
  order,
  onClose,
  onDeleted,
}: {
  order: Order;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    const result = await deleteOrder(order.id);
    setSaving(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    client.removeQueries({ queryKey: orderKeys.detail(order.id) });
    // The deleted order leaves the lists and their totals.
    void client.invalidateQueries({ queryKey: orderKeys.lists });
    notifySuccess('Order deleted');
    onDeleted();
  };
  return (
    <Modal opened onClose={onClose} title={`Delete order #${order.order_number}`}>
      <Stack>
        <Alert color="red" variant="light">
          {DELETE_ORDER_ALERT}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={saving} onClick={submit}>
            Delete order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
