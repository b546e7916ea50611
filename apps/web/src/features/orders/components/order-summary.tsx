import type { Order } from '@funnelwork/domain';
import {
  formatPrice,
  productImageIds,
  productLink,
  quantitySuffix,
  shownVariantTitle,
  summaryTotals,
} from '@funnelwork/domain/rules';
import { Anchor, Avatar, Divider, Group, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ExpandableArea } from '../../../shared/expandable-area.tsx';
import { useProductImages } from '../api.ts';

type OrderSummaryProps = {
  order: Order;
  /** "Its open or closed state persists per name in local storage." */
  name?: string;
  defaultOpen?: boolean;
};

/**
 * "Order Summary expandable area: item lines with image, name, variant title (hidden when it is 'Main
 * Product'), amount, and ' x qty' when qty is above 1, then a Total line." A canceled or refunded
 * order adds 'Original total' and 'Refunded' lines above the Total.
 */
export function OrderSummary({ order, name = 'order-summary', defaultOpen = true }: OrderSummaryProps) {
  // "A canceled order shows amount 0.00" (a refund cancels too): the Total line; the original total
  // and the refunded amount are shown above it (docs/decisions/orders-and-customers.md).
  const totals = summaryTotals(order);
  // Items without a picture of their own show their product's, from the product images call (its
  // failure warns, and the placeholders stay).
  const images = useProductImages(productImageIds(order));
  const productImage = new Map(images.data?.map((p) => [p.id, p.image_url]));
  return (
    <ExpandableArea name={name} title="Order Summary" defaultOpen={defaultOpen}>
      <Stack gap="xs" data-testid="order-summary">
        {order.items.map((item, index) => {
          const link = productLink(order, item);
          const variant = shownVariantTitle(item);
          return (
            // Items have no id of their own; their position is stable for one order.
            // biome-ignore lint/suspicious/noArrayIndexKey: order items are never reordered
            <Group key={index} justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={item.image_url || productImage.get(item.product_id) || null}
                  radius="sm"
                  size={40}
                  alt=""
                >
                  <IconPackage size={18} />
                </Avatar>
                <div>
                  {link ? (
                    <Anchor component={Link} to={link} size="sm" fw={500}>
                      {item.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={500}>
                      {item.name}
                    </Text>
                  )}
                  {variant && (
                    <Text size="xs" c="dimmed">
                      {variant}
                    </Text>
                  )}
                </div>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatPrice(item.amount, order.currency_code)}
                {quantitySuffix(item)}
              </Text>
            </Group>
          );
        })}
        <Divider />
        {totals.original !== null && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Original total
            </Text>
            <Text size="sm" c="dimmed" data-testid="order-original-total">
              {formatPrice(totals.original, order.currency_code)}
            </Text>
          </Group>
        )}
        {totals.refunded !== null && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Refunded
            </Text>
            <Text size="sm" c="dimmed" data-testid="order-refunded">
              {formatPrice(-totals.refunded, order.currency_code)}
            </Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={600}>Total</Text>
          <Text fw={600} data-testid="order-total">
            {formatPrice(totals.total, order.currency_code)}
          </Text>
        </Group>
      </Stack>
    </ExpandableArea>
  );
}
