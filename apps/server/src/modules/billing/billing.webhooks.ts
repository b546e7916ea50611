import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  billingCharges,
  billingSubscriptions,
  billingWebhookEvents,
  plans,
} from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { saveStripeSubscription } from './billing.queries.ts';
import type { StripeBilling, StripeSubscribed } from './billing.stripe.ts';

/** Stripe's default: a signature older than five minutes is refused (a captured request replayed later). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

type StripeObject = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const obj = (value: unknown) => (value && typeof value === 'object' ? (value as StripeObject) : undefined);
const at = (seconds: number | undefined) => (seconds === undefined ? undefined : new Date(seconds * 1000));

/** The subscription an invoice belongs to (`subscription`, or the newer API's `parent.subscription_details`). */
function invoiceSubscription(invoice: StripeObject): string | undefined {
  return (
    str(invoice.subscription) ??
    str(obj(obj(invoice.parent)?.subscription_details)?.subscription) ??
    str(obj(invoice.subscription)?.id)
  );
}

/** The period an invoice pays for: its first line's period. */
function invoicePeriod(invoice: StripeObject): { start?: Date; end?: Date } {
  const lines = obj(invoice.lines)?.data;
  const period = obj(Array.isArray(lines) ? obj(lines[0])?.period : undefined);
  return {
    start: at(num(period?.start) ?? num(invoice.period_start)),
    end: at(num(period?.end) ?? num(invoice.period_end)),
  };
}

/** A subscription's period end (`current_period_end`, or on newer API versions its first item's). */
function subscriptionPeriodEnd(sub: StripeObject): Date | undefined {
  const items = obj(sub.items)?.data;
  return at(
    num(sub.current_period_end) ?? num(Array.isArray(items) ? obj(items[0])?.current_period_end : undefined),
  );
}

const STATUS_OF: Record<string, 'active' | 'past_due' | 'cancelled' | 'expired'> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  // Stripe's retries are over (its "mark the subscription as unpaid" setting): the plan expires.
  unpaid: 'expired',
  incomplete: 'past_due',
  canceled: 'expired',
  incomplete_expired: 'expired',
};

const later = (a: Date | string, b: Date | undefined) =>
  b && b.getTime() > new Date(a).getTime() ? b : new Date(a);

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

/**
 * A paid Stripe invoice of a subscription (from its webhook or the daily reconciliation): one paid
 * charge per invoice, the period end moved forward only, and the plan's features on the account.
 * With `newer` (the event is the latest seen) the subscription turns active again.
 */
export async function applyPaidInvoice(
  tx: Db,
  sub: SubscriptionRow,
  invoice: Record<string, unknown>,
  { created, newer, now }: { created: Date; newer: boolean; now: Date },
): Promise<boolean> {
  const [plan] = await tx.select().from(plans).where(eq(plans.key, sub.planKey));
  const period = invoicePeriod(invoice);
  const end = later(sub.currentPeriodEnd, period.end);
  const [charged] = await tx
    .insert(billingCharges)
    .values({
      accountId: sub.accountId,
      planKey: sub.planKey,
      amountMinor: num(invoice.amount_paid) ?? 0,
      currency: (str(invoice.currency) ?? 'usd').toUpperCase(),
      status: 'paid',
      description: `${plan?.name ?? sub.planKey}, renewal`,
      reference: str(invoice.id) ?? null,
      periodStart: period.start ?? null,
      periodEnd: period.end ?? null,
      idempotencyKey: `stripe-invoice-${str(invoice.id)}-paid`,
      createdAt: created,
    })
    .onConflictDoNothing()
    .returning({ id: billingCharges.id });
  await tx
    .update(billingSubscriptions)
    .set({
      currentPeriodEnd: end,
      ...(newer ? { status: 'active' as const, failedTries: 0, stripeEventAt: created } : {}),
      updatedAt: now,
    })
    .where(eq(billingSubscriptions.id, sub.id));
  await tx
    .update(accounts)
    .set({ planKey: sub.planKey, planExpiryDate: end, features: plan?.features ?? [], rateLimit: null })
    .where(eq(accounts.id, sub.accountId));
  return charged !== undefined;
}

