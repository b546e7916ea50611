import { canUpdateTracking, fulfillUnavailableReason, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import type { OrderEventValue } from '../../db/schema/index.ts';
import type { OrderFulfilledEvent } from '../../events/bus.ts';
import { recordEvent } from '../../events/outbox.ts';
import { type OrdersContext, unprocessable, updateOrder } from './orders.context.ts';
import { addEvent, findOrder, type OrderRow } from './orders.queries.ts';

export type FulfillmentInput = {
  tracking_number?: string | null;
  shipping_carrier?: 'other' | 'fedex' | 'usps' | '' | null;
  tracking_url?: string | null;
  trigger_automations?: boolean;
};

function fulfillmentOut(row: OrderRow) {
  return {
    order_id: row.id,
    tracking_number: row.trackingNumber,
    shipping_carrier: row.shippingCarrier || null,
    tracking_url: row.trackingUrl,
    trigger_automations: row.triggerAutomations ?? true,
    shipping_address: {
      address: row.shippingAddress,
      city: row.shippingCity,
      state: row.shippingState,
      zip: row.shippingZip,
      country: row.shippingCountry,
    },
    billing_address: {
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      country: row.country,
    },
  };
}

/** Tracking fields as stored: blanks become null; a URL is kept only for carrier 'other' or none. */
function trackingFields(input: FulfillmentInput) {
  const carrier = input.shipping_carrier || null;
  const url = carrier === null || carrier === 'other' ? input.tracking_url || null : null;
  return { trackingNumber: input.tracking_number || null, shippingCarrier: carrier, trackingUrl: url };
}

/** The tracking fields as a timeline event's value holds them: absent rather than null. */
const trackingEventValue = (tracking: ReturnType<typeof trackingFields>): OrderEventValue => ({
  tracking_number: tracking.trackingNumber ?? undefined,
  shipping_carrier: tracking.shippingCarrier ?? undefined,
  tracking_url: tracking.trackingUrl ?? undefined,
});

/** Fulfilment of an order: its details, the fulfil action and the tracking info after it. */
export function createOrderFulfillment({ db, clock, withLockedOrder, events }: OrdersContext) {
  const eventOf = (
    accountId: number,
    row: OrderRow,
    change: 'fulfilled' | 'tracking',
  ): OrderFulfilledEvent => ({
    accountId,
    orderId: row.id,
    customerId: row.customerId,
    trackingNumber: row.trackingNumber,
    triggerAutomations: row.triggerAutomations ?? true,
    change,
  });
  /** After the commit, for in-process listeners (the outbox row was written with the change). */
  const published = (accountId: number, row: OrderRow, change: 'fulfilled' | 'tracking') => {
    events?.publish('order.fulfilled', eventOf(accountId, row, change));
  };

  return {
    async fulfillment(accountId: number, id: number) {
      return fulfillmentOut(await findOrder(db, accountId, id));
    },

    /** "Fulfill is disabled if the order is fulfilled or canceled", and while it is not paid (issue 35). */
    async fulfill(accountId: number, userId: number, id: number, input: FulfillmentInput) {
      const row = await withLockedOrder(accountId, id, async (tx, order) => {
        const refused = fulfillUnavailableReason({
          is_fulfilled: order.isFulfilled,
          is_canceled: order.isCanceled,
          payment_status: order.paymentStatus,
        });
        if (refused) {
          const code = order.isFulfilled
            ? 'already_fulfilled'
            : order.isCanceled
              ? 'order_canceled'
              : 'not_paid';
          throw unprocessable(refused, code);
        }
        const tracking = trackingFields(input);
        // "in the fulfill popup it defaults to on".
        const triggerAutomations = input.trigger_automations ?? true;
        const now = clock();
        const row = await updateOrder(tx, order.id, {
          ...tracking,
          isFulfilled: true,
          fulfilledAt: now,
          triggerAutomations,
          updatedAt: now,
        });
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.fulfillment,
          'Order fulfilled',
          {
            ...trackingEventValue(tracking),
            trigger_automations: triggerAutomations,
            desc: triggerAutomations
              ? 'Fulfillment automations requested'
              : 'Fulfillment automations not requested',
          },
          userId,
        );
        // An order is fulfilled once.
        await recordEvent(tx, 'order.fulfilled', `fulfilled-${row.id}`, eventOf(accountId, row, 'fulfilled'));
        return row;
      });
      published(accountId, row, 'fulfilled');
      // "Fulfill … answer: is_fulfilled or error" (spec §7); the details are GET orders/{id}/fulfillment.
      return { is_fulfilled: row.isFulfilled };
    },

    /** "Update tracking info is disabled if the order is canceled or not fulfilled." */
    async addTrackingInfo(accountId: number, userId: number, id: number, input: FulfillmentInput) {
      const row = await withLockedOrder(accountId, id, async (tx, order) => {
        if (!canUpdateTracking({ is_canceled: order.isCanceled, is_fulfilled: order.isFulfilled })) {
          throw unprocessable(
            order.isCanceled
              ? 'Tracking info cannot be changed on a canceled order.'
              : 'Fulfill the order before adding tracking info.',
            order.isCanceled ? 'order_canceled' : 'not_fulfilled',
          );
        }
        const tracking = trackingFields(input);
        const row = await updateOrder(tx, order.id, {
          ...tracking,
          ...(input.trigger_automations !== undefined && { triggerAutomations: input.trigger_automations }),
          updatedAt: clock(),
        });
        const value: OrderEventValue = {
          ...trackingEventValue(tracking),
          ...(input.trigger_automations !== undefined && { trigger_automations: input.trigger_automations }),
        };
        const name = order.trackingNumber ? 'Tracking info updated' : 'Tracking info added';
        await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.fulfillment, name, value, userId);
        const key = `tracking-${row.id}-${row.updatedAt.getTime()}`;
        await recordEvent(tx, 'order.fulfilled', key, eventOf(accountId, row, 'tracking'));
        return row;
      });
      published(accountId, row, 'tracking');
      return fulfillmentOut(row);
    },
  };
}
