// Issue 34 item 1: a merchant who connects Stripe sells on a published checkout, the card typed into
// Stripe's own frames (the fake Stripe.js of fake-stripe-js.fixtures.ts, served from the fake's origin),
// 3-D Secure in place, declines and failed challenges told next to the card, and a shopper who closes
// the tab right after paying still has an order (Stripe's webhook). No request to our origin carries a
// card number.
import type { Browser, Page, Request } from '@playwright/test';
import {
  type FakeStripe,
  GOOD_KEY,
  GOOD_PUBLISHABLE_KEY,
  startFakeStripe,
} from '../../apps/server/src/gateways/fake-stripe.fixtures.ts';
import { addPublishedCheckout } from '../../apps/server/src/runtime/checkout/published-checkout.fixtures.ts';
import { expect, test } from './fixtures.ts';
import {
  api,
  e2ePort,
  e2eStripePort,
  endpoints,
  fillShopperDetails,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

const CARDS = {
  succeeds: '4242 4242 4242 4242',
  challenge: '4000 0027 6000 3184',
  declined: '4000 0000 0000 0002',
  offSessionAuthentication: '4000 0025 0000 3155',
};
/** checkout.upsells.ts's words (UPSELL_NEEDS_AUTHENTICATION, UPSELL_NOT_CONFIRMED). */
const UPSELL_NEEDS_AUTHENTICATION = 'Your bank asks you to confirm this payment.';
const UPSELL_NOT_CONFIRMED =
  'The payment was not confirmed, so nothing was charged and the offer was not added to your order.';
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
/** Any of the test cards' digits, with or without spaces, anywhere in a request. */
const CARD_DIGITS = /4242\s*4242\s*4242\s*4242|4000\s*0027\s*6000\s*3184|4000\s*0000\s*0000\s*0002/;

let fakeStripe: FakeStripe;
test.beforeAll(async () => {
  fakeStripe = await startFakeStripe({ port: e2eStripePort });
});
test.afterAll(() => fakeStripe.close());

/** A shopper's browser; every request it sends to our origin is kept for inspection. */
async function shopperBrowser(browser: Browser, merchant: Page, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    viewport,
    userAgent: (await merchant.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome'),
  });
  const toUs: Request[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).port === String(e2ePort)) toUs.push(request);
  });
  return { context, shopper: await context.newPage(), toUs };
}

