import type { PatchCustomerBody } from '@funnelwork/domain';
import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, likePattern, ownedBy } from '../../db/query-helpers.ts';
import {
  accountCounters,
  activityItems,
  customers,
  emailSuppressions,
  mailMessages,
  orderEvents,
  orders,
  smsMessages,
} from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { SEARCH_COUNT_CAP } from '../orders/orders.queries.ts';
import {
  adjustCustomerCount,
  type CustomerRow,
  customerBriefOut,
  customerOut,
  findCustomer,
} from './customers.queries.ts';

/** `reads`: where the list reads (a replica's connections, db/replica.ts); default `db`. */
type Deps = { db: Db; reads?: Db; clock?: () => Date };
type CustomerPatch = PatchCustomerBody['data'];

/** Personal fields a customer delete erases (the row stays so its orders keep their customer_id). */
const ERASED = {
  firstName: '',
  lastName: '',
  email: '',
  optinEmail: '',
  payerEmail: '',
  phone: '',
  shippingAddress: '',
  shippingState: '',
  shippingCity: '',
  shippingZip: '',
  shippingCountry: '',
  address: '',
  state: '',
  city: '',
  zip: '',
  country: '',
  metadata: [],
} satisfies Partial<CustomerRow>;

/** The personal fields a customer delete erases on the customer's orders; money and lines stay. */
const ERASED_ON_ORDERS = {
  firstName: '',
  lastName: '',
  email: '',
  shippingAddress: '',
  shippingCity: '',
  shippingState: '',
  shippingZip: '',
  shippingCountry: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: '',
};

/** What stands for an erased e-mail inside a text that named it (a timeline event's 'To …'). */
export const ERASED_TEXT = '[erased]';

/** Digits only, for matching a phone typed one way with the same number sent another. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

export const CUSTOMER_EMAIL_TAKEN = 'Another customer has this e-mail';

/** A live e-mail belongs to one customer of the account (customers_account_email_idx): 409 naming it. */
async function withEmailCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'customers_account_email_idx')) {
      throw new HttpError(409, CUSTOMER_EMAIL_TAKEN, 'conflict', 'data.email');
    }
    throw error;
  }
}

