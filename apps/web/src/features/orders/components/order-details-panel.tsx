import type { Order } from '@funnelwork/domain';
import {
  addressLines,
  formatOrderDate,
  gatewayById,
  type PostalAddress,
  SHIPPING_CARRIERS,
} from '@funnelwork/domain/rules';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { AppDrawer } from '../../../shared/popups.tsx';
import { CustomerDetailsPanel } from '../../customers/screens.ts';
import { useFulfillment, useOrder } from '../api.ts';
import { customerName } from './customer-name.ts';
import { type OrderAction, OrderActionsMenu } from './order-actions-menu.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderStatusTags } from './order-status.tsx';
import { OrderSummary } from './order-summary.tsx';
import { OrderTimeline } from './order-timeline.tsx';

type OrderDetailsPanelProps = {
  orderId: number;
  /** The row's copy from the loaded list, shown while the order loads. */
  initial?: Order;
  canWrite: boolean;
  onAction: (order: Order, action: OrderAction) => void;
  onClose: () => void;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** The order details side panel: number, status tags, date, actions, summary, fulfillment, customer, timeline, notes. */
export function OrderDetailsPanel({ orderId, initial, canWrite, onAction, onClose }: OrderDetailsPanelProps) {
  const query = useOrder(orderId, initial);
  const order = query.data;
  // "the customer details panel (nesting one level from an order)": it opens over this panel.
  const [customerOpen, setCustomerOpen] = useState(false);
  return (
    <>
      <AppDrawer
        opened
        onClose={onClose}
        position="right"
        size="xl"
        title={order ? <Title order={3}>Order #{order.order_number}</Title> : 'Order'}
        aria-label="Order details"
        closeOnEscape={!customerOpen}
      >
        {query.isError && !order && <ErrorBox message={query.error.message} />}
        {!order && query.isPending && <Skeleton h={300} />}
        {order && (
          <Stack>
            <Group justify="space-between" align="flex-start">
              <Stack gap={6}>
                <OrderStatusTags order={order} />
                <Text size="sm" c="dimmed">
                  {formatOrderDate(order.created_at)} · {gatewayById(order.gateway_id).name}
                </Text>
              </Stack>
              <OrderActionsMenu
                order={order}
                canWrite={canWrite}
                variant="details"
                onAction={(action) => onAction(order, action)}
              />
            </Group>
            <OrderSummary order={order} />
            <FulfillmentSection order={order} />
            <Section title="Customer">
              {order.customer_id !== null && order.customer !== null ? (
                <Anchor component="button" type="button" onClick={() => setCustomerOpen(true)}>
                  {customerName(order)}
                </Anchor>
              ) : (
                <Text>{customerName(order) || 'No customer'}</Text>
              )}
              {order.optin_email && (
                <Text size="sm" c="dimmed">
                  {order.optin_email}
                </Text>
              )}
            </Section>
            <Section title="Timeline">
              <OrderTimeline order={order} canWrite={canWrite} />
            </Section>
            <Section title="Notes">
              <OrderNotes orderId={order.id} canWrite={canWrite} />
            </Section>
          </Stack>
        )}
      </AppDrawer>
      <CustomerDetailsPanel
        customerId={customerOpen && order?.customer_id ? order.customer_id : null}
        onClose={() => setCustomerOpen(false)}
        nested
      />
    </>
  );
}

const carrierLabel = (value: string | null) =>
  SHIPPING_CARRIERS.find((c) => c.value === value)?.label ?? (value || '—');

/** An address the shopper gave at purchase, under its title; nothing when it is empty. */
function AddressBlock({ title, address }: { title: string; address: PostalAddress }) {
  const lines = addressLines(address);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0} aria-label={title}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {lines.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Tracking details once fulfilled, and where the order ships and whom it bills. */
function FulfillmentSection({ order }: { order: Order }) {
  const fulfillment = useFulfillment(order.id);
  const f = fulfillment.data;
  return (
    <Section title="Fulfillment">
      <Stack gap="sm">
        {!order.is_fulfilled ? (
          <Text c="dimmed" size="sm">
            Not fulfilled yet.
          </Text>
        ) : !f ? (
          <Skeleton h={40} />
        ) : (
          <Stack gap={2} data-testid="fulfillment-details">
            <Text size="sm">Tracking number: {f.tracking_number || '—'}</Text>
            <Text size="sm">Shipping carrier: {carrierLabel(f.shipping_carrier)}</Text>
            {f.tracking_url && (
              <Text size="sm">
                Tracking URL:{' '}
                <Anchor href={f.tracking_url} target="_blank" rel="noopener noreferrer">
                  {f.tracking_url}
                </Anchor>
              </Text>
            )}
          </Stack>
        )}
        {f && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AddressBlock title="Shipping address" address={f.shipping_address} />
            <AddressBlock title="Billing address" address={f.billing_address} />
          </SimpleGrid>
        )}
      </Stack>
    </Section>
  );
}
