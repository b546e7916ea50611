import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

/** One key and value of a customer's metadata (read-only in the dashboard). */
export type CustomerMetadataEntry = { key: string; value: string };

/**
 * A shopper who bought or opted in (orders spec §3 Customer). Deleting is soft and erases the
 * personal fields; the row stays so that its orders keep their customer_id. A live e-mail belongs to
 * one customer of the account (`customers_account_email_idx`).
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    accountId: accountId(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    optinEmail: text('optin_email').notNull().default(''),
    payerEmail: text('payer_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    shippingAddress: text('shipping_address').notNull().default(''),
    shippingState: text('shipping_state').notNull().default(''),
    shippingCity: text('shipping_city').notNull().default(''),
    shippingZip: text('shipping_zip').notNull().default(''),
    shippingCountry: text('shipping_country').notNull().default(''),
    address: text('address').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default(''),
    metadata: jsonb('metadata').$type<CustomerMetadataEntry[]>().notNull().default([]),
    isAutoOptin: boolean('is_auto_optin').notNull().default(false),
    /** Lower-cased names and e-mail, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.email} || ' ' || ${customers.optinEmail})`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('customers_account_created_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('customers_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    // One live customer per e-mail and account (case-insensitive): checkouts and opt-ins insert with
    // ON CONFLICT DO NOTHING against it. Deleted customers (e-mail erased) and blank e-mails are left out.
    uniqueIndex('customers_account_email_idx')
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.email} <> '' and ${t.deletedAt} is null`),
  ],
);

export type PaymentStatus = 'processing' | 'failed';
export type ShippingCarrierValue = 'other' | 'fedex' | 'usps';
export type RefundState = 'pending' | null;

/**
 * An order (orders spec §3, §4). Money is minor units of `currency`. The customer's name and e-mail
 * are copied on the order and kept in step when the customer is edited or deleted, so the list and
 * its search read one table. Deleting is soft (`deleted_at`): deleted orders are never shown.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    accountId: accountId(),
    orderNumber: text('order_number').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, {
      onDelete: 'set null',
    }),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'set null' }),
    stepId: bigint('step_id', { mode: 'number' }),
    pageId: bigint('page_id', { mode: 'number' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    /** The discount code applied at checkout and the amount it took off (minor units). */
    discountCode: text('discount_code'),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    itemsCount: integer('items_count').notNull().default(0),
    /** "payment_status (processing or failed)"; null once paid. */
    paymentStatus: text('payment_status', { enum: ['processing', 'failed'] }).$type<PaymentStatus | null>(),
    gatewayId: integer('gateway_id'),
    appId: integer('app_id'),
    isApps: boolean('is_apps').notNull().default(false),
    reference: text('reference'),
    isCanceled: boolean('is_canceled').notNull().default(false),
    isRefunded: boolean('is_refunded').notNull().default(false),
    isFulfilled: boolean('is_fulfilled').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    /** The shipping and billing address as the shopper gave them at purchase (customers may move later). */
    shippingAddress: text('shipping_address').notNull().default(''),
    shippingCity: text('shipping_city').notNull().default(''),
    shippingState: text('shipping_state').notNull().default(''),
    shippingZip: text('shipping_zip').notNull().default(''),
    shippingCountry: text('shipping_country').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default(''),
    trackingNumber: text('tracking_number'),
    shippingCarrier: text('shipping_carrier', { enum: ['other', 'fedex', 'usps'] }).$type<
      ShippingCarrierValue | ''
    >(),
    trackingUrl: text('tracking_url'),
    /** The merchant's wish recorded at fulfillment: run the fulfillment automations. */
    triggerAutomations: boolean('trigger_automations'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReference: text('refund_reference'),
    /** A refund call at the gateway is under way (claimed before the call, outside any transaction). */
    refundState: text('refund_state', { enum: ['pending'] }).$type<RefundState>(),
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    /** Failed refund attempts so far: part of the idempotency key, so a retry is a new attempt. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** Lower-cased order number, names and e-mail, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${orders.orderNumber} || ' ' || ${orders.firstName} || ' ' || ${orders.lastName} || ' ' || ${orders.email})`,
    ),
    /**
     * Attribution for analytics filters: the buyer's visitor id (the published pages' cookie) and the
     * referrer, UTM tags and geo country of that visitor's first page view in the funnel, copied at
     * checkout. `visitor_country` is the visitor's country, not the billing `country`.
     */
    visitorId: text('visitor_id'),
    referrer: text('referrer'),
    referrerDomain: text('referrer_domain'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    visitorCountry: text('visitor_country'),
    /** The shopper took the page's order bump; upsells and downsells accepted after the purchase. */
    hasOrderBump: boolean('has_order_bump').notNull().default(false),
    upsellsTaken: integer('upsells_taken').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Analytics read an account's orders by creation time (paid and not deleted ones).
    index('orders_account_created_idx').on(t.accountId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('orders_account_list_idx')
      .on(t.accountId, t.isArchived, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('orders_account_funnel_list_idx')
      .on(t.accountId, t.funnelId, t.isArchived, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The export walks an account's orders in keyset batches by id.
    index('orders_account_id_idx').on(t.accountId, t.id).where(sql`${t.deletedAt} is null`),
    uniqueIndex('orders_account_number_idx').on(t.accountId, t.orderNumber),
    index('orders_customer_idx').on(t.customerId),
    index('orders_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    check('orders_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

/** A line of an order: "product_id, name, variant_title, image_url, amount, qty". */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    accountId: accountId(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).notNull().default(0),
    name: text('name').notNull(),
    variantTitle: text('variant_title'),
    imageUrl: text('image_url'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    qty: integer('qty').notNull().default(1),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.id)],
);

/** What a timeline event's `value` JSON holds (spec §3), plus the action a Retry repeats. */
export type OrderEventValue = {
  amount?: number;
  ref?: string;
  desc?: string;
  error?: string;
  can_retry?: boolean;
  gatewayId?: number;
  action?: 'refund' | 'cancel_refund';
  reason?: string;
  tracking_number?: string;
  shipping_carrier?: string;
  tracking_url?: string;
  trigger_automations?: boolean;
};

/** The order timeline: "1 error, 2 info, 3 warning, 4 refund, 5 cancel, 6 action, 7 email, 8 fulfillment, 9 other payment". */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    accountId: accountId(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    value: jsonb('value').$type<OrderEventValue>().notNull().default({}),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt, t.id),
    check('order_events_type_check', sql`${t.type} between 1 and 9`),
  ],
);

/** A merchant's note on an order. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    accountId: accountId(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    customerId: bigint('customer_id', { mode: 'number' }),
    pageId: bigint('page_id', { mode: 'number' }),
    funnelId: bigint('funnel_id', { mode: 'number' }),
    stepId: bigint('step_id', { mode: 'number' }),
    value: text('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

/**
 * Live (not deleted) orders per account (funnel_key 0) and per funnel (funnel_key = funnel id), per
 * archive state. Kept in step inside the transactions that create, archive or delete orders, so list
 * totals never run count(*). `last_number` on the account row numbers new orders.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    id: id(),
    accountId: accountId(),
    funnelKey: bigint('funnel_key', { mode: 'number' }).notNull(),
    archived: boolean('archived').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('order_counts_key_idx').on(t.accountId, t.funnelKey, t.archived)],
);

/**
 * Live orders per UTC day of their creation, keyed like order_counts and kept in step with it in the
 * same transactions. A deep page of the list starts from the day its offset falls in (the running sum
 * of these rows), so page 20,000 walks at most a day of the list index instead of 500,000 entries.
 */
export const orderDayCounts = pgTable(
  'order_day_counts',
  {
    id: id(),
    accountId: accountId(),
    funnelKey: bigint('funnel_key', { mode: 'number' }).notNull(),
    archived: boolean('archived').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('order_day_counts_key_idx').on(t.accountId, t.funnelKey, t.archived, t.day)],
);

/**
 * Per account: live customers (kept in step like order_counts) and the last order number handed out.
 */
export const accountCounters = pgTable(
  'account_counters',
  {
    id: id(),
    accountId: accountId(),
    customersCount: bigint('customers_count', { mode: 'number' }).notNull().default(0),
    lastOrderNumber: bigint('last_order_number', { mode: 'number' }).notNull().default(1000),
  },
  (t) => [uniqueIndex('account_counters_account_idx').on(t.accountId)],
);

export type ExportParams = { exportType: 'all' | 'by_date'; rangeStart: number; rangeEnd: number };

/** An orders export (spec §3 Export job): a CSV file written by the `orders.export` job. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: id(),
    accountId: accountId(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'set null' }),
    params: jsonb('params').$type<ExportParams>().notNull(),
    fileName: text('file_name'),
    dataSize: bigint('data_size', { mode: 'number' }).notNull().default(0),
    rowsCount: bigint('rows_count', { mode: 'number' }).notNull().default(0),
    done: boolean('done').notNull().default(false),
    failed: boolean('failed').notNull().default(false),
    error: text('error'),
    time: createdAt(),
    timeDone: timestamp('time_done', { withTimezone: true }),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
    expired: boolean('expired').notNull().default(false),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [index('export_jobs_account_idx').on(t.accountId, t.id)],
);
