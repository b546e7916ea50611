import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

/** A new owner (signing up is session.spec.ts's subject), on `path`. */
async function newOwner(page: Page, firstName = 'Fay', path = '/funnels') {
  const email = uniqueEmail('funnels');
  await signUpThroughApi(
    page,
    { email, password: 'funnels password', firstName, business: `${firstName} Shop` },
    path,
  );
  return email;
}

async function addFunnel(page: Page, name: string, kind: 'Funnelwork funnel' | 'Classic funnel') {
  if (new URL(page.url()).pathname !== '/funnels') await page.goto('/funnels');
  await page.getByRole('button', { name: 'Add funnel' }).first().click();
  const popup = page.getByRole('dialog', { name: 'Add funnel' });
  await popup.getByLabel('Funnel name').fill(name);
  await popup.getByText(kind, { exact: true }).click();
  await shot(page, `funnels-add-funnel-popup-${kind === 'Classic funnel' ? 'classic' : 'second'}`);
  await popup.getByRole('button', { name: 'Create funnel' }).click();
  await expect(popup).toBeHidden();
}

const entry = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('creates a funnel of each kind, pins, clones, deletes and restores them', async ({ page }) => {
  await newOwner(page);
  await addFunnel(page, 'Spring Sale', 'Classic funnel');
  await expect(page).toHaveURL(/\/funnel\/\d+\/steps/);
  await addFunnel(page, 'Geo Launch', 'Funnelwork funnel');
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps/);

  await page.goto('/funnels');
  await expect(entry(page, 'Spring Sale')).toBeVisible();
  await expect(entry(page, 'Geo Launch').getByText('Funnelwork')).toBeVisible();
  await expect(entry(page, 'Spring Sale').getByText(/Updated (a few seconds|a minute) ago/)).toBeVisible();
  await expect(entry(page, 'Spring Sale').getByText('$0.00')).toBeVisible();

  // Pinned first: pin the older one and it moves to the top.
  await entry(page, 'Spring Sale').getByRole('button', { name: 'Pin Spring Sale' }).click();
  await expect(entry(page, 'Spring Sale').getByRole('button', { name: 'Unpin Spring Sale' })).toBeVisible();
  await expect(page.getByTestId('funnel-entry').first()).toHaveAccessibleName('Spring Sale');
  await shot(page, 'funnels-list');

  // Rename through the Funnel settings popup.
  await entry(page, 'Geo Launch').getByRole('button', { name: 'More for Geo Launch' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Funnel settings' });
  await settings.getByLabel('Funnel name').fill('Geo Launch EU');
  await shot(page, 'funnels-settings-popup');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  await expect(entry(page, 'Geo Launch EU')).toBeVisible();

  // A path another funnel has: the server's 409 shows under the Funnel path field.
  await entry(page, 'Geo Launch EU').getByRole('button', { name: 'More for Geo Launch EU' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await settings.getByLabel('Funnel path').fill('spring-sale');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByLabel('Funnel path')).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.getByText('This path is already used by another funnel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // Clone: what to clone, then the name ("name - [clone]"), then done.
  await entry(page, 'Spring Sale').getByRole('button', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone funnel' });
  await clone.getByRole('button', { name: 'Continue' }).click();
  await expect(clone.getByLabel('Name of the copy')).toHaveValue('Spring Sale - [clone]');
  await shot(page, 'funnels-clone-popup');
  await clone.getByRole('button', { name: 'Clone funnel' }).click();
  await expect(clone.getByText('Your funnel was cloned')).toBeVisible();
  await clone.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(entry(page, 'Spring Sale - [clone]')).toBeVisible();

  // Delete moves it to the archive; Restore brings it back.
  await entry(page, 'Spring Sale - [clone]')
    .getByRole('button', { name: 'Delete Spring Sale - [clone]' })
    .click();
  const del = page.getByRole('dialog', { name: 'Delete funnel' });
  await shot(page, 'funnels-delete-popup');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(entry(page, 'Spring Sale - [clone]')).toBeHidden();
  await page.getByRole('link', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/funnels\/archive$/);
  await entry(page, 'Spring Sale - [clone]').getByRole('button', { name: 'Restore' }).click();
  await expect(entry(page, 'Spring Sale - [clone]')).toBeHidden();
  await page.goto('/funnels');
  await expect(entry(page, 'Spring Sale - [clone]')).toBeVisible();
});

test('keeps funnels in folders', async ({ page }) => {
  await newOwner(page, 'Gus');
  await addFunnel(page, 'Folder Funnel', 'Classic funnel');
  await addFunnel(page, 'Loose Funnel', 'Classic funnel');
  await page.goto('/funnels');
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Folder name').fill('Launches');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await entry(page, 'Folder Funnel').getByRole('button', { name: 'More for Folder Funnel' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  const move = page.getByRole('dialog', { name: 'Move to folder' });
  await move.getByLabel('Folder').click();
  await page.getByRole('option', { name: 'Launches' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await page.getByRole('button', { name: 'Launches · 1' }).click();
  await expect(entry(page, 'Folder Funnel')).toBeVisible();
  await expect(entry(page, 'Loose Funnel')).toBeHidden();

  await page.getByRole('button', { name: 'Folder Launches actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename folder' }).click();
  await page.getByRole('dialog', { name: 'Rename folder' }).getByLabel('Folder name').fill('Big launches');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Big launches · 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Folder Big launches actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete folder' }).click();
  await page
    .getByRole('dialog', { name: 'Delete folder' })
    .getByRole('button', { name: 'Delete folder' })
    .click();
  await expect(page.getByRole('button', { name: 'Big launches · 1' })).toBeHidden();
  await expect(entry(page, 'Loose Funnel')).toBeVisible();
  await expect(entry(page, 'Folder Funnel')).toBeVisible();
});

test('splits a geo-funnel, renames it with the unsaved marker and targets countries', async ({ page }) => {
  await newOwner(page, 'Hal');
  await addFunnel(page, 'World Tour', 'Funnelwork funnel');
  await page.goto('/funnels');
  const world = entry(page, 'World Tour');
  await world.getByRole('button', { name: 'Split into a geo-funnel' }).click();
  await expect(world.getByTestId('split-progress')).toBeVisible();
  await expect(world.getByRole('button', { name: /Geo-funnels \(1\)/ })).toBeVisible({ timeout: 15_000 });
  const geo = world.getByTestId('geo-funnel');
  await expect(geo).toHaveCount(1);
  const name = geo.getByLabel('Geo-funnel name');
  await name.fill('World Tour FR');
  await expect(geo.getByLabel('Unsaved changes')).toBeVisible();
  await name.press('Enter');
  await expect(geo.getByLabel('Unsaved changes')).toBeHidden();
  await geo.getByLabel('Countries').click();
  await page.getByRole('option', { name: 'France' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'funnels-geo-funnels');
  await page.reload();
  await entry(page, 'World Tour')
    .getByRole('button', { name: /Geo-funnels \(1\)/ })
    .click();
  await expect(entry(page, 'World Tour').getByLabel('Geo-funnel name')).toHaveValue('World Tour FR');
  await expect(entry(page, 'World Tour').getByText('France')).toBeVisible();
});

async function addStep(page: Page, type: string) {
  await page.getByRole('button', { name: 'New step' }).click();
  const popup = page.getByRole('dialog', { name: 'Add new step' });
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.getByRole('button', { name: type, exact: true }).click();
  await expect(popup.getByLabel('Name')).toHaveValue(`New ${type}`);
  await expect(popup.getByLabel('Step URL')).toHaveValue(`new-${type.toLowerCase().replaceAll(' ', '-')}`);
  await popup.getByRole('button', { name: 'Create step' }).click();
  await expect(popup).toBeHidden();
}

test('adds blank steps, reorders them by dragging, refuses a taken path and deletes a step', async ({
  page,
}) => {
  await newOwner(page, 'Ivy');
  await addFunnel(page, 'Step Funnel', 'Funnelwork funnel');
  const sidebar = page.getByRole('complementary', { name: 'Funnel' });
  await expect(sidebar.getByText('No steps have been added yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await page.getByRole('button', { name: 'New step' }).click();
  const popup = page.getByRole('dialog', { name: 'Add new step' });
  await shot(page, 'funnels-add-step-template');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await shot(page, 'funnels-add-step-type');
  await popup.getByRole('button', { name: 'Checkout', exact: true }).click();
  await shot(page, 'funnels-add-step-details');
  await popup.getByRole('button', { name: 'Create step' }).click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps\/\d+$/);
  await expect(page.getByRole('heading', { name: 'New Checkout' })).toBeVisible();

  await addStep(page, 'Upsell');
  await addStep(page, 'Thank you page');
  const items = sidebar.getByTestId('step-item');
  await expect(items).toHaveCount(3);

  // Drag the last step above the first with the mouse (the @dnd-kit pointer sensor).
  const handle = sidebar.getByRole('button', { name: 'Reorder New Thank you page' });
  const target = sidebar.getByRole('button', { name: 'Reorder New Checkout' });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no step handles');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
  await page.mouse.up();
  await expect(items.first()).toContainText('New Thank you page');
  await shot(page, 'funnels-step-sidebar');
  await page.reload();
  await expect(items.nth(0)).toContainText('New Thank you page');
  await expect(items.nth(1)).toContainText('New Checkout');
  await expect(items.nth(2)).toContainText('New Upsell');

  // The keyboard reorders too: Space picks the step up, arrows move it, Space drops it.
  await sidebar.getByRole('button', { name: 'Reorder New Upsell' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(items.nth(1)).toContainText('New Upsell');

  // "a server status of 409 marks the path as taken"
  await page.getByRole('button', { name: 'New step' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.getByRole('button', { name: 'Upsell', exact: true }).click();
  await popup.getByRole('button', { name: 'Create step' }).click();
  await expect(popup.getByText('This path is already taken in this funnel')).toBeVisible();
  await shot(page, 'funnels-add-step-path-taken');
  await popup.getByRole('button', { name: 'Cancel' }).click();

  // Delete step: both confirmations, progress, then back to the funnel page.
  await sidebar.getByRole('button', { name: 'Delete New Checkout' }).click();
  const del = page.getByRole('dialog', { name: 'Delete step' });
  const confirm = del.getByRole('button', { name: 'Delete step' });
  await expect(confirm).toBeDisabled();
  await del.getByLabel('I understand that the step and its pages will be deleted').check();
  await expect(confirm).toBeDisabled();
  await del.getByLabel('I understand that visitors will no longer reach this step').check();
  await shot(page, 'funnels-delete-step-popup');
  await confirm.click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/overview$/);
  await expect(items).toHaveCount(2);
  await expect(sidebar.getByText('New Checkout')).toBeHidden();
});

test('adds a product with variants and connects a domain pending verification', async ({ page }) => {
  await newOwner(page, 'Jo');
  await addFunnel(page, 'Product Funnel', 'Classic funnel');
  await page.getByLabel('Name').fill('Order form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Order form' })).toBeVisible();

  await page.getByRole('link', { name: 'Add product' }).click();
  const panel = page.getByRole('dialog', { name: 'New product' });
  await panel.getByLabel('Product name').fill('Yoga mat');
  await panel.getByLabel('Price').fill('49.90');
  await panel.getByLabel('Billing').click();
  await page.getByRole('option', { name: 'Every month' }).click();
  await panel.getByLabel('Image URL').fill('https://images.example.test/mat.jpg');
  await panel.getByRole('button', { name: 'Add image' }).click();
  await panel.getByRole('button', { name: 'Create product' }).click();
  const settings = page.getByRole('dialog', { name: 'Product settings' });
  await expect(page).toHaveURL(/\/funnel\/\d+\/steps\/\d+\/product\/\d+$/);
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByLabel('Option name').fill('Size');
  await settings.getByLabel('Values').fill('S');
  await settings.getByLabel('Values').press('Enter');
  await settings.getByLabel('Values').fill('M');
  await settings.getByLabel('Values').press('Enter');
  await settings.getByRole('button', { name: 'Save options' }).click();
  await settings.getByLabel('Variant name').fill('Small mat');
  await settings.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: 'S', exact: true }).click();
  await settings.getByRole('button', { name: 'Add variant' }).click();
  const variants = settings.getByRole('table', { name: 'Variants' });
  await expect(variants.getByText('Small mat')).toBeVisible();
  await expect(variants.getByText('Size: S')).toBeVisible();
  await shot(page, 'funnels-product-panel');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Yoga mat' })).toBeVisible();
  await expect(page.getByText('$49.90 / month')).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/funnel\/\d+\/settings$/);
  await page.getByRole('button', { name: 'Connect domain' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect domain' });
  await connect.getByLabel('Domain').fill('https://Shop.Example.com/');
  await connect.getByRole('button', { name: 'Add domain' }).click();
  await expect(connect.getByText('Pending verification')).toBeVisible();
  await expect(connect.getByText('_funnelwork.shop.example.com')).toBeVisible();
  await expect(connect.getByText(/^funnelwork-verify=/)).toBeVisible();
  await shot(page, 'funnels-connect-domain');
  await connect.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(connect.getByText(/Verification failed|Pending verification/)).toBeVisible();
  await connect.getByRole('button', { name: 'Verify later' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Domain' })).toHaveValue(
    'shop.example.com (pending verification)',
  );
});

test('shares a funnel into a second account, choosing a subdomain first', async ({ page, browser }) => {
  await newOwner(page, 'Kim');
  await addFunnel(page, 'Shared Launch', 'Funnelwork funnel');
  await page.getByLabel('Name').fill('Welcome page');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome page' })).toBeVisible();
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Create share link' }).click();
  const link = await page.getByLabel('Share link', { exact: true }).inputValue();
  expect(link).toMatch(/\/share\?funnel=\d+&code=[\w-]+$/);

  const other = await browser.newContext();
  const second = await other.newPage();
  await newOwner(second, 'Lou');
  await second.goto(link);
  // "if the user has no subdomain a non-closable subdomain popup comes first"
  const subdomain = second.getByRole('dialog', { name: 'Choose your free subdomain' });
  await expect(subdomain).toBeVisible();
  await expect(subdomain.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await subdomain.getByLabel('Subdomain').fill(`lou${Date.now()}`);
  await subdomain.getByRole('button', { name: 'Save' }).click();
  const popup = second.getByRole('dialog', { name: 'Clone a shared funnel' });
  await expect(popup.getByText('“Shared Launch” has 1 step.', { exact: false })).toBeVisible();
  await shot(second, 'funnels-share-clone-popup');
  await popup.getByRole('button', { name: 'Clone funnel' }).click();
  await expect(second.getByRole('progressbar', { name: 'Clone progress' })).toBeVisible();
  await expect(second).toHaveURL(/\/wfunnel\/\d+\/overview$/, { timeout: 15_000 });
  await expect(second.getByTestId('funnel-name')).toHaveText('Shared Launch');
  await expect(second.getByRole('complementary', { name: 'Funnel' }).getByText('Welcome page')).toBeVisible();
  await other.close();
});

test('creates, edits and deletes discount codes', async ({ page }) => {
  await newOwner(page, 'Max', '/store');
  await expect(page).toHaveURL(/\/store\/discounts$/);
  await expect(page.getByText('No discount codes yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New discount' }).click();
  const popup = page.getByRole('dialog', { name: 'New discount' });
  await popup.getByLabel('Discount code').fill('summer20');
  await popup.getByLabel('Percent off').fill('20');
  await popup.getByLabel('Uses in total').fill('100');
  await shot(page, 'funnels-discount-popup');
  await popup.getByRole('button', { name: 'Create discount' }).click();
  const table = page.getByRole('table', { name: 'Discounts' });
  const row = table.getByRole('row').filter({ hasText: 'SUMMER20' });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('0 / 100');
  await expect(row).toContainText('Active');

  // A second code with the same letters is refused (codes are unique case-insensitively).
  await page.getByRole('button', { name: 'New discount' }).click();
  await popup.getByLabel('Discount code').fill('SUMMER20');
  await popup.getByRole('button', { name: 'Create discount' }).click();
  await expect(popup.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true');
  await popup.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Edit SUMMER20' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit discount' });
  await edit.getByText('Fixed amount').click();
  await edit.getByLabel('Amount off').fill('5');
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Save discount' }).click();
  await expect(row).toContainText('$5.00 off');
  await expect(row).toContainText('Inactive');
  await shot(page, 'funnels-discounts');

  await row.getByRole('button', { name: 'Delete SUMMER20' }).click();
  await page.getByRole('dialog', { name: 'Delete discount' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No discount codes yet.')).toBeVisible();
});
