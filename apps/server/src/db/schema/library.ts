import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** Groups of saved assets ('saved-assets') or of compositions ('compositions'). */
export const libraryGroups = pgTable(
  'library_groups',
  {
    id: id(),
    accountId: accountId(),
    kind: text('kind', { enum: ['saved-assets', 'compositions'] }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('library_groups_account_kind_idx').on(t.accountId, t.kind),
    check('library_groups_kind_check', sql`${t.kind} in ('saved-assets', 'compositions')`),
  ],
);

/** A saved block, row or section (kind 'saved-assets') or a run of sections (kind 'compositions'). */
export const libraryItems = pgTable(
  'library_items',
  {
    id: id(),
    accountId: accountId(),
    kind: text('kind', { enum: ['saved-assets', 'compositions'] }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).references(() => libraryGroups.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    nodeType: text('node_type').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('library_items_account_kind_idx').on(t.accountId, t.kind, t.groupId),
    check('library_items_kind_check', sql`${t.kind} in ('saved-assets', 'compositions')`),
  ],
);
