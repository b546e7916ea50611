// Issue 35, items 1 and 2, on the seeded demo's summer sale: Back after paying never charges twice,
// and a field the server refuses is never refused silently. On desktop and at 390×844.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  api,
  e2ePort,
  endpoints,
  fillShopperDetails,
  openAsDemo,
  payWithSandboxCard,
  shopperPage,
  shot,
  uniqueEmail,
} from './helpers.ts';

const origin = `http://demo-store.localhost:${e2ePort}`;
const checkoutUrl = `${origin}/summer-sale/checkout`;
const upsellUrl = `${origin}/summer-sale/upsell`;

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

/** The demo account's orders of one shopper, as the orders list finds them. */
const ordersOf = (merchant: Page, email: string) =>
  api(merchant).call(endpoints.orders.listOrders, { query: { query: email } });

/** The checkout as a browser that bought on it sees it: the order, a way on, no form to submit. */
async function expectOrderPlaced(shopper: Page, orderNumber: string) {
  const placed = shopper.getByRole('status').filter({ hasText: 'is placed' });
  await expect(placed).toContainText(`Your order #${orderNumber} is placed.`);
  await expect(placed.getByRole('link', { name: 'Continue with your order' })).toHaveAttribute(
    'href',
    /\/summer-sale\/upsell$/,
  );
  await expect(placed.getByRole('button', { name: 'Buy again' })).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Complete order' })).toBeHidden();
  await expect(shopper.getByRole('button', { name: 'Go to step #2' })).toBeHidden();
}

for (const { name, size } of VIEWPORTS) {
  test(`a shopper who goes back after paying sees the order placed and buys again only on purpose (${name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openAsDemo(page, '/orders');
    const { context, shopper } = await shopperPage(browser, page);
    await shopper.setViewportSize(size);
    const email = uniqueEmail(`back-${name}`);
    await shopper.goto(checkoutUrl);
    await fillShopperDetails(shopper, { name: 'Bea Back', email });
    await payWithSandboxCard(shopper);
    await expect(shopper).toHaveURL(upsellUrl, { timeout: 20_000 });
    const [order] = await ordersOf(page, email);
    const orderNumber = order?.order_number as string;
    expect(orderNumber).toBeTruthy();

    // Back from the upsell: the order, not a form filled in and ready to charge again.
    await shopper.goBack();
    await expect(shopper).toHaveURL(checkoutUrl);
    await expectOrderPlaced(shopper, orderNumber);
    await shot(shopper, `checkout-trust-back-${name}`);
    // A refresh, and a second tab on the same checkout.
    await shopper.reload();
    await expectOrderPlaced(shopper, orderNumber);
    const tab = await context.newPage();
    await tab.setViewportSize(size);
    await tab.goto(checkoutUrl);
    await expectOrderPlaced(tab, orderNumber);
    expect(await ordersOf(page, email)).toHaveLength(1);

    // Onward from the notice: the funnel's next step.
    await shopper.getByRole('link', { name: 'Continue with your order' }).click();
    await expect(shopper).toHaveURL(upsellUrl);

    // A second purchase is the shopper's explicit choice, with a form of its own.
    await tab.getByRole('button', { name: 'Buy again' }).click();
    await expect(tab.getByRole('status').filter({ hasText: 'is placed' })).toHaveCount(0);
    await fillShopperDetails(tab, { name: 'Bea Back', email });
    await payWithSandboxCard(tab);
    await expect(tab).toHaveURL(upsellUrl, { timeout: 20_000 });
    const both = await ordersOf(page, email);
    expect(both).toHaveLength(2);
    expect(both.map((o) => o.order_number)).toContain(orderNumber);
    await context.close();
  });

  test(`a mistyped e-mail or a refused field is shown on its field and step (${name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, shopper } = await shopperPage(browser, page);
    await shopper.setViewportSize(size);
    await shopper.goto(checkoutUrl);
    await fillShopperDetails(shopper, { name: 'Tia Typo', email: 'not-an-email' });
    const emailField = shopper.locator('.fw-field').filter({ has: shopper.getByLabel('Email') });
    await expect(emailField.getByRole('alert')).toHaveText('Enter a valid e-mail address');
    await expect(shopper.getByLabel('Email')).toBeFocused();
    await expect(shopper.getByLabel('Card number')).toBeHidden();
    await shot(shopper, `checkout-trust-bad-email-${name}`);

    // Corrected: on to step 2. A refusal only the server makes (here a name longer than the server
    // keeps, sent past the page's own check) comes back to the field on step 1.
    await shopper.getByLabel('Email').fill(uniqueEmail(`typo-${name}`));
    await expect(emailField.getByRole('alert')).toHaveCount(0);
    await shopper.getByRole('button', { name: 'Go to step #2' }).click();
    await expect(shopper.getByLabel('Card number')).toBeVisible();
    await shopper.route('**/_fw/checkout', async (route) => {
      const body = route.request().postDataJSON();
      body.customer.first_name = 'T'.repeat(256);
      await route.continue({ postData: JSON.stringify(body) });
    });
    const refused = shopper.waitForResponse((r) => r.url().endsWith('/_fw/checkout'));
    await payWithSandboxCard(shopper);
    expect((await refused).status()).toBe(400);
    const nameField = shopper.locator('.fw-field').filter({ has: shopper.getByLabel('Full name') });
    await expect(nameField.getByRole('alert')).toHaveText('Use at most 255 characters');
    await expect(shopper.getByLabel('Full name')).toBeFocused();
    await expect(shopper.getByLabel('Card number')).toBeHidden();
    await shot(shopper, `checkout-trust-server-refusal-${name}`);
    await context.close();
  });
}