/** Types a card into the Stripe element's frame and places the order. */
async function payByCard(shopper: Page, number: string) {
  const card = shopper.frameLocator('iframe[name="fake-stripe-payment-element"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await shopper.getByRole('button', { name: 'Complete order' }).click();
}

test('a new merchant connects Stripe and sells: challenge passed and failed, a decline, a closed tab, no card number to us', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail('stella'),
    password: 'stella password',
    firstName: 'Stella',
    business: 'Stella Shop',
  });
  // Settings → Payment gateways: Stripe's test keys.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Payment gateways' }).click();
  const stripe = page.getByRole('region', { name: 'Stripe' });
  await stripe.getByLabel('Secret key').fill(GOOD_KEY);
  await stripe.getByLabel('Publishable key').fill(GOOD_PUBLISHABLE_KEY);
  await stripe.getByRole('button', { name: 'Connect' }).click();
  await expect(stripe.getByTestId('gateway-status')).toContainText('Default');
  await shot(page, 'checkout-stripe-connected');

  const subdomain = `stella${Date.now().toString(36)}`;
  await api(page).call(endpoints.account.createChangeSubdomain, { body: { data: { subdomain } } });
  const funnel = await api(page).call(endpoints.funnels.createFunnel, {
    body: {
      data: {
        name: 'Stars',
        path: 'stars',
        funnel_type: 1,
      },
    },
  });
  await addPublishedCheckout(api(page), funnel.id);
  const checkoutUrl = `http://${subdomain}.localhost:${e2ePort}/stars/buy`;
  const orders = async () =>
    (await api(page).call(endpoints.orders.listOrders, { query: { per_page: 100 } })).filter(
      (o) => o.gateway_id === 1,
    );

  const { context, shopper, toUs } = await shopperBrowser(browser, page);
  const email = uniqueEmail('ann');
  await shopper.goto(checkoutUrl);
  await fillShopperDetails(shopper, { name: 'Ann Buyer', email });
  // Stripe's frame takes the place of our card fields, without the Sandbox's test-mode notice.
  await expect(shopper.locator('[data-payment-form] .fw-payment-notice')).toHaveCount(0);
  await expect(shopper.getByLabel('Card number')).toBeHidden();
  const message = shopper.locator('.fw-stripe-element .fw-payment-error');

  // Declined: Stripe's message next to the card.
  await payByCard(shopper, CARDS.declined);
  await expect(message).toHaveText('Your card was declined.');
  await shot(shopper, 'checkout-stripe-declined');

  // A 3-D Secure challenge the shopper fails.
  await payByCard(shopper, CARDS.challenge);
  const challenge = shopper.frameLocator('iframe[name="stripe-challenge-frame"]');
  await expect(challenge.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible();
  await shot(shopper, 'checkout-stripe-challenge');
  await challenge.getByRole('button', { name: 'Fail' }).click();
  await expect(message).toHaveText(AUTHENTICATION_FAILED);
  await shot(shopper, 'checkout-stripe-challenge-failed');
  expect((await orders()).map((o) => o.payment_status)).toEqual(['failed', 'failed']);

  // The challenge passed: paid, and on to the upsell.
  await payByCard(shopper, CARDS.challenge);
  await challenge.getByRole('button', { name: 'Complete' }).click();
  await expect(shopper).toHaveURL(`http://${subdomain}.localhost:${e2ePort}/stars/offer`);
  await shot(shopper, 'checkout-stripe-paid-upsell');
  expect((await orders()).map((o) => o.payment_status).sort()).toEqual(['failed', 'failed', null]);

  // Every request the page sent to our origin: none carries a card number (in its address or body).
  const posted = toUs.map((r) => `${r.url()} ${r.postData() ?? ''}`);
  expect(posted.some((p) => p.includes('/_fw/checkout'))).toBe(true);
  expect(posted.filter((p) => CARD_DIGITS.test(p))).toEqual([]);
  await context.close();

  // On a phone, the shopper pays and closes the tab before the page reports the payment: the webhook.
  const phone = await shopperBrowser(browser, page, { width: 390, height: 844 });
  const closer = uniqueEmail('cleo');
  await phone.shopper.route('**/_fw/checkout/complete', (route) => route.abort());
  await phone.shopper.goto(checkoutUrl);
  await fillShopperDetails(phone.shopper, { name: 'Cleo Closer', email: closer });
  await expect(phone.shopper.locator('iframe[name="fake-stripe-payment-element"]')).toBeVisible();
  await shot(phone.shopper, 'checkout-stripe-phone');
  await payByCard(phone.shopper, CARDS.succeeds);
  await expect
    .poll(() =>
      fakeStripe.requests.some(
        (r) =>
          r.path.endsWith('/confirm') &&
          r.form.get('payment_method_data[card][number]') === '4242424242424242',
      ),
    )
    .toBe(true);
  await phone.context.close();
  await expect
    .poll(async () => (await orders()).find((o) => o.customer?.email === closer)?.payment_status, {
      timeout: 20_000,
    })
    .toBeNull();
  expect(phone.toUs.filter((r) => CARD_DIGITS.test(`${r.url()} ${r.postData() ?? ''}`))).toEqual([]);
});

