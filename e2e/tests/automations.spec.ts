// Issue 16, Chromium: "build an On Purchase automation with a wait and a condition, activate it, buy in
// the published funnel, see the e-mail in the mailbox screen and the run in the history." The demo
// account (its published summer-sale funnel sells as `npm start` leaves it) builds a second automation.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  api,
  buyInDemoStore,
  DEMO_LOGIN,
  endpoints,
  logIn,
  openAsDemo,
  readCodeFromMailbox,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a merchant builds an On Purchase automation with a wait and a condition; a purchase runs it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  // The list: the demo's own automation, On Purchase on its funnel.
  await openAsDemo(page, '/automations');
  const demoRow = page.getByRole('row').filter({ hasText: 'Thank-you e-mail' });
  await expect(demoRow).toContainText('On Purchase');
  await expect(demoRow).toContainText('active');
  await shot(page, 'automations-list');
  await demoRow.getByRole('link', { name: 'Thank-you e-mail' }).click();
  await expect(page.getByTestId('trigger-card')).toContainText('On Purchase');
  await expect(page.getByTestId('step-card').first()).toContainText('Send');
  await shot(page, 'automations-demo-workflow');
  await page.goto('/automations');

  // The wizard: "selecting a trigger … enables Continue".
  await page.getByRole('button', { name: 'Create automation' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create automation' });
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await wizard.getByRole('radio', { name: 'On Purchase' }).click();
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await shot(page, 'automations-wizard');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  const name = `Follow-up ${Date.now().toString(36)}`;
  await wizard.getByLabel('Name').fill(name);
  await wizard.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(/\/automations\/\d+$/);
  const automationId = Number(/\/automations\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByTestId('trigger-card')).toContainText('On Purchase');
  await expect(page.getByTestId('automation-status')).toHaveText('draft');

  // Add wait: 0 minutes is allowed; 10001 is not.
  await page.getByRole('button', { name: 'Add a step at 0' }).click();
  await page.getByRole('menuitem', { name: 'Add wait' }).click();
  const wait = page.getByRole('dialog', { name: 'Add wait' });
  await wait.getByRole('textbox', { name: 'Amount' }).fill('10001');
  await expect(wait.getByRole('button', { name: 'Add' })).toBeDisabled();
  await wait.getByRole('textbox', { name: 'Amount' }).fill('0');
  await choose(page, wait, 'Unit', 'Minutes');
  await wait.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('step-card').first()).toContainText('Wait 0 minutes');

  // Another condition: "Add/Save disabled without operand or value(s)".
  await page.getByRole('button', { name: 'Add a step at 1' }).click();
  await page.getByRole('menuitem', { name: 'Another condition' }).click();
  const condition = page.getByRole('dialog', { name: 'Another condition' });
  await expect(condition.getByRole('button', { name: 'Add' })).toBeDisabled();
  await choose(page, condition, 'Operand', 'Contains');
  await expect(condition.getByRole('button', { name: 'Add' })).toBeDisabled();
  await condition.getByRole('textbox', { name: 'Value' }).fill('@example.test');
  await expect(condition.getByRole('button', { name: 'Add' })).toBeEnabled();
  await shot(page, 'automations-condition');
  await condition.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('branch-yes')).toBeVisible();
  await expect(page.getByTestId('branch-no')).toBeVisible();
  // End automation in the No branch, then deleted again; the wait edited to 0 hours and back.
  await page.getByRole('button', { name: 'Add a step at 1/no/0' }).click();
  await page.getByRole('menuitem', { name: 'End automation' }).click();
  await page
    .getByRole('dialog', { name: 'End automation' })
    .getByRole('button', { name: 'End automation' })
    .click();
  const noBranch = page.getByTestId('branch-no');
  await expect(noBranch.getByTestId('step-card')).toContainText('End automation');
  await expect(noBranch.getByRole('button', { name: 'Add a step at 1/no/1' })).toHaveCount(0);
  await noBranch.getByRole('button', { name: 'Delete step' }).click();
  await expect(noBranch.getByTestId('step-card')).toHaveCount(0);
  const waitCard = page.getByTestId('step-card').first();
  await waitCard.getByRole('button', { name: 'Edit step' }).click();
  await choose(page, page.getByRole('dialog', { name: 'Add wait' }), 'Unit', 'Hours');
  await page.getByRole('dialog', { name: 'Add wait' }).getByRole('button', { name: 'Save' }).click();
  await expect(waitCard).toContainText('Wait 0 hours');
  await waitCard.getByRole('button', { name: 'Edit step' }).click();
  await choose(page, page.getByRole('dialog', { name: 'Add wait' }), 'Unit', 'Minutes');
  await page.getByRole('dialog', { name: 'Add wait' }).getByRole('button', { name: 'Save' }).click();
  await expect(waitCard).toContainText('Wait 0 minutes');

  // Add action in the Yes branch: a copy of a shared design, opened in the e-mail editor in this tab
  // (issue 36 §6): the workflow, with the step, is saved first, and the editor's Back link returns to it.
  await page.getByRole('button', { name: 'Add a step at 1/yes/0' }).click();
  await page.getByRole('menuitem', { name: 'Add action' }).click();
  const action = page.getByRole('dialog', { name: 'Add action' });
  await expect(action.getByRole('button', { name: 'Add' })).toBeDisabled();
  const subject = `Your order, {{first_name}} (${name})`;
  await action.getByLabel('Subject').fill(subject);
  await action.getByLabel('Or start from a design', { exact: true }).click();
  await page.getByRole('option').first().click();
  await shot(page, 'automations-add-action');
  await action.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/email-editor/global/${automationId}/\\d+/\\d+$`));
  expect(page.context().pages()).toHaveLength(1);
  await page.getByRole('link', { name: 'Go back to automations' }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${automationId}$`));
  await expect(page.getByText('Version 2')).toBeVisible();
  await expect(page.getByTestId('step-card').first()).toContainText('Wait 0 minutes');
  await expect(page.getByTestId('branch-yes').getByTestId('step-card')).toContainText('Send');

  // Then "Activate automation".
  await page.getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate automation' });
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('automation-status')).toHaveText('active');
  await shot(page, 'automations-workflow');

  // A second one, set up through the API, waits a day: its run can be cancelled while it waits.
  const waiting = await api(page).call(endpoints.automations.createAutomation, {
    body: {
      data: {
        name: `Day later ${name}`,
        funnel_id: null,
        trigger: { id: 'purchase', funnel_ids: [], product_ids: [] },
        steps: [{ type: 'wait', mode: 'delay', amount: 1, unit: 'days' }],
      },
    },
  });
  await api(page).call(endpoints.automations.activateAutomation, { params: { id: waiting.id } });

  // A shopper buys in the demo's published funnel.
  const email = await buyInDemoStore(browser, page, {
    name: 'Ada Automaton',
    emailPrefix: 'automation-buyer',
  });

  // Settings → Mailbox: the automation's e-mail to the shopper, its subject's merge tag filled.
  await page.goto('/settings/mailbox');
  const mail = page.getByRole('row').filter({ hasText: `Your order, Ada (${name})` });
  await expect(mail).toBeVisible({ timeout: 40_000 });
  await expect(mail).toContainText(email);
  await shot(page, 'automations-mailbox');

  // The workflow counts the e-mail step: sent once, opened once a person's mail client loads its pixel
  // (a scanner's prefetch, with no user agent, is not counted).
  await page.goto(`/automations/${automationId}`);
  const counts = page.getByTestId('branch-yes').getByTestId('step-email-stats');
  await expect(counts).toContainText('Sent 1');
  await expect(counts).toContainText('Opened 0 (0%)');
  const inbox = await api(page).call(endpoints.mailbox.getMailbox);
  const sent = inbox.find((m) => m.to === email && m.subject === `Your order, Ada (${name})`);
  const { html } = await api(page).call(endpoints.mailbox.getMailboxById, {
    params: { id: sent?.id as number },
  });
  const pixel = /src="([^"]*\/_fw\/o\/[^"]+\.gif)"/.exec(html ?? '')?.[1] ?? '';
  expect(pixel, 'the tracking pixel of a tracked e-mail').not.toBe('');
  expect((await page.request.get(pixel, { headers: { 'user-agent': '' } })).ok()).toBe(true);
  await page.reload();
  await expect(counts).toContainText('Opened 0 (0%)');
  const person =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  expect((await page.request.get(pixel, { headers: { 'user-agent': person } })).ok()).toBe(true);
  await page.reload();
  await expect(counts).toContainText('Opened 1 (100%)');
  await expect(counts).toContainText('Clicked 0 (0%)');
  await shot(page, 'automations-email-stats');

  // The run history: the run done, each step done.
  await page.goto(`/automations/${automationId}?tab=runs`);
  const run = page.getByTestId('run-row').first();
  await expect(run).toContainText('On Purchase');
  // The run names the order by the number the orders list shows, not by its internal id.
  const [bought] = await api(page).call(endpoints.orders.listOrders, { query: { query: email } });
  await expect(run).toContainText(`order #${bought?.order_number}`);
  expect(bought?.order_number).not.toBe(String(bought?.id));
  await expect(run).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await run.getByRole('button', { name: /Run #\d+/ }).click();
  const steps = run.getByRole('table');
  // The wait, the condition and the e-mail of its Yes branch, each done.
  await expect(steps.getByRole('row')).toHaveCount(4);
  await expect(steps).toContainText(`To ${email}: Your order, Ada (${name})`);
  await expect(steps).not.toContainText('failed');
  await page.getByRole('combobox', { name: 'Run status' }).click();
  await page.getByRole('option', { name: 'failed' }).click();
  await expect(page.getByText('No failed runs.')).toBeVisible();
  await expect(run).toBeHidden();
  await page.getByRole('combobox', { name: 'Run status' }).click();
  await page.getByRole('option', { name: 'done' }).click();
  await expect(run).toBeVisible();
  // The filtered list shows the run again, closed: it opens to its steps.
  await run.getByRole('button', { name: /Run #\d+/ }).click();
  await expect(run.getByRole('table')).toContainText('Wait');
  await page.waitForTimeout(300); // the panel's opening animation, for the screenshot
  await shot(page, 'automations-run-history');

  // Cancel on a waiting run.
  await page.goto(`/automations/${waiting.id}?tab=runs`);
  const waitingRun = page.getByTestId('run-row').first();
  await expect(waitingRun).toHaveAttribute('data-status', 'waiting', { timeout: 20_000 });
  await expect(waitingRun.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await waitingRun.getByRole('button', { name: 'Cancel' }).click();
  await expect(waitingRun).toHaveAttribute('data-status', 'cancelled');
  await expect(waitingRun.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test("a funnel's automations: the owner's lifecycle, and 'Access denied' without the permission", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staffEmail = uniqueEmail('no-automations');
  await signUpThroughApi(page, {
    email: uniqueEmail('owner'),
    password: 'owner password',
    firstName: 'Olga',
    business: 'Olga Oils',
  });
  const funnel = await api(page).call(endpoints.funnels.createFunnel, {
    body: {
      data: {
        name: 'Oils',
        funnel_type: 1,
        path: 'oils',
      },
    },
  });

  // The owner (an administrator) lists the funnel's automations and creates one for it.
  await page.goto(`/wfunnel/${funnel.id}/automations/v2`);
  await expect(page.getByRole('heading', { name: 'Funnel automations' })).toBeVisible();
  await page.getByRole('button', { name: 'Create automation' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create automation' });
  await wizard.getByRole('radio', { name: 'On Refund' }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByLabel('Funnel')).toHaveCount(0);
  await wizard.getByLabel('Name').fill('Refund note');
  await wizard.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(new RegExp(`/wfunnel/${funnel.id}/automations/v2/\\d+$`));
  const workflowUrl = new URL(page.url()).pathname;
  // Leaving with an unsaved step: 'Save changes?', and Save changes saves it (version 2) and leaves.
  await page.getByRole('button', { name: 'Add a step at 0' }).click();
  await page.getByRole('menuitem', { name: 'Add wait' }).click();
  await page.getByRole('dialog', { name: 'Add wait' }).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('unsaved changes')).toBeVisible();
  await page
    .getByRole('complementary', { name: 'Funnel' })
    .getByRole('link', { name: 'Automations' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Save changes?' });
  await leave.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/wfunnel/${funnel.id}/automations/v2$`));
  await expect(page.getByRole('row').filter({ hasText: 'Refund note' })).toContainText('On Refund');

  // The same workflow at the route without v2, /wfunnel/{id}/automations/{automation}.
  const automationId = Number(workflowUrl.split('/').at(-1));
  await page.goto(`/wfunnel/${funnel.id}/automations/${automationId}`);
  await expect(page.getByRole('heading', { name: 'Refund note' })).toBeVisible();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  // A classic funnel's automation opens at /funnel/{id}/automations/{automation}/{email}.
  const classic = await api(page).call(endpoints.funnels.createFunnel, {
    body: {
      data: {
        name: 'Soaps',
        funnel_type: 0,
        path: 'soaps',
      },
    },
  });
  const soapNote = await api(page).call(endpoints.automations.createAutomation, {
    body: {
      data: {
        name: 'Soap note',
        funnel_id: classic.id,
        trigger: { id: 'purchase' },
        steps: [],
      },
    },
  });
  const soapCheckout = await api(page).call(endpoints.steps.createFunnelStep, {
    body: {
      data: {
        funnel_id: classic.id,
        name: 'Soap checkout',
        type: 3,
        url: 'soap-checkout',
      },
    },
  });
  await page.goto(`/funnel/${classic.id}/automations/${soapNote.id}/0`);
  await expect(page.getByRole('heading', { name: 'Soap note' })).toBeVisible();
  await expect(page.getByTestId('trigger-card')).toContainText('On Purchase');
  // "each can be limited to funnels, steps or products": the funnel's steps to choose from.
  await page.getByRole('combobox', { name: 'Only for these steps' }).click();
  await page.getByRole('option', { name: 'Soap checkout' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  const limited = await api(page).call(endpoints.automations.getAutomation, { params: { id: soapNote.id } });
  expect(limited.trigger.step_ids).toEqual([soapCheckout.id]);
  // /automations/global lists the account's automations of no funnel: neither of these, then a new one.
  const everywhere = await api(page).call(endpoints.automations.createAutomation, {
    body: {
      data: {
        name: 'Everywhere note',
        trigger: { id: 'optin' },
        steps: [],
      },
    },
  });
  await page.goto('/automations/global');
  await expect(page.getByRole('heading', { name: 'Global automations' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Everywhere note' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Refund note' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Soap note' })).toHaveCount(0);
  for (const id of [soapNote.id, everywhere.id])
    await api(page).call(endpoints.automations.deleteAutomation, { params: { id } });

  // A member with only the orders flag.
  await page.goto('/settings/staff/new');
  await page.getByLabel('E-mail').fill(staffEmail);
  await page.getByLabel('First name').fill('Nora');
  await page.getByRole('checkbox', { name: 'Orders' }).check();
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page).toHaveURL(/\/settings\/staff$/);
  const code = await readCodeFromMailbox(page, staffEmail);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto(`/new-password?email=${encodeURIComponent(staffEmail)}`);
  await staff.getByLabel('6-digit code').fill(code);
  await staff.getByLabel('New password').fill('staff password');
  await staff.getByRole('button', { name: 'Save new password' }).click();
  await logIn(staff, staffEmail, 'staff password');
  // Onboarding is the owner's: the member meets no welcome popup.
  await expect(staff.getByRole('button', { name: 'Settings' })).toBeVisible();

  await staff.goto(`/wfunnel/${funnel.id}/automations/v2`);
  await expect(staff.getByText('Access denied', { exact: true })).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: 'Refund note' })).toHaveCount(0);
  await shot(staff, 'automations-access-denied');
  await staff.goto(workflowUrl);
  await expect(staff.getByText('Access denied', { exact: true })).toBeVisible();
  // The funnel's sidebar link is locked, and so is Create automation on the account's list.
  await expect(staff.getByRole('button', { name: 'Automations' })).toHaveAttribute('aria-disabled', 'true');
  // "Funnel apps and settings links are locked without funnels permission" (she has orders only).
  const sections = staff.getByRole('navigation', { name: 'Funnel sections' });
  for (const name of ['Settings', 'Apps'])
    await expect(sections.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
  await sections.getByRole('button', { name: 'Apps' }).hover();
  await expect(staff.getByRole('tooltip', { name: 'Access denied' })).toBeVisible();
  await staff.goto('/automations');
  await expect(staff.getByRole('button', { name: 'Create automation' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await staffContext.close();

  // Activate with an unsaved step: the popup saves it first (version 3), then activates.
  await page.goto(workflowUrl);
  await expect(page.getByText('Version 2')).toBeVisible();
  await expect(page.getByTestId('step-card')).toContainText(/Wait 1 day(?!s)/);
  await page.getByRole('button', { name: 'Add a step at 1' }).click();
  await page.getByRole('menuitem', { name: 'End automation' }).click();
  await page
    .getByRole('dialog', { name: 'End automation' })
    .getByRole('button', { name: 'End automation' })
    .click();
  await page.getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate automation' });
  await expect(activate).toContainText('Your unsaved changes are saved first.');
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('automation-status')).toHaveText('active');
  await expect(page.getByText('Version 3', { exact: true })).toBeVisible();
  await expect(page.getByTestId('step-card').nth(1)).toContainText('End automation');

  // The owner archives it (Restore brings it back), then deletes it.
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/automations\/archive$/);
  const archived = page.getByRole('row').filter({ hasText: 'Refund note' });
  await archived.getByRole('button', { name: 'Restore' }).click();
  await expect(archived).toHaveCount(0);
  await page.goto('/automations');
  await page.getByRole('link', { name: 'Refund note' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete automation' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/automations$/);
  await expect(page.getByText('No automations yet.')).toBeVisible();
});

test('starts from a template, then sends a test of its e-mail from the send-e-mail step', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openAsDemo(page, '/automations');
  await page.getByRole('button', { name: 'Create automation' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create automation' });
  await expect(wizard.getByText('Or start from a template')).toBeVisible();
  await expect(wizard.getByText('Follow up a declined checkout')).toBeVisible();
  await shot(page, 'automations-templates');
  await wizard.getByRole('button', { name: 'Use template Thank you after purchase' }).click();
  await expect(page).toHaveURL(/\/automations\/\d+$/);
  await expect(page.getByTestId('trigger-card')).toContainText('On Purchase');
  await expect(page.getByTestId('automation-status')).toHaveText('draft');
  const step = page.getByTestId('step-card').first();
  await expect(step).toContainText('Send');

  await step.getByRole('button', { name: 'Edit step' }).click();
  const action = page.getByRole('dialog', { name: 'Add action' });
  await expect(action.getByLabel('E-mail template', { exact: true })).toHaveValue('Thank you for your order');
  await expect(action.getByRole('button', { name: 'Send test email' })).toBeDisabled();
  await action.getByLabel('Send a test email').fill(DEMO_LOGIN.email);
  await action.getByRole('button', { name: 'Send test email' }).click();
  await expect(action.getByText(`The test email was sent to ${DEMO_LOGIN.email}.`)).toBeVisible();
  await shot(page, 'automations-send-test');

  // Tracking is on by default and switchable per e-mail; switched off, it stays off through save and reload.
  const tracking = action.getByRole('switch', { name: 'Track opens and clicks' });
  await expect(tracking).toBeChecked();
  await tracking.uncheck();
  await action.getByRole('button', { name: 'Save' }).click();
  await expect(step.getByText('Tracking off')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  await page.reload();
  await expect(step.getByText('Tracking off')).toBeVisible();
  // A saved e-mail step that has sent nothing yet shows its counts at zero.
  await expect(step.getByTestId('step-email-stats')).toHaveText(/Sent 0\s*Opened 0 \(–\)\s*Clicked 0 \(–\)/);
  await step.getByRole('button', { name: 'Edit step' }).click();
  await expect(tracking).not.toBeChecked();
  await shot(page, 'automations-tracking-off');
  // Saving the popup unchanged leaves the workflow as saved: nothing to save.
  await action.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});
