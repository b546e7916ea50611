import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

/** A popup: a page-like editor document that a show-popup link action opens over a page. */
export const popups = pgTable(
  'popups',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    css: text('css').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('popups_account_funnel_idx').on(t.accountId, t.funnelId)],
);
