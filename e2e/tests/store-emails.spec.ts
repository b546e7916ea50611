// Issue 20, "Receipts by default": a purchase in the seeded demo store e-mails the shopper an order
// confirmation, seen in Settings → Mailbox (and the demo automation's marketing thank-you, whose
// unsubscribe shows on the customer); a new merchant sets the store e-mails on their own screen.
import { expect, test } from './fixtures.ts';
import {
  api,
  buyInDemoStore,
  endpoints,
  openAsDemo,
  shopperPage,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

test('a purchase in the demo store sends the shopper an order confirmation, shown in the Mailbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('/log-in');
  const email = await buyInDemoStore(browser, page, { name: 'Rita Receipt', emailPrefix: 'receipt-buyer' });

  await openAsDemo(page, '/settings/mailbox');
  const row = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: /Order \S+ confirmed/ });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(/Order \S+ confirmed/);
  await row.getByRole('button').click();
  // The HTML part shows in a sandboxed frame, as a mail client shows it.
  const message = page.getByRole('dialog').frameLocator('iframe[title="E-mail"]').locator('body');
  await expect(message).toContainText('Thank you for your order, Rita!');
  await expect(message).toContainText('Complete Growth Course');
  await shot(page, 'store-emails-mailbox-confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The demo's own On Purchase automation (issue 16) sends its designed thank-you too.
  const thanks = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: 'Thank you for your order, Rita!' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(thanks).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await thanks.getByRole('button').click();
  await expect(page.getByRole('dialog').frameLocator('iframe[title="E-mail"]').locator('body')).toContainText(
    'Complete Growth Course',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // The thank-you is marketing: its unsubscribe link's page posts the unsubscribe (a GET alone does not),
  // and the customer then shows as unsubscribed.
  const inbox = await api(page).call(endpoints.mailbox.getMailbox);
  const marketing = inbox.find((m) => m.to === email && m.subject.startsWith('Thank you for your order'));
  const { html } = await api(page).call(endpoints.mailbox.getMailboxById, {
    params: { id: marketing?.id as number },
  });
  const unsubscribe = /href="([^"]*\/_fw\/unsubscribe\/[^"]+)"/.exec(html ?? '')?.[1] ?? '';
  expect(unsubscribe, 'the unsubscribe link of a marketing e-mail').not.toBe('');
  const { context, shopper } = await shopperPage(browser, page);
  await shopper.goto(unsubscribe);
  await expect(shopper.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await shopper.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(shopper.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await context.close();

  await page.goto('/customers');
  await page.getByRole('textbox', { name: 'Search customers' }).fill(email);
  const customer = page.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: email });
  await expect(customer).toHaveCount(1);
  await customer.click();
  const details = page.getByRole('dialog', { name: 'Customer details' });
  await expect(details.getByRole('heading', { name: 'Rita Receipt' })).toBeVisible();
  const badge = details.getByText('Unsubscribed', { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge.locator('xpath=ancestor-or-self::*[@title][1]')).toHaveAttribute(
    'title',
    /^Unsubscribed from marketing e-mails on .+; order receipts still go$/,
  );
  await shot(page, 'store-emails-customer-unsubscribed');
});

test('a new merchant switches a store e-mail off and gives the confirmation a subject; both stay after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1300, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail('receipts'),
    password: 'receipts password',
    firstName: 'Rhea',
    business: 'Rhea Records',
  });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Store e-mails' }).click();
  await expect(page).toHaveURL(/\/settings\/store-emails$/);
  const confirmation = page.getByRole('region', { name: 'Order confirmation' });
  const shipping = page.getByRole('region', { name: 'Shipping confirmation' });
  await expect(confirmation.getByLabel('Subject')).toHaveAttribute(
    'placeholder',
    'Order {{order_number}} confirmed',
  );
  await expect(confirmation.getByText('Built-in design')).toBeVisible();

  await shipping.getByRole('switch', { name: 'Send the shipping confirmation' }).click({ force: true });
  await expect(shipping.getByText('Off', { exact: true })).toBeVisible();
  await confirmation.getByLabel('Subject').fill('Thanks {{first_name}}! Order {{order_number}}');
  await confirmation.getByRole('button', { name: 'Save subject' }).click();
  await expect(page.getByText('Order confirmation saved').first()).toBeVisible();
  await shot(page, 'store-emails-settings');

  // Sending: a sender name and a reply-to; a bad reply-to is named beside its field.
  const sending = page.getByRole('region', { name: 'Sending' });
  await sending.getByLabel('Sender name').fill('Rhea Records');
  await sending.getByLabel('Reply-to e-mail').fill('not-an-address');
  await sending.getByRole('button', { name: 'Save sending settings' }).click();
  await expect(sending.getByText('must be an e-mail address')).toBeVisible();
  await sending.getByLabel('Reply-to e-mail').fill('help@rhea.example');
  await sending.getByRole('button', { name: 'Save sending settings' }).click();
  await expect(page.getByText('Sending settings saved').first()).toBeVisible();
  await expect(sending.getByText('DKIM off')).toBeVisible();

  await page.reload();
  await expect(sending.getByLabel('Reply-to e-mail')).toHaveValue('help@rhea.example');
  await expect(shipping.getByText('Off', { exact: true })).toBeVisible();
  await expect(confirmation.getByLabel('Subject')).toHaveValue(
    'Thanks {{first_name}}! Order {{order_number}}',
  );
  await expect(confirmation.getByRole('button', { name: 'Save subject' })).toBeDisabled();
});
