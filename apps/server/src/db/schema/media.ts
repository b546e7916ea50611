import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

export const imageFolders = pgTable(
  'image_folders',
  { id: id(), accountId: accountId(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [index('image_folders_account_idx').on(t.accountId, t.name)],
);

/** An uploaded image; its bytes live in the file storage under `storage_key` (never a user-chosen name). */
export const images = pgTable(
  'images',
  {
    id: id(),
    accountId: accountId(),
    folderId: bigint('folder_id', { mode: 'number' }).references(() => imageFolders.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_account_folder_idx').on(t.accountId, t.folderId, t.id),
    uniqueIndex('images_storage_key_idx').on(t.storageKey),
  ],
);

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
