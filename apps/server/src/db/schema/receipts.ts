import type { ReceiptKindValue } from '@funnelwork/domain/rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { emailTemplates } from './email-templates.ts';
import { orders } from './orders.ts';

/** The e-mails every store sends without an automation: "order confirmation" and "shipping confirmation". */
export const RECEIPT_KINDS = [
  'order_confirmation',
  'shipping_confirmation',
] as const satisfies readonly ReceiptKindValue[];
export type ReceiptKind = ReceiptKindValue;

/**
 * An account's choices for one receipt; no row means the default (on, default subject, built-in design).
 * `email_template_id` is the merchant's own design from the e-mail editor; deleting it falls back to
 * the built-in one.
 */
export const receiptSettings = pgTable(
  'receipt_settings',
  {
    id: id(),
    accountId: accountId(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    subject: text('subject'),
    emailTemplateId: bigint('email_template_id', { mode: 'number' }).references(() => emailTemplates.id, {
      onDelete: 'set null',
    }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('receipt_settings_account_kind_idx').on(t.accountId, t.kind)],
);

/**
 * One receipt sent for an order: claimed once per (order, kind, key) before its message is recorded,
 * so a retried job or a repeated event sends nothing twice. The key is what makes a new e-mail due:
 * the paid lines' count for a confirmation (an upsell adds lines), the tracking number for shipping.
 */
export const receiptSends = pgTable(
  'receipt_sends',
  {
    id: id(),
    accountId: accountId(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    key: text('key').notNull(),
    mailMessageId: bigint('mail_message_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('receipt_sends_order_kind_key_idx').on(t.orderId, t.kind, t.key),
    index('receipt_sends_account_idx').on(t.accountId),
    check('receipt_sends_key_check', sql`length(${t.key}) between 1 and 200`),
  ],
);
