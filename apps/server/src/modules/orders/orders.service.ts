import type { Order } from '@funnelwork/domain';
import {
  canUpdateTracking,
  fromMinorUnits,
  gatewayById,
  refundUnavailableReason,
  TIMELINE_EVENT_TYPES,
  toMinorUnits,
} from '@funnelwork/domain/rules';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { type OrderEventValue, orderEvents, orderNotes, orders } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/bus.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import type { GatewayCredentials, RefundResult } from '../../gateways/types.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { recordActivity } from '../activity/activity.queries.ts';
import {
  addEvent,
  adjustOrderCounts,
  createOrderListQueries,
  eventOut,
  findOrder,
  loadOrder,
  noteOut,
  type OrderRow,
  ordersOut,
} from './orders.queries.ts';

type Deps = { db: Db; gateways: GatewayRegistry; events?: EventBus; clock?: () => Date };

/** Activity event type 9 'Was refunded' (orders spec §3). */
const WAS_REFUNDED = 9;

/** A refund claim older than this is taken to be from a process that died during the gateway call. */
export const REFUND_CLAIM_TIMEOUT_MS = 5 * 60_000;

export type ListParams = {
  page: number;
  per_page: number;
  query?: string;
  funnel_id?: number;
  archived?: 'true' | 'false' | '1' | '0' | 'all';
};

export type FulfillmentInput = {
  tracking_number?: string | null;
  shipping_carrier?: 'other' | 'fedex' | 'usps' | '' | null;
  tracking_url?: string | null;
  trigger_automations?: boolean;
};

type RefundAction = 'refund' | 'cancel_refund';

const unprocessable = (message: string, code = 'unprocessable') => new HttpError(422, message, code);

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

const cancelAnswer = (row: OrderRow) => ({
  is_canceled: row.isCanceled,
  is_refunded: row.isRefunded,
  amount: fromMinorUnits(row.amountMinor),
});

/** How much of a note its timeline event repeats. */
export const NOTE_EVENT_TEXT = 200;

