import type { Order } from '@funnelwork/domain';
import { canRefund, refundUnavailableReason } from '@funnelwork/domain/rules';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { InfoMessage } from '../../../shared/info-message.tsx';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { ToggleSwitch } from '../../../shared/toggle-switch.tsx';
import { cancelOrder, orderKeys, patchOrder } from '../api.ts';
import { customerName } from './customer-name.ts';
import { OrderSummary } from './order-summary.tsx';

type PopupProps = { order: Order; onClose: () => void };

/** Cancel order, optionally with a refund ("Refund switch defaults to off"). */
export function CancelOrderPopup({ order, onClose }: PopupProps) {
  const client = useQueryClient();
  const [refund, setRefund] = useState(false);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const refundable = canRefund(order);

  const submit = async () => {
    setSaving(true);
    const result = await cancelOrder(order.id, refundable && refund, reason);
    // "saving indicator cleared" on success and failure alike.
    setSaving(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    patchOrder(client, order.id, result.data);
    void client.invalidateQueries({ queryKey: orderKeys.timeline(order.id) });
    notifySuccess('Order canceled');
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={`Cancel order #${order.order_number}`} size="lg">
      <Stack>
        <Text>
          Customer: <strong>{customerName(order)}</strong>
        </Text>
        <OrderSummary order={order} name="cancel-order-summary" />
        {refundable ? (
          <>
            <ToggleSwitch
              label="Do you want to refund your customer as well?"
              checked={refund}
              onChange={setRefund}
            />
            {refund && (
              <Textarea
                label="Refund reason"
                description="Optional"
                autosize
                minRows={2}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            )}
          </>
        ) : (
          <InfoMessage>{refundUnavailableReason(order)}</InfoMessage>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep Order
          </Button>
          <Button color="red" loading={saving} onClick={submit}>
            Cancel order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
