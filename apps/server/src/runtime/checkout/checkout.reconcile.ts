import { z } from 'zod';
import { defineJob, type JobQueue, registerRepeatingJob } from '../../jobs/queue.ts';

/** How often the processing orders are compared with their gateways (checkout.intents.ts). */
export const RECONCILE_PAYMENTS_EVERY_MS = 60 * 60_000;

export const reconcilePaymentsJob = defineJob('checkout.reconcile', z.object({}), {
  retryLimit: 2,
  retryDelay: 300,
  policy: 'short',
});

/**
 * Registers the hourly reconciliation of payments nobody reported (registerRepeatingJob, as
 * billing.reconcile daily). A failed order goes to `onError` with its id, a failed run with null.
 */
export function registerPaymentReconciliation(
  queue: JobQueue,
  reconcile: (onError: (error: unknown, orderId: number) => void) => Promise<unknown>,
  onError: (error: unknown, orderId: number | null) => void,
) {
  return registerRepeatingJob(
    queue,
    reconcilePaymentsJob,
    RECONCILE_PAYMENTS_EVERY_MS,
    () => reconcile(onError),
    (error) => onError(error, null),
  );
}