/**
 * A completed Stripe Checkout Session (mode `subscription`): the subscription it started, as Stripe
 * has it, becomes the account's plan — the first invoice its paid charge (keyed by the invoice id, so
 * its invoice.paid webhook never records it twice), the period end its plan_expiry_date. Answers the
 * Stripe subscription it replaces (to cancel at Stripe), or 'ignored' for a session not of this platform.
 */
async function applyCheckout(
  tx: Db,
  session: StripeObject,
  subscribed: StripeSubscribed,
  { created, now }: { created: Date; now: Date },
): Promise<{ accountId: number; replaced: string | null } | 'ignored'> {
  const metadata = obj(session.metadata);
  const accountId = Number(str(metadata?.account_id) ?? str(session.client_reference_id));
  const planKey = str(metadata?.plan_key);
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (!Number.isSafeInteger(accountId) || !planKey || !paid) return 'ignored';
  const [plan] = await tx.select().from(plans).where(eq(plans.key, planKey));
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!plan || !account || plan.interval === 'trial') return 'ignored';
  const [previous] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.accountId, accountId))
    .for('update');
  await tx
    .insert(billingCharges)
    .values({
      accountId,
      planKey: plan.key,
      amountMinor: subscribed.amountPaidMinor,
      currency: (str(session.currency) ?? plan.currency).toUpperCase(),
      status: 'paid',
      description: `${plan.name} (${plan.interval}ly), first ${plan.interval}`,
      reference: subscribed.invoiceId,
      periodStart: created,
      periodEnd: subscribed.periodEnd,
      idempotencyKey: `stripe-invoice-${subscribed.invoiceId}-paid`,
      createdAt: created,
    })
    .onConflictDoNothing();
  await saveStripeSubscription(tx, accountId, plan.key, subscribed, { eventAt: created, now });
  await tx
    .update(accounts)
    .set({
      planKey: plan.key,
      planExpiryDate: subscribed.periodEnd,
      features: plan.features,
      rateLimit: null,
    })
    .where(eq(accounts.id, accountId));
  const replaced =
    previous?.stripeSubscriptionId && previous.stripeSubscriptionId !== subscribed.subscriptionId
      ? previous.stripeSubscriptionId
      : null;
  return { accountId, replaced };
}

/**
 * The platform's own Stripe billing events (subscriptions Stripe renews): verified by signature,
 * applied once per event id, and safe in any order — a period end only moves forward, and a status
 * only changes for an event newer than the last one applied.
 */