export function createOrdersService({ db, gateways, events, clock = () => new Date() }: Deps) {
  /** Runs `body` in one transaction with the order row locked (SELECT … FOR UPDATE). */
  function withLockedOrder<T>(accountId: number, id: number, body: (tx: Db, order: OrderRow) => Promise<T>) {
    return db.transaction(async (tx) => body(tx, await findOrder(tx, accountId, id, { forUpdate: true })));
  }

  /** One note of one of the account's orders. */
  const noteOf = (accountId: number, orderId: number, noteId: number) =>
    and(ownedBy(orderNotes, accountId), eq(orderNotes.orderId, orderId), eq(orderNotes.id, noteId));

  /** A note's timeline event: its text (at most NOTE_EVENT_TEXT characters) as the event's `desc`. */
  function noteEvent(tx: Db, accountId: number, orderId: number, name: string, text: string, userId: number) {
    const desc = text.length > NOTE_EVENT_TEXT ? `${text.slice(0, NOTE_EVENT_TEXT - 1)}…` : text;
    return addEvent(tx, accountId, orderId, TIMELINE_EVENT_TYPES.action, name, { desc }, userId);
  }

  /** The adapter and credentials a refund of this order needs, or the 422 that says why not. */
  async function refundRoute(accountId: number, order: OrderRow) {
    const unavailable = refundUnavailableReason({
      gateway_id: order.gatewayId,
      is_refunded: order.isRefunded,
      reference: order.reference,
    });
    if (unavailable) throw unprocessable(unavailable, 'refund_unavailable');
    const gateway = gatewayById(order.gatewayId);
    const adapter = gateways.adapterFor(order.gatewayId);
    if (!adapter?.capabilities.refunds) {
      throw unprocessable(
        `Orders processed using ${gateway.name} gateway cannot be refunded through the product.`,
        'refund_unavailable',
      );
    }
    let credentials: GatewayCredentials | null = null;
    if (adapter.capabilities.needsCredentials) {
      credentials = await gateways.credentialsFor(accountId, adapter.gatewayId);
      if (!credentials) {
        throw unprocessable(
          `${gateway.name} is not connected: connect it in the payment gateway settings to refund this order.`,
          'gateway_not_connected',
        );
      }
    }
    return { adapter, credentials };
  }

  /**
   * The order's charges at its gateway: the checkout's (the order's reference, for the amount the
   * upsells did not add) and each accepted upsell's (its timeline event holds reference and amount).
   */
  async function chargesOf(accountId: number, order: OrderRow) {
    const upsells = await db
      .select({ value: orderEvents.value })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.accountId, accountId),
          eq(orderEvents.orderId, order.id),
          eq(orderEvents.name, 'Upsell accepted'),
        ),
      )
      .orderBy(asc(orderEvents.id));
    const extra = upsells
      .map(({ value }) => ({ reference: value.ref ?? '', amountMinor: toMinorUnits(value.amount ?? 0) }))
      .filter((charge) => charge.reference !== '' && charge.amountMinor > 0);
    const upsold = extra.reduce((sum, charge) => sum + charge.amountMinor, 0);
    return [{ reference: order.reference ?? '', amountMinor: order.amountMinor - upsold }, ...extra];
  }

  /**
   * Refund (and, for cancel, cancel) an order at its gateway, exactly once.
   *
   * 1. A short transaction locks the order row, checks the rules and claims the refund
   *    (`refund_state = 'pending'`). A concurrent request finds the claim and gets 409.
   * 2. The gateway is called outside any transaction, so PGlite's one serialised connection is not
   *    held during a slow network call. The idempotency key is the order id and its attempt number:
   *    a repeat of the same attempt (a crash after the call) cannot refund twice at the gateway.
   * 3. A second short transaction records the outcome: refunded and canceled, with events 4 (and 5),
   *    or unchanged with an error event (type 1, can_retry when the gateway says it may work later).
   */
  async function refundAtGateway(
    accountId: number,
    userId: number | null,
    id: number,
    options: { action: RefundAction; reason?: string; retryOfEventId?: number },
  ) {
    const before = await findOrder(db, accountId, id);
    if (options.action === 'cancel_refund' && before.isCanceled) {
      throw unprocessable('Order canceled already.', 'already_canceled');
    }
    const { adapter, credentials } = await refundRoute(accountId, before);

    const claimed = await withLockedOrder(accountId, id, async (tx, order) => {
      if (options.action === 'cancel_refund' && order.isCanceled) {
        throw unprocessable('Order canceled already.', 'already_canceled');
      }
      const unavailable = refundUnavailableReason({
        gateway_id: order.gatewayId,
        is_refunded: order.isRefunded,
        reference: order.reference,
      });
      if (unavailable) throw unprocessable(unavailable, 'refund_unavailable');
      const claimAge = order.refundClaimedAt
        ? clock().getTime() - new Date(order.refundClaimedAt).getTime()
        : 0;
      if (order.refundState === 'pending' && claimAge < REFUND_CLAIM_TIMEOUT_MS) {
        throw new HttpError(409, 'A refund of this order is already in progress.', 'refund_in_progress');
      }
      const [row] = await tx
        .update(orders)
        .set({ refundState: 'pending', refundClaimedAt: clock(), updatedAt: clock() })
        .where(eq(orders.id, order.id))
        .returning();
      return row as OrderRow;
    });

    // Each charge of the order is refunded at the gateway: the checkout's, then every accepted
    // upsell's (one-click upsells are charges of their own, so the checkout's charge alone cannot
    // take the whole amount back).
    let result: RefundResult = { ok: false, message: 'Nothing to refund', retryable: false };
    let first: RefundResult | null = null;
    const charges = await chargesOf(accountId, claimed);
    for (const [index, charge] of charges.entries()) {
      const key = `order-${claimed.id}-refund-${claimed.refundAttempts}${index === 0 ? '' : `-${index}`}`;
      try {
        result = await adapter.refund(credentials, {
          reference: charge.reference,
          amountMinor: charge.amountMinor,
          currency: claimed.currency,
          idempotencyKey: key,
          reason: options.reason,
        });
      } catch (error) {
        result = {
          ok: false,
          message: (error as Error).message || 'The gateway did not answer',
          retryable: true,
        };
      }
      // A later attempt (a new key after a failed one) may find charges its predecessor refunded.
      const earlier = index > 0 || claimed.refundAttempts > 0;
      if (!result.ok && earlier && result.code === 'charge_already_refunded') {
        result = { ok: true, refundReference: charge.reference };
      }
      if (index === 0) first = result;
      if (!result.ok) break;
    }
    if (result.ok && first?.ok) result = first;

    const gatewayId = claimed.gatewayId ?? undefined;
    const amount = fromMinorUnits(claimed.amountMinor);
    const outcome = await withLockedOrder(accountId, id, async (tx, order) => {
      if (options.retryOfEventId !== undefined) await clearRetry(tx, accountId, id, options.retryOfEventId);
      if (!result.ok) {
        await tx
          .update(orders)
          .set({
            refundState: null,
            refundClaimedAt: null,
            // A retryable failure keeps its key: the gateway may have done it after all.
            refundAttempts: result.retryable ? order.refundAttempts : order.refundAttempts + 1,
            updatedAt: clock(),
          })
          .where(eq(orders.id, order.id));
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.error,
          options.action === 'cancel_refund' ? 'Cancel with refund failed' : 'Refund failed',
          {
            amount,
            error: result.message,
            can_retry: result.retryable,
            gatewayId,
            action: options.action,
            ...(options.reason && { reason: options.reason }),
          },
          userId,
        );
        return { ok: false as const, message: result.message };
      }
      const now = clock();
      const [row] = await tx
        .update(orders)
        .set({
          isRefunded: true,
          refundedAt: now,
          refundReference: result.refundReference,
          isCanceled: true,
          canceledAt: order.canceledAt ?? now,
          refundState: null,
          refundClaimedAt: null,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id))
        .returning();
      await addEvent(
        tx,
        accountId,
        order.id,
        TIMELINE_EVENT_TYPES.refund,
        'Order refunded',
        { amount, ref: result.refundReference, desc: options.reason, gatewayId },
        userId,
      );
      if (!order.isCanceled) {
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.cancel,
          'Order canceled',
          { desc: options.reason },
          userId,
        );
      }
      await recordActivity(tx, accountId, {
        eventId: WAS_REFUNDED,
        customerId: order.customerId,
        firstName: order.firstName,
        lastName: order.lastName,
        optinEmail: order.email,
        amountMinor: order.amountMinor,
        currency: order.currency,
        funnelId: order.funnelId,
        orderId: order.id,
      });
      return { ok: true as const, row: row as OrderRow, refundReference: result.refundReference };
    });
    if (!outcome.ok) throw unprocessable(outcome.message, 'gateway_error');
    // After the commit: automations ('On Refund') subscribe to it.
    events?.publish('order.refunded', {
      accountId,
      orderId: outcome.row.id,
      customerId: outcome.row.customerId,
      amountMinor: before.amountMinor,
      currency: outcome.row.currency,
      refundReference: outcome.refundReference,
    });
    return cancelAnswer(outcome.row);
  }

  /** The retried event no longer offers Retry: its attempt has been made. */
  async function clearRetry(tx: Db, accountId: number, orderId: number, eventId: number) {
    await tx
      .update(orderEvents)
      .set({ value: sql`${orderEvents.value} || '{"can_retry": false}'::jsonb` })
      .where(
        and(ownedBy(orderEvents, accountId), eq(orderEvents.orderId, orderId), eq(orderEvents.id, eventId)),
      );
  }

  const listQueries = createOrderListQueries(db);

  return {
    get: (accountId: number, id: number): Promise<Order> => loadOrder(db, accountId, id),

    /**
     * One page of the list (orders spec §7) as the answer's JSON text, `{data, meta: {count, per_page,
     * total_pages}}`: the orders come written by the database, so the route sends them as they are.
     */
    async list(accountId: number, params: ListParams): Promise<string> {
      const archived =
        params.archived === 'all'
          ? [false, true]
          : params.archived === 'true' || params.archived === '1'
            ? [true]
            : [false];
      const term = params.query?.trim().toLowerCase() || undefined;
      const filter = { accountId, archived, funnelId: params.funnel_id, term };
      const offset = params.page * params.per_page;
      const perPage = params.per_page;

      let count: number;
      let page = { json: '[]', rows: 0 };
      if (term) {
        page = await listQueries.page(filter, { direction: 'desc', limit: perPage, offset });
        // A first page that is not full holds every match: no count (a rare term is one statement).
        count = offset === 0 && page.rows < perPage ? page.rows : await listQueries.searchCount(filter);
      } else {
        count = await listQueries.count(filter);
        if (offset > count / 2) {
          // Pages past the middle are read from the other end of the list index (a small offset in
          // ascending order; the page still comes newest first), so the last page costs what the first does.
          const fromEnd = count - offset;
          if (fromEnd > 0) {
            page = await listQueries.page(filter, {
              direction: 'asc',
              limit: Math.min(perPage, fromEnd),
              offset: Math.max(0, fromEnd - perPage),
            });
          }
        } else {
          page = await listQueries.page(filter, { direction: 'desc', limit: perPage, offset });
        }
      }
      const meta = { count, per_page: perPage, total_pages: Math.ceil(count / perPage) };
      return `{"data":${page.json},"meta":${JSON.stringify(meta)}}`;
    },

    async cancel(
      accountId: number,
      userId: number,
      id: number,
      options: { refund: boolean; reason?: string },
    ) {
      if (options.refund) {
        return refundAtGateway(accountId, userId, id, { action: 'cancel_refund', reason: options.reason });
      }
      return withLockedOrder(accountId, id, async (tx, order) => {
        if (order.isCanceled) throw unprocessable('Order canceled already.', 'already_canceled');
        const now = clock();
        const [row] = await tx
          .update(orders)
          .set({ isCanceled: true, canceledAt: now, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.cancel,
          'Order canceled',
          { desc: options.reason },
          userId,
        );
        return cancelAnswer(row as OrderRow);
      });
    },

    refund: (accountId: number, userId: number, id: number, reason?: string) =>
      refundAtGateway(accountId, userId, id, { action: 'refund', reason }),

    /** "Timeline: events whose value has can_retry offer a Retry action." */
    async retryEvent(accountId: number, userId: number, orderId: number, eventId: number) {
      await findOrder(db, accountId, orderId);
      const [event] = await db
        .select()
        .from(orderEvents)
        .where(
          and(ownedBy(orderEvents, accountId), eq(orderEvents.orderId, orderId), eq(orderEvents.id, eventId)),
        );
      if (!event) throw notFound('Timeline event');
      const value = event.value ?? {};
      if (!value.can_retry || !value.action) {
        throw unprocessable('This event cannot be retried.', 'not_retryable');
      }
      return refundAtGateway(accountId, userId, orderId, {
        action: value.action,
        reason: value.reason,
        retryOfEventId: eventId,
      });
    },

    async fulfillment(accountId: number, id: number) {
      return fulfillmentOut(await findOrder(db, accountId, id));
    },

    /** "Fulfill is disabled if the order is fulfilled or canceled." */
    async fulfill(accountId: number, userId: number, id: number, input: FulfillmentInput) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        if (order.isFulfilled) throw unprocessable('Order fulfilled already.', 'already_fulfilled');
        if (order.isCanceled) throw unprocessable('A canceled order cannot be fulfilled.', 'order_canceled');
        const tracking = trackingFields(input);
        // "in the fulfill popup it defaults to on".
        const triggerAutomations = input.trigger_automations ?? true;
        const now = clock();
        const [row] = await tx
          .update(orders)
          .set({ ...tracking, isFulfilled: true, fulfilledAt: now, triggerAutomations, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.fulfillment,
          'Order fulfilled',
          {
            tracking_number: tracking.trackingNumber ?? undefined,
            shipping_carrier: tracking.shippingCarrier ?? undefined,
            tracking_url: tracking.trackingUrl ?? undefined,
            trigger_automations: triggerAutomations,
            desc: triggerAutomations
              ? 'Fulfillment automations requested'
              : 'Fulfillment automations not requested',
          },
          userId,
        );
        // "Fulfill … answer: is_fulfilled or error" (spec §7); the details are GET orders/{id}/fulfillment.
        return { is_fulfilled: (row as OrderRow).isFulfilled };
      });
    },

    /** "Update tracking info is disabled if the order is canceled or not fulfilled." */
    async addTrackingInfo(accountId: number, userId: number, id: number, input: FulfillmentInput) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        if (!canUpdateTracking({ is_canceled: order.isCanceled, is_fulfilled: order.isFulfilled })) {
          throw unprocessable(
            order.isCanceled
              ? 'Tracking info cannot be changed on a canceled order.'
              : 'Fulfill the order before adding tracking info.',
            order.isCanceled ? 'order_canceled' : 'not_fulfilled',
          );
        }
        const tracking = trackingFields(input);
        const [row] = await tx
          .update(orders)
          .set({
            ...tracking,
            ...(input.trigger_automations !== undefined && { triggerAutomations: input.trigger_automations }),
            updatedAt: clock(),
          })
          .where(eq(orders.id, order.id))
          .returning();
        const value: OrderEventValue = {
          tracking_number: tracking.trackingNumber ?? undefined,
          shipping_carrier: tracking.shippingCarrier ?? undefined,
          tracking_url: tracking.trackingUrl ?? undefined,
          ...(input.trigger_automations !== undefined && { trigger_automations: input.trigger_automations }),
        };
        const name = order.trackingNumber ? 'Tracking info updated' : 'Tracking info added';
        await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.fulfillment, name, value, userId);
        return fulfillmentOut(row as OrderRow);
      });
    },

    /** "Archive toggles between archived and not archived; the server answer holds the new is_archived." */
    async toggleArchive(accountId: number, userId: number, id: number) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        const archived = !order.isArchived;
        await tx
          .update(orders)
          .set({ isArchived: archived, updatedAt: clock() })
          .where(eq(orders.id, order.id));
        await adjustOrderCounts(tx, accountId, order, [
          { archived: order.isArchived, delta: -1 },
          { archived, delta: 1 },
        ]);
        await addEvent(
          tx,
          accountId,
          order.id,
          TIMELINE_EVENT_TYPES.action,
          archived ? 'Order archived' : 'Order unarchived',
          {},
          userId,
        );
        return { is_archived: archived };
      });
    },

    /** "A deleted order won't be visible in your dashboard or analytics anymore." (soft delete) */
    async remove(accountId: number, userId: number, id: number) {
      await withLockedOrder(accountId, id, async (tx, order) => {
        await tx
          .update(orders)
          .set({ deletedAt: clock(), updatedAt: clock() })
          .where(eq(orders.id, order.id));
        await adjustOrderCounts(tx, accountId, order, [{ archived: order.isArchived, delta: -1 }]);
        await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.action, 'Order deleted', {}, userId);
      });
    },

    async timeline(accountId: number, id: number) {
      await findOrder(db, accountId, id);
      const rows = await db
        .select()
        .from(orderEvents)
        .where(and(ownedBy(orderEvents, accountId), eq(orderEvents.orderId, id)))
        .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id));
      return rows.map(eventOut);
    },

    /* Notes */

    async notes(accountId: number, id: number) {
      await findOrder(db, accountId, id);
      const rows = await db
        .select()
        .from(orderNotes)
        .where(and(ownedBy(orderNotes, accountId), eq(orderNotes.orderId, id)))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
      return rows.map(noteOut);
    },

    /**
     * Notes: each write and its timeline event (type 6 action: 'Note added', 'Note edited', 'Note
     * deleted', with the note's text in `desc`) in one transaction, so the order's history shows who
     * changed its notes even after a note is gone (docs/decisions.md).
     */
    async addNote(accountId: number, userId: number, id: number, value: string) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        const [row] = await tx
          .insert(orderNotes)
          .values({
            accountId,
            orderId: order.id,
            userId,
            customerId: order.customerId,
            pageId: order.pageId,
            funnelId: order.funnelId,
            stepId: order.stepId,
            value,
          })
          .returning();
        await noteEvent(tx, accountId, order.id, 'Note added', value, userId);
        return noteOut(row as typeof orderNotes.$inferSelect);
      });
    },

    async updateNote(accountId: number, userId: number, id: number, noteId: number, value: string) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        const [row] = await tx
          .update(orderNotes)
          .set({ value, updatedAt: clock() })
          .where(noteOf(accountId, order.id, noteId))
          .returning();
        if (!row) throw notFound('Note');
        await noteEvent(tx, accountId, order.id, 'Note edited', value, userId);
        return noteOut(row);
      });
    },

    async deleteNote(accountId: number, userId: number, id: number, noteId: number) {
      await withLockedOrder(accountId, id, async (tx, order) => {
        const [deleted] = await tx
          .delete(orderNotes)
          .where(noteOf(accountId, order.id, noteId))
          .returning({ value: orderNotes.value });
        if (!deleted) throw notFound('Note');
        await noteEvent(tx, accountId, order.id, 'Note deleted', deleted.value, userId);
      });
    },

    /** Orders of one customer, newest first (the customer panel's Orders section). */
    async ofCustomer(accountId: number, customerId: number) {
      const rows = await db
        .select({ order: orders, optin: sql<string | null>`null` })
        .from(orders)
        .where(and(ownedBy(orders, accountId), eq(orders.customerId, customerId), isNull(orders.deletedAt)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(500);
      const out = await ordersOut(db, accountId, rows);
      return out.map((o) => ({
        id: o.id,
        name: o.name,
        items_count: o.items_count,
        created_at: o.created_at,
        currency: o.currency,
        amount: o.amount,
      }));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
