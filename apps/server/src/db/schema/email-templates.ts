import type { CompiledEmail } from '@funnelwork/blocks/email';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * A merchant's saved e-mail template ("Email template: id, name, html, css, tags, config"), per account
 * and user; the automations' e-mail editor saves and lists them. `config` is the editor document (kind
 * 'email') as JSON text, as the spec's calls carry it. `compiled` is that document compiled once on
 * save (HTML and text parts with their merge tags located), written in the same statement as `config`
 * so it always belongs to the stored version; sends only personalise it.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    html: text('html').notNull().default(''),
    css: text('css').notNull().default(''),
    tags: text('tags').notNull().default(''),
    config: text('config').notNull(),
    compiled: jsonb('compiled').$type<CompiledEmail>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_account_user_idx').on(t.accountId, t.userId, t.id)],
);