export function createCustomersService({ db, reads = db, clock = () => new Date() }: Deps) {
  async function ordersCount(accountId: number, customerId: number) {
    const [row] = await db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(orders)
      .where(
        and(
          ownedBy(orders, accountId),
          eq(orders.customerId, customerId),
          isNull(orders.deletedAt),
          // Failed payments are the customer's attempts, listed apart (issue 35).
          sql`${orders.paymentStatus} is distinct from 'failed'`,
        ),
      );
    return row?.n ?? 0;
  }

  /** When the address unsubscribed from the account's marketing e-mail, if it did. */
  async function unsubscribedAt(accountId: number, email: string): Promise<Date | null> {
    if (email === '') return null;
    const [row] = await db
      .select({ at: emailSuppressions.createdAt })
      .from(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.accountId, accountId),
          sql`lower(${emailSuppressions.email}) = ${email.toLowerCase()}`,
        ),
      );
    return row?.at ?? null;
  }

  return {
    async get(accountId: number, id: number) {
      const row = await findCustomer(db, accountId, id);
      return customerOut(row, await ordersCount(accountId, id), await unsubscribedAt(accountId, row.email));
    },

    /** "GET customer-briefs?page&per_page(25)&query": newest first; totals from the counter unless searching. */
    async list(accountId: number, params: { page: number; per_page: number; query?: string }) {
      const term = params.query?.trim().toLowerCase();
      const conditions: SQL[] = [ownedBy(customers, accountId), isNull(customers.deletedAt)];
      if (term) conditions.push(sql`${customers.searchText} like ${likePattern(term)}`);
      const where = and(...conditions);
      const rows = await reads
        .select()
        .from(customers)
        .where(where)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(params.per_page)
        .offset(params.page * params.per_page);
      let count: number;
      if (term) {
        const [row] = await reads.select({ n: sql`count(*)`.mapWith(Number) }).from(
          reads
            .select({ one: sql`1`.as('one') })
            .from(customers)
            .where(where)
            .limit(SEARCH_COUNT_CAP)
            .as('matches'),
        );
        count = row?.n ?? 0;
      } else {
        const [row] = await reads
          .select({ n: accountCounters.customersCount })
          .from(accountCounters)
          .where(ownedBy(accountCounters, accountId));
        count = row?.n ?? 0;
      }
      return {
        data: rows.map(customerBriefOut),
        meta: { count, per_page: params.per_page, total_pages: Math.ceil(count / params.per_page) },
      };
    },

    async stats(accountId: number) {
      const since = new Date(clock().getTime() - 30 * 86_400_000);
      const [counter] = await db
        .select({ n: accountCounters.customersCount })
        .from(accountCounters)
        .where(ownedBy(accountCounters, accountId));
      const [recent] = await db
        .select({
          n: sql`count(*)`.mapWith(Number),
        })
        .from(customers)
        .where(
          and(ownedBy(customers, accountId), isNull(customers.deletedAt), gt(customers.createdAt, since)),
        );
      const [auto] = await db
        .select({ n: sql`count(*)`.mapWith(Number) })
        .from(customers)
        .where(
          and(ownedBy(customers, accountId), isNull(customers.deletedAt), eq(customers.isAutoOptin, true)),
        );
      return { count: counter?.n ?? 0, new_last_30_days: recent?.n ?? 0, auto_optin_count: auto?.n ?? 0 };
    },

    /**
     * "Save changes sends the whole customer; on success, the matching orders … take the new name and
     * e-mail": the customer and the name and e-mail copied on its orders change in one transaction.
     */
    async patch(accountId: number, id: number, input: CustomerPatch) {
      const row = await withEmailCheck(() =>
        db.transaction(async (tx) => {
          await findCustomer(tx, accountId, id, { forUpdate: true });
          const [updated] = await tx
            .update(customers)
            .set({
              ...(input.first_name !== undefined && { firstName: input.first_name }),
              ...(input.last_name !== undefined && { lastName: input.last_name }),
              ...(input.email !== undefined && { email: input.email }),
              ...(input.payer_email !== undefined && { payerEmail: input.payer_email }),
              ...(input.phone !== undefined && { phone: input.phone }),
              ...(input.shipping_address !== undefined && { shippingAddress: input.shipping_address }),
              ...(input.shipping_state !== undefined && { shippingState: input.shipping_state }),
              ...(input.shipping_city !== undefined && { shippingCity: input.shipping_city }),
              ...(input.shipping_zip !== undefined && { shippingZip: input.shipping_zip }),
              ...(input.shipping_country !== undefined && { shippingCountry: input.shipping_country }),
              ...(input.address !== undefined && { address: input.address }),
              ...(input.state !== undefined && { state: input.state }),
              ...(input.city !== undefined && { city: input.city }),
              ...(input.zip !== undefined && { zip: input.zip }),
              ...(input.country !== undefined && { country: input.country }),
              updatedAt: clock(),
            })
            .where(and(ownedBy(customers, accountId), eq(customers.id, id)))
            .returning();
          const customer = updated as CustomerRow;
          await tx
            .update(orders)
            .set({ firstName: customer.firstName, lastName: customer.lastName, email: customer.email })
            .where(and(ownedBy(orders, accountId), eq(orders.customerId, id)));
          return customer;
        }),
      );
      return customerOut(row, await ordersCount(accountId, id), await unsubscribedAt(accountId, row.email));
    },

    /**
     * "Their personal details are erased" (the delete popup): names, e-mails, phone and addresses on the
     * customer, on its orders (so exports made after it too), on its activity items, in its orders'
     * timeline texts, and the Mailbox's and SMS log's copies sent to it. Orders keep their money and
     * lines; the row stays so that its orders keep their customer_id. What erase leaves, and why, is in
     * docs/decisions/orders-and-customers.md ("Erasing a customer").
     */
    async remove(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        const customer = await findCustomer(tx, accountId, id, { forUpdate: true });
        const emails = [...new Set([customer.email, customer.optinEmail, customer.payerEmail])]
          .map((e) => e.trim().toLowerCase())
          .filter((e) => e !== '');
        await tx
          .update(customers)
          .set({ ...ERASED, deletedAt: clock(), updatedAt: clock() })
          .where(and(ownedBy(customers, accountId), eq(customers.id, id)));
        const ofCustomer = and(ownedBy(orders, accountId), eq(orders.customerId, id));
        await tx.update(orders).set(ERASED_ON_ORDERS).where(ofCustomer);
        await tx
          .update(activityItems)
          .set({ firstName: '', lastName: '', optinEmail: '' })
          .where(and(eq(activityItems.accountId, accountId), eq(activityItems.customerId, id)));
        for (const email of emails) {
          // Receipts and automation e-mails wrote 'To {e-mail}: {subject}' on the order's timeline.
          await tx
            .update(orderEvents)
            .set({
              value: sql`jsonb_set(${orderEvents.value}, '{desc}', to_jsonb(replace(${orderEvents.value}->>'desc', ${email}, ${ERASED_TEXT}::text)))`,
            })
            .where(
              and(
                eq(orderEvents.accountId, accountId),
                sql`${orderEvents.orderId} in (select ${orders.id} from ${orders} where ${ofCustomer})`,
                sql`strpos(${orderEvents.value}->>'desc', ${email}) > 0`,
              ),
            );
        }
        if (emails.length > 0) {
          // The Mailbox's sent copies: recipient and personalised body. A queued message still goes out.
          await tx
            .update(mailMessages)
            .set({ to: '', text: '', html: null, mergeValues: null, bodyId: null })
            .where(
              and(
                eq(mailMessages.accountId, accountId),
                sql`lower(${mailMessages.to}) in (${sql.join(
                  emails.map((e) => sql`${e}`),
                  sql`, `,
                )})`,
                sql`${mailMessages.status} <> 'queued'`,
              ),
            );
        }
        const phone = digitsOf(customer.phone);
        if (phone.length >= 6) {
          await tx
            .update(smsMessages)
            .set({ to: '', body: '' })
            .where(
              and(
                eq(smsMessages.accountId, accountId),
                sql`regexp_replace(${smsMessages.to}, '[^0-9]', '', 'g') = ${phone}`,
                sql`${smsMessages.status} <> 'queued'`,
              ),
            );
        }
        await adjustCustomerCount(tx, accountId, -1);
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
