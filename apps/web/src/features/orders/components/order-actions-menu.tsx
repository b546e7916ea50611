import type { Order } from '@funnelwork/domain';
import {
  ACCESS_DENIED_TOOLTIP,
  canCancel,
  canFulfill,
  canRefund,
  canUpdateTracking,
} from '@funnelwork/domain/rules';
import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  IconArchive,
  IconDots,
  IconPackage,
  IconReceiptRefund,
  IconTrash,
  IconTruckDelivery,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type OrderAction = 'cancel' | 'refund' | 'fulfill' | 'tracking' | 'delete' | 'archive' | 'customer';

type OrderActionsMenuProps = {
  order: Order;
  canWrite: boolean;
  onAction: (action: OrderAction) => void;
  /** The list row's menu (customer details first) or the details panel's (with Archive). */
  variant: 'row' | 'details';
};

type Item = {
  action: OrderAction;
  label: string;
  icon: ReactNode;
  enabled: boolean;
  write: boolean;
  color?: string;
};

/** The §4 menu rules; writes are locked with 'Access denied' without the 'orders' permission. */
export function OrderActionsMenu({ order, canWrite, onAction, variant }: OrderActionsMenuProps) {
  const items: Item[] =
    variant === 'row'
      ? [
          {
            action: 'customer',
            label: 'Customer details',
            icon: <IconUser size={16} />,
            enabled: order.customer_id !== null && order.customer !== null,
            write: false,
          },
          {
            action: 'cancel',
            label: 'Cancel order',
            icon: <IconX size={16} />,
            enabled: canCancel(order),
            write: true,
          },
          {
            action: 'delete',
            label: 'Delete order',
            icon: <IconTrash size={16} />,
            enabled: true,
            write: true,
            color: 'red',
          },
          {
            action: 'fulfill',
            label: 'Fulfill order',
            icon: <IconPackage size={16} />,
            enabled: canFulfill(order),
            write: true,
          },
          {
            action: 'tracking',
            label: 'Add tracking info',
            icon: <IconTruckDelivery size={16} />,
            enabled: canUpdateTracking(order),
            write: true,
          },
          {
            action: 'refund',
            label: 'Refund order',
            icon: <IconReceiptRefund size={16} />,
            enabled: canRefund(order),
            write: true,
          },
        ]
      : [
          {
            action: 'fulfill',
            label: 'Fulfill',
            icon: <IconPackage size={16} />,
            enabled: canFulfill(order),
            write: true,
          },
          {
            action: 'tracking',
            label: 'Update tracking info',
            icon: <IconTruckDelivery size={16} />,
            enabled: canUpdateTracking(order),
            write: true,
          },
          {
            action: 'archive',
            label: order.is_archived ? 'Unarchive' : 'Archive',
            icon: <IconArchive size={16} />,
            enabled: true,
            write: true,
          },
          {
            action: 'cancel',
            label: 'Cancel order',
            icon: <IconX size={16} />,
            enabled: canCancel(order),
            write: true,
          },
          {
            action: 'refund',
            label: 'Refund',
            icon: <IconReceiptRefund size={16} />,
            enabled: canRefund(order),
            write: true,
          },
          {
            action: 'delete',
            label: 'Delete order',
            icon: <IconTrash size={16} />,
            enabled: true,
            write: true,
            color: 'red',
          },
        ];
  return (
    <Menu position="bottom-end" withinPortal shadow="md" zIndex={1000}>
      <Menu.Target>
        {variant === 'row' ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for order ${order.order_number}`}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDots size={18} />
          </ActionIcon>
        ) : (
          <Button variant="default" rightSection={<IconDots size={16} />}>
            Actions
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {items.map((item) => {
          const locked = item.write && !canWrite;
          return (
            <Menu.Item
              key={item.action}
              leftSection={item.icon}
              color={item.color}
              disabled={!item.enabled || locked}
              title={locked ? ACCESS_DENIED_TOOLTIP : undefined}
              onClick={() => onAction(item.action)}
            >
              {item.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
