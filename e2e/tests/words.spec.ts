// Issue 36 §6: words, numbers and locks a merchant meets on the way.
import { expect, test } from './fixtures.ts';
import {
  api,
  endpoints,
  funnelWithStep,
  logIn,
  readCodeFromMailbox,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

test('an unknown API path answers the 404 error object, not the dashboard', async ({ page }) => {
  for (const path of ['/api/no-such-thing', '/api/funnels/1/nothing?x=1']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(answer.headers()['content-type'], path).toMatch(/^application\/json/);
    expect((await answer.json()).error, path).toMatchObject({ code: 'not_found', status: 404 });
  }
});

test('field rules read as sentences beside the field, checked before sending; the changelog has a dot until read', async ({
  page,
}) => {
  await signUpThroughApi(page, {
    email: uniqueEmail('wendy'),
    password: 'owner password',
    firstName: 'Wendy',
    business: 'Wendy Words',
  });
  // The header's changelog: a dot until the merchant has read the newest entry, also after a reload.
  const unread = page.getByRole('button', { name: 'What’s new (unread changes)' });
  await expect(unread).toBeVisible();
  await unread.click();
  const news = page.getByTestId('changelog');
  await expect(news.getByRole('heading', { name: 'What’s new' })).toBeVisible();
  await expect(news).toContainText('Stripe');
  // An entry's day as the changelog writes it (CHANGELOG.md's '## 2026-11-29').
  await expect(news).toContainText('29 November 2026');
  await shot(page, 'words-changelog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'What’s new', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'What’s new', exact: true })).toBeVisible();
  await expect(unread).toHaveCount(0);

  const { funnel, step } = await funnelWithStep(
    page,
    { name: 'Words', path: 'words' },
    { name: 'Sales page', type: 5, url: 'sales' },
  );
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/')) writes.push(request.url());
  });
  await page.goto(`/wfunnel/${funnel.id}/steps/${step.id}/settings`);
  await page.getByLabel('Step URL').fill('my sales page');
  await page.getByRole('button', { name: 'Save step' }).click();
  const url = page.getByLabel('Step URL');
  await expect(page.getByText("A step URL may not hold spaces, '?', '#' or '\\'")).toBeVisible();
  await expect(page.getByText(/data\.(url|path)/)).toHaveCount(0);
  expect(writes).toEqual([]);
  await shot(page, 'words-step-url');
  // Mended, it saves.
  await url.fill('my-sales-page');
  await page.getByRole('button', { name: 'Save step' }).click();
  await expect(page.getByText('Step settings saved')).toBeVisible();
  expect(writes).toHaveLength(1);

  // The subdomain: the rule is named as it is broken, in words, and Save waits for a good one.
  await page.goto('/settings/account');
  await page.getByRole('button', { name: /^(Choose|Change) subdomain$/ }).click();
  const popup = page.getByRole('dialog');
  await popup.getByLabel('Subdomain').fill('my_shop!');
  await expect(popup.getByText('Subdomain may hold only letters, digits and inner hyphens')).toBeVisible();
  await expect(popup.getByText(/data\.subdomain/)).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('Send e-mail opens the e-mail editor in place and comes back; the editor copies its preview link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpThroughApi(page, {
    email: uniqueEmail('ellen'),
    password: 'owner password',
    firstName: 'Ellen',
    business: 'Ellen Emails',
  });
  const automation = await api(page).call(endpoints.automations.createAutomation, {
    body: {
      data: {
        name: 'Welcome mail',
        funnel_id: null,
        trigger: { id: 'purchase', funnel_ids: [], product_ids: [] },
        steps: [{ type: 'wait', mode: 'delay', amount: 1, unit: 'days' }],
      },
    },
  });
  await page.goto(`/automations/${automation.id}`);
  // The automations screens' first load fetches their chunk: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Welcome mail' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('step-card').first()).toContainText(/Wait 1 day(?!s)/);
  await page.getByRole('button', { name: 'Add a step at 1' }).click();
  await page.getByRole('menuitem', { name: 'Add action' }).click();
  const action = page.getByRole('dialog', { name: 'Add action' });
  await action.getByLabel('Subject').fill('Thanks, {{first_name}}');
  await action.getByLabel('Or start from a design', { exact: true }).click();
  await page.getByRole('option').first().click();
  await action.getByRole('button', { name: 'Create and edit' }).click();

  // The same tab: the workflow was saved with the step, and Back returns to it.
  await expect(page).toHaveURL(new RegExp(`/email-editor/global/${automation.id}/\\d+/\\d+$`));
  expect(context.pages()).toHaveLength(1);
  await page.getByRole('button', { name: 'Copy preview link' }).click();
  await expect(page.getByText('Preview link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/preview-user-template\/\d+\?uid=\d+&key=[\w-]+$/);
  const preview = await page.request.get(link);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toMatch(/^text\/html/);
  await shot(page, 'words-email-editor');
  await page.getByRole('link', { name: 'Go back to automations' }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${automation.id}$`));
  await expect(page.getByText('Version 2')).toBeVisible();
  await expect(page.getByTestId('step-card').nth(1)).toContainText('Thanks, {{first_name}}');
});

test('a member without the editor permission finds Edit page locked', async ({ page, browser }) => {
  const staffEmail = uniqueEmail('olly');
  await signUpThroughApi(page, {
    email: uniqueEmail('owner'),
    password: 'owner password',
    firstName: 'Otto',
    business: 'Otto Orders',
  });
  const { funnel, step } = await funnelWithStep(
    page,
    { name: 'Locks', path: 'locks' },
    { name: 'Checkout', type: 1, url: 'checkout' },
  );
  await page.goto('/settings/staff/new');
  await page.getByLabel('E-mail').fill(staffEmail);
  await page.getByLabel('First name').fill('Olly');
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
  await expect(staff.getByRole('button', { name: 'Settings' })).toBeVisible();
  await staff.goto(`/wfunnel/${funnel.id}/steps/${step.id}`);
  const edit = staff.getByRole('button', { name: 'Edit page' });
  await expect(edit).toHaveAttribute('aria-disabled', 'true');
  await expect(staff.getByRole('link', { name: 'Edit page' })).toHaveCount(0);
  await edit.hover();
  await expect(staff.getByRole('tooltip', { name: 'Access denied' })).toBeVisible();
  // A locked button is aria-disabled: a click (forced past Playwright's enabled check) goes nowhere.
  await edit.click({ force: true });
  await expect(staff).toHaveURL(new RegExp(`/wfunnel/${funnel.id}/steps/${step.id}$`));
  await shot(staff, 'words-edit-page-locked');
  // The editor's address typed by hand: the same lock in words, not an editor whose saves fail.
  const pageId = step.pages[0]?.id;
  await staff.goto(`/page-editor/wfunnel/${funnel.id}/steps/${step.id}/pages/${pageId}/1`);
  await expect(staff.getByRole('alert')).toContainText('Access denied!');
  await expect(staff.getByRole('alert')).toContainText('does not include the page editor permission');
  await expect(staff.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await staff.getByRole('link', { name: 'Back to the step' }).click();
  await expect(staff).toHaveURL(new RegExp(`/wfunnel/${funnel.id}/steps/${step.id}$`));
  // The same for the e-mail editor without the automations permission.
  await staff.goto('/email-editor/global/1/1/key');
  await expect(staff.getByRole('alert')).toContainText('Access denied!');
  await expect(staff.getByRole('alert')).toContainText('does not include the automations permission');
  await staffContext.close();
});
