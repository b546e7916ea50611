import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';

/** How often the processing orders are compared with their gateways (checkout.intents.ts). */
export const RECONCILE_PAYMENTS_EVERY_MS = 60 * 60_000;

export const reconcilePaymentsJob = defineJob('checkout.reconcile', z.object({}), {
  retryLimit: 2,
  retryDelay: 300,
});

/**
 * Registers the hourly reconciliation of payments nobody reported: each run sends the next one an hour
 * later (one waiting run at a time, as billing.reconcile does daily).
 */
export function registerPaymentReconciliation(
  queue: JobQueue,
  reconcile: (onError: (error: unknown, orderId: number) => void) => Promise<unknown>,
  onError: (error: unknown, orderId: number | null) => void,
) {
  const next = () =>
    queue.send(
      reconcilePaymentsJob,
      {},
      {
        startAfter: new Date(Date.now() + RECONCILE_PAYMENTS_EVERY_MS),
        singletonKey: reconcilePaymentsJob.id,
      },
    );
  queue.work(reconcilePaymentsJob, async () => {
    try {
      await reconcile(onError);
    } catch (error) {
      onError(error, null);
    } finally {
      await next();
    }
  });
  return { kick: () => queue.send(reconcilePaymentsJob, {}, { singletonKey: reconcilePaymentsJob.id }) };
}
