// Issue 16, Chromium: the automation draft's `qty` ("Quantity bought at least" on the trigger) and the
// builder's "spreadsheet connect" popup: Google Sheets connected from inside the workflow, through the
// local fake of Google's consent screen (google-sheets.spec.ts's), in a window of its own.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, endpoints, shot, signUpThroughApi, uniqueEmail, useFakeGoogle } from './helpers.ts';

const google = useFakeGoogle();

/** A new merchant with a new On Purchase automation open in the builder; answers its id. */
async function newAutomation(page: Page, prefix: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail(prefix),
      password: `${prefix} password`,
      firstName: 'Quinn',
      business: `${prefix} shop`,
    },
    '/automations',
  );
  await page.getByRole('button', { name: 'Create automation' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create automation' });
  await wizard.getByRole('radio', { name: 'On Purchase' }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByLabel('Name').fill(`Draft ${Date.now().toString(36)}`);
  await wizard.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(/\/automations\/\d+$/);
  return Number(/\/automations\/(\d+)$/.exec(page.url())?.[1]);
}

test('a merchant sets "Quantity bought at least" on the trigger: 0 is refused naming the field, 3 is kept', async ({
  page,
}) => {
  const id = await newAutomation(page, 'qty');
  const trigger = page.getByTestId('trigger-card');
  const qty = trigger.getByRole('textbox', { name: 'Quantity bought at least' });
  await expect(qty).toHaveValue('1');
  const save = page.getByRole('button', { name: 'Save', exact: true });

  await qty.fill('0');
  await expect(
    trigger.getByText('Quantity bought at least must be a whole number, at least 1'),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await page.screenshot({ path: '/tmp/automation-qty-refused.png' });
  await qty.fill('2.5');
  await expect(
    trigger.getByText('Quantity bought at least must be a whole number, at least 1'),
  ).toBeVisible();

  await qty.fill('3');
  await expect(trigger.getByText(/must be a whole number/)).toBeHidden();
  await save.click();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/automation-qty-saved.png' });
  await shot(page, 'automations-trigger-qty');

  // Reopened, the builder shows it again; the server holds it with the version.
  await page.reload();
  await expect(
    page.getByTestId('trigger-card').getByRole('textbox', { name: 'Quantity bought at least' }),
  ).toHaveValue('3');
  const saved = await api(page).call(endpoints.automations.getAutomation, { params: { id } });
  expect(saved).toMatchObject({ version: 2, trigger: { qty: 3 } });
});

test('"Add row to spreadsheet" without Google Sheets opens "Connect spreadsheet" in the builder; after Google the sheet is chosen there', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await newAutomation(page, 'sheets');
  const addIntegrationAction = async () => {
    await page
      .getByRole('button', { name: /^Add a step at / })
      .last()
      .click();
    await page.getByRole('menuitem', { name: 'Add integration action' }).click();
    const choose = page.getByRole('dialog', { name: 'Add action' });
    const sheets = choose.getByRole('radio', { name: /Google Sheets/ });
    await expect(sheets).toContainText('Not connected yet: Continue connects it');
    await sheets.click();
    await choose.getByRole('button', { name: 'Continue' }).click();
    return page.getByRole('dialog', { name: 'Connect spreadsheet' });
  };

  // A server without Google's settings: the popup says so, as the Sheets screen does.
  await page.route('**/api/integrations', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: Array<Record<string, unknown>> };
    for (const entry of body.data) {
      if (entry.slug !== 'google-sheets') continue;
      Object.assign(entry, {
        available: false,
        status: 'Not configured',
        not_configured:
          'not available on this installation: ask the person who runs your Funnelwork installation to set it up',
      });
    }
    await route.fulfill({ response: answer, json: body });
  });
  const unconfigured = await addIntegrationAction();
  await expect(unconfigured).toContainText(
    'Google Sheets is not available on this installation: ask the person who runs your Funnelwork installation to set it up.',
  );
  await expect(unconfigured.getByRole('button', { name: 'Connect with Google' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/connect-spreadsheet-not-configured.png' });
  await unconfigured.getByRole('button', { name: 'Cancel' }).click();
  await page.unrouteAll();
  await page.reload();

  // An unsaved step first: connecting must not cost it.
  await page.getByRole('button', { name: 'Add a step at 0' }).click();
  await page.getByRole('menuitem', { name: 'Add wait' }).click();
  const wait = page.getByRole('dialog', { name: 'Add wait' });
  await wait.getByRole('textbox', { name: 'Amount' }).fill('2');
  await wait.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('unsaved changes')).toBeVisible();

  const connect = await addIntegrationAction();
  await expect(connect).toContainText('this automation stays open here');
  await page.screenshot({ path: '/tmp/connect-spreadsheet-popup.png' });
  await shot(page, 'automations-connect-spreadsheet');
  const googleWindow = page.waitForEvent('popup');
  await connect.getByRole('button', { name: 'Connect with Google' }).click();
  const opened = await googleWindow;

  // Google consented in its window, which closes; the builder goes on to the add-row popup.
  const addRow = page.getByRole('dialog', { name: 'Add row to spreadsheet' });
  await expect(addRow).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => opened.isClosed()).toBe(true);
  expect(google().requests.find((r) => r.path === '/o/oauth2/v2/auth')?.status).toBe(302);
  expect(google().tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43}$/);
  await expect(page).toHaveURL(new RegExp(`/automations/${id}$`));

  await addRow.getByRole('textbox', { name: 'Spreadsheet', exact: true }).fill('sheet-abc_123');
  await addRow.getByRole('textbox', { name: 'Sheet', exact: true }).fill('Orders');
  await page.screenshot({ path: '/tmp/connect-spreadsheet-then-add-row.png' });
  await addRow.getByRole('button', { name: 'Add' }).click();
  const cards = page.getByTestId('step-card');
  await expect(cards.nth(0)).toContainText('Wait 2');
  await expect(cards.nth(1)).toContainText('Add row to spreadsheet — sheet-abc_123');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  const connections = await api(page).call(endpoints.integrations.listUserIntegrations);
  expect(connections.some((c) => c.connected)).toBe(true);
});
