import { expect, type Page, test } from '@playwright/test';
import { closeWelcome, shot, signUp, uniqueEmail } from './helpers.ts';

async function newOwner(page: Page, firstName = 'Fay') {
  const email = uniqueEmail('funnels');
  await signUp(page, { email, password: 'funnels password', firstName, business: `${firstName} Shop` });
  await closeWelcome(page);
  return email;
}

async function addFunnel(page: Page, name: string, kind: 'Funnelwork funnel' | 'Classic funnel') {
  await page.goto('/funnels');
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

  // Clone: what to clone, then the name ("name - [clone]"), then done.
  await entry(page, 'Spring Sale').getByRole('button', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone funnel' });
  await clone.getByRole('button', { name: 'Continue' }).click();
  await expect(clone.getByLabel('Name of the copy')).toHaveValue('Spring Sale - [clone]');
  await shot(page, 'funnels-clone-popup');
  await clone.getByRole('button', { name: 'Clone funnel' }).click();
  await expect(clone.getByText('Your funnel was cloned')).toBeVisible();
  await clone.getByRole('button', { name: 'Close', exact: true }).click();
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
