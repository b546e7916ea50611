import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderSessions } from '../../db/schema/index.ts';
import type { CheckoutContext } from './checkout.service.ts';
import { unprocessable } from './commerce.ts';

/** How long after a checkout its one-click upsells can still charge the saved payment method. */
export const ORDER_SESSION_MS = 2 * 60 * 60_000;

export const OFFER_EXPIRED = 'This offer has expired';
/** A one-click offer answered by a browser that placed no order (e.g. the offer page opened directly). */
export const NO_ORDER_FOR_OFFER =
  'This offer is for shoppers who have just placed an order. Nothing was charged.';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens the order session of a paid checkout (inside its transaction) and answers its token: the
 * order cookie that lets the funnel's upsells charge again and its thank-you page show the order.
 */
export async function newSession(
  tx: Db,
  accountId: number,
  values: {
    orderId: number;
    customerId: number | null;
    funnelId: number;
    gatewayId: number;
    saved: string | null;
  },
  now: Date,
) {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(orderSessions).values({
    accountId,
    tokenHash: hashToken(token),
    orderId: values.orderId,
    customerId: values.customerId,
    funnelId: values.funnelId,
    gatewayId: values.gatewayId,
    savedPaymentMethod: values.saved,
    expiresAt: new Date(now.getTime() + ORDER_SESSION_MS),
  });
  return token;
}

/** The order session an order cookie's token names, while it lives (of `accountId` when given). */
export async function liveSession(
  { db, clock }: Pick<CheckoutContext, 'db' | 'clock'>,
  token: string,
  accountId?: number,
) {
  const [session] = await db
    .select()
    .from(orderSessions)
    .where(
      and(
        eq(orderSessions.tokenHash, hashToken(token)),
        accountId === undefined ? undefined : eq(orderSessions.accountId, accountId),
      ),
    );
  return session && new Date(session.expiresAt).getTime() > clock().getTime() ? session : null;
}

/** The live order session of a token, or 422 'This offer has expired'. */
export async function sessionOf(
  deps: Pick<CheckoutContext, 'db' | 'clock'>,
  token: string | null | undefined,
) {
  if (!token) throw unprocessable(NO_ORDER_FOR_OFFER, 'no_order', 'order_token');
  const session = await liveSession(deps, token);
  if (!session) throw unprocessable(OFFER_EXPIRED, 'offer_expired', 'order_token');
  return session;
}
