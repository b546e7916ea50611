// Issue 35, item 3: "The price shown is the price charged. A product with variants (Small $24.99, Large
// $34.50) showed 'Lavender candle · 1 pcs · 24.99' … and was charged $34.50 for 'Large'." A new merchant
// makes the product and its checkout in the dashboard; shoppers (desktop and 390×844) choose Large, see
// '$34.50' in the list and the summary, pay it, and the merchant's order says $34.50 for Large.
// Item 7: the region field follows the chosen country, on the checkout form and in the customer panel.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  chooseSubdomain,
  e2ePort,
  fillShopperDetails,
  payWithSandboxCard,
  publishFromOverview,
  shopperPage,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

/**
 * The checkout form's State field follows the chosen country: free text for the United Kingdom, the
 * counties for Romania, the states for the United States; then the shopper's own country and region.
 */
async function chooseRegion(shopper: Page, address: 'Romania' | 'United States') {
  const country = shopper.getByLabel('Country');
  const region = shopper.getByLabel('State');
  await country.selectOption({ label: 'United Kingdom' });
  await expect(region).toHaveRole('textbox');
  await region.fill('Greater London');
  await country.selectOption({ label: 'Romania' });
  await expect(region).toHaveRole('combobox');
  await expect(region.locator('option:not([hidden])').filter({ hasText: 'Alabama' })).toHaveCount(0);
  await region.selectOption({ label: 'Cluj' });
  await expect(region).toHaveValue('CJ');
  await country.selectOption({ label: 'United States' });
  await expect(region).toHaveValue('');
  await region.selectOption({ label: 'Texas' });
  await expect(region).toHaveValue('TX');
  if (address === 'Romania') {
    await country.selectOption({ label: 'Romania' });
    await region.selectOption({ label: 'Cluj' });
  }
}

/** A shopper on their own device chooses Large, sees its price everywhere, and pays it. */
async function buyLarge(
  browser: Browser,
  merchant: Page,
  funnelUrl: string,
  viewport: { width: number; height: number },
  name: string,
  address: 'Romania' | 'United States',
) {
  const { context, shopper } = await shopperPage(browser, merchant);
  await shopper.setViewportSize(viewport);
  await shopper.goto(funnelUrl);
  const list = shopper.locator('[data-product-list]');
  const option = list.getByRole('combobox', { name: 'Lavender candle option' });
  // The variant first offered is chosen, and its price (with the symbol) is the one shown.
  await expect(option).toHaveValue(
    (await option.locator('option', { hasText: 'Small' }).getAttribute('value')) ?? '',
  );
  await expect(list.locator('.fw-product-price')).toHaveText('$24.99');
  await option.selectOption({ label: 'Large' });
  await expect(list.locator('.fw-product-price')).toHaveText('$34.50');
  const tag = viewport.width < 700 ? 'mobile' : 'desktop';
  await shot(shopper, `checkout-variants-large-${tag}`);
  await chooseRegion(shopper, address);
  const email = uniqueEmail(`candle-${tag}`);
  await fillShopperDetails(shopper, { name, email });
  // Step 2's order summary: the line the shopper chose, and a total that is its sum.
  const summary = shopper.locator('[data-order-summary]');
  await expect(summary.getByRole('row', { name: /Lavender candle \(Large\)/ })).toContainText('$34.50');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$34.50');
  await shot(shopper, `checkout-variants-summary-${tag}`);
  await payWithSandboxCard(shopper);
  const origin = new URL(funnelUrl).origin;
  await expect(shopper).toHaveURL(`${origin}/_fw/thank-you`, { timeout: 20_000 });
  await expect(shopper.getByRole('row', { name: /Lavender candle/ })).toContainText('$34.50');
  await shot(shopper, `checkout-variants-thank-you-${tag}`);
  await context.close();
  return email;
}

