import type { Customer, CustomerBrief } from '@funnelwork/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { accountCounters, type CustomerMetadataEntry, customers } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';

export type CustomerRow = typeof customers.$inferSelect;

export function customerBriefOut(row: CustomerRow): CustomerBrief {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    optin_email: row.optinEmail,
    phone: row.phone,
    is_auto_optin: row.isAutoOptin,
    created_time: iso(row.createdAt),
  };
}

export function customerOut(row: CustomerRow, ordersCount: number, unsubscribedAt: Date | null): Customer {
  return {
    ...customerBriefOut(row),
    payer_email: row.payerEmail,
    shipping_address: row.shippingAddress,
    shipping_state: row.shippingState,
    shipping_city: row.shippingCity,
    shipping_zip: row.shippingZip,
    shipping_country: row.shippingCountry,
    address: row.address,
    state: row.state,
    city: row.city,
    zip: row.zip,
    country: row.country,
    metadata: row.metadata ?? [],
    orders_count: ordersCount,
    marketing_unsubscribed_at: unsubscribedAt ? iso(unsubscribedAt) : null,
  };
}

/** One of the account's live customers; 404 otherwise. */
export async function findCustomer(
  db: Db,
  accountId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(ownedBy(customers, accountId), eq(customers.id, id), isNull(customers.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Customer');
  return row;
}

/** Moves the account's live-customer total; call inside the transaction that adds or deletes customers. */
export async function adjustCustomerCount(db: Db, accountId: number, delta: number) {
  await db
    .insert(accountCounters)
    .values({ accountId, customersCount: delta })
    .onConflictDoUpdate({
      target: accountCounters.accountId,
      set: { customersCount: sql`${accountCounters.customersCount} + ${delta}` },
    });
}

export type NewCustomer = Partial<{
  firstName: string;
  lastName: string;
  email: string;
  optinEmail: string;
  payerEmail: string;
  phone: string;
  shippingAddress: string;
  shippingState: string;
  shippingCity: string;
  shippingZip: string;
  shippingCountry: string;
  address: string;
  state: string;
  city: string;
  zip: string;
  country: string;
  metadata: CustomerMetadataEntry[];
  isAutoOptin: boolean;
  createdAt: Date;
}>;

/** At most this many metadata entries are kept on a customer (forms cannot grow it without end). */
export const MAX_METADATA_ENTRIES = 200;

/**
 * Merges form fields into a customer's metadata, the one rule for checkouts and opt-ins: a field
 * replaces the entry of the same key in its place, new keys are added at the end, blank values
 * change nothing, and at most MAX_METADATA_ENTRIES entries are kept.
 */
export function mergeMetadata(
  existing: CustomerMetadataEntry[],
  fields: Record<string, string>,
): CustomerMetadataEntry[] {
  const byKey = new Map(existing.map((entry) => [entry.key, entry.value]));
  for (const [key, value] of Object.entries(fields)) if (value.trim() !== '') byKey.set(key, value);
  return [...byKey].slice(0, MAX_METADATA_ENTRIES).map(([key, value]) => ({ key, value }));
}

/** Records a new customer and its count (test fixtures); its e-mail must be free. */
export async function insertCustomer(tx: Db, accountId: number, input: NewCustomer): Promise<CustomerRow> {
  const row = await insertCustomerIfNew(tx, accountId, input);
  if (!row) throw new Error('a live customer of the account already has this e-mail');
  return row;
}

/**
 * Records a new customer unless a live one of the account already has its e-mail (the unique index
 * `customers_account_email_idx`); null then. A concurrent transaction inserting the same e-mail is
 * waited for, so on null the caller reads the committed customer and updates it instead.
 */
export async function insertCustomerIfNew(
  tx: Db,
  accountId: number,
  input: NewCustomer,
): Promise<CustomerRow | null> {
  const [row] = await tx
    .insert(customers)
    .values({ accountId, ...input, ...(input.createdAt && { updatedAt: input.createdAt }) })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await adjustCustomerCount(tx, accountId, 1);
  return row;
}

/**
 * Finds the live customer with the e-mail, or creates it atomically: the insert is ON CONFLICT DO
 * NOTHING against the unique (account, lower(e-mail)) index, so of concurrent requests with one new
 * e-mail exactly one creates the customer and the others wait for it, then read and update it.
 * `locate` reads (and locks) the existing customer; `create` inserts or answers null on a conflict.
 */
export async function findOrCreateCustomer<T>(
  locate: () => Promise<T | undefined>,
  create: () => Promise<T | null>,
): Promise<{ customer: T; created: boolean }> {
  // Two rounds suffice unless the conflicting customer is deleted in between; a third is a safety margin.
  for (let round = 0; round < 3; round++) {
    const found = await locate();
    if (found) return { customer: found, created: false };
    const inserted = await create();
    if (inserted) return { customer: inserted, created: true };
  }
  throw new Error('customer neither found nor created');
}
