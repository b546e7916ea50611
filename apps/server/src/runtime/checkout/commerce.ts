import { type CheckoutGatewayRow, checkoutGatewayId } from '@funnelwork/domain/gateways/checkout-gateway';
import { gatewayById, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import {
  checkoutRequests,
  customers,
  discounts,
  funnelDailyStats,
  orders,
  userGateways,
} from '../../db/schema/index.ts';
import type { GatewayRegistry } from '../../gateways/registry.ts';
import type { GatewayAdapter, GatewayCredentials } from '../../gateways/types.ts';
import {
  type CustomerRow,
  findOrCreateCustomer,
  insertCustomerIfNew,
  mergeMetadata,
} from '../../modules/customers/customers.queries.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { CustomerFields } from './checkout.contracts.ts';

export const unprocessable = (message: string, code = 'unprocessable', field?: string) =>
  new HttpError(422, message, code, field);

export const PAYMENT_METHOD_UNAVAILABLE = 'This payment method is not available on this page';
export const DISCOUNT_INVALID = 'This discount code is not valid';
export const DISCOUNT_EXPIRED = 'This discount code has expired';
export const DISCOUNT_USED_UP = 'This discount code has been used up';

export type ResolvedGateway = {
  gatewayId: number;
  adapter: GatewayAdapter;
  credentials: GatewayCredentials | null;
};

/**
 * The gateway a checkout charges through. The page's payment methods (chosen in the editor) limit the
 * choice; without them the account's default connected gateway is used, else the Funnelwork Payments
 * sandbox (14), which works without credentials. A gateway that needs credentials must be connected.
 */
export async function resolveGateway(
  db: Db,
  registry: GatewayRegistry,
  accountId: number,
  pageMethods: number[],
  requested: number | null | undefined,
): Promise<ResolvedGateway> {
  let gatewayId: number;
  if (requested !== null && requested !== undefined) {
    if (pageMethods.length > 0 && !pageMethods.includes(requested)) {
      throw unprocessable(PAYMENT_METHOD_UNAVAILABLE, 'gateway_unavailable', 'gateway_id');
    }
    gatewayId = requested;
  } else {
    gatewayId = checkoutGatewayId(await checkoutGatewaysOf(db, accountId), pageMethods);
  }
  const adapter = registry.adapterFor(gatewayId);
  if (!adapter?.capabilities.charges) {
    throw unprocessable(PAYMENT_METHOD_UNAVAILABLE, 'gateway_unavailable', 'gateway_id');
  }
  const credentials = await registry.credentialsFor(accountId, gatewayId);
  if (adapter.capabilities.needsCredentials && credentials === null) {
    throw unprocessable(
      `${gatewayById(gatewayId).name} is not connected`,
      'gateway_unavailable',
      'gateway_id',
    );
  }
  return { gatewayId, adapter, credentials };
}

/** The account's gateways as the checkout chooses among them (see checkoutGatewayId). */
export function checkoutGatewaysOf(db: Db, accountId: number): Promise<CheckoutGatewayRow[]> {
  return db
    .select({
      gatewayId: userGateways.gatewayId,
      isDefault: userGateways.isDefault,
      active: userGateways.active,
    })
    .from(userGateways)
    .where(ownedBy(userGateways, accountId));
}

/** The shopper's live paid orders with the code (a code's per-customer limit counts them), as a subquery. */
function paidOrdersWithCode(db: Db, accountId: number, code: string, email: string) {
  return db
    .select({ n: sql`count(*)`.mapWith(Number).as('n') })
    .from(orders)
    .where(
      and(
        ownedBy(orders, accountId),
        sql`lower(${orders.discountCode}) = ${code.toLowerCase()}`,
        eq(orders.email, email),
        isNull(orders.deletedAt),
        isNull(orders.paymentStatus),
      ),
    );
}

/** A discount code taken off a subtotal, or the 422 that says why not. */
export async function priceDiscount(
  db: Db,
  accountId: number,
  code: string,
  subtotalMinor: number | null,
  currency: string | null,
  now: Date,
  customerEmail?: string,
  options: { usageLimit?: 'check' | 'taken-later' } = {},
): Promise<{
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  valueMinor: number;
  currency: string | null;
  minOrderMinor: number | null;
  amountMinor: number;
}> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(ownedBy(discounts, accountId), sql`lower(${discounts.code}) = ${code.trim().toLowerCase()}`));
  if (!row?.active) throw unprocessable(DISCOUNT_INVALID, 'discount_invalid', 'discount_code');
  if (row.startsAt && new Date(row.startsAt).getTime() > now.getTime())
    throw unprocessable(DISCOUNT_INVALID, 'discount_invalid', 'discount_code');
  if (row.endsAt && new Date(row.endsAt).getTime() <= now.getTime())
    throw unprocessable(DISCOUNT_EXPIRED, 'discount_expired', 'discount_code');
  // A checkout takes the use atomically afterwards (takeDiscountUse); the quote only reads the count.
  if (options.usageLimit !== 'taken-later' && row.usageLimit !== null && row.usedCount >= row.usageLimit)
    throw unprocessable(DISCOUNT_USED_UP, 'discount_used_up', 'discount_code');
  if (row.kind === 'fixed' && row.currency && currency && row.currency !== currency)
    throw unprocessable(DISCOUNT_INVALID, 'discount_invalid', 'discount_code');
  if (subtotalMinor !== null && row.minOrderMinor !== null && subtotalMinor < row.minOrderMinor) {
    throw unprocessable(
      `This discount code needs an order of at least ${(row.minOrderMinor / 100).toFixed(2)}`,
      'discount_min_order',
      'discount_code',
    );
  }
  if (customerEmail && row.usageLimitPerCustomer !== null) {
    const [used] = await paidOrdersWithCode(db, accountId, row.code, customerEmail);
    if ((used?.n ?? 0) >= row.usageLimitPerCustomer)
      throw unprocessable(DISCOUNT_USED_UP, 'discount_used_up', 'discount_code');
  }
  const base = subtotalMinor ?? 0;
  const amountMinor =
    row.kind === 'percent' ? Math.round((base * row.valueMinor) / 10_000) : Math.min(row.valueMinor, base);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    valueMinor: row.valueMinor,
    currency: row.currency,
    minOrderMinor: row.minOrderMinor,
    amountMinor,
  };
}

