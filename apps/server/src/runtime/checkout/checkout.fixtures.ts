import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { activityItems, orderEvents, orders, pages } from '../../db/schema/index.ts';
import {
  apiClient,
  createFunnel,
  createStep,
  publishFunnel,
} from '../../modules/funnels/funnels.fixtures.ts';
import { type createTestApp, signUpOwner } from '../../test/harness.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;

export const CARD_OK = {
  kind: 'card',
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2040,
  cvc: '123',
};
export const CARD_DECLINED = { ...CARD_OK, number: '4000 0000 0000 0002' };
export const CARD_RETRYABLE = { ...CARD_OK, number: '4000 0000 0000 0119' };

/** A page document with the commerce blocks a checkout reads (a product list and an order bump). */
export function checkoutDocument(options: {
  selectionType?: 'single' | 'multi' | 'qty';
  listProductIds: number[];
  bumpProductId?: number | null;
  paymentMethods?: number[];
}) {
  return {
    version: 1,
    kind: 'page',
    content: [],
    rows: {},
    children: {
      10: {
        id: 10,
        type: 'productList',
        attributes: {
          basic: {
            selectionType: options.selectionType ?? 'single',
            entries: options.listProductIds.map((productId) => ({ productId, title: 'x', pcs: 1, price: 1 })),
          },
        },
      },
      11: { id: 11, type: 'orderBump', attributes: { basic: { productId: options.bumpProductId ?? null } } },
    },
    settings: options.paymentMethods ? { paymentMethods: options.paymentMethods } : {},
  };
}

/**
 * A merchant with a published funnel: checkout (a product list of two products and an order bump),
 * upsell, thank you.
 */
export async function shopWithFunnel(
  t: T,
  options: { recurring?: boolean; selectionType?: 'single' | 'multi' | 'qty' } = {},
) {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  const funnel = await createFunnel(api, { name: 'Shop' });
  const checkout = await createStep(api, funnel.id, { name: 'Checkout', type: 1, url: 'checkout' });
  // Designed offer and thank-you pages: a blank step is passed over (step-gaps.ts).
  const upsell = await createStep(api, funnel.id, {
    name: 'Upsell',
    type: 2,
    url: 'special-offer',
    template_id: 'upsell-one-click',
  });
  const thanks = await createStep(api, funnel.id, {
    name: 'Thank you',
    type: 3,
    url: 'thank-you',
    template_id: 'thank-you-next-steps',
  });
  const product = async (data: Record<string, unknown>) => {
    const res = await api.post('products', { currency: 'USD', funnel_id: funnel.id, ...data });
    if (res.statusCode !== 201) throw new Error(`product not created: ${res.body}`);
    return res.json().data as { id: number };
  };
  const main = await product({ name: 'Course', price: 49.99, step_id: checkout.id });
  const second = await product({
    name: 'Coaching',
    price: 19,
    step_id: checkout.id,
    ...(options.recurring ? { recurring_interval: 'month' } : {}),
  });
  const bump = await product({ name: 'Workbook', price: 7.5 });
  const offer = await product({ name: 'Masterclass', price: 97, step_id: upsell.id });
  const checkoutPage = checkout.pages[0]?.id as number;
  await t.database.db
    .update(pages)
    .set({
      config: checkoutDocument({
        selectionType: options.selectionType,
        listProductIds: [main.id, second.id],
        bumpProductId: bump.id,
      }),
    })
    .where(eq(pages.id, checkoutPage));
  // Shoppers are served what was published (issue 36): the shop goes live as set up.
  const published = await api.post(`funnels/${funnel.id}/publish`);
  if (published.statusCode !== 200) throw new Error(`funnel not published: ${published.body}`);
  return { owner, api, funnel, checkout, upsell, thanks, main, second, bump, offer, checkoutPage };
}

/**
 * An opt-in landing (the lead-magnet template) added to the shop's funnel, which is published again. With
 * `subdomainPrefix` the account first takes a subdomain of it, and `host` is its pages' host.
 */
export async function publishedLanding(
  shop: Pick<Awaited<ReturnType<typeof shopWithFunnel>>, 'api' | 'funnel'>,
  subdomainPrefix?: string,
) {
  let host = '';
  if (subdomainPrefix) {
    const subdomain = `${subdomainPrefix}${Date.now().toString(36)}`;
    const res = await shop.api.post('change-subdomain', { subdomain });
    if (res.statusCode !== 200) throw new Error(`subdomain not set: ${res.body}`);
    host = `${subdomain}.localhost:3000`;
  }
  const landing = await createStep(shop.api, shop.funnel.id, {
    name: 'Opt in',
    type: 5,
    url: 'free',
    template_id: 'landing-lead-magnet',
  });
  await publishFunnel(shop.api, shop.funnel.id);
  return { landing, host };
}

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

let n = 0;
export const newKey = () => `test-key-${Date.now()}-${++n}`;

/** A shopper buys the main product of `shopWithFunnel`'s checkout with `payment` (a card that pays, else). */
export function buyMain(
  app: FastifyInstance,
  shop: Pick<Awaited<ReturnType<typeof shopWithFunnel>>, 'checkout' | 'checkoutPage' | 'main'>,
  customer: { email: string; first_name: string },
  payment: object = CARD_OK,
) {
  return postJson(app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer,
    payment,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  });
}

/**
 * The shopper of `shopWithFunnel` declines its offer, so the order leaves the offers and gets its one
 * confirmation ('order.paid': receipt, On Purchase, webhooks) at once (checkout.order-close.ts).
 */
export async function leaveOffers(
  app: FastifyInstance,
  shop: { upsell: { id: number } },
  checkoutAnswer: { order_token?: unknown },
) {
  const res = await postJson(app, '/_fw/upsell', {
    step_id: shop.upsell.id,
    answer: 'no',
    order_token: checkoutAnswer.order_token,
  });
  if (res.statusCode !== 200) throw new Error(`the offer was not declined: ${res.body}`);
}

/** How often an order was recorded paid: 'Payment succeeded' on its timeline and 'Purchase' activities. */
export async function paidRecords(db: Db, orderId: number) {
  const succeeded = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.name, 'Payment succeeded')));
  const purchases = await db
    .select()
    .from(activityItems)
    .where(and(eq(activityItems.orderId, orderId), eq(activityItems.eventId, 2)));
  return { succeeded: succeeded.length, purchases: purchases.length };
}

/** The 'Payment failed' messages on an order's timeline, in order. */
export async function paymentFailures(db: Db, orderId: number) {
  const events = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.name, 'Payment failed')));
  return events.map((event) => (event.value as { error?: string }).error);
}

/** Moves an account's orders back in time, as if its checkouts had been that many hours ago. */
export function backdateOrders(db: Db, accountId: number, hours: number) {
  return db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(orders.accountId, accountId));
}
