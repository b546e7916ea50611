import type { Charge, LimitKey, Plan, PlanLimits, Usage } from '@funnelwork/domain';
import { fromMinorUnits, LIMIT_KEYS, LIMIT_TITLES, usagePercent } from '@funnelwork/domain/rules';
import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import {
  accounts,
  billingCharges,
  billingSubscriptions,
  customers,
  funnels,
  mailMessages,
  pages,
  plans,
} from '../../db/schema/index.ts';
import type { StripeSubscribed } from './billing.stripe.ts';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type ChargeRow = typeof billingCharges.$inferSelect;

/**
 * The account's subscription as a Stripe subscription just started makes it (place-order on Stripe, or a
 * completed Stripe Checkout): active, the card Stripe keeps, its period end, no failed tries.
 */
export async function saveStripeSubscription(
  tx: Db,
  accountId: number,
  planKey: string,
  subscribed: StripeSubscribed,
  { eventAt, now }: { eventAt: Date | null; now: Date },
): Promise<void> {
  const values = {
    planKey,
    provider: 'stripe' as const,
    status: 'active' as const,
    paymentMethodSealed: null,
    cardBrand: subscribed.method.brand,
    cardLast4: subscribed.method.last4,
    cardExpMonth: subscribed.method.expMonth,
    cardExpYear: subscribed.method.expYear,
    currentPeriodEnd: subscribed.periodEnd,
    failedTries: 0,
    stripeCustomerId: subscribed.customerId,
    stripeSubscriptionId: subscribed.subscriptionId,
    stripeEventAt: eventAt,
    cancelledAt: null,
    updatedAt: now,
  };
  await tx
    .insert(billingSubscriptions)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.accountId, set: values });
}

export function limitsOf(row: PlanRow): PlanLimits {
  return Object.fromEntries(LIMIT_KEYS.map((key) => [key, row.limits[key] ?? null])) as PlanLimits;
}

export function planOut(row: PlanRow): Plan {
  return {
    key: row.key,
    name: row.name,
    family: row.family,
    interval: row.interval,
    price: fromMinorUnits(row.priceMinor),
    currency: row.currency,
    trial_days: row.trialDays,
    features: row.features,
    limits: limitsOf(row),
  };
}

export async function offeredPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.offered, true)).orderBy(asc(plans.position), asc(plans.key));
}

export async function planByKey(db: Db, key: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.key, key));
  return row;
}

/** The account's plan row; an unknown key (a plan since removed) reads as the 14-day trial. */
export async function accountPlan(db: Db, accountId: number) {
  const [row] = await db
    .select({ account: accounts, plan: plans })
    .from(accounts)
    .leftJoin(plans, eq(plans.key, accounts.planKey))
    .where(eq(accounts.id, accountId));
  if (!row) return undefined;
  const plan = row.plan ?? (await planByKey(db, '14-trial'));
  if (!plan) throw new Error('The plans table has no 14-trial plan: run the migrations');
  return { account: row.account, plan };
}

export async function subscriptionOf(db: Db, accountId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(billingSubscriptions).where(ownedBy(billingSubscriptions, accountId));
  return row;
}

/** What the account uses of each counted limit (the API rate is counted in memory, not here). */
export async function countUsage(db: Db, accountId: number, key: LimitKey, now: Date): Promise<number> {
  switch (key) {
    case 'funnels': {
      const [row] = await db
        .select({ n: count() })
        .from(funnels)
        .where(and(ownedBy(funnels, accountId), isNull(funnels.deletedAt), eq(funnels.isSubFunnel, false)));
      return row?.n ?? 0;
    }
    case 'pages': {
      const [row] = await db.select({ n: count() }).from(pages).where(ownedBy(pages, accountId));
      return row?.n ?? 0;
    }
    case 'contacts': {
      // A deleted customer frees its place.
      const [row] = await db
        .select({ n: count() })
        .from(customers)
        .where(and(ownedBy(customers, accountId), isNull(customers.deletedAt)));
      return row?.n ?? 0;
    }
    case 'emails_per_month': {
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [row] = await db
        .select({ n: count() })
        .from(mailMessages)
        .where(and(eq(mailMessages.accountId, accountId), gte(mailMessages.createdAt, monthStart)));
      return row?.n ?? 0;
    }
    case 'api_requests_per_minute':
      return 0;
  }
}

export async function usageOf(
  db: Db,
  accountId: number,
  limits: PlanLimits,
  now: Date,
  apiRequestsThisMinute: number,
): Promise<Usage[]> {
  const usage: Usage[] = [];
  for (const key of LIMIT_KEYS) {
    const used =
      key === 'api_requests_per_minute' ? apiRequestsThisMinute : await countUsage(db, accountId, key, now);
    usage.push({
      key,
      title: LIMIT_TITLES[key],
      used,
      limit: limits[key],
      percent: usagePercent(used, limits[key]),
    });
  }
  return usage;
}

export async function listCharges(
  db: Db,
  accountId: number,
): Promise<Array<ChargeRow & { planName: string }>> {
  const rows = await db
    .select({
      charge: billingCharges,
      planName: sql<string>`coalesce(${plans.name}, ${billingCharges.planKey})`,
    })
    .from(billingCharges)
    .leftJoin(plans, eq(plans.key, billingCharges.planKey))
    .where(ownedBy(billingCharges, accountId))
    .orderBy(desc(billingCharges.createdAt), desc(billingCharges.id))
    .limit(500);
  return rows.map((row) => ({ ...row.charge, planName: row.planName }));
}

export function chargeOut(row: ChargeRow & { planName: string }): Charge {
  return {
    id: row.id,
    plan_key: row.planKey,
    plan_name: row.planName,
    amount: fromMinorUnits(row.amountMinor),
    currency: row.currency,
    status: row.status,
    description: row.description,
    failure_message: row.failureMessage,
    period_start: iso(row.periodStart),
    period_end: iso(row.periodEnd),
    created_at: iso(row.createdAt),
    invoice_url: row.status === 'paid' ? `/api/charges/${row.id}/invoice.pdf` : null,
  };
}
