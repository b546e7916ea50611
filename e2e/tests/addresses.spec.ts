// Issue 19, item 1: "A shopper's shipping and billing address are stored whole, shown on the order and
// the customer, and exported." A shopper buys in the seeded demo store filling the checkout's address
// fields; the merchant sees both addresses on the order and on its customer.
import { expect, test } from './fixtures.ts';
import { e2ePort, openAsDemo, shot, uniqueEmail } from './helpers.ts';

test('a shopper’s shipping address reaches the order panel whole, billing the same', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await shopper.goto(`http://demo-store.localhost:${e2ePort}/summer-sale/checkout`);
  const email = uniqueEmail('addressed');
  await shopper.getByLabel('Full name').fill('Ada Address');
  await shopper.getByLabel('Email').fill(email);
  await shopper.getByLabel('Phone').fill('+1 555 0199');
  await shopper.getByLabel('Shipping address').fill('1 Main St');
  await shopper.getByLabel('City').fill('Springfield');
  await shopper.getByLabel('Country').selectOption('US');
  await shopper.getByLabel('State').selectOption('IL');
  await shopper.getByLabel('Zip').fill('62701');
  await shopper.getByRole('button', { name: 'Go to step #2' }).click();
  await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shopper.getByLabel('Expiry date').fill('12 / 2040');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByRole('button', { name: 'Complete order' }).click();
  await expect(shopper).toHaveURL(/\/summer-sale\/upsell$/, { timeout: 20_000 });
  await context.close();

  await page.setViewportSize({ width: 1400, height: 1000 });
  await openAsDemo(page, '/orders');
  await page.getByLabel('Search orders').fill(email);
  await expect(page.getByTestId('orders-range')).toHaveText('1 - 1 from 1');
  await page.getByRole('row').filter({ hasText: 'Ada Address' }).click();
  const panel = page.getByRole('dialog', { name: /^Order #\d+$/ });
  for (const title of ['Shipping address', 'Billing address']) {
    const address = panel.getByLabel(title);
    await expect(address).toContainText('1 Main St');
    await expect(address).toContainText('Springfield, IL 62701');
    await expect(address).toContainText('United States');
  }
  await page.waitForTimeout(400); // the drawer's slide-in, for the screenshot
  await shot(page, 'order-addresses');

  // The customer holds both addresses whole too.
  await panel.getByRole('button', { name: 'Ada Address' }).click();
  const customer = page.getByRole('dialog', { name: 'Customer details' });
  await expect(customer.getByLabel('City').first()).toHaveValue('Springfield');
  await expect(customer.getByLabel('ZIP code').first()).toHaveValue('62701');
  await expect(customer.getByLabel('City').nth(1)).toHaveValue('Springfield');
  await expect(customer.getByLabel('Address').nth(1)).toHaveValue('1 Main St');
  await page.waitForTimeout(400);
  await shot(page, 'order-addresses-customer');
});
