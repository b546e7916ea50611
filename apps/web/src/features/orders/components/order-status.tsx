import type { Order } from '@funnelwork/domain';
import { type OrderStatus, orderStatus, orderStatusDetail } from '@funnelwork/domain/rules';
import { Badge, Group } from '@mantine/core';

const COLORS: Record<OrderStatus, string> = {
  Pending: 'yellow',
  Failed: 'red',
  Fulfilled: 'teal',
  Refunded: 'grape',
  Paid: 'blue',
};

/** The list's status badge: Pending, Failed, Fulfilled, Refunded or Paid (first match wins). */
export function OrderStatusBadge({ order }: { order: Order }) {
  const status = orderStatus(order);
  return (
    <Badge color={COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}

/** "Fulfilled, Canceled and Archived are also shown as independent flags in the details panel." */
export function OrderStatusTags({ order }: { order: Order }) {
  const status = orderStatus(order);
  return (
    <Group gap={6} data-testid="order-status-tags">
      <Badge color={COLORS[status]} variant="light">
        {orderStatusDetail(order)}
      </Badge>
      {order.is_fulfilled && status !== 'Fulfilled' && (
        <Badge color="teal" variant="outline">
          Fulfilled
        </Badge>
      )}
      {order.is_canceled && (
        <Badge color="red" variant="outline">
          Canceled
        </Badge>
      )}
      {order.is_archived && (
        <Badge color="gray" variant="outline">
          Archived
        </Badge>
      )}
    </Group>
  );
}
