import type { Order } from '@funnelwork/domain';
import { displayedAmount, formatOrderDate, formatPrice, shownRange } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { lazyComponent } from '../../../../shared/lazy-component.ts';
import { ListCard } from '../../../../shared/list-card.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { SearchInput } from '../../../../shared/search-input.tsx';
import { useDeferredQuery } from '../../../../shared/use-deferred-query.ts';
import { useOrdersAccess } from '../../access.ts';
import { type ArchiveFilter, useForgetDeletedOrders, useOrders, useToggleArchive } from '../../api.ts';
import { CancelOrderPopup } from '../../components/cancel-order-popup.tsx';
import { customerName } from '../../components/customer-name.ts';
import { DeleteOrderPopup } from '../../components/delete-order-popup.tsx';
import { FulfillOrderPopup, TrackingInfoPopup } from '../../components/fulfill-order-popup.tsx';
import { type OrderAction, OrderActionsMenu } from '../../components/order-actions-menu.tsx';
import { OrderDetailsPanel } from '../../components/order-details-panel.tsx';
import { OrderStatusBadge } from '../../components/order-status.tsx';
import { RefundOrderPanel } from '../../components/refund-order-panel.tsx';
import { pageWindow } from '../../page-window.ts';
import classes from './orders-screen.module.css';

// The wizard brings the date picker and its styles: load them when it opens.
const ExportOrdersPopup = lazyComponent(
  async () => (await import('../../components/export-orders-popup.tsx')).ExportOrdersPopup,
);

const ORDER_COLUMNS = [
  { key: 'time', children: 'Time' },
  { key: 'status', children: 'Status' },
  { key: 'customer', children: 'Customer' },
  { key: 'product', children: 'Product' },
  { key: 'amount', children: 'Amount', ta: 'right' as const },
  { key: 'actions', w: 48 },
];

type Popup = { action: Exclude<OrderAction, 'archive' | 'customer'>; order: Order } | null;

