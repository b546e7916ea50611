// The arrange of a published checkout funnel, written once for the API test
// (published-checkout.test.ts), the published benchmark (bench/published.ts) and the browser story
// (e2e/tests/story.spec.ts): steps from the built-in templates (a two-step checkout with an order bump,
// a one-click upsell, a thank-you page), the funnel's products, and the pages' product links, all
// through the dashboard API the editor saves with. It imports no server code (only a type), so the
// browser tests call it with their page's own session.
import type { ApiClient } from '../../modules/funnels/funnels.fixtures.ts';

type Json = Record<string, unknown>;

/** One dashboard API call (`/api/{path}`, body `{data}`): answers the response's `data`, throws on an error. */
export type DashboardCall = <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => Promise<T>;

/** A test's inject() client as a DashboardCall. */
export function callThrough(api: ApiClient): DashboardCall {
  return async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => {
    const res =
      method === 'GET'
        ? await api.get(path)
        : method === 'POST'
          ? await api.post(path, data)
          : await api.patch(path, data);
    if (res.statusCode >= 400) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: T }).data;
  };
}

export type PublishedStep = { id: number; url: string; pages: Array<{ id: number }> };
type Product = { name: string; price: number };

/** Points every product list entry, order bump and yes-link of a stored document at real products. */
function withProducts(
  config: unknown,
  listIds: number[],
  bumpId: number | null,
  offerId: number | null,
): Json {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const object = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, walk(v)])) as Json;
    if (object.type === 'productList' && typeof object.attributes === 'object') {
      const basic = (object.attributes as { basic: Json }).basic;
      basic.entries = (basic.entries as Json[])
        .slice(0, listIds.length)
        .map((entry, index) => ({ ...entry, productId: listIds[index] }));
    }
    if (object.type === 'orderBump' && typeof object.attributes === 'object')
      (object.attributes as { basic: Json }).basic.productId = bumpId;
    if (object.type === 'yes-link') object.productId = offerId ?? undefined;
    return object;
  };
  return walk(config) as Json;
}

/**
 * Adds to the funnel (of the second kind) its checkout (`buy`, product list of `main`, order bump
 * `bump`), upsell (`offer`, one-click yes-link to `offer`) and thank-you (`thanks`) steps, in that
 * order, with the products in USD, and publishes the funnel (its addresses need the account's subdomain).
 */
export async function addPublishedCheckout(
  call: DashboardCall,
  funnelId: number,
  products: { main: Product; bump: Product; offer: Product } = {
    main: { name: 'Course', price: 49 },
    bump: { name: 'Workbook', price: 9 },
    offer: { name: 'Masterclass', price: 97 },
  },
) {
  const step = (name: string, type: number, url: string, template_id: string) =>
    call<PublishedStep>('POST', `wfunnels/${funnelId}/steps`, { name, type, url, template_id });
  const checkout = await step('Checkout', 1, 'buy', 'checkout-two-step');
  const upsell = await step('Upsell', 2, 'offer', 'upsell-one-click');
  const thanks = await step('Thank you', 3, 'thanks', 'thank-you-next-steps');
  const product = (data: Json) =>
    call<{ id: number }>('POST', 'products', { currency: 'USD', funnel_id: funnelId, ...data });
  const main = await product({ ...products.main, step_id: checkout.id });
  const bump = await product({ ...products.bump });
  const offer = await product({ ...products.offer, step_id: upsell.id });
  for (const [s, list, bumpId, offerId] of [
    [checkout, [main.id], bump.id, null],
    [upsell, [], null, offer.id],
  ] as const) {
    const path = `wfunnels/${funnelId}/steps/${s.id}/pages/${s.pages[0]?.id}`;
    const page = await call<{ config: Json; version: number }>('GET', path);
    await call('PATCH', path, {
      config: withProducts(page.config, [...list], bumpId, offerId),
      version: page.version,
    });
  }
  // Shoppers are served what was published (issue 36).
  await call('POST', `funnels/${funnelId}/publish`);
  return { checkout, upsell, thanks, main, bump, offer };
}
