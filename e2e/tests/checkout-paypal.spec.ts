// Issue 34 item 6: a merchant who connects PayPal sells on a published checkout. PayPal's buttons come
// from its JS SDK (the fake of fake-paypal.fixtures.ts, served from the fake's origin); the checkout
// creates the PayPal order for the cart the server prices, the shopper approves it in PayPal's window,
// and the server captures it. A shopper who cancels pays nothing; the order is refunded through the
// capture from the orders screen. No request to our origin carries payment details.
import type { Browser, Locator, Page, Request } from '@playwright/test';
import {
  type FakePayPal,
  GOOD_CLIENT_ID,
  GOOD_CLIENT_SECRET,
  startFakePayPal,
} from '../../apps/server/src/gateways/fake-paypal.fixtures.ts';
import { addPublishedCheckout } from '../../apps/server/src/runtime/checkout/published-checkout.fixtures.ts';
import { expect, test } from './fixtures.ts';
import {
  api,
  e2ePayPalPort,
  e2ePort,
  endpoints,
  fillShopperDetails,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

let fakePayPal: FakePayPal;
test.beforeAll(async () => {
  fakePayPal = await startFakePayPal({ port: e2ePayPalPort });
});
test.afterAll(() => fakePayPal.close());

/** Card digits or a PayPal secret, anywhere in a request. */
const PAYMENT_DETAILS = /\d{4}\s*\d{4}\s*\d{4}\s*\d{4}|client_secret"|EL1tVxAjhT7/;

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

/** Presses the PayPal button: PayPal's window opens, as a popup of the checkout. */
async function payPalWindow(shopper: Page, button: Locator): Promise<Page> {
  const opened = shopper.waitForEvent('popup');
  await button.click();
  return opened;
}

/** The signed-in merchant's PayPal shop: a subdomain and a published checkout funnel at /waves. */
async function payPalShop(page: Page, name: string) {
  const subdomain = `${name}${Date.now().toString(36)}`;
  await api(page).call(endpoints.account.createChangeSubdomain, { body: { data: { subdomain } } });
  const funnel = await api(page).call(endpoints.funnels.createFunnel, {
    body: { data: { name: 'Waves', path: 'waves', funnel_type: 1 } },
  });
  await addPublishedCheckout(api(page), funnel.id);
  /** The account's PayPal orders (gateway 18), newest first. */
  const orders = async () =>
    (await api(page).call(endpoints.orders.listOrders, { query: { per_page: 100 } })).filter(
      (o) => o.gateway_id === 18,
    );
  return { origin: `http://${subdomain}.localhost:${e2ePort}`, orders };
}

test('a new merchant connects PayPal and sells: a cancel pays nothing, an approval pays, a refund, at 390 px too', async ({
  page,
  browser,
}) => {
  // Two shoppers, a refund and the dashboard: minutes on a loaded machine.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail('pablo'),
    password: 'pablo password',
    firstName: 'Pablo',
    business: 'Pablo Shop',
  });
  // Settings → Payment gateways: a wrong pair is refused by PayPal, then the sandbox pair connects.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Payment gateways' }).click();
  const paypal = page.getByRole('region', { name: 'PayPal Card Payments' });
  await paypal.getByLabel('Client ID').fill(GOOD_CLIENT_ID);
  await paypal.getByLabel('Secret').fill('EWrongSecretWrongSecretWrong');
  await paypal.getByRole('button', { name: 'Connect' }).click();
  await expect(
    paypal.getByText('PayPal refused the client ID and secret: Client Authentication failed'),
  ).toBeVisible();
  await shot(page, 'checkout-paypal-wrong-secret');
  await paypal.getByLabel('Secret').fill(GOOD_CLIENT_SECRET);
  await paypal.getByRole('button', { name: 'Connect' }).click();
  await expect(paypal.getByTestId('gateway-status')).toContainText('Default');
  await shot(page, 'checkout-paypal-connected');

  const { origin, orders } = await payPalShop(page, 'pablo');

  const { context, shopper, toUs } = await shopperBrowser(browser, page);
  const email = uniqueEmail('pia');
  await shopper.goto(`${origin}/waves/buy`);
  await fillShopperDetails(shopper, { name: 'Pia Payer', email });
  // PayPal alone: its button in place of the card fields and the order button, no test-mode notice.
  const payPalButton = shopper.getByRole('button', { name: 'PayPal' });
  await expect(payPalButton).toBeVisible();
  await expect(shopper.getByLabel('Card number')).toBeHidden();
  await expect(shopper.getByRole('button', { name: 'Complete order' })).toBeHidden();
  await expect(shopper.locator('[data-payment-form] .fw-payment-notice')).toHaveCount(0);
  await shot(shopper, 'checkout-paypal-button');

  // The shopper opens PayPal's window and cancels: nothing is paid, and they are told so.
  let approval = await payPalWindow(shopper, payPalButton);
  await expect(approval.getByText('Pay 49.00 USD')).toBeVisible();
  await shot(approval, 'checkout-paypal-approval');
  await approval.getByRole('button', { name: 'Cancel and return to store' }).click();
  // PayPal's window closes once the shopper has chosen.
  await expect.poll(() => approval.isClosed()).toBe(true);
  await expect(shopper.locator('[data-payment-form] .fw-payment-error')).toHaveText(
    'You cancelled the payment. Nothing was charged.',
  );
  await shot(shopper, 'checkout-paypal-cancelled');
  expect((await orders()).map((o) => o.payment_status)).toEqual(['failed']);

  // A shopper who closes PayPal's window has cancelled too; the order stays unpaid.
  approval = await payPalWindow(shopper, payPalButton);
  await expect(approval.getByText('Pay 49.00 USD')).toBeVisible();
  const completes = () => toUs.filter((r) => r.url().endsWith('/_fw/checkout/complete')).length;
  const completed = completes();
  await approval.close({ runBeforeUnload: true });
  await expect.poll(completes).toBe(completed + 1);
  await expect(shopper.locator('[data-payment-form] .fw-payment-error')).toHaveText(
    'You cancelled the payment. Nothing was charged.',
  );
  expect((await orders()).map((o) => o.payment_status)).toEqual(['failed', 'failed']);

  // Again, approved: captured, paid, on to the upsell and, declined, the thank-you page.
  approval = await payPalWindow(shopper, payPalButton);
  await approval.getByRole('button', { name: 'Pay now' }).click();
  await expect(shopper).toHaveURL(`${origin}/waves/offer`);
  await shopper.getByText('No thanks, I will build my pages from scratch').click();
  await expect(shopper).toHaveURL(`${origin}/waves/thanks`);
  await shot(shopper, 'checkout-paypal-thank-you');
  const paid = (await orders()).find((o) => o.payment_status === null);
  expect(paid?.customer?.email).toBe(email);
  const captured = [...fakePayPal.orders.values()].filter((o) => o.status === 'COMPLETED');
  expect(captured.map((o) => o.amount)).toEqual([{ currency_code: 'USD', value: '49.00' }]);

  // Every request the page sent to our origin: none carries card digits or a secret, and none an amount.
  const posted = toUs.filter((r) => r.method() === 'POST').map((r) => `${r.url()} ${r.postData() ?? ''}`);
  expect(posted.some((p) => p.includes('/_fw/checkout/complete'))).toBe(true);
  expect(posted.filter((p) => PAYMENT_DETAILS.test(p))).toEqual([]);
  expect(posted.filter((p) => p.includes('/_fw/checkout ') && /"(amount|total|price)"/.test(p))).toEqual([]);
  await context.close();

  // The orders screen names PayPal, and the order is refunded through PayPal's capture.
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill(paid?.order_number ?? '');
  await expect(page.getByTestId('orders-range')).toHaveText('1 - 1 from 1');
  await page
    .getByRole('row')
    .filter({ hasText: `#${paid?.order_number}` })
    .click();
  const panel = page.getByRole('dialog', { name: `Order #${paid?.order_number}` });
  await expect(panel.getByText('PayPal Card Payments').first()).toBeVisible();
  await shot(page, 'checkout-paypal-order');
  await panel.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund order #${paid?.order_number}` });
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('alert').getByText('Order refunded', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('order-status-tags')).toContainText('Refunded');
  expect(fakePayPal.refunds.map((r) => r.amount)).toEqual([{ currency_code: 'USD', value: '49.00' }]);
  await shot(page, 'checkout-paypal-refunded');

  // On a phone: the button fits and pays.
  const phone = await shopperBrowser(browser, page, { width: 390, height: 844 });
  await phone.shopper.goto(`${origin}/waves/buy`);
  await fillShopperDetails(phone.shopper, { name: 'Phil Phone', email: uniqueEmail('phil') });
  const phoneButton = phone.shopper.getByRole('button', { name: 'PayPal' });
  await expect(phoneButton).toBeVisible();
  const box = await phoneButton.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
  await shot(phone.shopper, 'checkout-paypal-phone');
  await (await payPalWindow(phone.shopper, phoneButton)).getByRole('button', { name: 'Pay now' }).click();
  await expect(phone.shopper).toHaveURL(`${origin}/waves/offer`);
  await shot(phone.shopper, 'checkout-paypal-phone-paid');
  expect(phone.toUs.filter((r) => PAYMENT_DETAILS.test(`${r.url()} ${r.postData() ?? ''}`))).toEqual([]);
  await phone.context.close();
});

