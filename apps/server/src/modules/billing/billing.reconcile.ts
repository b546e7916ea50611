import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { billingCharges, billingSubscriptions } from '../../db/schema/index.ts';
import { clientOptions } from '../../gateways/stripe.ts';
import { defineJob, type JobQueue, registerRepeatingJob } from '../../jobs/queue.ts';
import { applyPaidInvoice } from './billing.webhooks.ts';

export const RECONCILE_EVERY_MS = 24 * 60 * 60_000;

/** The daily comparison of the platform's Stripe invoices with our charges. */
export const reconcileBillingJob = defineJob('billing.reconcile', z.object({}), {
  retryLimit: 2,
  retryDelay: 300,
  policy: 'short',
});

/**
 * Compares each Stripe-managed subscription's paid invoices with the charges we recorded, both ways.
 * It adds what a lost webhook left out (the charge, the period end, the plan's features): applying an
 * invoice is the same step the webhook takes, so one seen twice is recorded once. A paid charge of ours
 * whose Stripe invoice Stripe does not list as paid is reported (`unmatched`, and logged for the
 * operator), never changed: which side is right takes a person.
 */
export function createBillingReconciliation({
  db,
  secretKey,
  apiBase,
  clock = () => new Date(),
  log = (message) => console.error(message),
}: {
  db: Db;
  secretKey: string | undefined;
  apiBase?: string;
  clock?: () => Date;
  log?: (message: string) => void;
}) {
  const stripe = secretKey ? new Stripe(secretKey, clientOptions({ apiBase })) : null;

  async function reconcile(): Promise<{ subscriptions: number; added: number; unmatched: number[] }> {
    if (!stripe) return { subscriptions: 0, added: 0, unmatched: [] };
    const subs = await db
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.provider, 'stripe'),
          isNotNull(billingSubscriptions.stripeSubscriptionId),
        ),
      );
    let added = 0;
    /** Each account's invoices Stripe lists as paid, over all its Stripe subscriptions. */
    const paidAtStripe = new Map<number, Set<string>>();
    for (const sub of subs) {
      const seen = paidAtStripe.get(sub.accountId) ?? new Set<string>();
      paidAtStripe.set(sub.accountId, seen);
      const invoices = stripe.invoices.list({
        subscription: sub.stripeSubscriptionId ?? '',
        status: 'paid',
        limit: 100,
      });
      for await (const invoice of invoices) {
        if (invoice.id) seen.add(invoice.id);
        const created = new Date(invoice.created * 1000);
        const applied = await db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(billingSubscriptions)
            .where(eq(billingSubscriptions.id, sub.id))
            .for('update');
          if (!current) return false;
          // A status comes only from events: an invoice found late never reactivates a cancelled plan.
          return applyPaidInvoice(tx, current, invoice as unknown as Record<string, unknown>, {
            created,
            newer: false,
            now: clock(),
          });
        });
        if (applied) added += 1;
      }
    }
    const unmatched: number[] = [];
    const accountIds = [...paidAtStripe.keys()];
    if (accountIds.length > 0) {
      // Our paid charges of Stripe invoices (references `in_…`); sandbox charges are not Stripe's.
      const ours = await db
        .select({
          id: billingCharges.id,
          accountId: billingCharges.accountId,
          reference: billingCharges.reference,
        })
        .from(billingCharges)
        .where(
          and(
            inArray(billingCharges.accountId, accountIds),
            eq(billingCharges.status, 'paid'),
            like(billingCharges.reference, 'in\\_%'),
          ),
        );
      for (const charge of ours) {
        if (paidAtStripe.get(charge.accountId)?.has(charge.reference ?? '')) continue;
        unmatched.push(charge.id);
        log(
          `billing reconciliation: charge ${charge.id} (account ${charge.accountId}, ${charge.reference}) is not a paid invoice at Stripe`,
        );
      }
    }
    return { subscriptions: subs.length, added, unmatched };
  }

  return {
    reconcile,
    /** Registers the daily job: each run sends the next one a day later (one waiting run at a time). */
    register(queue: JobQueue, onError: (error: unknown) => void) {
      return registerRepeatingJob(queue, reconcileBillingJob, RECONCILE_EVERY_MS, reconcile, onError);
    },
  };
}
