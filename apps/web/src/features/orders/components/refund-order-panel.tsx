import type { Order } from '@funnelwork/domain';
import { canRefund, displayedAmount, formatPrice, refundUnavailableReason } from '@funnelwork/domain/rules';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { InfoMessage } from '../../../shared/info-message.tsx';
import { AppDrawer } from '../../../shared/popups.tsx';
import { useOrder, useRefundOrder } from '../api.ts';
import { customerName } from './customer-name.ts';

/** Shown when the order cannot be refunded (spec §2 Refund order). */
export const REFUND_CANCEL_WARNING = 'Cancelling this order makes it unfulfillable.';

/** Refund order (side panel) with an optional reason. */
export function RefundOrderPanel({ order: shown, onClose }: { order: Order; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const refund = useRefundOrder(shown.id);
  // The order as the server has it now: refunded or canceled elsewhere since the list loaded, it gets the
  // spec's warning instead of a Refund button (its menus only knew the older copy).
  const current = useOrder(shown.id, shown, { fresh: true });
  const order = current.data ?? shown;
  const refundable = canRefund(order);

  return (
    <AppDrawer
      opened
      onClose={onClose}
      position="right"
      size="md"
      title={`Refund order #${order.order_number}`}
    >
      <Stack>
        <Text>
          {customerName(order)} · {formatPrice(displayedAmount(order), order.currency_code)}
        </Text>
        {refundable ? (
          <Textarea
            label="Reason"
            description="Optional"
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        ) : (
          <InfoMessage color="yellow">
            <Text size="sm">{REFUND_CANCEL_WARNING}</Text>
            <Text size="sm">{refundUnavailableReason(order)}</Text>
          </InfoMessage>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!refundable || current.isFetching}
            loading={refund.isPending}
            onClick={() => refund.mutate(reason, { onSuccess: onClose })}
          >
            Refund
          </Button>
        </Group>
      </Stack>
    </AppDrawer>
  );
}
