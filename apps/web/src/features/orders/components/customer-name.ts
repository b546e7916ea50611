import type { Order } from '@funnelwork/domain';

/** "the customer's name (the e-mail when no name)". */
export function customerName(order: Pick<Order, 'first_name' | 'last_name' | 'optin_email'>): string {
  const name = `${order.first_name} ${order.last_name}`.trim();
  return name || order.optin_email;
}
