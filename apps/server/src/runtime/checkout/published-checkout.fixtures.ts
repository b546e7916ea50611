// The arrange of a published checkout funnel, written once for the API test
// (published-checkout.test.ts), the published benchmark (bench/published.ts) and the browser story
// (e2e/tests/story.spec.ts): steps from the built-in templates (a two-step checkout with an order bump,
// a one-click upsell, a thank-you page), the funnel's products, and the pages' product links, all
// through the dashboard API the editor saves with. It calls rows of the endpoint table with its typed
// client and imports no server code, so the API tests pass their inject client, the benchmark its own
// and the browser tests their page's (`api(page)`), and a contract change breaks them all at compile time.
import type { ApiClient } from '@funnelwork/domain/api/client';
import { endpoints } from '@funnelwork/domain/api/endpoints';

type Json = Record<string, unknown>;

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
  client: ApiClient,
  funnelId: number,
  products: { main: Product; bump: Product; offer: Product } = {
    main: { name: 'Course', price: 49 },
    bump: { name: 'Workbook', price: 9 },
    offer: { name: 'Masterclass', price: 97 },
  },
) {
  const step = (name: string, type: number, url: string, template_id: string) =>
    client.call(endpoints.steps.createWfunnelStep, {
      params: { id: funnelId },
      body: { data: { name, type, url, template_id } },
    });
  const checkout = await step('Checkout', 1, 'buy', 'checkout-two-step');
  const upsell = await step('Upsell', 2, 'offer', 'upsell-one-click');
  const thanks = await step('Thank you', 3, 'thanks', 'thank-you-next-steps');
  const product = (data: Product & { step_id?: number }) =>
    client.call(endpoints.store.createProduct, {
      body: { data: { currency: 'USD', funnel_id: funnelId, ...data } },
    });
  const main = await product({ ...products.main, step_id: checkout.id });
  const bump = await product({ ...products.bump });
  const offer = await product({ ...products.offer, step_id: upsell.id });
  for (const [s, list, bumpId, offerId] of [
    [checkout, [main.id], bump.id, null],
    [upsell, [], null, offer.id],
  ] as const) {
    const pageId = s.pages[0]?.id;
    if (pageId === undefined) throw new Error(`step ${s.url} has no page`);
    const params = { id: funnelId, stepId: s.id, pageId };
    const page = await client.call(endpoints.steps.getWfunnelStepPage, { params });
    await client.call(endpoints.steps.updateWfunnelStepPage, {
      params,
      body: {
        data: { config: withProducts(page.config, [...list], bumpId, offerId), version: page.version },
      },
    });
  }
  // Shoppers are served what was published (issue 36).
  await client.call(endpoints.publishing.publishFunnel, { params: { id: funnelId } });
  return { checkout, upsell, thanks, main, bump, offer };
}