test('one-click upsells on Stripe: off-session, and one the bank wants confirmed in place, on a phone too', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpThroughApi(page, {
    email: uniqueEmail('uma'),
    password: 'uma password',
    firstName: 'Uma',
    business: 'Uma Upsells',
  });
  await api(page).call(endpoints.gateways.connectGateway, {
    params: { gatewayId: 1 },
    body: {
      data: {
        credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
      },
    },
  });
  const subdomain = `uma${Date.now().toString(36)}`;
  await api(page).call(endpoints.account.createChangeSubdomain, { body: { data: { subdomain } } });
  const funnel = await api(page).call(endpoints.funnels.createFunnel, {
    body: {
      data: {
        name: 'Offers',
        path: 'offers',
        funnel_type: 1,
      },
    },
  });
  await addPublishedCheckout(api(page), funnel.id);
  const base = `http://${subdomain}.localhost:${e2ePort}/offers`;
  const orderOf = async (email: string) =>
    (await api(page).call(endpoints.orders.listOrders, { query: { per_page: 100 } })).find(
      (o) => o.customer?.email === email,
    );
  const offSessionCharges = () =>
    fakeStripe.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.form.get('off_session') === 'true',
    ).length;

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const size = viewport.width < 500 ? 'phone' : 'desktop';
    // 4242…: the saved card is charged off-session, no question asked.
    const quick = await shopperBrowser(browser, page, viewport);
    const quickEmail = uniqueEmail(`quinn-${size}`);
    await quick.shopper.goto(`${base}/buy`);
    await fillShopperDetails(quick.shopper, { name: 'Quinn Quick', email: quickEmail });
    await payByCard(quick.shopper, CARDS.succeeds);
    await expect(quick.shopper).toHaveURL(`${base}/offer`);
    const chargesBefore = offSessionCharges();
    await quick.shopper.getByText('Yes! Add this to my order').click();
    await expect(quick.shopper).toHaveURL(`${base}/thanks`);
    await shot(quick.shopper, `checkout-stripe-upsell-one-click-${size}`);
    expect(offSessionCharges() - chargesBefore).toBe(1);
    await expect.poll(async () => (await orderOf(quickEmail))?.amount).toBe(146);
    await quick.context.close();

    // 4000 0025 0000 3155: a challenge at the checkout, and the bank wants the upsell confirmed too.
    const careful = await shopperBrowser(browser, page, viewport);
    const carefulEmail = uniqueEmail(`cara-${size}`);
    await careful.shopper.goto(`${base}/buy`);
    await fillShopperDetails(careful.shopper, { name: 'Cara Careful', email: carefulEmail });
    await payByCard(careful.shopper, CARDS.offSessionAuthentication);
    const challenge = careful.shopper.frameLocator('iframe[name="stripe-challenge-frame"]');
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await expect(careful.shopper).toHaveURL(`${base}/offer`);
    await careful.shopper.getByText('Yes! Add this to my order').click();
    await expect(challenge.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible();
    await expect(careful.shopper.locator('.fw-offer-error')).toHaveText(UPSELL_NEEDS_AUTHENTICATION);
    await shot(careful.shopper, `checkout-stripe-upsell-authentication-${size}`);
    if (size === 'phone') {
      // Failed on the phone: said under the offer, nothing added; No thanks still moves on.
      await challenge.getByRole('button', { name: 'Fail' }).click();
      await expect(careful.shopper.locator('.fw-offer-error')).toHaveText(
        `${UPSELL_NOT_CONFIRMED} ${AUTHENTICATION_FAILED}`,
      );
      await shot(careful.shopper, `checkout-stripe-upsell-authentication-failed-${size}`);
      expect((await orderOf(carefulEmail))?.amount).toBe(49);
      // A second Yes charges nothing and says the same.
      const charges = offSessionCharges();
      await careful.shopper.getByText('Yes! Add this to my order').click();
      await expect(careful.shopper.locator('.fw-offer-error')).toHaveText(
        `${UPSELL_NOT_CONFIRMED} ${AUTHENTICATION_FAILED}`,
      );
      expect(offSessionCharges()).toBe(charges);
    } else {
      await challenge.getByRole('button', { name: 'Complete' }).click();
      await expect(careful.shopper).toHaveURL(`${base}/thanks`);
      await shot(careful.shopper, `checkout-stripe-upsell-authenticated-${size}`);
      await expect.poll(async () => (await orderOf(carefulEmail))?.amount).toBe(146);
    }
    expect(
      careful.toUs.filter((r) => /4000\s*0025\s*0000\s*3155/.test(`${r.url()} ${r.postData() ?? ''}`)),
    ).toEqual([]);
    await careful.context.close();
  }
});
