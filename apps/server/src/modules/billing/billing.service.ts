import { randomUUID } from 'node:crypto';
import type { BillingDetails, BillingPayment, PlaceOrderBody } from '@funnelwork/domain';
import { isReadOnly, nextDunningTry, planKeyOf } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { accounts, billingCharges, billingSubscriptions, users } from '../../db/schema/index.ts';
import type { CredentialCipher } from '../../gateways/credentials.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ApiRateCounter } from '../../plugins/api-rate.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { renderInvoicePdf } from './billing.invoice.ts';
import type { PlatformPayments, SavedMethod } from './billing.payments.ts';
import {
  accountPlan,
  chargeOut,
  limitsOf,
  listCharges,
  offeredPlans,
  type PlanRow,
  planByKey,
  planOut,
  saveStripeSubscription,
  subscriptionOf,
  usageOf,
} from './billing.queries.ts';
import type { StripeBilling } from './billing.stripe.ts';

/** One renewal try of an account's subscription, due at `dueAt` (a stale job for another date does nothing). */
export const renewPlanJob = defineJob(
  'billing.renew',
  z.object({ accountId: z.number().int().positive(), dueAt: z.string() }),
  { retryLimit: 3, retryDelay: 60, retryBackoff: true },
);

/** The scope of the sealed payment-method token: the platform's billing, gateway id 0. */
const sealScope = (accountId: number) => ({ accountId, gatewayId: 0 });

/** The next period end, one interval later (months and years keep the day of month). */
export function addBillingInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from.getTime());
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

type Deps = {
  db: Db;
  queue: JobQueue;
  mailer: Mailer;
  payments: PlatformPayments;
  cipher: CredentialCipher;
  apiRate: ApiRateCounter;
  /** Subscriptions Stripe renews, for payments made with a Stripe.js payment method (when configured). */
  stripeBilling?: StripeBilling;
  /** The dashboard's address: where Stripe Checkout sends the browser back. */
  publicUrl?: string;
  clock?: () => Date;
  log?: (message: string) => void;
};

