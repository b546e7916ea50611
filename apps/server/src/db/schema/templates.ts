import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * Likes of the built-in gallery's step templates, one per user and template. Built-in templates live in
 * code (packages/blocks), so `template_id` is their text id, not a reference.
 */
export const templateLikes = pgTable(
  'template_likes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: text('template_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('template_likes_user_template_idx').on(t.userId, t.templateId),
    index('template_likes_template_idx').on(t.templateId),
  ],
);

/**
 * A merchant's saved e-mail template ("Email template: id, name, html, css, tags, config"), per account
 * and user; the automations' e-mail editor saves and lists them. `config` is the editor document (kind
 * 'email') as JSON text, as the spec's calls carry it.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_account_user_idx').on(t.accountId, t.userId, t.id)],
);