/** /orders, /funnel/{id}/orders, /wfunnel/{id}/orders and /wfunnel/{id}/orders/{orderId}. */
export function OrdersScreen() {
  const { id, orderId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { me, canWrite } = useOrdersAccess();

  const funnelId = id ? Number(id) : undefined;
  const kind = pathname.startsWith('/wfunnel/')
    ? 'wfunnel'
    : pathname.startsWith('/funnel/')
      ? 'funnel'
      : null;
  const listPath = kind ? `/${kind}/${funnelId}/orders` : '/orders';
  // The newer funnel type has its own order route; the others keep the open order in ?order=.
  const openId = orderId
    ? Number(orderId)
    : searchParams.get('order')
      ? Number(searchParams.get('order'))
      : null;

  const [page, setPage] = useState(0);
  const [query, setQuery] = useState('');
  const [archived, setArchived] = useState<ArchiveFilter>('false');
  const [popup, setPopup] = useState<Popup>(null);
  const [exporting, setExporting] = useState(false);
  const archive = useToggleArchive();
  const forgetDeleted = useForgetDeletedOrders(openId);
  const orders = useOrders({ page, query, funnelId, archived });
  const list = useDeferredQuery(orders);
  const items = list.data?.data ?? [];
  const meta = list.data?.meta;
  const total = meta?.count ?? 0;
  const totalPages = meta?.total_pages ?? 0;

  const openOrder = (order: Order) => {
    if (kind === 'wfunnel') navigate(`${listPath}/${order.id}${searchParams.size ? `?${searchParams}` : ''}`);
    else
      setSearchParams((p) => {
        p.set('order', String(order.id));
        return p;
      });
  };
  const closeOrder = () => {
    if (orderId) navigate(listPath);
    else
      setSearchParams((p) => {
        p.delete('order');
        return p;
      });
  };

  const act = (order: Order, action: OrderAction) => {
    if (action === 'customer') {
      navigate(`/customers?id=${order.customer_id}`);
      return;
    }
    if (action === 'archive') {
      archive.mutate(order.id);
      return;
    }
    // Closed, the popup gives the focus back to the menu's button itself (AppModal, shared/use-focus-return.ts).
    setPopup({ action, order });
  };
  const closePopup = () => setPopup(null);

  return (
    <Stack>
      <PageHeader
        title="Orders"
        description={
          <span data-testid="orders-range">
            {shownRange(page, meta?.per_page ?? 25, items.length, total)}
          </span>
        }
        actions={
          <>
            <Tooltip label="Reload">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Reload orders"
                loading={orders.isFetching}
                onClick={() => orders.refetch()}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={total === 0 || !canWrite}
              title={canWrite ? undefined : 'Access denied'}
              onClick={() => setExporting(true)}
            >
              Export orders
            </Button>
          </>
        }
      />
      <Group justify="space-between">
        <SearchInput
          aria-label="Search orders"
          placeholder="Search by order number, name or e-mail"
          w={340}
          value={query}
          onSearch={(text) => {
            setQuery(text);
            setPage(0);
          }}
        />
        <SegmentedControl
          aria-label="Archive filter"
          value={archived}
          onChange={(value) => {
            setArchived(value as ArchiveFilter);
            setPage(0);
          }}
          data={[
            { value: 'false', label: 'Active' },
            { value: 'true', label: 'Archived' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      <ListCard
        list={list}
        empty={items.length === 0}
        emptyText="No orders have been found"
        label="Orders"
        columns={ORDER_COLUMNS}
        skeletonHeight={300}
        tableClassName={classes.table}
      >
        {items.map((order) => (
          <Table.Tr
            key={order.id}
            style={{ cursor: 'pointer' }}
            onClick={() => openOrder(order)}
            data-order-number={order.order_number}
          >
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {/* The keyboard's way into the row: Enter clicks the button and the click opens the row's order. */}
              <UnstyledButton
                fz="sm"
                fw={500}
                display="block"
                aria-label={`Open order #${order.order_number}`}
              >
                #{order.order_number}
              </UnstyledButton>
              <Text size="xs" c="dimmed">
                {formatOrderDate(order.created_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <OrderStatusBadge order={order} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{customerName(order)}</Text>
              {customerName(order) !== order.optin_email && (
                <Text size="xs" c="dimmed">
                  {order.optin_email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{order.name}</Text>
              {order.items_count > 1 && (
                <Text size="xs" c="dimmed">
                  {order.items_count} items
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatPrice(displayedAmount(order), order.currency_code)}
            </Table.Td>
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <OrderActionsMenu
                order={order}
                canWrite={canWrite}
                variant="row"
                onAction={(action) => act(order, action)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListCard>
      {totalPages > 1 && (
        <Group justify="center" gap={4} aria-label="Pagination" role="navigation">
          <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Prev
          </Button>
          {pageWindow(page, totalPages).map((p) => (
            <Button
              key={p}
              size="xs"
              variant={p === page ? 'filled' : 'default'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p + 1}`}
              onClick={() => setPage(p)}
            >
              {p + 1}
            </Button>
          ))}
          <Button
            variant="default"
            size="xs"
            disabled={page >= totalPages - 1}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
      {openId !== null && Number.isInteger(openId) && (
        <OrderDetailsPanel
          key={openId}
          orderId={openId}
          initial={items.find((o) => o.id === openId)}
          canWrite={canWrite}
          onAction={act}
          onClose={closeOrder}
        />
      )}
      {popup?.action === 'cancel' && <CancelOrderPopup order={popup.order} onClose={closePopup} />}
      {popup?.action === 'refund' && <RefundOrderPanel order={popup.order} onClose={closePopup} />}
      {popup?.action === 'fulfill' && <FulfillOrderPopup order={popup.order} onClose={closePopup} />}
      {popup?.action === 'tracking' && <TrackingInfoPopup order={popup.order} onClose={closePopup} />}
      {popup?.action === 'delete' && (
        <DeleteOrderPopup
          order={popup.order}
          onClose={closePopup}
          onDeleted={() => {
            closePopup();
            if (openId === popup.order.id) closeOrder();
            forgetDeleted(popup.order.id);
          }}
        />
      )}
      {exporting && (
        <Suspense fallback={null}>
          <ExportOrdersPopup
            funnelId={funnelId}
            accountCreatedAt={me.account_created_at}
            onClose={() => setExporting(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
