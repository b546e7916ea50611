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

type ItemRule = {
  icon: ReactNode;
  enabled: (order: Order) => boolean;
  /** Locked without the 'orders' permission. */
  write: boolean;
  color?: string;
};

/** Each action once: its icon, when it is offered, and whether it writes. */
const ITEMS: Record<OrderAction, ItemRule> = {
  customer: {
    icon: <IconUser size={16} />,
    enabled: (order) => order.customer_id !== null && order.customer !== null,
    write: false,
  },
  cancel: { icon: <IconX size={16} />, enabled: canCancel, write: true },
  delete: { icon: <IconTrash size={16} />, enabled: () => true, write: true, color: 'red' },
  fulfill: { icon: <IconPackage size={16} />, enabled: canFulfill, write: true },
  tracking: { icon: <IconTruckDelivery size={16} />, enabled: canUpdateTracking, write: true },
  refund: { icon: <IconReceiptRefund size={16} />, enabled: canRefund, write: true },
  archive: { icon: <IconArchive size={16} />, enabled: () => true, write: true },
};

type MenuEntry = [OrderAction, label: string | ((order: Order) => string)];

/** Each menu's items in its order, with its own labels. */
const MENUS: Record<OrderActionsMenuProps['variant'], MenuEntry[]> = {
  row: [
    ['customer', 'Customer details'],
    ['cancel', 'Cancel order'],
    ['delete', 'Delete order'],
    ['fulfill', 'Fulfill order'],
    ['tracking', 'Add tracking info'],
    ['refund', 'Refund order'],
  ],
  details: [
    ['fulfill', 'Fulfill'],
    ['tracking', 'Update tracking info'],
    ['archive', (order) => (order.is_archived ? 'Unarchive' : 'Archive')],
    ['cancel', 'Cancel order'],
    ['refund', 'Refund'],
    ['delete', 'Delete order'],
  ],
};

/** The §4 menu rules; writes are locked with 'Access denied' without the 'orders' permission. */
export function OrderActionsMenu({ order, canWrite, onAction, variant }: OrderActionsMenuProps) {
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
        {MENUS[variant].map(([action, label]) => {
          const item = ITEMS[action];
          const locked = item.write && !canWrite;
          return (
            <Menu.Item
              key={action}
              leftSection={item.icon}
              color={item.color}
              disabled={!item.enabled(order) || locked}
              title={locked ? ACCESS_DENIED_TOOLTIP : undefined}
              onClick={() => onAction(action)}
            >
              {typeof label === 'string' ? label : label(order)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
