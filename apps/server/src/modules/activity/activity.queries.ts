import {
  ACTIVE_VISITOR_MINUTES,
  type ActivityItem,
  PAGE_VIEW_MINUTES,
  RECENT_ACTIVITY_LIMIT,
  type RecentViews,
} from '@funnelwork/domain/activity/contracts';
import { ACTIVITY_EVENT_TYPES } from '@funnelwork/domain/orders/events';
import { fromMinorUnits } from '@funnelwork/domain/rules';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { assertAccountId } from '../../db/query-helpers.ts';
import { activityItems } from '../../db/schema/index.ts';

const MINUTE_MS = 60_000;

type Row = {
  minutes: Array<{ m: number | string; c: number | string }> | string | null;
  visitors: number | string | null;
  activity:
    | Array<{
        event_id: number;
        first_name: string;
        last_name: string;
        optin_email: string;
        amount_minor: number | string | null;
        currency: string | null;
        time: number | string;
        customer_id: number | string | null;
      }>
    | string
    | null;
};

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * The Activity panel in one statement: page views per minute over the latest 24 minutes (grouped by
 * `date_bin`, whose timestamps need no per-row numeric epoch arithmetic) and the
 * active visitors (both an index-only range over page_view_events_account_created_idx), and the
 * latest activity lines (a backward range over activity_items_account_created_idx).
 */
export async function loadRecentViews(db: Db, accountId: number, now: number): Promise<RecentViews> {
  assertAccountId(accountId);
  const currentMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const chartStart = currentMinute - (PAGE_VIEW_MINUTES - 1) * MINUTE_MS;
  const activeSince = now - ACTIVE_VISITOR_MINUTES * MINUTE_MS;
  const result = await db.execute(sql`
    select
      (select json_agg(json_build_object('m', extract(epoch from minute)::bigint / 60, 'c', c))
         from (select date_bin('1 minute', created_at, timestamptz '1970-01-01 00:00:00+00') as minute, count(*) as c
                 from page_view_events
                where account_id = ${accountId} and created_at >= ${new Date(chartStart).toISOString()}::timestamptz
                group by 1) per_minute) as minutes,
      (select count(distinct visitor_id)
         from page_view_events
        where account_id = ${accountId} and created_at >= ${new Date(activeSince).toISOString()}::timestamptz) as visitors,
      (select json_agg(latest order by latest.time desc)
         from (select event_id, first_name, last_name, optin_email, amount_minor, currency, customer_id,
                      floor(extract(epoch from created_at))::bigint as time
                 from activity_items
                where account_id = ${accountId}
                order by created_at desc
                limit ${RECENT_ACTIVITY_LIMIT}) latest) as activity`);
  const [row] = rowsOf<Row>(result);
  const counts = new Map((parsed(row?.minutes ?? null) ?? []).map(({ m, c }) => [Number(m), Number(c)]));
  const page_views = Array.from({ length: PAGE_VIEW_MINUTES }, (_, i) => {
    const time = (chartStart + i * MINUTE_MS) / 1000;
    return { time, count: counts.get(time / 60) ?? 0 };
  });
  const recent_activity: ActivityItem[] = (parsed(row?.activity ?? null) ?? []).map((item) => ({
    event_id: item.event_id,
    first_name: item.first_name,
    last_name: item.last_name,
    optin_email: item.optin_email,
    amount: item.amount_minor === null ? null : fromMinorUnits(Number(item.amount_minor)),
    currency: item.currency,
    time: Number(item.time),
    customer_id: item.customer_id === null ? null : Number(item.customer_id),
  }));
  return { recent_activity, page_views, visitors_count: Number(row?.visitors ?? 0) };
}

export type ActivityInput = {
  /** Activity event type: 1 Clicked … 11 Recurring payment. */
  eventId: number;
  customerId?: number | null;
  firstName?: string;
  lastName?: string;
  optinEmail?: string;
  amountMinor?: number | null;
  currency?: string | null;
  funnelId?: number | null;
  orderId?: number | null;
  at?: Date;
};

/**
 * Adds a line to the account's Activity panel; orders, opt-ins and subscriptions call it inside
 * their own transaction, so the line exists exactly when the event does.
 */
export async function recordActivity(db: Db, accountId: number, item: ActivityInput): Promise<void> {
  assertAccountId(accountId);
  if (!ACTIVITY_EVENT_TYPES[item.eventId]) throw new Error(`unknown activity event type ${item.eventId}`);
  await db.insert(activityItems).values({
    accountId,
    eventId: item.eventId,
    customerId: item.customerId ?? null,
    firstName: item.firstName ?? '',
    lastName: item.lastName ?? '',
    optinEmail: item.optinEmail ?? '',
    amountMinor: item.amountMinor ?? null,
    currency: item.currency ?? null,
    funnelId: item.funnelId ?? null,
    orderId: item.orderId ?? null,
    ...(item.at ? { createdAt: item.at } : {}),
  });
}
