import type { CompiledEmail, MergeValues } from '@funnelwork/blocks/email';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A bulk send's body, stored once: the template version compiled (HTML and text parts with their merge
 * tags located). Its messages keep only their merge values and are rendered when delivered or shown.
 */
export const mailBodies = pgTable(
  'mail_bodies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    compiled: jsonb('compiled').$type<CompiledEmail>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_bodies_account_idx').on(t.accountId)],
);

/**
 * Every message the product sends; without SMTP_URL this is the whole delivery (the Mailbox screen).
 * A message has its own `html` and `text`, or (a bulk send) a `bodyId` and its `mergeValues`.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** A bulk send's shared body; the message is that body personalised with `mergeValues`. */
    bodyId: bigint('body_id', { mode: 'number' }).references(() => mailBodies.id, { onDelete: 'cascade' }),
    mergeValues: jsonb('merge_values').$type<MergeValues>(),
    /**
     * A marketing e-mail of a stored body: its unsubscribe footer ('plain'), and with tracking ('track')
     * its rewritten links and open pixel, are added with the message's own links when it is delivered or
     * shown (mail/marketing.ts `marketingParts`). Null: the body as it is.
     */
    marketing: text('marketing', { enum: ['plain', 'track'] }),
    /** Extra headers of a marketing e-mail (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['stored', 'queued', 'sent', 'failed'] }).notNull(),
    /**
     * The account's own e-mail (receipt, automation, marketing), sent through its SMTP sender connection
     * when it has an active one; false for the platform's own mails (invitations, billing notices).
     */
    accountServer: boolean('account_server').notNull().default(false),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_messages_to_idx').on(t.to),
    // The account's messages, and its month's count for the plan's e-mails a month (a range, not a scan).
    index('mail_messages_account_created_idx').on(t.accountId, t.createdAt),
    index('mail_messages_body_idx').on(t.bodyId),
  ],
);

/**
 * Addresses that unsubscribed from an account's marketing e-mail (automations): suppressed there, not
 * for order receipts. One row per account and address (lower-cased).
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The message whose link or List-Unsubscribe header did it. */
    mailMessageId: bigint('mail_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_suppressions_account_email_idx').on(t.accountId, sql`lower(${t.email})`)],
);

/** An open (the pixel) or a click (a rewritten link) of a tracked e-mail, bots' prefetches left out. */
export const emailTrackingEvents = pgTable(
  'email_tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mailMessageId: bigint('mail_message_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['open', 'click'] }).notNull(),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tracking_events_message_idx').on(t.mailMessageId, t.kind)],
);

/**
 * How an account's e-mail goes out: the sender's name and address, the reply-to, and DKIM (the private
 * key sealed with the server's key, never answered or logged). No row: the server's MAIL_FROM.
 */
export const accountMailSettings = pgTable('account_mail_settings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .unique('account_mail_settings_account_idx')
    .references(() => accounts.id, { onDelete: 'cascade' }),
  fromName: text('from_name'),
  fromEmail: text('from_email'),
  replyTo: text('reply_to'),
  dkimDomain: text('dkim_domain'),
  dkimSelector: text('dkim_selector'),
  dkimKeySealed: text('dkim_key_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
