import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  analyticsAccounts,
  analyticsHourVisits,
  optinEvents,
  orders,
  pageViewEvents,
  users,
} from '../../db/schema/index.ts';

export type Attribution = {
  referrer?: string | null;
  referrerDomain?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmTerm?: string | null;
  utmContent?: string | null;
  country?: string | null;
  currency?: string | null;
};

/** Unix seconds of a local time in a zone ('2026-03-02T10:00'). */
export const at = (local: string, zone: string) => DateTime.fromISO(local, { zone }).toSeconds();
export const date = (seconds: number) => new Date(seconds * 1000);

/** Sets the account's time zone (its owner's setting). */
export async function setTimeZone(db: Db, accountId: number, zone: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new Error('no account');
  await db.update(users).set({ timeZone: zone }).where(eq(users.id, account.ownerUserId));
}

let orderNumber = 0;

/** Writes events straight to the raw tables, as the page runtime and checkout write them. */
/** The zone the rollups keep an account's days in (analytics_accounts), undefined before the job saw it. */
export async function rolledUpZoneOf(db: Db, accountId: number) {
  const [row] = await db.select().from(analyticsAccounts).where(eq(analyticsAccounts.accountId, accountId));
  return row?.timeZone;
}

export function eventWriter(db: Db, accountId: number) {
  return {
    async view(
      v: {
        funnelId?: number | null;
        stepId?: number | null;
        pageId?: number | null;
        visitorId: string;
        at: number;
      } & Attribution,
    ) {
      const { at: when, ...rest } = v;
      await db.insert(pageViewEvents).values({ accountId, ...rest, createdAt: date(when) });
    },
    async optin(
      v: {
        funnelId?: number | null;
        stepId?: number | null;
        pageId?: number | null;
        at: number;
      } & Attribution,
    ) {
      const { at: when, ...rest } = v;
      await db.insert(optinEvents).values({ accountId, ...rest, createdAt: date(when) });
    },
    async order(
      o: {
        funnelId?: number | null;
        stepId?: number | null;
        pageId?: number | null;
        amount: number;
        at: number;
        refundedAt?: number;
        canceledAt?: number;
        failed?: boolean;
        deleted?: boolean;
        bump?: boolean;
        upsells?: number;
      } & Attribution,
    ) {
      const [row] = await db
        .insert(orders)
        .values({
          accountId,
          orderNumber: `T${++orderNumber}`,
          funnelId: o.funnelId ?? null,
          stepId: o.stepId ?? null,
          pageId: o.pageId ?? null,
          currency: o.currency ?? 'USD',
          amountMinor: Math.round(o.amount * 100),
          paymentStatus: o.failed ? 'failed' : null,
          isRefunded: o.refundedAt !== undefined,
          refundedAt: o.refundedAt === undefined ? null : date(o.refundedAt),
          isCanceled: o.canceledAt !== undefined || o.refundedAt !== undefined,
          canceledAt:
            o.canceledAt !== undefined
              ? date(o.canceledAt)
              : o.refundedAt !== undefined
                ? date(o.refundedAt)
                : null,
          deletedAt: o.deleted ? date(o.at) : null,
          hasOrderBump: o.bump ?? false,
          upsellsTaken: o.upsells ?? 0,
          referrer: o.referrer ?? null,
          referrerDomain: o.referrerDomain ?? null,
          utmSource: o.utmSource ?? null,
          utmMedium: o.utmMedium ?? null,
          utmCampaign: o.utmCampaign ?? null,
          utmTerm: o.utmTerm ?? null,
          utmContent: o.utmContent ?? null,
          visitorCountry: o.country ?? null,
          createdAt: date(o.at),
          updatedAt: date(o.at),
        })
        .returning({ id: orders.id });
      return row?.id as number;
    },
  };
}

/** An account's recent hours' visitor counts (analytics_hour_visits) per scope, by hour, kind, key and funnel. */
export const hourVisitCounts = (db: Db, accountId: number) =>
  db
    .select({
      kind: analyticsHourVisits.kind,
      key: analyticsHourVisits.key,
      value: analyticsHourVisits.value,
      funnelId: analyticsHourVisits.funnelId,
      hour: analyticsHourVisits.hour,
      visitors: analyticsHourVisits.visitors,
    })
    .from(analyticsHourVisits)
    .where(eq(analyticsHourVisits.accountId, accountId))
    .orderBy(
      asc(analyticsHourVisits.hour),
      asc(analyticsHourVisits.kind),
      asc(analyticsHourVisits.key),
      asc(analyticsHourVisits.funnelId),
    );
