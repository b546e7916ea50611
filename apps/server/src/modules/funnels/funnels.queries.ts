import type { Funnel, FunnelListItem, FunnelStats } from '@funnelwork/domain';
import { countedPublishStatus, firstFreePath, fromMinorUnits } from '@funnelwork/domain/rules';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, likePattern, ownedBy } from '../../db/query-helpers.ts';
import { domains, funnelDailyStats, funnels } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { pastWatermark, readWatermark, type Watermark } from '../analytics/analytics.sql.ts';

export type FunnelRow = typeof funnels.$inferSelect;

export function funnelOut(row: FunnelRow, domainName: string | null): Funnel {
  return {
    id: row.id,
    name: row.name,
    funnel_type: row.funnelType === 1 ? 1 : 0,
    funnel_group_id: row.funnelGroupId,
    pinned: row.pinned,
    currency_code: row.currencyCode,
    share_code: row.shareCode,
    path: row.path,
    domain_id: row.domainId,
    domain_name: domainName,
    ab_geo: row.abGeo,
    is_sub_funnel: row.isSubFunnel,
    folder_id: row.folderId,
    published_at: iso(row.publishedAt),
    deleted_at: iso(row.deletedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** One of the account's funnels, deleted ones included when asked; 404 otherwise. */
export async function findFunnel(
  db: Db,
  accountId: number,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<FunnelRow> {
  const [row] = await db
    .select()
    .from(funnels)
    .where(
      and(
        ownedBy(funnels, accountId),
        eq(funnels.id, id),
        options.includeDeleted ? undefined : isNull(funnels.deletedAt),
      ),
    );
  if (!row) throw notFound('Funnel');
  return row;
}

/** The API shape of one of the account's funnels, with its domain name. */
export async function loadFunnel(db: Db, accountId: number, id: number): Promise<Funnel> {
  const [row] = await db
    .select({ funnel: funnels, domainName: domains.name })
    .from(funnels)
    .leftJoin(domains, and(eq(domains.id, funnels.domainId), eq(domains.accountId, funnels.accountId)))
    .where(and(ownedBy(funnels, accountId), eq(funnels.id, id)));
  if (!row) throw notFound('Funnel');
  return funnelOut(row.funnel, row.domainName);
}

const statsOf = (revenueMinor: number, orders: number, visits: number): FunnelStats => ({
  revenue: fromMinorUnits(revenueMinor),
  orders,
  visits,
});

/** The rollup job's page-view watermark now: the floor of the views it has not counted (see pastWatermark). */
const viewsFloor = (db: Db) => readWatermark(db, 'page_views');

/**
 * A funnel's unique visits the rollup job has not counted yet (its `funnelId` an SQL expression): the
 * visitors of the views past its watermark not yet in funnel_day_visitors for their funnel and UTC day,
 * on the days from `start` to `end`. Read in the statement that sums funnel_daily_stats, so the stats
 * are live and each visit counts once whatever the job is doing.
 */
function pendingVisits(
  accountId: number,
  floor: Watermark,
  funnelId: SQL,
  range: { start?: string; end?: string } = {},
) {
  const day = sql`(v.created_at at time zone 'UTC')::date`;
  return sql`(select count(*) from (
      select distinct ${day} as day, v.visitor_id from page_view_events v
       where ${pastWatermark('page_views', floor)} and v.account_id = ${accountId} and v.funnel_id = ${funnelId}
         ${range.start ? sql`and ${day} >= ${range.start}::date` : sql``}
         ${range.end ? sql`and ${day} <= ${range.end}::date` : sql``}) n
     where not exists (select 1 from funnel_day_visitors d
                        where d.funnel_id = ${funnelId} and d.day = n.day and d.visitor_id = n.visitor_id))`;
}

export type FunnelListFilter = {
  deleted: boolean;
  query?: string;
  folderId?: number;
  funnelType?: 0 | 1;
  page: number;
  perPage: number;
};

/**
 * The funnel list (main funnels, not geo-funnels): pinned first, then the latest updated, with stats
 * summed from the daily rollup and the counts of steps and geo-funnels.
 */
export async function listFunnels(db: Db, accountId: number, filter: FunnelListFilter) {
  const conditions: SQL[] = [
    ownedBy(funnels, accountId),
    eq(funnels.isSubFunnel, false),
    filter.deleted ? isNotNull(funnels.deletedAt) : isNull(funnels.deletedAt),
  ];
  if (filter.query) conditions.push(ilike(funnels.name, likePattern(filter.query)));
  if (filter.folderId !== undefined) conditions.push(eq(funnels.folderId, filter.folderId));
  if (filter.funnelType !== undefined) conditions.push(eq(funnels.funnelType, filter.funnelType));
  const where = and(...conditions);

  // Per listed funnel, its sums from the rollup (one index range scan on (funnel_id, day) each).
  const stats = db
    .select({
      revenue: sql<string>`coalesce(sum(${funnelDailyStats.revenueMinor}), 0)`.as('revenue'),
      orders: sql<string>`coalesce(sum(${funnelDailyStats.orders}), 0)`.as('orders'),
      visits: sql<string>`coalesce(sum(${funnelDailyStats.visits}), 0)`.as('visits'),
    })
    .from(funnelDailyStats)
    .where(and(sql`${funnelDailyStats.funnelId} = "funnels"."id"`, ownedBy(funnelDailyStats, accountId)))
    .as('stats');
  // Correlated counts name the outer table explicitly: Drizzle leaves columns unqualified in
  // single-table selects, which inside a subquery would bind to the inner table.
  const stepsCount = sql`(select count(*) from steps s where s.account_id = "funnels"."account_id" and s.funnel_id = "funnels"."id" and s.deleted_at is null)`;
  const subFunnelsCount = sql`(select count(*) from funnels sub where sub.account_id = "funnels"."account_id" and sub.funnel_group_id = "funnels"."id" and sub.is_sub_funnel and sub.deleted_at is null)`;
  // Draft and publish: the funnel's live pages by state, and whether it (a geo-funnel: its main funnel) is live.
  const pageStates = sql`(select jsonb_build_object('total', count(*),
      'draft', count(*) filter (where p.published_version_id is null),
      'published', count(*) filter (where p.published_version_id is not null and p.published_revision = p.version))
    from pages p join steps s on s.id = p.step_id and s.account_id = p.account_id and s.deleted_at is null
    where p.account_id = "funnels"."account_id" and p.funnel_id = "funnels"."id")`;
  const live = sql`exists (select 1 from funnels m where m.account_id = "funnels"."account_id"
    and m.id = case when "funnels"."is_sub_funnel" then coalesce("funnels"."funnel_group_id", "funnels"."id") else "funnels"."id" end
    and m.published_at is not null)`;

  // The page of funnels is chosen first (an index range and a small sort), so the stats and counts
  // are computed for the listed funnels only, not for every funnel of the account.
  const pending = pendingVisits(accountId, await viewsFloor(db), sql`"funnels"."id"`);
  const order = [desc(funnels.pinned), desc(funnels.updatedAt), desc(funnels.id)];
  const page = db.$with('page').as(
    db
      .select({ pageId: funnels.id })
      .from(funnels)
      .where(where)
      .orderBy(...order)
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
  );

  const [rows, [total]] = await Promise.all([
    db
      .with(page)
      .select({
        funnel: funnels,
        domainName: domains.name,
        revenue: sql`${stats.revenue}`.mapWith(Number),
        orders: sql`${stats.orders}`.mapWith(Number),
        visits: sql`${stats.visits} + ${pending}`.mapWith(Number),
        stepsCount: stepsCount.mapWith(Number),
        subFunnelsCount: subFunnelsCount.mapWith(Number),
        pageStates: sql<{ total: number; draft: number; published: number }>`${pageStates}`,
        live: sql<boolean>`${live}`,
      })
      .from(page)
      .innerJoin(funnels, and(eq(funnels.id, page.pageId), ownedBy(funnels, accountId)))
      .leftJoin(domains, and(eq(domains.id, funnels.domainId), eq(domains.accountId, funnels.accountId)))
      .leftJoinLateral(stats, sql`true`)
      .orderBy(...order),
    db
      .select({ count: sql`count(*)`.mapWith(Number) })
      .from(funnels)
      .where(where),
  ]);
  const items: FunnelListItem[] = rows.map((r) => ({
    ...funnelOut(r.funnel, r.domainName),
    stats: statsOf(r.revenue, r.orders, r.visits),
    steps_count: r.stepsCount,
    sub_funnels_count: r.subFunnelsCount,
    publish_status: countedPublishStatus(
      {
        total: Number(r.pageStates.total),
        draft: Number(r.pageStates.draft),
        published: Number(r.pageStates.published),
      },
      r.live === true || String(r.live) === 't',
    ),
  }));
  return { items, count: total?.count ?? 0 };
}

/** Stats per funnel from the daily rollup and the views past it, for the days from `start` to `end` (both included). */
export async function funnelStats(
  db: Db,
  accountId: number,
  filter: { funnelId?: number; start?: string; end?: string },
) {
  const pending = pendingVisits(accountId, await viewsFloor(db), sql`${funnels.id}`, filter);
  const rows = await db
    .select({
      funnelId: funnels.id,
      revenue: sql`coalesce(sum(${funnelDailyStats.revenueMinor}), 0)`.mapWith(Number),
      orders: sql`coalesce(sum(${funnelDailyStats.orders}), 0)`.mapWith(Number),
      visits: sql`coalesce(sum(${funnelDailyStats.visits}), 0) + ${pending}`.mapWith(Number),
    })
    .from(funnels)
    .leftJoin(
      funnelDailyStats,
      and(
        eq(funnelDailyStats.funnelId, funnels.id),
        ownedBy(funnelDailyStats, accountId),
        filter.start ? gte(funnelDailyStats.day, filter.start) : undefined,
        filter.end ? lte(funnelDailyStats.day, filter.end) : undefined,
      ),
    )
    .where(
      and(
        ownedBy(funnels, accountId),
        isNull(funnels.deletedAt),
        filter.funnelId !== undefined ? eq(funnels.id, filter.funnelId) : undefined,
      ),
    )
    .groupBy(funnels.id)
    .orderBy(funnels.id);
  return rows.map((r) => ({ funnel_id: r.funnelId, ...statsOf(r.revenue, r.orders, r.visits) }));
}

/**
 * A free published path for a live main funnel of the account: `base`, else `base-2`, `base-3` …
 * (`exceptId` is the funnel being renamed or restored).
 */
export async function freeFunnelPath(db: Db, accountId: number, base: string, exceptId?: number) {
  const lowerBase = base.toLowerCase();
  const escaped = lowerBase.replace(/[\\%_]/g, (c) => `\\${c}`);
  const taken = await db
    .select({ path: funnels.path })
    .from(funnels)
    .where(
      and(
        ownedBy(funnels, accountId),
        isNull(funnels.deletedAt),
        eq(funnels.isSubFunnel, false),
        exceptId !== undefined ? sql`${funnels.id} <> ${exceptId}` : undefined,
        or(sql`lower(${funnels.path}) = ${lowerBase}`, sql`lower(${funnels.path}) like ${`${escaped}-%`}`),
      ),
    );
  return firstFreePath(
    base,
    taken.map((t) => t.path),
  );
}

/** Whether a live main funnel of the account other than `exceptId` already has this path. */
export async function pathTaken(db: Db, accountId: number, path: string, exceptId?: number) {
  const [row] = await db
    .select({ id: funnels.id })
    .from(funnels)
    .where(
      and(
        ownedBy(funnels, accountId),
        isNull(funnels.deletedAt),
        eq(funnels.isSubFunnel, false),
        sql`lower(${funnels.path}) = ${path.toLowerCase()}`,
        exceptId !== undefined ? sql`${funnels.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks a funnel as changed now (the list's "relative update time"). */
export async function touchFunnel(db: Db, accountId: number, funnelId: number) {
  await db
    .update(funnels)
    .set({ updatedAt: new Date() })
    .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnelId)));
}
