import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../shared/popups.tsx';
import { useDeleteCustomer } from '../api.ts';

type DeleteCustomerPopupProps = {
  customer: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
  /** Above a nested panel. */
  zIndex?: number;
};

/** The delete customer confirmation popup. */
export function DeleteCustomerPopup({ customer, onClose, onDeleted, zIndex }: DeleteCustomerPopupProps) {
  const remove = useDeleteCustomer();
  return (
    <AppModal opened={customer !== null} onClose={onClose} title="Delete customer" centered zIndex={zIndex}>
      <Stack>
        <Text size="sm">
          Delete <b>{customer?.name}</b>? This can't be undone. Their personal details are erased; their
          orders stay in your dashboard without a name or e-mail.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep customer
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => customer && remove.mutate(customer.id, { onSuccess: onDeleted })}
          >
            Delete customer
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
