import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { funnels } from './funnels.ts';

/** Scripts added to the head or the body of a funnel's pages (or of every funnel when funnel_id is null). */
export const trackingCodes = pgTable(
  'tracking_codes',
  {
    id: id(),
    accountId: accountId(),
    funnelId: bigint('funnel_id', { mode: 'number' }).references(() => funnels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    position: text('position', { enum: ['head', 'body'] })
      .notNull()
      .default('head'),
    orderIndex: integer('order_index').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tracking_codes_account_funnel_idx').on(t.accountId, t.funnelId, t.orderIndex)],
);