export function createBillingWebhooks({
  db,
  secret,
  clock = () => new Date(),
  stripeBilling,
  onPaymentFailed,
  onPlanChange,
  log = (message) => console.error(message),
}: {
  db: Db;
  secret: string | undefined;
  clock?: () => Date;
  /** Reads the subscription a completed Checkout Session started (STRIPE_BILLING_SECRET_KEY). */
  stripeBilling?: StripeBilling;
  onPaymentFailed?: (accountId: number, message: string) => Promise<void>;
  /** After an event changed an account's plan (the limits read it again). */
  onPlanChange?: (accountId: number) => void;
  log?: (message: string) => void;
}) {
  function verify(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!secret)
      // Without a secret nothing can be verified: the endpoint is not there.
      throw new HttpError(
        404,
        'Stripe billing webhooks are not configured (STRIPE_BILLING_WEBHOOK_SECRET)',
        'not_configured',
      );
    if (!signature)
      throw new HttpError(400, 'The Stripe-Signature header is missing', 'bad_signature', 'stripe-signature');
    try {
      return Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        secret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        clock().getTime(),
      );
    } catch (error) {
      throw new HttpError(
        400,
        `The Stripe signature does not match: ${(error as Error).message}`,
        'bad_signature',
        'stripe-signature',
      );
    }
  }

  async function handle(
    rawBody: string,
    signature: string | undefined,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    const event = verify(rawBody, signature);
    const object = (event.data?.object ?? {}) as unknown as StripeObject;
    const created = new Date(event.created * 1000);
    let failure: { accountId: number; message: string } | undefined;
    // A completed Checkout Session: its subscription is read from Stripe first, outside the
    // transaction; when Stripe cannot answer, the 502 makes Stripe send the event again.
    let checkout: StripeSubscribed | undefined;
    const checkoutSubscription =
      event.type === 'checkout.session.completed' && object.mode === 'subscription'
        ? (str(object.subscription) ?? str(obj(object.subscription)?.id))
        : undefined;
    if (checkoutSubscription && stripeBilling) {
      const read = await stripeBilling.subscription(checkoutSubscription);
      if (!read.ok) throw new HttpError(502, `Stripe: ${read.message}`, 'stripe_error');
      checkout = read;
    }
    let applied: { accountId: number; replaced: string | null } | undefined;
    /** The account whose plan or subscription the event touched: its limits read it again. */
    let changed: number | undefined;
    const outcome = await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(billingWebhookEvents)
        .values({ eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: billingWebhookEvents.eventId });
      if (!fresh) return 'duplicate' as const;
      if (event.type === 'checkout.session.completed') {
        if (!checkout) return 'ignored' as const;
        const result = await applyCheckout(tx, object, checkout, { created, now: clock() });
        if (result === 'ignored') return 'ignored' as const;
        applied = result;
        changed = result.accountId;
        return 'applied' as const;
      }
      const subscriptionId = event.type.startsWith('invoice.') ? invoiceSubscription(object) : str(object.id);
      if (!subscriptionId) return 'ignored' as const;
      const [sub] = await tx
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.stripeSubscriptionId, subscriptionId))
        .for('update');
      if (!sub) return 'ignored' as const;
      changed = sub.accountId;
      const newer = !sub.stripeEventAt || created.getTime() >= new Date(sub.stripeEventAt).getTime();
      const [plan] = await tx.select().from(plans).where(eq(plans.key, sub.planKey));
      switch (event.type) {
        case 'invoice.paid':
        case 'invoice.payment_succeeded': {
          await applyPaidInvoice(tx, sub, object, { created, newer, now: clock() });
          return 'applied' as const;
        }
        case 'invoice.payment_failed': {
          const message = 'Stripe could not charge the card on file';
          await tx
            .insert(billingCharges)
            .values({
              accountId: sub.accountId,
              planKey: sub.planKey,
              amountMinor: num(object.amount_due) ?? 0,
              currency: (str(object.currency) ?? 'usd').toUpperCase(),
              status: 'failed',
              description: `${plan?.name ?? sub.planKey}, renewal`,
              reference: str(object.id) ?? null,
              failureMessage: message,
              idempotencyKey: `stripe-invoice-${str(object.id)}-failed-${num(object.attempt_count) ?? 0}`,
              createdAt: created,
            })
            .onConflictDoNothing();
          if (newer) {
            await tx
              .update(billingSubscriptions)
              .set({
                status: 'past_due',
                failedTries: num(object.attempt_count) ?? sub.failedTries + 1,
                stripeEventAt: created,
                updatedAt: clock(),
              })
              .where(eq(billingSubscriptions.id, sub.id));
          }
          failure = { accountId: sub.accountId, message };
          return 'applied' as const;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const status =
            event.type === 'customer.subscription.deleted' ? 'expired' : STATUS_OF[str(object.status) ?? ''];
          const end = later(sub.currentPeriodEnd, subscriptionPeriodEnd(object));
          await tx
            .update(billingSubscriptions)
            .set({
              currentPeriodEnd: end,
              ...(newer && status ? { status, stripeEventAt: created } : {}),
              updatedAt: clock(),
            })
            .where(eq(billingSubscriptions.id, sub.id));
          // plan_expiry_date moves with a paid renewal only: Stripe starts a new period before it has
          // charged for it, and a past-due one is dunning (writable for DUNNING_DAYS), not paid.
          if (newer && status === 'active') {
            await tx.update(accounts).set({ planExpiryDate: end }).where(eq(accounts.id, sub.accountId));
          }
          return 'applied' as const;
        }
        default:
          return 'ignored' as const;
      }
    });
    if (failure && onPaymentFailed) await onPaymentFailed(failure.accountId, failure.message);
    if (changed !== undefined && outcome === 'applied') onPlanChange?.(changed);
    // The plan a checkout replaces must not renew at Stripe as well.
    const replaced = applied?.replaced;
    if (replaced && stripeBilling) {
      const cancelled = await stripeBilling.cancel(replaced);
      if (!cancelled.ok) log(`Stripe subscription ${replaced} not cancelled: ${cancelled.message}`);
    }
    return outcome;
  }

  return { handle };
}
