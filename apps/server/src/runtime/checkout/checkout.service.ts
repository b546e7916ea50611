import type { Db } from '../../db/client.ts';
import type { ProcessLiveness } from '../../db/process-liveness.ts';
import type { EventBus } from '../../events/bus.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createCheckoutConfirmation } from './checkout.confirmation.ts';
import { createOrderClosing, registerOrderClosing } from './checkout.order-close.ts';
import { createCheckoutPayment } from './checkout.payment.ts';
import { createCheckoutPlacedOrder } from './checkout.placed-order.ts';
import { createCheckoutPricing } from './checkout.pricing.ts';
import { createCheckoutUpsells } from './checkout.upsells.ts';
import type { SubscriptionsService } from './subscriptions.ts';

// The routes set the order cookie for as long as the order session lives.
export { ORDER_SESSION_MS } from './checkout.order-sessions.ts';

type Deps = {
  db: Db;
  /** Whose checkout claims may be taken over (the database's `liveness`). */
  liveness: ProcessLiveness;
  gateways: GatewayRegistry;
  events: EventBus;
  subscriptions: SubscriptionsService;
  queue: Pick<JobQueue, 'sendIn' | 'work' | 'isRunning'>;
  /** The latest an order with offers after its checkout is confirmed (ORDER_CONFIRMATION_DELAY_SECONDS). */
  confirmationDelaySeconds: number;
  /** The delayed confirmation job's expiry (JOB_EXPIRY_SECONDS). */
  jobExpirySeconds: number;
  clock?: () => Date;
};

/** What every part of the checkout service is given: its dependencies, one clock, the order's confirmation. */
export type CheckoutContext = Required<Deps> & { closing: ReturnType<typeof createOrderClosing> };

/**
 * The published pages' commerce: pricing and the order summary (checkout.pricing.ts), the checkout's
 * charge (checkout.payment.ts), one-click upsells (checkout.upsells.ts) and what the shopper sees of
 * the placed order (checkout.confirmation.ts), composed over the same dependencies.
 */
export function createCheckoutService({ clock = () => new Date(), ...deps }: Deps) {
  const closing = createOrderClosing({ ...deps, clock });
  registerOrderClosing(deps.queue, closing);
  const context: CheckoutContext = { ...deps, clock, closing };
  return {
    closeOrder: closing.closeOrder,
    ...createCheckoutPayment(context),
    ...createCheckoutUpsells(context),
    ...createCheckoutPricing(context),
    ...createCheckoutConfirmation(context),
    ...createCheckoutPlacedOrder(context),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
