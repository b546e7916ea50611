// Issue 18, plans and billing: a trial two days before its end shows the spec's notice; the merchant
// follows it to billing, pays a plan at checkout with the Sandbox test card, and the notice is gone.
import { expect, test } from './fixtures.ts';
import { api, endpoints, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

const TRIAL_EXPIRING =
  'Your trial is about to expire, update your billing details to continue using our platform.';
const DAY = 86_400_000;

test('a trial two days before its end sees the notice, upgrades at checkout, and the charge is listed', async ({
  page,
}) => {
  // The new account's 14-day trial ends 14 days after sign-up. The browser lives 12.5 days later:
  // "Days left = whole days to plan_expiry_date plus 1" = 2, the day the trial notice starts.
  const later = new Date(Date.now() + 12.5 * DAY);
  await page.clock.setFixedTime(later);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail('bill'),
    password: 'bill password',
    firstName: 'Bill',
    business: 'Bill Shop',
  });
  const notice = page.getByText(TRIAL_EXPIRING);
  await expect(notice).toBeVisible();
  await shot(page, 'billing-trial-notice');
  // "Clicking a persistent notice goes to /settings/billing#upgrade."
  await notice.click();
  await expect(page).toHaveURL(/\/settings\/billing#upgrade$/);
  await expect(page.getByTestId('plan-name')).toHaveText('14-day trial');
  await expect(page.getByTestId('usage-funnels')).toContainText('0 of 20');

  await page.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/choose-your-plan$/);
  await expect(page.getByTestId('plan-startup')).toContainText('$97.00');
  await shot(page, 'billing-choose-your-plan');
  await page.getByTestId('plan-startup').getByRole('link', { name: 'Choose Startup' }).click();

  await expect(page).toHaveURL(/\/settings\/billing\/checkout\?plan=startup&interval=month$/);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(later.getUTCFullYear() + 2));
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $97.00' }).click();
  // A declined card: the server's message beside the card, and no plan change.
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shot(page, 'billing-checkout');
  await page.getByRole('button', { name: 'Pay $97.00' }).click();

  await expect(page).toHaveURL(/\/settings\/billing\/payment-successful/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/You are on Startup \(monthly\); it renews on/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page.getByTestId('plan-name')).toHaveText('Startup (monthly)');
  await expect(page.getByTestId('payment-method')).toContainText('Visa ending in 4242');
  const charge = page
    .getByTestId('charges')
    .getByRole('row')
    .filter({ hasText: 'Startup (monthly), first month' });
  await expect(charge).toContainText('$97.00');
  await expect(charge).toContainText('Paid');
  await expect(charge.getByRole('button', { name: 'Invoice PDF' })).toBeVisible();
  // The notice does not come back: the plan now runs a month past the server's today.
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Startup (monthly)');
  await expect(page.getByText(TRIAL_EXPIRING)).toBeHidden();
  await shot(page, 'billing-after-upgrade');

  const download = page.waitForEvent('download');
  await charge.getByRole('button', { name: 'Invoice PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-FW-\d+\.pdf$/);
});

test('a fourth funnel on Basic shows "Your plan allows 3 funnels." with the upgrade text at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail('limit'),
    password: 'limit password',
    firstName: 'Lima',
    business: 'Lima Shop',
  });
  const card = {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 2,
    cvc: '123',
  };
  await api(page).call(endpoints.billing.createBillingPlaceOrder, {
    body: { data: { plan: 'basic', interval: 'month', payment: { card } } },
  });
  for (const name of ['One', 'Two', 'Three']) {
    await api(page).call(endpoints.funnels.createFunnel, { body: { data: { name, funnel_type: 1 } } });
  }

  await page.goto('/funnels');
  await page.getByRole('button', { name: 'Add funnel' }).first().click();
  const popup = page.getByRole('dialog', { name: 'Add funnel' });
  await popup.getByLabel('Funnel name').fill('Four');
  await popup.getByRole('button', { name: 'Create funnel' }).click();
  // "Rate limit: the server text plus 'upgrade your account to continue using our platform'", without a reload.
  const notice = page.getByText(
    'Your plan allows 3 funnels. upgrade your account to continue using our platform',
  );
  await expect(notice).toBeVisible();
  // Said once: not again as an error notice, nor as the funnel name's error.
  await expect(page.getByText('Your plan allows 3 funnels.')).toHaveCount(1);
  await expect(popup.getByLabel('Funnel name')).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'billing-plan-limit-notice');
  await notice.click();
  await expect(page).toHaveURL(/\/settings\/billing#upgrade$/);
  await expect(page.getByTestId('usage-funnels')).toContainText('3 of 3');
});
