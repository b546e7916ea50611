import { bigint, boolean, index, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

/** An app connected to one funnel, with its settings. */
export const funnelApps = pgTable(
  'funnel_apps',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' })
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    appId: bigint('app_id', { mode: 'number' }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('funnel_apps_funnel_app_idx').on(t.funnelId, t.appId),
    index('funnel_apps_account_idx').on(t.accountId, t.appId),
  ],
);

/**
 * The account's switch of a catalogue app (PATCH user-apps/{id}): a row only once it was switched;
 * no row means on. Off stops the app in every funnel without losing their settings.
 */
export const userApps = pgTable(
  'user_apps',
  {
    id: id(),
    accountId: accountId(),
    /** The catalogue id (`APPS` in packages/domain/src/apps/catalogue.ts). */
    appId: bigint('app_id', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_apps_account_app_idx').on(t.accountId, t.appId)],
);
