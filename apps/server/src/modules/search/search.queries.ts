import type { SearchResults } from '@funnelwork/domain/search/contracts';
import { and, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { assertAccountId, likePattern, ownedBy } from '../../db/query-helpers.ts';
import { funnels, products } from '../../db/schema/index.ts';

/**
 * One query per group of the global search box. Each matches the text anywhere in the name
 * (ILIKE '%term%', answered by a trigram GIN index), puts exact and prefix matches first, and
 * reads at most `limit` rows.
 */
export type SearchGroupQuery<T> = (db: Db, accountId: number, term: string, limit: number) => Promise<T>;

/** Exact name first, then names that start with the term, then the rest. */
const closeness = (column: AnyPgColumn, term: string) => {
  const prefix = likePattern(term).slice(1); // '%term%' without its leading '%'
  return sql`(case when lower(${column}) = lower(${term}) then 0 when ${column} ilike ${prefix} then 1 else 2 end)`;
};

export const searchFunnels: SearchGroupQuery<SearchResults['funnels']> = async (
  db,
  accountId,
  term,
  limit,
) => {
  const rows = await db
    .select({ id: funnels.id, name: funnels.name, funnel_type: funnels.funnelType })
    .from(funnels)
    .where(
      and(
        ownedBy(funnels, accountId),
        isNull(funnels.deletedAt),
        eq(funnels.isSubFunnel, false),
        ilike(funnels.name, likePattern(term)),
      ),
    )
    .orderBy(closeness(funnels.name, term), desc(funnels.updatedAt), desc(funnels.id))
    .limit(limit);
  return rows;
};

export const searchProducts: SearchGroupQuery<SearchResults['products']> = async (
  db,
  accountId,
  term,
  limit,
) => {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      funnel_id: products.funnelId,
      step_id: products.stepId,
      funnel_type: funnels.funnelType,
      image_url: sql<string | null>`${products.images} ->> 0`,
    })
    .from(products)
    .leftJoin(funnels, and(eq(funnels.id, products.funnelId), ownedBy(funnels, accountId)))
    .where(and(ownedBy(products, accountId), ilike(products.name, likePattern(term))))
    .orderBy(closeness(products.name, term), desc(products.id))
    .limit(limit);
  return rows;
};

/**
 * Customers by name or e-mail, in raw SQL against the customers table of the orders area. The one
 * expression it matches is what a trigram index on customers should cover:
 * `create index customers_search_trgm_idx on customers using gin
 *  ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops) where deleted_at is null`.
 */
export const searchCustomers: SearchGroupQuery<SearchResults['customers']> = async (
  db,
  accountId,
  term,
  limit,
) => {
  assertAccountId(accountId);
  const result = await db.execute(sql`
    select id, first_name, last_name
      from customers
     where account_id = ${accountId}
       and deleted_at is null
       and search_text like ${likePattern(term.toLowerCase())}
     order by id desc
     limit ${limit}`);
  return rowsOf<{ id: string | number; first_name: string | null; last_name: string | null }>(result).map(
    (row) => ({ id: Number(row.id), first_name: row.first_name ?? '', last_name: row.last_name ?? '' }),
  );
};
