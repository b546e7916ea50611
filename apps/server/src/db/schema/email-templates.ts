import type { CompiledEmail } from '@funnelwork/blocks/email';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountId, accounts, users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

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

/** What an e-mail template's version keeps: the saved design as the editor and the sends read it. */
export type EmailTemplateVersionContent = { name: string; config: string; css: string; html: string };

/**
 * Each save of an e-mail template keeps the saved design as a version (issue 36 §2: 'same for e-mail
 * templates'): who saved it and when; the newest VERSIONS_KEPT per template are kept. A template has no
 * draft: what automations send is its last save, so a version is a save, not a publish.
 */
export const emailTemplateVersions = pgTable(
  'email_template_versions',
  {
    id: id(),
    accountId: accountId(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => emailTemplates.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    content: jsonb('content').$type<EmailTemplateVersionContent>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_template_versions_account_template_idx').on(t.accountId, t.templateId, t.id)],
);
