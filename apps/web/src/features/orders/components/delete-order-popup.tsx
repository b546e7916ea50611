import type { Order } from '@funnelwork/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { AppModal } from '../../../shared/popups.tsx';
import { useDeleteOrder } from '../api.ts';

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
  const remove = useDeleteOrder(order.id);
  return (
    <AppModal opened onClose={onClose} title={`Delete order #${order.order_number}`}>
      <Stack>
        <Alert color="red" variant="light">
          {DELETE_ORDER_ALERT}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: onDeleted })}
          >
            Delete order
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
