import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';
import { steps } from './steps.ts';

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

/** A product sold in a funnel (or in none yet); prices in minor units of `currency`. */
export const products = pgTable(
  'products',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'set null' }),
    stepId: bigint('step_id', { mode: 'number' }).references(() => steps.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    recurringInterval: text('recurring_interval', {
      enum: ['day', 'week', 'month', 'year'],
    }).$type<RecurringInterval | null>(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_account_funnel_idx').on(t.accountId, t.funnelId),
    index('products_account_step_idx').on(t.accountId, t.stepId),
  ],
);

/** An option of a product and its values, e.g. Size: S, M, L. */
export const productVariantOptions = pgTable(
  'product_variant_options',
  {
    id: id(),
    accountId: accountId(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: text('values').array().notNull().default(sql`'{}'::text[]`),
    orderIndex: integer('order_index').notNull().default(1),
  },
  (t) => [index('product_variant_options_account_product_idx').on(t.accountId, t.productId)],
);

/** A sellable variant of a product: one value per option, its own price and SKU. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    accountId: accountId(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    orderIndex: integer('order_index').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_variants_account_product_idx').on(t.accountId, t.productId)],
);

/**
 * A discount code of the store. `value_minor` is, for 'fixed', the amount in minor units of
 * `currency`; for 'percent', hundredths of a percent (1250 = 12.5 %).
 */
export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    accountId: accountId(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency'),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    minOrderMinor: bigint('min_order_minor', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discounts_account_code_idx').on(t.accountId, sql`lower(${t.code})`),
    check('discounts_value_check', sql`${t.valueMinor} > 0`),
  ],
);