/**
 * Takes one use of a discount for a checkout request, before its charge. The code's row is locked for
 * this short transaction, so concurrent checkouts of one code take their uses one after another: the
 * total limit (`used_count < usage_limit`) and the per-customer limit (the shopper's live paid orders
 * with the code plus the uses other pending requests of the same e-mail hold) are checked against
 * what the others have already taken. A checkout that finds no use left gets 422 'This discount code
 * has been used up' and is not charged. The request row records the use it holds (and for which
 * e-mail), so a repeat that takes over a dead request's claim keeps that use instead of taking a second.
 */
export async function takeDiscountUse(
  db: Db,
  accountId: number,
  discountId: number,
  requestId: number,
  customerEmail: string,
) {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ discountId: checkoutRequests.discountId })
      .from(checkoutRequests)
      .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.id, requestId)))
      .for('update');
    if (request?.discountId === discountId) return;
    const [code] = await tx
      .select()
      .from(discounts)
      .where(and(ownedBy(discounts, accountId), eq(discounts.id, discountId)))
      .for('update');
    if (!code || (code.usageLimit !== null && code.usedCount >= code.usageLimit))
      throw unprocessable(DISCOUNT_USED_UP, 'discount_used_up', 'discount_code');
    if (code.usageLimitPerCustomer !== null) {
      // One statement, so one snapshot: a request that finishes meanwhile moves from pending to its paid
      // order atomically and is counted exactly once (two statements could miss it in both).
      const pending = tx
        .select({ n: sql`count(*)`.mapWith(Number).as('n') })
        .from(checkoutRequests)
        .where(
          and(
            ownedBy(checkoutRequests, accountId),
            eq(checkoutRequests.discountId, discountId),
            eq(checkoutRequests.discountEmail, customerEmail),
            eq(checkoutRequests.state, 'pending'),
            ne(checkoutRequests.id, requestId),
          ),
        );
      const paid = paidOrdersWithCode(tx, accountId, code.code, customerEmail);
      const [held] = rowsOf<{ n: number | string }>(
        await tx.execute(sql`select (${paid}) + (${pending}) as n`),
      );
      if (Number(held?.n ?? 0) >= code.usageLimitPerCustomer)
        throw unprocessable(DISCOUNT_USED_UP, 'discount_used_up', 'discount_code');
    }
    await tx
      .update(discounts)
      .set({ usedCount: sql`${discounts.usedCount} + 1` })
      .where(and(ownedBy(discounts, accountId), eq(discounts.id, discountId)));
    await tx
      .update(checkoutRequests)
      .set({ discountId, discountEmail: customerEmail })
      .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.id, requestId)));
  });
}

