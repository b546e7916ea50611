// Issue 18 "Team and profile": an admin's own profile (time zone, password, API key), the account's
// subdomain rules and default currency, and the admin-only settings items (spec §2.5, §5, §6, §8, §9).
import { expect, test } from './fixtures.ts';
import { logIn, logOut, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

test('an admin sets their time zone, password and API key, and the account subdomain and currency', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('pia');
  await signUpThroughApi(page, { email, password: 'pia password 1', firstName: 'Pia', business: 'Pia Shop' });
  // "settings/account, settings/billing and settings/staff (labelled Team) for admins only".
  await page.getByRole('button', { name: 'Settings' }).click();
  for (const item of ['Account', 'Billing', 'Team'])
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  // "Default time zone Europe/London."
  await expect(page.getByTestId('current-time-zone')).toHaveText('Europe/London');
  await page.getByRole('button', { name: 'Change time zone' }).click();
  const zone = page.getByRole('dialog', { name: 'Update your timezone' });
  // "Timezone: Update disabled until one is chosen."
  await expect(zone.getByRole('button', { name: 'Update' })).toBeDisabled();
  await zone.getByLabel('Time zone').fill('America/New_Y');
  await page.getByRole('option', { name: 'America/New_York' }).click();
  await zone.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your timezone was updated successfully')).toBeVisible();
  await expect(page.getByTestId('current-time-zone')).toHaveText('America/New_York');

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('pia password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is wrong')).toBeVisible();
  await page.getByLabel('Current password').fill('pia password 1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();

  await page.getByRole('button', { name: 'Reset API key' }).click();
  await page
    .getByRole('dialog', { name: 'Reset your API key?' })
    .getByRole('button', { name: 'Reset key' })
    .click();
  await expect(page.getByText('Your new API key')).toBeVisible();
  await shot(page, 'profile');

  // "Subdomain: required, at least 5 characters, else Save is disabled."
  await page.goto('/settings/account');
  await page.getByRole('button', { name: /^(Choose|Change) subdomain$/ }).click();
  const popup = page.getByRole('dialog', { name: 'Choose your free subdomain' });
  const subdomain = `pia${Date.now().toString(36)}`.slice(0, 12);
  await popup.getByLabel('Subdomain').fill(subdomain.slice(0, 4));
  await expect(popup.getByRole('button', { name: 'Save' })).toBeDisabled();
  await popup.getByLabel('Subdomain').fill(subdomain);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Your default subdomain was changed to ${subdomain}`)).toBeVisible();
  await expect(page.getByTestId('current-subdomain')).toHaveText(subdomain);

  const currency = page.getByRole('combobox', { name: 'Default currency' });
  await currency.fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).first().click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your account settings were saved')).toBeVisible();
  await page.reload();
  await expect(currency).toHaveValue(/^EUR/);
  await shot(page, 'account-settings');

  // The new password is the one that signs in.
  await logOut(page);
  await logIn(page, email, 'pia password 2');
  await expect(page).toHaveURL(/\/($|\?)/);
});
