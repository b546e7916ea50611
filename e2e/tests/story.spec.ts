import { addPublishedCheckout } from '../../apps/server/src/runtime/checkout/published-checkout.fixtures.ts';
import { expect, test } from './fixtures.ts';
import {
  api,
  chooseSubdomain,
  closeWelcome,
  e2ePort,
  endpoints,
  shot,
  signUp,
  uniqueEmail,
} from './helpers.ts';

test('the whole story: a merchant publishes a funnel, a shopper buys with the order bump and takes the upsell, the merchant sees and refunds the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The merchant: account, subdomain, a funnel made in the dashboard.
  await signUp(page, {
    email: uniqueEmail('story'),
    password: 'story password',
    firstName: 'Mia',
    business: 'Mia Courses',
  });
  await closeWelcome(page);
  const subdomain = `mia${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);
  await page.goto('/funnels');
  await page.getByRole('button', { name: 'Add funnel' }).first().click();
  const popup = page.getByRole('dialog', { name: 'Add funnel' });
  await popup.getByLabel('Funnel name').fill('Course launch');
  await popup.getByText('Funnelwork funnel', { exact: true }).click();
  await popup.getByRole('button', { name: 'Create funnel' }).click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps/);
  const funnelId = Number(/\/wfunnel\/(\d+)\//.exec(page.url())?.[1]);

  // Steps from the built-in templates (the Add step popup is covered by funnels.spec.ts), then
  // products and the page's product links. The editor's path to those (product panel, product list
  // entries, order bump, yes-link product) is long and covered by page-editor.spec.ts, so the
  // merchant's editor work goes through the same API the editor saves with. The products carry the
  // names and prices the templates' copy already shows, so the page says what the shopper pays.
  const products = await addPublishedCheckout(api(page), funnelId, {
    main: { name: 'Complete Growth Course', price: 97 },
    bump: { name: 'Swipe File', price: 17 },
    offer: { name: 'Funnel Template Pack', price: 37 },
  });

  // Published: the overview shows the live address the server answers.
  const origin = `http://${subdomain}.localhost:${e2ePort}`;
  await page.goto(`/wfunnel/${funnelId}/overview`);
  const live = page.getByTestId('published-address').getByRole('link', { name: `${origin}/course-launch` });
  await expect(live).toBeVisible();
  const funnelUrl = (await live.getAttribute('href')) as string;
  await shot(page, 'story-published');

  // The shopper, in a browser context of their own, opens the funnel by its subdomain.
  // Page views skip bots, and headless Chromium names itself HeadlessChrome (isbot): the shopper's
  // browser says what a person's Chrome says.
  const shopperContext = await browser.newContext({
    userAgent: (await page.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome'),
  });
  const shopper = await shopperContext.newPage();
  await shopper.goto(funnelUrl);
  await expect(shopper).toHaveURL(`${origin}/course-launch`);
  await expect(shopper.getByRole('heading', { name: 'The Complete Growth Course' })).toBeVisible();
  // Step 1 of the two-step form: the product and the shopper's details.
  await expect(shopper.getByRole('radio', { name: /Complete Growth Course/ })).toBeChecked();
  await expect(shopper.locator('[data-product-list]')).toContainText('$97.00');
  const buyerEmail = uniqueEmail('buyer');
  await shopper.getByLabel('Full name').fill('Ben Buyer');
  await shopper.getByLabel('Email').fill(buyerEmail);
  await shopper.getByLabel('Phone').fill('+1 555 0100');
  await shot(shopper, 'story-checkout-details');
  await shopper.getByRole('button', { name: 'Go to step #2' }).click();
  // Step 2: the order summary, the order bump and the Sandbox test card.
  const summary = shopper.locator('[data-order-summary]');
  await expect(summary.getByRole('row', { name: /Complete Growth Course/ })).toContainText('$97.00');
  const bump = shopper.getByRole('checkbox', { name: /Swipe File/ });
  if (!(await bump.isChecked())) await bump.check();
  await expect(summary.getByRole('row', { name: /Swipe File/ })).toContainText('$17.00');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$114.00');
  await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shopper.getByLabel('Expiry date').fill('12 / 2040');
  await shopper.getByLabel('CVC').fill('123');
  await shot(shopper, 'story-checkout');
  await shopper.getByRole('button', { name: 'Complete order' }).click();

  // The one-click upsell: no card again.
  await expect(shopper).toHaveURL(`${origin}/course-launch/offer`, { timeout: 20_000 });
  await expect(shopper.getByText('Today only $37.00')).toBeVisible();
  await shot(shopper, 'story-upsell');
  await shopper.getByRole('button', { name: /Yes! Add this to my order/ }).click();
  await expect(shopper).toHaveURL(`${origin}/course-launch/thanks`, { timeout: 20_000 });
  // The thank-you page's summary shows the order as it was charged.
  const receipt = shopper.locator('[data-order-summary]');
  await expect(receipt.getByRole('row', { name: /Funnel Template Pack/ })).toContainText('$37.00');
  await expect(receipt.getByRole('row', { name: /Swipe File/ })).toContainText('$17.00');
  await expect(receipt.getByRole('row', { name: /^Total/ })).toContainText('$151.00');
  await shot(shopper, 'story-thanks');
  await shopperContext.close();

  // The funnel's overview counts the sale and the shopper's visit.
  await page.goto(`/wfunnel/${funnelId}/overview`);
  const stat = (label: string) => page.getByText(label, { exact: true }).locator('..').locator('p').last();
  await expect(stat('Revenue')).toHaveText('$151.00');
  await expect(stat('Unique orders')).toHaveText('1');
  await expect(stat('Unique visits')).toHaveText('1');

  // The products had no pictures when they were bought; the merchant gives the course one now. The
  // order summary asks the product images call for the items without a picture of their own.
  const picture = '/templates/checkout-two-step.png';
  await api(page).call(endpoints.store.updateProduct, {
    params: { id: products.main.id },
    body: { data: { images: [picture] } },
  });
  const imageCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/product-images')) imageCalls.push(request.url());
  });

  // The merchant finds the order with all three items.
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill(buyerEmail);
  await expect(page.getByTestId('orders-range')).toHaveText('1 - 1 from 1');
  const row = page.getByRole('row').filter({ hasText: 'Ben Buyer' });
  await expect(row).toContainText('$151.00');
  await row.click();
  const panel = page.getByRole('dialog', { name: /^Order #\d+$/ });
  await expect(panel).toBeVisible();
  const items = panel.getByTestId('order-summary');
  for (const [name, price] of [
    ['Complete Growth Course', '$97.00'],
    ['Swipe File', '$17.00'],
    ['Funnel Template Pack', '$37.00'],
  ] as const)
    await expect(items.locator(':scope > div').filter({ hasText: name })).toContainText(price);
  await expect(panel.getByTestId('order-total')).toHaveText('$151.00');
  // "wfunnel product images call, ids joined by a vertical bar": the three products, each once.
  await expect(
    items.locator(':scope > div').filter({ hasText: 'Complete Growth Course' }).locator('img'),
  ).toHaveAttribute('src', picture);
  const asked = new URL(imageCalls[0] as string).searchParams.get('ids')?.split('|').map(Number);
  expect(asked?.sort()).toEqual([products.main.id, products.bump.id, products.offer.id].sort());
  // The others have no picture: the placeholder stays.
  await expect(items.locator(':scope > div').filter({ hasText: 'Swipe File' }).locator('img')).toHaveCount(0);
  await shot(page, 'story-order-summary-pictures');
  await expect(panel.getByTestId('order-status-tags')).toContainText('Paid');
  const timeline = panel.getByTestId('order-timeline');
  await expect(timeline).toContainText('Order placed');
  await expect(timeline).toContainText('Upsell accepted');

  // The customer, opened from the order.
  await panel.getByText('Customer', { exact: true }).locator('..').getByRole('button').first().click();
  const customer = page.getByRole('dialog', { name: 'Customer details' });
  await expect(customer.getByLabel('First name')).toHaveValue('Ben');
  await expect(customer.getByLabel('Last name')).toHaveValue('Buyer');
  await customer.getByRole('button', { name: 'Cancel' }).click();
  await expect(customer).toBeHidden();

  // Refund in the refund side panel; the refund shows in the timeline.
  await panel.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: /^Refund order #\d+$/ });
  await refund.getByLabel('Reason').fill('Changed my mind');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('alert').getByText('Order refunded', { exact: true })).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(panel.getByTestId('order-status-tags')).toContainText('Refunded');
  await expect(timeline).toContainText('Order refunded');
  await expect(timeline).toContainText('Changed my mind');
  await shot(page, 'story-order-refunded');
  await panel.getByRole('button', { name: 'Close' }).first().click();

  // The customers list has the shopper.
  await page.goto('/customers');
  await expect(page.getByRole('row').filter({ hasText: buyerEmail })).toContainText('Ben');

  // The activity panel on the dashboard: the purchases, the refund and the page views.
  await page.goto('/');
  const activity = page.getByRole('complementary', { name: 'Activity' });
  const recent = activity.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(
    recent.filter({ hasText: 'Ben Buyer' }).filter({ hasText: 'Made a purchase · $114.00' }),
  ).toHaveCount(1);
  await expect(
    recent.filter({ hasText: 'Ben Buyer' }).filter({ hasText: 'Made a purchase · $37.00' }),
  ).toHaveCount(1);
  await expect(recent.filter({ hasText: 'Ben Buyer' }).filter({ hasText: 'Was refunded' })).toHaveCount(1);
  // Three pages were viewed by the shopper: checkout, upsell and thank you.
  const views = activity.getByText('Page views', { exact: true }).locator('..').locator('p').last();
  await expect(views).toHaveText('3');
  await expect(activity.getByTestId('visitors-count')).toHaveText('1');
  await shot(page, 'story-activity');
});
