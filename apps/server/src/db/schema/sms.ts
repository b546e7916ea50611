import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

/** An account's prepaid SMS balance and sender settings (one row, made on first use). */
export const smsAccounts = pgTable(
  'sms_accounts',
  {
    id: id(),
    accountId: accountId(),
    /** Minor units of `currency`; every message debits its country's tariff. */
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    /** The number messages come from when the funnel has none of its own. */
    defaultNumberId: bigint('default_number_id', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sms_accounts_account_idx').on(t.accountId),
    // A debit larger than the balance fails in the database too, not only in the service.
    check('sms_accounts_balance_check', sql`${t.balanceMinor} >= 0`),
  ],
);

/** A phone number the account bought through the SMS provider. */
export const smsNumbers = pgTable(
  'sms_numbers',
  {
    id: id(),
    accountId: accountId(),
    phoneNumber: text('phone_number').notNull(),
    country: text('country').notNull(),
    /** The provider's id of the number (Twilio's `PN…` sid). */
    providerSid: text('provider_sid').notNull(),
    /** The funnel whose messages it sends (PUT funnels/{id}/sms-numbers); null: none. */
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_numbers_phone_idx').on(t.phoneNumber),
    index('sms_numbers_account_idx').on(t.accountId),
  ],
);

/** Top-ups of the balance, one per (account, idempotency key): a retried request never pays twice. */
export const smsTopUps = pgTable(
  'sms_top_ups',
  {
    id: id(),
    accountId: accountId(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull(),
    /** The gateway's payment reference once paid. */
    reference: text('reference'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sms_top_ups_key_idx').on(t.accountId, t.idempotencyKey)],
);

/** Every SMS the product sends, recorded with its debit before the provider is called. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    accountId: accountId(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    body: text('body').notNull(),
    country: text('country').notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull(),
    providerSid: text('provider_sid'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_messages_account_idx').on(t.accountId, t.id)],
);

/** Phones that replied STOP to one of the account's numbers: its later messages to them are skipped. */
export const smsSuppressions = pgTable(
  'sms_suppressions',
  {
    id: id(),
    accountId: accountId(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sms_suppressions_phone_idx').on(t.accountId, t.phone)],
);
