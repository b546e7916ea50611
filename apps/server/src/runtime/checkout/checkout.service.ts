import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import { createCheckoutConfirmation } from './checkout.confirmation.ts';
import { createCheckoutPayment } from './checkout.payment.ts';
import { createCheckoutPlacedOrder } from './checkout.placed-order.ts';
import { createCheckoutPricing } from './checkout.pricing.ts';
import { createCheckoutUpsells } from './checkout.upsells.ts';
import type { SubscriptionsService } from './subscriptions.ts';

// The routes set the order cookie for as long as the order session lives.
export { ORDER_SESSION_MS } from './checkout.order-sessions.ts';

type Deps = {
  db: Db;
  gateways: GatewayRegistry;
  events: EventBus;
  subscriptions: SubscriptionsService;
  clock?: () => Date;
};

/** What every part of the checkout service is given: its dependencies and one clock. */
export type CheckoutContext = Required<Deps>;

/**
 * The published pages' commerce: pricing and the order summary (checkout.pricing.ts), the checkout's
 * charge (checkout.payment.ts), one-click upsells (checkout.upsells.ts) and what the shopper sees of
 * the placed order (checkout.confirmation.ts), composed over the same dependencies.
 */
export function createCheckoutService({ clock = () => new Date(), ...deps }: Deps) {
  const context: CheckoutContext = { ...deps, clock };
  return {
    ...createCheckoutPayment(context),
    ...createCheckoutUpsells(context),
    ...createCheckoutPricing(context),
    ...createCheckoutConfirmation(context),
    ...createCheckoutPlacedOrder(context),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
