import type { Order } from '@funnelwork/domain';
import { canRefund, refundUnavailableReason } from '@funnelwork/domain/rules';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { InfoMessage } from '../../../shared/info-message.tsx';
import { AppModal } from '../../../shared/popups.tsx';
import { ToggleSwitch } from '../../../shared/toggle-switch.tsx';
import { useCancelOrder } from '../api.ts';
import { customerName } from './customer-name.ts';
import { OrderSummary } from './order-summary.tsx';

type PopupProps = { order: Order; onClose: () => void };

/** Cancel order, optionally with a refund ("Refund switch defaults to off"). */
export function CancelOrderPopup({ order, onClose }: PopupProps) {
  const [refund, setRefund] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(order.id);
  const refundable = canRefund(order);
  const submit = () => cancel.mutate({ refund: refundable && refund, reason }, { onSuccess: onClose });

  return (
    <AppModal opened onClose={onClose} title={`Cancel order #${order.order_number}`} size="lg">
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
          <Button color="red" loading={cancel.isPending} onClick={submit}>
            Cancel order
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
