import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { deleteCustomer, refreshAfterCustomerChange } from '../api.ts';
import { CUSTOMER_DELETE_FAILURE, CUSTOMER_DELETED } from '../messages.ts';

type DeleteCustomerPopupProps = {
  customer: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
  /** Above a nested panel. */
  zIndex?: number;
};

/** The delete customer confirmation popup. */
export function DeleteCustomerPopup({ customer, onClose, onDeleted, zIndex }: DeleteCustomerPopupProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!customer) return;
    setBusy(true);
    const result = await deleteCustomer(customer.id);
    setBusy(false);
    if (result.error !== undefined) {
      // "Customer delete failure: notification 'Something went wrong... Please try again later'".
      notifyError(CUSTOMER_DELETE_FAILURE);
      return;
    }
    notifySuccess(CUSTOMER_DELETED);
    onDeleted();
    await refreshAfterCustomerChange(queryClient);
  };
  return (
    <Modal opened={customer !== null} onClose={onClose} title="Delete customer" centered zIndex={zIndex}>
      <Stack>
        <Text size="sm">
          Delete <b>{customer?.name}</b>? This can't be undone. Their personal details are erased; their
          orders stay in your dashboard without a name or e-mail.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep customer
          </Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>
            Delete customer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
