import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

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
