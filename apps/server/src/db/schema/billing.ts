import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** The platform's plans (seeded by migration): trials and paid plans, monthly and yearly. */
export const plans = pgTable('plans', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  /** The plan without its interval ('startup' for startup-monthly and startup-yearly). */
  family: text('family').notNull(),
  interval: text('interval', { enum: ['trial', 'month', 'year'] }).notNull(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  trialDays: integer('trial_days'),
  features: jsonb('features').$type<string[]>().notNull(),
  /** funnels, pages, contacts, emails_per_month, api_requests_per_minute; null is unlimited. */
  limits: jsonb('limits').$type<Record<string, number | null>>().notNull(),
  position: integer('position').notNull().default(0),
  /** Offered on choose-your-plan (a retired plan stays for the accounts that still have it). */
  offered: boolean('offered').notNull().default(true),
});

/** An account's paid subscription to the platform: one row per account, the latest plan bought. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: id(),
    accountId: accountId(),
    planKey: text('plan_key').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'cancelled', 'expired'] }).notNull(),
    /** The saved payment method (sandbox token), sealed with AES-GCM; never answered. */
    paymentMethodSealed: text('payment_method_sealed'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Failed tries of the renewal due at current_period_end (dunning). */
    failedTries: integer('failed_tries').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The `created` time of the last Stripe event applied: an older event never undoes a newer one. */
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_account_idx').on(t.accountId),
    uniqueIndex('billing_subscriptions_stripe_idx').on(t.stripeSubscriptionId),
  ],
);

/** What the platform charged an account (paid or failed), each paid one with its invoice. */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: id(),
    accountId: accountId(),
    planKey: text('plan_key').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    description: text('description').notNull(),
    /** The payment's reference at the provider (sandbox charge, Stripe invoice id). */
    reference: text('reference'),
    failureMessage: text('failure_message'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** One charge per renewal try (or Stripe invoice): a repeated job or webhook adds nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_charges_idempotency_idx').on(t.idempotencyKey),
    index('billing_charges_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** Stripe webhook events already applied, by event id: a replayed event does nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