/**
 * Gives back the discount use a request holds (its charge failed, or it stopped before charging), so
 * a failed checkout leaves the code's count as it was. Inside the transaction that records the failure.
 */
export async function giveDiscountUseBack(tx: Db, accountId: number, requestId: number) {
  const [request] = await tx
    .select({ discountId: checkoutRequests.discountId })
    .from(checkoutRequests)
    .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.id, requestId)))
    .for('update');
  if (!request?.discountId) return;
  await tx
    .update(discounts)
    .set({ usedCount: sql`greatest(${discounts.usedCount} - 1, 0)` })
    .where(and(ownedBy(discounts, accountId), eq(discounts.id, request.discountId)));
  await tx
    .update(checkoutRequests)
    .set({ discountId: null, discountEmail: null })
    .where(and(ownedBy(checkoutRequests, accountId), eq(checkoutRequests.id, requestId)));
}

/** A live customer of the account with this (lower-cased) e-mail, locked for the transaction. */
async function customerByEmail(tx: Db, accountId: number, email: string) {
  const [found] = await tx
    .select()
    .from(customers)
    .where(
      and(
        ownedBy(customers, accountId),
        sql`lower(${customers.email}) = ${email}`,
        isNull(customers.deletedAt),
      ),
    )
    .orderBy(customers.id)
    .limit(1)
    .for('update');
  return found;
}

/**
 * The customer of a checkout or opt-in, matched by e-mail (case-insensitive) among live customers:
 * fields the shopper filled in replace stored ones, blank ones keep them. Inside the transaction.
 */
export async function upsertCustomer(
  tx: Db,
  accountId: number,
  fields: CustomerFields,
  metadata: Record<string, string>,
  options: { optin?: boolean; now: Date },
): Promise<CustomerRow> {
  const given = {
    firstName: fields.first_name,
    lastName: fields.last_name,
    phone: fields.phone,
    shippingAddress: fields.shipping_address,
    shippingCity: fields.shipping_city,
    shippingState: fields.shipping_state,
    shippingZip: fields.shipping_zip,
    shippingCountry: fields.shipping_country,
    address: fields.address,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    country: fields.country,
  };
  const filled = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ''));
  const { customer: found, created } = await findOrCreateCustomer(
    () => customerByEmail(tx, accountId, fields.email),
    () =>
      insertCustomerIfNew(tx, accountId, {
        ...filled,
        email: fields.email,
        payerEmail: options.optin ? '' : fields.email,
        ...(options.optin ? { optinEmail: fields.email, isAutoOptin: true } : {}),
        metadata: mergeMetadata([], metadata),
      }),
  );
  if (created) return found;
  const [updated] = await tx
    .update(customers)
    .set({
      ...filled,
      ...(options.optin ? { optinEmail: fields.email } : { payerEmail: fields.email }),
      metadata: mergeMetadata(found.metadata ?? [], metadata),
      updatedAt: options.now,
    })
    .where(eq(customers.id, found.id))
    .returning();
  // The order list copies the customer's names: keep the customer's live orders in step.
  if (updated && (updated.firstName !== found.firstName || updated.lastName !== found.lastName)) {
    await tx
      .update(orders)
      .set({ firstName: updated.firstName, lastName: updated.lastName })
      .where(and(ownedBy(orders, accountId), eq(orders.customerId, found.id)));
  }
  return updated as CustomerRow;
}

/** The day a paid amount counts on in the funnel's daily stats (UTC). */
export const statsDay = (now: Date) => now.toISOString().slice(0, 10);

/** Adds revenue (and orders) to the funnel's daily stats, inside the order's transaction. */
export async function bumpDailyStats(
  tx: Db,
  accountId: number,
  funnelId: number | null,
  now: Date,
  revenueMinor: number,
  ordersDelta: number,
) {
  if (funnelId === null) return;
  await tx
    .insert(funnelDailyStats)
    .values({ accountId, funnelId, day: statsDay(now), revenueMinor, orders: ordersDelta })
    .onConflictDoUpdate({
      target: [funnelDailyStats.funnelId, funnelDailyStats.day],
      set: {
        revenueMinor: sql`${funnelDailyStats.revenueMinor} + excluded.revenue_minor`,
        orders: sql`${funnelDailyStats.orders} + excluded.orders`,
      },
    });
}

export { TIMELINE_EVENT_TYPES };
