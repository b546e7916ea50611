// Issue 19, item 1: "A checkout made from a template cannot sell". The new merchant's journey through
// the dashboard's own screens (no API shortcuts for the products), and the seeded demo as `npm start`
// leaves it, each ending in a paid order.
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

test("a new merchant's checkout from the 'Two-step checkout' template sells the product added on its step", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('yoga'),
      password: 'yoga password',
      firstName: 'Yara',
      business: 'Yara Yoga',
    },
    '/settings/account',
  );
  const subdomain = `yara${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);

  // 'Use template' → 'Create a new funnel' from 'Two-step checkout': a funnel of one step.
  await page.goto('/get-started/templates');
  const card = page.getByRole('article', { name: 'Two-step checkout', exact: true });
  await card.getByRole('button', { name: 'Use template' }).click();
  const use = page.getByRole('dialog', { name: 'Use template' });
  await use.getByText('Create a new funnel').click();
  await use.getByLabel('Funnel name').fill('Yoga Course');
  await use.getByRole('button', { name: 'Create step' }).click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps\/\d+$/);
  const stepUrl = page.url();

  // Before a product: the merchant is warned, on the step.
  await expect(page.getByTestId('nothing-to-sell')).toBeVisible();

  // Add product on the step, in its panel.
  await page.getByRole('link', { name: 'Add product' }).click();
  const panel = page.getByRole('dialog', { name: 'New product' });
  await panel.getByLabel('Product name').fill('Yoga Course');
  await panel.getByLabel('Price').fill('49');
  await panel.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('dialog', { name: 'Product settings' })).toBeVisible();
  await page.goto(stepUrl);
  await expect(page.getByRole('row').filter({ hasText: 'Yoga Course' })).toContainText('49.00');
  await expect(page.getByTestId('nothing-to-sell')).toHaveCount(0);

  // The editor draws the product list with the step's product, not the template's placeholders.
  await page.getByRole('link', { name: 'Edit page' }).first().click();
  const canvas = page.getByTestId('canvas');
  await expect(canvas.locator('[data-product-list]')).toContainText('Yoga Course');
  await expect(canvas.locator('[data-product-list]')).not.toContainText('Complete Growth Course');
  await expect(page.getByTestId('nothing-to-sell')).toHaveCount(0);
  await shot(page, 'checkout-sells-editor');
  // Linking an entry by hand: the product settings offer the account's products by name and price.
  await canvas.locator('[data-product-list]').click();
  await page.getByRole('button', { name: 'Properties' }).click();
  await page.getByLabel('Product', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Yoga Course · $49.00' }).click();
  await expect(page.getByLabel('Product', { exact: true }).first()).toHaveValue('Yoga Course · $49.00');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await shot(page, 'checkout-sells-product-picker');

  // The merchant publishes the funnel from its overview; the published checkout is at its address.
  const funnelId = Number(/\/wfunnel\/(\d+)\//.exec(stepUrl)?.[1]);
  await publishFromOverview(page, funnelId);
  const origin = `http://${subdomain}.localhost:${e2ePort}`;
  const live = page.getByTestId('published-address').getByRole('link', { name: new RegExp(`^${origin}/`) });
  const funnelUrl = (await live.getAttribute('href')) as string;

  const { context, shopper } = await shopperPage(browser, page);
  await shopper.goto(funnelUrl);
  const list = shopper.locator('[data-product-list]');
  await expect(shopper.getByRole('radio', { name: /Yoga Course/ })).toBeChecked();
  await expect(list).toContainText('49.00');
  for (const placeholder of ['Complete Growth Course', 'Course + 1:1 coaching call', '97.00', '197.00'])
    await expect(list).not.toContainText(placeholder);
  // An order bump without a product is not shown to shoppers.
  await expect(shopper.locator('[data-order-bump]')).toHaveCount(0);
  // The State select offers the states of the chosen country (spec §3.2 options type states).
  const state = shopper.getByLabel('State');
  const offered = () => state.locator('option[data-country]:not([hidden])');
  await shopper.getByLabel('Country').selectOption({ label: 'Canada' });
  await expect(offered()).toHaveCount(13);
  await expect(offered().filter({ hasText: 'Ontario' })).toHaveCount(1);
  await shopper.getByLabel('Country').selectOption({ label: 'United States' });
  await expect(offered().filter({ hasText: 'Ontario' })).toHaveCount(0);
  await state.selectOption({ label: 'Texas' });
  await expect(state).toHaveValue('TX');
  // Romania's counties (issue 35, item 7: the region follows the country).
  await shopper.getByLabel('Country').selectOption({ label: 'Romania' });
  await expect(offered()).toHaveCount(42);
  await shopper.getByLabel('Country').selectOption({ label: 'United States' });
  await state.selectOption({ label: 'Texas' });
  const email = uniqueEmail('yogi');
  await fillShopperDetails(shopper, { name: 'Yana Yogi', email });
  const summary = shopper.locator('[data-order-summary]');
  await expect(summary.getByRole('row', { name: /Yoga Course/ })).toContainText('49.00');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('49.00');
  await shot(shopper, 'checkout-sells-step-2');
  // Empty card fields: the card number's required message beside it (issue 36 §6), nothing posted.
  await shopper.getByRole('button', { name: 'Complete order' }).click();
  const number = shopper.locator('.fw-card-field').filter({ has: shopper.getByLabel('Card number') });
  await expect(number.getByRole('alert')).toHaveText('Your card number is incomplete.');
  // A mistyped number says the number is wrong (Stripe's words, checked in the browser), not 'declined'.
  await shopper.getByLabel('Card number').fill('4242 4242 4242 4241');
  await shopper.getByLabel('Expiry date').fill('12 / 2040');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByRole('button', { name: 'Complete order' }).click();
  await expect(number.getByRole('alert')).toHaveText('Your card number is incorrect.');
  // A bad expiry: the shopper reads the human text next to the field, never the API's field path.
  await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shopper.getByLabel('Expiry date').fill('13 / 2040');
  await shopper.getByRole('button', { name: 'Complete order' }).click();
  const expiry = shopper.locator('.fw-card-field').filter({ has: shopper.getByLabel('Expiry date') });
  await expect(expiry.getByRole('alert')).toHaveText("Your card's expiration month is invalid.");
  await expect(shopper.getByText(/payment\.exp_month/)).toHaveCount(0);
  await shot(shopper, 'checkout-sells-bad-expiry');
  await payWithSandboxCard(shopper);

  // The funnel's last step: the built-in confirmation.
  await expect(shopper).toHaveURL(`${origin}/_fw/thank-you`, { timeout: 20_000 });
  await expect(shopper.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(shopper.getByRole('row', { name: /Yoga Course/ })).toContainText('$49.00');
  await shot(shopper, 'checkout-sells-thank-you');
  await context.close();

  // The merchant sees the paid order.
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill(email);
  await expect(page.getByTestId('orders-range')).toHaveText('1 - 1 from 1');
  await expect(page.getByRole('row').filter({ hasText: 'Yana Yogi' })).toContainText('$49.00');
});

