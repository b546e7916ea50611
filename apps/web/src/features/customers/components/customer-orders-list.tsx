import { formatOrderDate, formatPrice, isPaymentAttempt } from '@funnelwork/domain/rules';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type CustomerOrderRow, useCustomerOrders } from '../api.ts';

/**
 * The Orders section: the customer's orders, newest first, then their failed payments as 'Payment
 * attempts' (issue 35: attempts of the customer, not orders to ship), each opening its details panel on /orders
 * (`?order=`). `onOpenOrder` runs as one is opened (the panel nested over an order closes itself).
 */
export function CustomerOrdersList({
  customerId,
  onOpenOrder,
}: {
  customerId: number;
  onOpenOrder?: () => void;
}) {
  const orders = useCustomerOrders(customerId);
  if (orders.isPending) return <Skeleton h={80} radius="md" />;
  if (orders.isError)
    return (
      <Text size="sm" c="red">
        {orders.error.message}
      </Text>
    );
  const placed = orders.data.filter((order) => !isPaymentAttempt(order));
  const attempts = orders.data.filter(isPaymentAttempt);
  return (
    <Stack gap="xs">
      {placed.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders yet.
        </Text>
      ) : (
        <OrderRows rows={placed} label="Customer orders" onOpenOrder={onOpenOrder} />
      )}
      {attempts.length > 0 && (
        <>
          <Group gap={8} mt="xs">
            <Text size="sm" fw={600}>
              Payment attempts
            </Text>
            <Badge variant="light" color="gray" radius="sm">
              {attempts.length}
            </Badge>
          </Group>
          <OrderRows rows={attempts} label="Payment attempts" onOpenOrder={onOpenOrder} />
        </>
      )}
    </Stack>
  );
}

function OrderRows({
  rows,
  label,
  onOpenOrder,
}: {
  rows: CustomerOrderRow[];
  label: string;
  onOpenOrder?: () => void;
}) {
  return (
    <Stack gap={0} aria-label={label} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((order) => (
        <Group
          key={order.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          py={8}
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={`/orders?order=${order.id}`}
              onClick={onOpenOrder}
              size="sm"
              fw={500}
              lineClamp={1}
            >
              {order.name || `Order #${order.id}`}
            </Anchor>
            <Text size="xs" c="dimmed">
              {`${formatOrderDate(order.created_at)} · ${order.items_count} ${order.items_count === 1 ? 'item' : 'items'}`}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            {isPaymentAttempt(order) && (
              <Badge color="red" variant="light" size="sm">
                Failed
              </Badge>
            )}
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatPrice(order.amount, order.currency)}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
