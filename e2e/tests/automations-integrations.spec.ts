// Issue 16, Chromium: "a failing action retries, shows in the history, and Retry completes it". The demo
// account connects Google Sheets (the local fake of google-sheets.spec.ts), adds an "Add row to
// spreadsheet" action to a new On Purchase automation, and a purchase in its published funnel runs it
// against a spreadsheet that does not exist yet: the run fails in the history; once the spreadsheet
// exists, Retry adds the row.
import { expect, test } from './fixtures.ts';
import { api, buyInDemoStore, endpoints, openAsDemo, shot, useFakeGoogle } from './helpers.ts';

const google = useFakeGoogle();

test('a failing action retries, shows in the history, and Retry completes it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  // "Spreadsheet connect": Google Sheets through Google's consent screen.
  await openAsDemo(page, '/integrations/google-sheets');
  await page.getByRole('button', { name: 'Connect with Google' }).click();
  await expect(page.getByText('Google Sheets is connected')).toBeVisible();

  await page.goto('/automations');
  await page.getByRole('button', { name: 'Create automation' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create automation' });
  await wizard.getByRole('radio', { name: 'On Purchase' }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  const name = `Sheet rows ${Date.now().toString(36)}`;
  await wizard.getByLabel('Name').fill(name);
  await wizard.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(/\/automations\/\d+$/);
  const automationId = Number(/\/automations\/(\d+)$/.exec(page.url())?.[1]);

  // "Choose an integration": Continue is enabled once a connected one is chosen.
  await page.getByRole('button', { name: 'Add a step at 0' }).click();
  await page.getByRole('menuitem', { name: 'Add integration action' }).click();
  const choose = page.getByRole('dialog', { name: 'Add action' });
  await expect(choose.getByText('Choose an integration')).toBeVisible();
  await expect(choose.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(choose.getByRole('radio', { name: /Mailchimp/ })).toBeDisabled();
  await choose.getByRole('radio', { name: /Google Sheets/ }).click();
  await expect(choose.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await shot(page, 'automations-choose-integration');
  await choose.getByRole('button', { name: 'Continue' }).click();

  // "Add row to spreadsheet": a blank required field is named.
  const addRow = page.getByRole('dialog', { name: 'Add row to spreadsheet' });
  await addRow.getByRole('button', { name: 'Add' }).click();
  await expect(addRow.getByText('may not be blank')).toBeVisible();
  const spreadsheet = `sheet-later-${Date.now().toString(36)}`;
  await addRow.getByRole('textbox', { name: 'Spreadsheet', exact: true }).fill(spreadsheet);
  await addRow.getByRole('textbox', { name: 'Sheet', exact: true }).fill('Orders');
  await expect(addRow.getByText('may not be blank')).toBeHidden();
  await shot(page, 'automations-add-row');
  await addRow.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('step-card').first()).toContainText(
    `Add row to spreadsheet — ${spreadsheet}`,
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Version 2')).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await page
    .getByRole('dialog', { name: 'Activate automation' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(page.getByTestId('automation-status')).toHaveText('active');

  // A shopper buys in the demo's published funnel.
  const email = await buyInDemoStore(browser, page, {
    name: 'Rowan Rows',
    emailPrefix: 'sheet-buyer',
    phone: '+1 555 0143',
  });

  // The step is tried five times with backoff, then the run shows failed with Google's refusal.
  await page.goto(`/automations/${automationId}?tab=runs`);
  const run = page.getByTestId('run-row').first();
  await expect(run).toHaveAttribute('data-status', 'failed', { timeout: 90_000 });
  await run.getByRole('button', { name: /Run #\d+/ }).click();
  await expect(run.getByRole('table')).toContainText(
    `spreadsheet_id: Google Sheets has no spreadsheet ${spreadsheet} this Google account can open`,
  );
  await expect(run.getByRole('table')).toContainText('Integration action');
  await page.waitForTimeout(300); // the panel's opening animation, for the screenshot
  await shot(page, 'automations-integration-failed');
  expect(google().appends.filter((a) => a.spreadsheetId === spreadsheet)).toHaveLength(0);

  // The merchant creates the spreadsheet and presses Retry: the row is added, once.
  google().spreadsheets.set(spreadsheet, ['Orders']);
  await run.getByRole('button', { name: 'Retry' }).click();
  await expect(run).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(run.getByRole('table')).toContainText('Called append-row');
  await shot(page, 'automations-integration-retried');
  const rows = google().appends.filter((a) => a.spreadsheetId === spreadsheet);
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows[0]?.body)).toContain(email);

  // Later purchases in the demo (other specs) leave this automation alone.
  await api(page).call(endpoints.automations.deactivateAutomation, { params: { id: automationId } });
});