export function createBillingService({
  db,
  queue,
  mailer,
  payments,
  cipher,
  apiRate,
  stripeBilling,
  publicUrl = '',
  clock = () => new Date(),
  log = (message) => console.error(message),
}: Deps) {
  async function schedule(accountId: number, dueAt: Date) {
    try {
      await queue.send(
        renewPlanJob,
        { accountId, dueAt: dueAt.toISOString() },
        { startAfter: dueAt, singletonKey: `billing-renew-${accountId}-${dueAt.toISOString()}` },
      );
    } catch (error) {
      log(`renewal of account ${accountId} not scheduled: ${(error as Error).message}`);
    }
  }

  /** The account owner's address: where billing e-mails go. */
  async function ownerEmail(accountId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ email: users.email })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerUserId))
      .where(eq(accounts.id, accountId));
    return row?.email;
  }

  async function details(accountId: number): Promise<BillingDetails> {
    const found = await accountPlan(db, accountId);
    if (!found) throw notFound('Account');
    const { account, plan } = found;
    const sub = await subscriptionOf(db, accountId);
    const now = clock();
    const status: BillingDetails['status'] = sub ? sub.status : 'none';
    return {
      plan: planOut(plan),
      plan_expiry_date: iso(account.planExpiryDate),
      status,
      renews: sub?.status === 'active' || sub?.status === 'past_due',
      provider: sub?.provider ?? payments.provider,
      read_only: isReadOnly(
        { planExpiryDate: account.planExpiryDate, inDunning: sub?.status === 'past_due' },
        now,
      ),
      payment_method:
        sub?.cardLast4 && sub.cardBrand
          ? {
              brand: sub.cardBrand,
              last4: sub.cardLast4,
              exp_month: sub.cardExpMonth ?? 0,
              exp_year: sub.cardExpYear ?? 0,
            }
          : null,
      usage: await usageOf(db, accountId, limitsOf(plan), now, await apiRate.current(accountId)),
      checkout: stripeBilling ? 'stripe_checkout' : 'card',
    };
  }

  const methodColumns = (accountId: number, method: SavedMethod) => ({
    paymentMethodSealed: cipher.encrypt({ token: method.token }, sealScope(accountId)),
    cardBrand: method.brand,
    cardLast4: method.last4,
    cardExpMonth: method.expMonth,
    cardExpYear: method.expYear,
  });

  async function paidPlan(body: PlaceOrderBody['data']): Promise<PlanRow> {
    const plan = await planByKey(db, planKeyOf(body.plan, body.interval));
    if (!plan?.offered || plan.interval === 'trial') {
      throw new HttpError(
        400,
        `There is no ${body.interval}ly plan named ${body.plan}`,
        'bad_request',
        'data.plan',
      );
    }
    return plan;
  }

  /** Records a paid period: the charge, the subscription, the account's plan, expiry and features. */
  async function recordPaidPeriod(
    tx: Db,
    accountId: number,
    plan: PlanRow,
    period: { start: Date; end: Date },
    charge: { reference: string; idempotencyKey: string; description: string },
  ) {
    await tx.insert(billingCharges).values({
      accountId,
      planKey: plan.key,
      amountMinor: plan.priceMinor,
      currency: plan.currency,
      status: 'paid',
      description: charge.description,
      reference: charge.reference,
      periodStart: period.start,
      periodEnd: period.end,
      idempotencyKey: charge.idempotencyKey,
      createdAt: clock(),
    });
    await tx
      .update(accounts)
      .set({ planKey: plan.key, planExpiryDate: period.end, features: plan.features, rateLimit: null })
      .where(eq(accounts.id, accountId));
  }

  /** A Stripe.js payment method: a subscription at Stripe, which renews it and reports by webhook. */
  async function placeStripeOrder(
    accountId: number,
    plan: PlanRow,
    interval: 'month' | 'year',
    paymentMethod: string,
  ) {
    if (!stripeBilling) {
      throw new HttpError(
        422,
        'Paying with a Stripe payment method is not set up here: pay with a card',
        'stripe_billing_not_configured',
        'data.payment',
      );
    }
    const previous = await subscriptionOf(db, accountId);
    const subscribed = await stripeBilling.subscribe({
      accountId,
      email: (await ownerEmail(accountId)) ?? '',
      paymentMethod,
      plan: {
        key: plan.key,
        name: plan.name,
        priceMinor: plan.priceMinor,
        currency: plan.currency,
        interval,
      },
      idempotencyKey: `billing-order-${accountId}-${randomUUID()}`,
    });
    if (!subscribed.ok) {
      throw new HttpError(402, subscribed.message, subscribed.code ?? 'payment_failed', 'data.payment');
    }
    const start = clock();
    await db.transaction(async (tx) => {
      // The invoice.paid webhook may come first: the invoice id makes it one charge either way.
      await recordPaidPeriod(
        tx,
        accountId,
        plan,
        { start, end: subscribed.periodEnd },
        {
          reference: subscribed.invoiceId,
          idempotencyKey: `stripe-invoice-${subscribed.invoiceId}-paid`,
          description: `${plan.name} (${interval}ly), first ${interval}`,
        },
      );
      await saveStripeSubscription(tx, accountId, plan.key, subscribed, { eventAt: null, now: start });
    });
    // The plan it replaces must not renew at Stripe as well.
    if (previous?.stripeSubscriptionId && previous.stripeSubscriptionId !== subscribed.subscriptionId) {
      const cancelled = await stripeBilling.cancel(previous.stripeSubscriptionId);
      if (!cancelled.ok)
        log(`Stripe subscription ${previous.stripeSubscriptionId} not cancelled: ${cancelled.message}`);
    }
    return details(accountId);
  }

  /**
   * Stripe Checkout: a Checkout Session for the plan, whose hosted page the browser is sent to; the
   * plan starts when its `checkout.session.completed` webhook arrives (billing.webhooks.ts).
   */
  async function startStripeCheckout(accountId: number, plan: PlanRow, interval: 'month' | 'year') {
    if (!stripeBilling) {
      throw new HttpError(
        422,
        'Stripe Checkout is not set up here: pay with a card',
        'stripe_billing_not_configured',
        'data.payment',
      );
    }
    const family = encodeURIComponent(plan.family);
    const started = await stripeBilling.startCheckout({
      accountId,
      email: (await ownerEmail(accountId)) ?? '',
      plan: {
        key: plan.key,
        name: plan.name,
        priceMinor: plan.priceMinor,
        currency: plan.currency,
        interval,
      },
      // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}.
      successUrl: `${publicUrl}/settings/billing/payment-successful?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/settings/billing/checkout?plan=${family}&interval=${interval}`,
      idempotencyKey: `billing-checkout-${accountId}-${randomUUID()}`,
    });
    if (!started.ok) {
      throw new HttpError(502, `Stripe: ${started.message}`, started.code ?? 'stripe_error', 'data.payment');
    }
    return { ...(await details(accountId)), checkout_url: started.url };
  }

  /** `POST billing/place-order`: pays the first period of a paid plan now; it renews at its end. */
  async function placeOrder(
    accountId: number,
    body: PlaceOrderBody['data'],
  ): Promise<BillingDetails & { checkout_url: string | null }> {
    const plan = await paidPlan(body);
    if (plan.interval === 'trial') throw new Error('unreachable');
    const interval = plan.interval;
    if ('checkout' in body.payment) return startStripeCheckout(accountId, plan, interval);
    if ('payment_method' in body.payment) {
      return {
        ...(await placeStripeOrder(accountId, plan, interval, body.payment.payment_method)),
        checkout_url: null,
      };
    }
    const idempotencyKey = `billing-order-${accountId}-${randomUUID()}`;
    const description = `${plan.name} (${interval}ly), first ${interval}`;
    const paid = await payments.chargeNew(body.payment, {
      amountMinor: plan.priceMinor,
      currency: plan.currency,
      idempotencyKey,
      description,
    });
    if (!paid.ok) throw new HttpError(402, paid.message, paid.code ?? 'payment_failed', 'data.payment');
    const start = clock();
    const end = addBillingInterval(start, interval);
    await db.transaction(async (tx) => {
      await recordPaidPeriod(
        tx,
        accountId,
        plan,
        { start, end },
        { reference: paid.reference, idempotencyKey, description },
      );
      const values = {
        planKey: plan.key,
        provider: payments.provider,
        status: 'active' as const,
        ...methodColumns(accountId, paid.method),
        currentPeriodEnd: end,
        failedTries: 0,
        cancelledAt: null,
        updatedAt: start,
      };
      await tx
        .insert(billingSubscriptions)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: billingSubscriptions.accountId, set: values });
    });
    await schedule(accountId, end);
    return { ...(await details(accountId)), checkout_url: null };
  }

  /** `POST billing/update-details`: a new card for renewals; a plan in dunning is retried with it at once. */
  async function updateDetails(accountId: number, payment: BillingPayment) {
    const sub = await subscriptionOf(db, accountId);
    if (!sub || sub.status === 'cancelled' || sub.status === 'expired') {
      throw new HttpError(422, 'There is no subscription to update: choose a plan first', 'no_subscription');
    }
    if (sub.provider === 'stripe') {
      throw new HttpError(
        422,
        'The card of a Stripe subscription is changed at Stripe',
        'stripe_subscription',
      );
    }
    const saved = await payments.saveMethod(payment);
    if (!saved.ok) throw new HttpError(402, saved.message, saved.code ?? 'payment_failed', 'data.payment');
    await db
      .update(billingSubscriptions)
      .set({ ...methodColumns(accountId, saved.method), updatedAt: clock() })
      .where(ownedBy(billingSubscriptions, accountId));
    if (sub.status === 'past_due')
      await renew(accountId, new Date(sub.currentPeriodEnd).toISOString(), { now: true });
    return details(accountId);
  }

  /** `POST billing/cancel-subscription`: no more renewals; the plan lasts to the end of the paid period. */
  async function cancelSubscription(accountId: number) {
    const sub = await subscriptionOf(db, accountId);
    if (!sub || sub.status === 'cancelled' || sub.status === 'expired') {
      throw new HttpError(422, 'There is no active subscription to cancel', 'no_subscription');
    }
    if (sub.provider === 'stripe' && sub.stripeSubscriptionId) {
      if (!stripeBilling)
        throw new HttpError(422, 'Stripe billing is not configured here', 'stripe_billing_not_configured');
      const cancelled = await stripeBilling.cancel(sub.stripeSubscriptionId);
      if (!cancelled.ok) throw new HttpError(422, cancelled.message, cancelled.code ?? 'stripe_error');
    }
    await db
      .update(billingSubscriptions)
      .set({ status: 'cancelled', cancelledAt: clock(), updatedAt: clock() })
      .where(ownedBy(billingSubscriptions, accountId));
    return details(accountId);
  }

  async function mailFailure(accountId: number, message: string, nextTry: Date | null) {
    const to = await ownerEmail(accountId);
    if (!to) return;
    const text = nextTry
      ? `We could not renew your plan: ${message}\n\nWe will try again on ${formatDay(nextTry)}. Update your billing details to keep your plan.`
      : `We could not renew your plan: ${message}\n\nThis was our last try: your subscription has expired, update your billing details.`;
    await mailer.send({
      to,
      accountId,
      subject: nextTry ? 'Your payment failed' : 'Your subscription has expired',
      text,
    });
  }

  /**
   * One renewal try: charges the saved card for the next period. Success moves plan_expiry_date one
   * interval on; a failure is retried on the dunning days (an e-mail each), and after the last try
   * the subscription expires (the account keeps its data; the dashboard turns read-only).
   */
  async function renew(
    accountId: number,
    dueAt: string,
    options: { now?: boolean } = {},
  ): Promise<'renewed' | 'retry' | 'expired' | 'skipped'> {
    const sub = await subscriptionOf(db, accountId);
    if (!sub || (sub.status !== 'active' && sub.status !== 'past_due') || sub.provider !== 'sandbox')
      return 'skipped';
    const due = new Date(sub.currentPeriodEnd);
    if (due.toISOString() !== new Date(dueAt).toISOString()) return 'skipped';
    const now = clock();
    if (!options.now && due.getTime() > now.getTime()) return 'skipped';
    // A dunning try runs on its day, not before (a repeated job of an earlier try does nothing).
    const triedAgainAt = sub.failedTries > 0 ? nextDunningTry(due, sub.failedTries) : due;
    if (!options.now && triedAgainAt && triedAgainAt.getTime() > now.getTime()) return 'skipped';
    const plan = await planByKey(db, sub.planKey);
    if (!plan || plan.interval === 'trial') return 'skipped';
    const interval = plan.interval;
    const tries = sub.failedTries;
    const idempotencyKey = `billing-renew-${accountId}-${due.toISOString()}-${tries}`;
    const description = `${plan.name} (${interval}ly), renewal`;
    let token: string | undefined;
    try {
      token = sub.paymentMethodSealed
        ? cipher.decrypt(sub.paymentMethodSealed, sealScope(accountId)).token
        : undefined;
    } catch {
      token = undefined;
    }
    const result = token
      ? await payments.chargeSaved(token, {
          amountMinor: plan.priceMinor,
          currency: plan.currency,
          idempotencyKey,
          description,
        })
      : { ok: false as const, message: 'There is no saved card to charge', retryable: false };
    if (result.ok) {
      const end = addBillingInterval(due, interval);
      const renewed = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(billingSubscriptions)
          .where(and(ownedBy(billingSubscriptions, accountId), eq(billingSubscriptions.id, sub.id)))
          .for('update');
        if (!locked || new Date(locked.currentPeriodEnd).getTime() !== due.getTime()) return false;
        await recordPaidPeriod(
          tx,
          accountId,
          plan,
          { start: due, end },
          { reference: result.reference, idempotencyKey, description },
        );
        await tx
          .update(billingSubscriptions)
          .set({ status: 'active', currentPeriodEnd: end, failedTries: 0, updatedAt: now })
          .where(eq(billingSubscriptions.id, sub.id));
        return true;
      });
      if (!renewed) return 'skipped';
      await schedule(accountId, end);
      return 'renewed';
    }
    const failedTries = tries + 1;
    const nextTry = nextDunningTry(due, failedTries);
    const expired = nextTry === null;
    await db.transaction(async (tx) => {
      await tx
        .insert(billingCharges)
        .values({
          accountId,
          planKey: plan.key,
          amountMinor: plan.priceMinor,
          currency: plan.currency,
          status: 'failed',
          description,
          failureMessage: result.message,
          periodStart: due,
          periodEnd: addBillingInterval(due, interval),
          idempotencyKey,
          createdAt: now,
        })
        .onConflictDoNothing();
      await tx
        .update(billingSubscriptions)
        .set({ status: expired ? 'expired' : 'past_due', failedTries, updatedAt: now })
        .where(eq(billingSubscriptions.id, sub.id));
    });
    await mailFailure(accountId, result.message, nextTry);
    if (nextTry) {
      // The job for the next try carries the same due date: the try count moves in the row.
      await queue.send(
        renewPlanJob,
        { accountId, dueAt: due.toISOString() },
        {
          startAfter: nextTry,
          singletonKey: `billing-renew-${accountId}-${due.toISOString()}-${failedTries}`,
        },
      );
    }
    return expired ? 'expired' : 'retry';
  }

  return {
    details,
    placeOrder,
    updateDetails,
    cancelSubscription,
    renew,
    /** A renewal Stripe could not charge (its webhook): the owner hears of it like a dunning try. */
    async notifyPaymentFailed(accountId: number, message: string) {
      const to = await ownerEmail(accountId);
      if (!to) return;
      await mailer.send({
        to,
        accountId,
        subject: 'Your payment failed',
        text: `We could not renew your plan: ${message}\n\nUpdate your billing details to keep your plan.`,
      });
    },
    async plans() {
      return (await offeredPlans(db)).map(planOut);
    },
    async charges(accountId: number) {
      return (await listCharges(db, accountId)).map(chargeOut);
    },
    async invoicePdf(accountId: number, chargeId: number): Promise<Buffer> {
      const charge = (await listCharges(db, accountId)).find((row) => row.id === chargeId);
      if (charge?.status !== 'paid') throw notFound('Invoice');
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      return renderInvoicePdf({
        charge,
        accountName: account?.name ?? '',
        billedTo: (await ownerEmail(accountId)) ?? '',
      });
    },
    registerJobs() {
      queue.work(renewPlanJob, async ({ accountId, dueAt }) => {
        await renew(accountId, dueAt);
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