test('a shopper who reloads with PayPal open, then pays and goes back, is charged once, at 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpThroughApi(page, {
    email: uniqueEmail('rhea'),
    password: 'rhea password',
    firstName: 'Rhea',
    business: 'Rhea Reloads',
  });
  await api(page).call(endpoints.gateways.connectGateway, {
    params: { gatewayId: 18 },
    body: { data: { credentials: { client_id: GOOD_CLIENT_ID, client_secret: GOOD_CLIENT_SECRET } } },
  });
  const { origin, orders } = await payPalShop(page, 'rhea');
  // PayPal's orders of this shop: the fake keeps the other test's too.
  const earlier = new Set(fakePayPal.orders.keys());
  const captures = () =>
    [...fakePayPal.orders.entries()]
      .filter(([id, order]) => !earlier.has(id) && order.status === 'COMPLETED')
      .map(([, order]) => order.amount);
  const checkout = `${origin}/waves/buy`;
  const { context, shopper, toUs } = await shopperBrowser(browser, page, { width: 390, height: 844 });
  const email = uniqueEmail('remy');
  await shopper.goto(checkout);
  await fillShopperDetails(shopper, { name: 'Remy Reload', email });
  const payPalButton = shopper.getByRole('button', { name: 'PayPal' });

  // PayPal's window is open when the shopper reloads the checkout: the window goes with the page, as
  // with PayPal's own SDK, and nothing is charged.
  const approval = await payPalWindow(shopper, payPalButton);
  await expect(approval.getByText('Pay 49.00 USD')).toBeVisible();
  await shopper.reload();
  await expect.poll(() => approval.isClosed()).toBe(true);
  expect(captures()).toEqual([]);
  expect((await orders()).filter((o) => o.payment_status === null)).toEqual([]);

  // The reloaded checkout sells as before: approved, captured once, on to the offer.
  await fillShopperDetails(shopper, { name: 'Remy Reload', email });
  await (await payPalWindow(shopper, payPalButton)).getByRole('button', { name: 'Pay now' }).click();
  await expect(shopper).toHaveURL(`${origin}/waves/offer`);
  const paid = (await orders()).filter((o) => o.payment_status === null);
  expect(paid.map((o) => o.customer?.email)).toEqual([email]);
  const orderNumber = paid[0]?.order_number as string;

  // Back from the offer: the placed order, with no PayPal button to press by mistake; a refresh too.
  await shopper.goBack();
  await expect(shopper).toHaveURL(checkout);
  for (const pass of ['back', 'refresh']) {
    const placed = shopper.getByRole('status').filter({ hasText: 'is placed' });
    await expect(placed).toContainText(`Your order #${orderNumber} is placed.`);
    await expect(placed.getByRole('link', { name: 'Continue with your order' })).toHaveAttribute(
      'href',
      /\/waves\/offer$/,
    );
    await expect(payPalButton).toBeHidden();
    if (pass === 'back') {
      await shot(shopper, 'checkout-paypal-back-after-paying');
      await shopper.reload();
    }
  }
  expect(captures()).toEqual([{ currency_code: 'USD', value: '49.00' }]);
  expect((await orders()).filter((o) => o.payment_status === null)).toHaveLength(1);
  expect(toUs.filter((r) => PAYMENT_DETAILS.test(`${r.url()} ${r.postData() ?? ''}`))).toEqual([]);
  await context.close();
});
