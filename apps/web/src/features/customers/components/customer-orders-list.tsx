import { formatOrderDate, formatPrice } from '@funnelwork/domain/rules';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCustomerOrders } from '../api.ts';

/**
 * The Orders section: the customer's orders, newest first, each opening its details panel on /orders
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
  if (orders.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No orders yet.
      </Text>
    );
  }
  return (
    <Stack gap={0} aria-label="Customer orders" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {orders.data.map((order) => (
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
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(order.amount, order.currency)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