test('the seeded demo store sells as `npm start` leaves it: checkout, order bump and upsell', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const origin = `http://demo-store.localhost:${e2ePort}`;
  const { context, shopper } = await shopperPage(browser, page);
  await shopper.goto(`${origin}/summer-sale/checkout`);
  await expect(shopper.getByRole('radio', { name: /Complete Growth Course/ })).toBeChecked();
  await expect(shopper.locator('[data-product-list]')).toContainText('$97.00');
  const email = uniqueEmail('demo-buyer');
  await fillShopperDetails(shopper, { name: 'Yana Yogi', email });
  const bump = shopper.getByRole('checkbox', { name: /Swipe File/ });
  if (!(await bump.isChecked())) await bump.check();
  const summary = shopper.locator('[data-order-summary]');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$114.00');
  await payWithSandboxCard(shopper);
  await expect(shopper).toHaveURL(`${origin}/summer-sale/upsell`, { timeout: 20_000 });
  await shopper.getByRole('button', { name: /Yes! Add this to my order/ }).click();
  await expect(shopper).toHaveURL(`${origin}/summer-sale/thank-you`, { timeout: 20_000 });
  const receipt = shopper.locator('[data-order-summary]');
  await expect(receipt.getByRole('row', { name: /Funnel Template Pack/ })).toContainText('$37.00');
  await expect(receipt.getByRole('row', { name: /^Total/ })).toContainText('$151.00');
  await shot(shopper, 'demo-store-thank-you');
  await context.close();
});
