import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id } from './columns.ts';

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
