import type { Order } from '@funnelwork/domain';
import { isPaymentAttempt, type OrderStatus, orderStatus, orderStatusDetail } from '@funnelwork/domain/rules';
import { Badge, Group } from '@mantine/core';

const COLORS: Record<OrderStatus, string> = {
  Pending: 'yellow',
  Failed: 'red',
  Fulfilled: 'teal',
  Refunded: 'grape',
  Paid: 'blue',
};

/**
 * The list's status: Pending, Failed, Fulfilled, Refunded or Paid (first match wins), with a Canceled
 * tag beside it as the details panel has (a canceled order shows 0.00), and an Attempt tag on a failed
 * payment: an attempt of its customer, not an order to ship (docs/decisions/orders-and-customers.md).
 */
export function OrderStatusBadge({ order }: { order: Order }) {
  const status = orderStatus(order);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={COLORS[status]} variant="light">
        {status}
      </Badge>
      {order.is_canceled && (
        <Badge color="red" variant="outline">
          Canceled
        </Badge>
      )}
      {isPaymentAttempt(order) && (
        <Badge
          color="gray"
          variant="outline"
          title="A payment attempt of this customer, not an order to ship"
        >
          Attempt
        </Badge>
      )}
    </Group>
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