test('a new merchant’s variant product: the shopper chooses Large, sees $34.50 and pays $34.50', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('candles'),
      password: 'candle password',
      firstName: 'Cara',
      business: 'Cara Candles',
    },
    '/settings/account',
  );
  const subdomain = `cara${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);

  await page.goto('/get-started/templates');
  const card = page.getByRole('article', { name: 'Two-step checkout', exact: true });
  await card.getByRole('button', { name: 'Use template' }).click();
  const use = page.getByRole('dialog', { name: 'Use template' });
  await use.getByText('Create a new funnel').click();
  await use.getByLabel('Funnel name').fill('Candles');
  await use.getByRole('button', { name: 'Create step' }).click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps\/\d+$/);
  const stepUrl = page.url();

  // The product and its two variants, in the product's panel.
  await page.getByRole('link', { name: 'Add product' }).click();
  const panel = page.getByRole('dialog', { name: 'New product' });
  await panel.getByLabel('Product name').fill('Lavender candle');
  await panel.getByLabel('Price').fill('24.99');
  await panel.getByRole('button', { name: 'Create product' }).click();
  const settings = page.getByRole('dialog', { name: 'Product settings' });
  const variants = settings.getByRole('table', { name: 'Variants' });
  for (const [name, price] of [
    ['Small', '24.99'],
    ['Large', '34.50'],
  ] as const) {
    await settings.getByLabel('Variant name').fill(name);
    await settings.getByLabel('Variant price').fill(price);
    await settings.getByRole('button', { name: 'Add variant' }).click();
    await expect(variants.getByRole('row', { name: new RegExp(name) })).toContainText(price);
  }
  await page.goto(stepUrl);

  // The editor canvas draws the list as the shopper will see it: the variants to choose from.
  await page.getByRole('link', { name: 'Edit page' }).first().click();
  const canvas = page.getByTestId('canvas');
  await expect(canvas.getByRole('combobox', { name: 'Lavender candle option' })).toContainText('Large');
  await expect(canvas.locator('.fw-product-price')).toHaveText('$24.99');

  const funnelId = Number(/\/wfunnel\/(\d+)\//.exec(stepUrl)?.[1]);
  await publishFromOverview(page, funnelId);
  const origin = `http://${subdomain}.localhost:${e2ePort}`;
  const live = page.getByTestId('published-address').getByRole('link', { name: new RegExp(`^${origin}/`) });
  const funnelUrl = (await live.getAttribute('href')) as string;

  const emails = [
    await buyLarge(browser, page, funnelUrl, { width: 1280, height: 900 }, 'Lena Large', 'Romania'),
    await buyLarge(browser, page, funnelUrl, { width: 390, height: 844 }, 'Mia Mobile', 'United States'),
  ];

  // The merchant's orders: $34.50 each, for Large.
  for (const [email, name] of [
    [emails[1], 'Mia Mobile'],
    [emails[0], 'Lena Large'],
  ] as const) {
    await page.goto('/orders');
    await page.getByLabel('Search orders').fill(email as string);
    await expect(page.getByTestId('orders-range')).toHaveText('1 - 1 from 1');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$34.50');
    await row.click();
    const order = page.getByRole('dialog', { name: /^Order #\d+$/ });
    await expect(order.getByTestId('order-summary')).toContainText('Lavender candle');
    await expect(order.getByTestId('order-summary')).toContainText('Large');
    await expect(order.getByTestId('order-summary')).toContainText('$34.50');
    await page.keyboard.press('Escape');
  }
  await page.getByRole('row').filter({ hasText: 'Lena Large' }).click();
  const order = page.getByRole('dialog', { name: /^Order #\d+$/ });
  await expect(order.getByLabel('Shipping address')).toContainText('Romania');
  await page.waitForTimeout(400); // the drawer's slide-in, for the screenshot
  await shot(page, 'checkout-variants-order');

  // The customer panel's region follows its country too: Romania's counties, free text for the United
  // Kingdom, the states again for the United States.
  await order.getByRole('button', { name: 'Lena Large' }).click();
  const customer = page.getByRole('dialog', { name: 'Customer details' });
  await expect(customer.getByRole('combobox', { name: 'County' }).first()).toHaveValue('Cluj');
  const countryOf = customer.getByRole('combobox', { name: 'Country' }).first();
  const chooseCountry = async (name: string) => {
    await countryOf.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  };
  await chooseCountry('United Kingdom');
  const region = customer.getByRole('textbox', { name: 'Region' }).first();
  await expect(region).toBeVisible();
  await expect(region).toHaveValue('');
  await region.fill('Greater London');
  await chooseCountry('Romania');
  await expect(customer.getByRole('combobox', { name: 'County' }).first()).toBeVisible();
  await chooseCountry('United States');
  const state = customer.getByRole('combobox', { name: 'State' }).first();
  await state.click();
  await expect(page.getByRole('option', { name: 'Alabama' })).toBeVisible();
  await page.getByRole('option', { name: 'Texas' }).click();
  await expect(state).toHaveValue('Texas');
  await shot(page, 'checkout-variants-customer-region');
  await customer.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Customer saved')).toBeVisible();
});
