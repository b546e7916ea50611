import { TEST_MODE_CHECKOUT_NOTICE } from '@funnelwork/domain/gateways/checkout-gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_KEY, GOOD_PUBLISHABLE_KEY, startFakeStripe } from '../../gateways/fake-stripe.fixtures.ts';
import { apiClient, createFunnel, typedClient } from '../../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { PAGE_CSP } from '../runtime.ts';
import { CARD_OK, newKey } from './checkout.fixtures.ts';
import { addPublishedCheckout } from './published-checkout.fixtures.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ config: { stripeApiBase: fake.apiBase } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A new account with a published checkout at {subdomain}.localhost/shop/buy. */
async function publishedShop(subdomain: string) {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  expect((await api.post('change-subdomain', { subdomain })).statusCode).toBe(200);
  const funnel = await createFunnel(api, { name: 'Shop', path: 'shop' });
  const shop = await addPublishedCheckout(typedClient(t.app, owner.token), funnel.id);
  const host = `${subdomain}.localhost:3000`;
  /** The checkout page's data for its script (`#fw-data`), as a shopper's browser gets it. */
  const checkoutData = async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/shop/buy',
      headers: { host, 'user-agent': BROWSER },
    });
    expect(page.statusCode).toBe(200);
    return JSON.parse(/id="fw-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}') as Record<
      string,
      unknown
    >;
  };
  /** Places an order on the checkout and answers the gateway it was charged through. */
  const buy = async () => {
    const data = await checkoutData();
    const res = await t.app.inject({
      method: 'POST',
      url: '/_fw/checkout',
      headers: { host, 'content-type': 'application/json' },
      payload: {
        step_id: data.stepId,
        page_id: data.pageId,
        items: [{ product_id: shop.main.id }],
        customer: { email: 'shopper@example.test', first_name: 'Sam' },
        payment: CARD_OK,
        idempotency_key: newKey(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await api.get(`orders/${res.json().data.order_id}`);
    return order.json().data.gateway_id as number;
  };
  return { api, funnelId: funnel.id, shop, checkoutData, buy };
}

describe('the published checkout says when it takes test payments only', () => {
  it('shows the test-mode notice while only the Sandbox is connected, and not with Cash On Delivery', async () => {
    const { api, checkoutData, buy } = await publishedShop('shop-sandbox');
    expect((await checkoutData()).paymentNotice).toBe(TEST_MODE_CHECKOUT_NOTICE);
    expect(await buy()).toBe(14);

    const cod = await api.post('user-gateways', { gateway_id: 5 });
    expect(cod.json().data).toMatchObject({ status: 'connected', is_default: true });
    // The connect was an API write: the cached render of the page is not served again.
    expect((await checkoutData()).paymentNotice).toBeNull();
    expect(await buy()).toBe(5);

    const off = await api.post(`gateways/5/disconnect/${cod.json().data.id}`);
    expect(off.statusCode).toBe(200);
    expect((await checkoutData()).paymentNotice).toBe(TEST_MODE_CHECKOUT_NOTICE);
  });

  it('drops the notice once Stripe is connected as the default gateway', async () => {
    const { api, checkoutData } = await publishedShop('shop-stripe');
    expect((await checkoutData()).paymentNotice).toBe(TEST_MODE_CHECKOUT_NOTICE);
    const stripe = await api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
    });
    expect(stripe.json().data).toMatchObject({ status: 'connected', is_default: true });
    expect((await checkoutData()).paymentNotice).toBeNull();
  });

  it('names Stripe.js and the publishable key to a Stripe checkout, whose CSP allows exactly Stripe’s script and frames', async () => {
    const { api } = await publishedShop('shop-stripe-csp');
    const get = (url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'shop-stripe-csp.localhost:3000', 'user-agent': BROWSER },
      });
    const before = await get('/shop/buy');
    expect(before.headers['content-security-policy']).toBe(PAGE_CSP);
    await api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
    });
    const page = await get('/shop/buy');
    const data = JSON.parse(/id="fw-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}');
    expect(data.gateway).toEqual({
      id: 1,
      publishableKey: GOOD_PUBLISHABLE_KEY,
      scriptUrl: 'https://js.stripe.com/v3/',
      paypal: null,
    });
    expect(page.body).not.toContain(GOOD_KEY);
    expect(page.headers['content-security-policy']).toBe(
      `${PAGE_CSP}; script-src 'self' https://js.stripe.com; frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com https://player.vimeo.com; connect-src 'self' https://js.stripe.com https://api.stripe.com https://maps.googleapis.com`,
    );
    // A page without a card form keeps the open policy (the merchant's tracking codes run there).
    expect((await get('/shop/thanks')).headers['content-security-policy']).toBe(PAGE_CSP);
  });

  it('follows the page’s own payment methods before the account’s default', async () => {
    const { api, funnelId, shop, checkoutData } = await publishedShop('shop-methods');
    await api.post('user-gateways', { gateway_id: 5 });
    expect((await checkoutData()).paymentNotice).toBeNull();
    const path = `wfunnels/${funnelId}/steps/${shop.checkout.id}/pages/${shop.checkout.pages[0]?.id}`;
    const page = (await api.get(path)).json().data;
    const saved = await api.patch(path, {
      config: { ...page.config, settings: { ...page.config.settings, paymentMethods: [14] } },
      version: page.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Shoppers get the change once it is published (issue 36).
    expect((await checkoutData()).paymentNotice).toBeNull();
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);
    expect((await checkoutData()).paymentNotice).toBe(TEST_MODE_CHECKOUT_NOTICE);
  });
});
