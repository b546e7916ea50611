// Issue 17, the spreadsheet service: "Connect with Google" goes through Google's consent screen (a local
// fake that consents at once, playwright.config.ts points the GOOGLE_* settings at it) and back, then the
// sheet picker lists a spreadsheet's sheets and adds a test row.
import { expect, test } from './fixtures.ts';
import { shot, signUpThroughApi, uniqueEmail, useFakeGoogle } from './helpers.ts';

const google = useFakeGoogle();

test('a merchant connects Google Sheets through Google, picks a sheet and adds a row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('gina'),
      password: 'gina password',
      firstName: 'Gina',
      business: 'Gina Shop',
    },
    '/integrations',
  );
  const card = page.getByRole('region', { name: 'Google Sheets' });
  await expect(card).toContainText('Not connected');
  await card.getByRole('link', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/integrations\/google-sheets$/);

  await page.getByRole('button', { name: 'Connect with Google' }).click();
  // The browser went to Google's consent screen and came back through the callback.
  await expect(page).toHaveURL(/\/integrations\/google-sheets\?connected=1$/);
  await expect(page.getByText('Google Sheets is connected')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const consent = google().requests.find((r) => r.path === '/o/oauth2/v2/auth');
  expect(consent?.status).toBe(302);
  expect(google().tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43}$/);

  await page
    .getByLabel('Spreadsheet ID or address')
    .fill('https://docs.google.com/spreadsheets/d/sheet-abc_123/edit');
  await page.getByRole('button', { name: 'Load sheets' }).click();
  await expect(page.getByRole('combobox', { name: 'Sheet', exact: true })).toHaveValue('Orders');
  await page.getByRole('button', { name: 'Add a test row' }).click();
  await expect(page.getByTestId('append-result')).toContainText("Added 2 cells at 'Orders'!A");
  expect(google().appends.at(-1)?.body).toMatchObject({
    values: [['Funnelwork test row', expect.any(String)]],
  });
  await shot(page, 'google-sheets-connected');

  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByTestId('test-result')).toHaveText('Google accepted the connection');
});
