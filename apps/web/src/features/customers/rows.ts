import type { customersEndpoints } from '@funnelwork/domain/api/customers';
import { addressOf } from '../../shared/api-client.ts';

type Customers = typeof customersEndpoints;

/**
 * The customers' rows of the endpoint table, by address: the order panel opens a customer's panel, so
 * these are in the orders screen's first load, which imports no zod.
 */
export const customerRows = {
  listCustomersInBrief: addressOf<Customers['listCustomersInBrief']>('GET', '/api/customer-briefs'),
  listCustomersStats: addressOf<Customers['listCustomersStats']>('GET', '/api/customers-stats'),
  getCustomer: addressOf<Customers['getCustomer']>('GET', '/api/customers/:id'),
  listCustomerOrders: addressOf<Customers['listCustomerOrders']>('GET', '/api/customers/:id/orders'),
  updateCustomer: addressOf<Customers['updateCustomer']>('PATCH', '/api/customers/:id'),
  deleteCustomer: addressOf<Customers['deleteCustomer']>('DELETE', '/api/customers/:id'),
};
