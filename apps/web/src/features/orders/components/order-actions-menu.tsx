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
import { type ComponentPropsWithRef, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

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

/** What the row's plain button still has to do once the menu has replaced it. */
type Handover = 'none' | 'focus' | 'open';

/**
 * The §4 menu rules; writes are locked with 'Access denied' without the 'orders' permission.
 *
 * A list row's menu is mounted on the first sign of use (the pointer over its button, the focus on it, a
 * click): /orders renders 25 rows, and 25 mounted Mantine menus (popover, floating position, portal each)
 * were most of its render's blocking time (issue 37 §1). Until then the row shows the same button.
 */
export function OrderActionsMenu({ order, canWrite, onAction, variant }: OrderActionsMenuProps) {
  const [mounted, setMounted] = useState(variant === 'details');
  const [opened, setOpened] = useState(false);
  const handover = useRef<Handover>('none');
  const target = useRef<HTMLButtonElement>(null);
  // In the commit that mounts the menu (flushSync from the plain button's handler): a passive effect ran ~20 ms
  // later, and took the focus back from wherever a quick Tab had moved it meanwhile.
  useLayoutEffect(() => {
    if (!mounted || handover.current === 'none') return;
    // The plain button had the focus (or the click): the menu's button takes them over.
    target.current?.focus();
    if (handover.current === 'open') setOpened(true);
    handover.current = 'none';
  }, [mounted]);
  const mount = (next: Handover) => {
    handover.current = next;
    // At once, so the press that follows the pointer lands on the menu's button.
    flushSync(() => setMounted(true));
  };

  const rowButton = (props: ComponentPropsWithRef<'button'>) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for order ${order.order_number}`}
      onClick={(e) => e.stopPropagation()}
      {...props}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!mounted)
    return rowButton({
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: () => mount('none'),
      onFocus: () => mount('focus'),
      onClick: (e) => {
        e.stopPropagation();
        mount('open');
      },
    });

  return (
    <Menu position="bottom-end" withinPortal shadow="md" zIndex={1000} opened={opened} onChange={setOpened}>
      <Menu.Target>
        {variant === 'row' ? (
          rowButton({ ref: target })
        ) : (
          <Button ref={target} variant="default" rightSection={<IconDots size={16} />}>
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
