import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';
import { customers, orders } from './orders.ts';
import { discounts, type RecurringInterval } from './store.ts';

export type CheckoutRequestState = 'pending' | 'done';

/**
 * One published-page payment request per idempotency key (checkout submits and one-click upsells).
 * The first request claims the key ('pending'); it stores its answer ('done'); a repeat with the same
 * key waits for and answers that stored answer, so a key never makes a second order or charge.
 */
export const checkoutRequests = pgTable(
  'checkout_requests',
  {
    id: id(),
    accountId: accountId(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] })
      .$type<CheckoutRequestState>()
      .notNull()
      .default('pending'),
    responseStatus: smallint('response_status'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    /**
     * The discount whose use this request holds: taken before the charge, given back if the charge
     * fails, kept by a repeat that takes the claim over (so a crash never takes a second use).
     */
    discountId: bigint('discount_id', { mode: 'number' }).references(() => discounts.id, {
      onDelete: 'set null',
    }),
    /** The shopper's e-mail the held use counts for (a code's per-customer limit counts held uses too). */
    discountEmail: text('discount_email'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server process holding the claim (db/process-liveness.ts): once it is gone, a repeat takes over. */
    claimedBy: text('claimed_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checkout_requests_key_idx').on(t.accountId, t.idempotencyKey)],
);

/**
 * What one-click upsells need after a checkout: the order, the gateway and its saved payment method.
 * The shopper holds a random token (httpOnly cookie and answer field); only its sha256 is stored.
 */
export const orderSessions = pgTable(
  'order_sessions',
  {
    id: id(),
    accountId: accountId(),
    tokenHash: text('token_hash').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, {
      onDelete: 'set null',
    }),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id').notNull(),
    /** The gateway's reusable token (never card data); null when the gateway cannot charge again. */
    savedPaymentMethod: text('saved_payment_method'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_sessions_token_idx').on(t.tokenHash),
    index('order_sessions_order_idx').on(t.orderId),
  ],
);

export type SubscriptionStatus = 'active' | 'failed' | 'cancelled';

/** A recurring product bought at checkout: renewals charge the saved payment method every interval. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    accountId: accountId(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, {
      onDelete: 'set null',
    }),
    /** The order that started it. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    variantTitle: text('variant_title'),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    qty: integer('qty').notNull().default(1),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['day', 'week', 'month', 'year'] })
      .$type<RecurringInterval>()
      .notNull(),
    gatewayId: integer('gateway_id').notNull(),
    savedPaymentMethod: text('saved_payment_method'),
    status: text('status', { enum: ['active', 'failed', 'cancelled'] })
      .$type<SubscriptionStatus>()
      .notNull()
      .default('active'),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }).notNull(),
    /** Failed attempts at the current renewal (retryable failures are tried again). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    renewals: integer('renewals').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId, t.id),
    index('subscriptions_due_idx').on(t.nextChargeAt).where(sql`${t.status} = 'active'`),
    check('subscriptions_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);
