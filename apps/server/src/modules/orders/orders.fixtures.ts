import type { Db } from '../../db/client.ts';
import { insertCustomer, type NewCustomer } from '../customers/customers.queries.ts';
import { insertOrder, type NewOrder } from './orders.queries.ts';

/** A customer of the account, as checkout would record one. */
export function createCustomer(db: Db, accountId: number, input: NewCustomer = {}) {
  return db.transaction((tx) =>
    insertCustomer(tx, accountId, {
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.test',
      ...input,
    }),
  );
}

/** A paid order on the sandbox gateway with one item, unless the input says otherwise. */
export function createOrder(db: Db, accountId: number, input: Partial<NewOrder> = {}) {
  return db.transaction((tx) =>
    insertOrder(tx, accountId, {
      currency: 'USD',
      gatewayId: 14,
      reference: `sbx_ch_${Math.random().toString(16).slice(2)}`,
      items: [{ productId: 5, name: 'Yoga mat', variantTitle: 'Main Product', amountMinor: 2500, qty: 1 }],
      ...input,
    }),
  );
}
