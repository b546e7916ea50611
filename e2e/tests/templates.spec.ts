import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

/** A new owner (signing up is session.spec.ts's subject), on `path`. */
async function newOwner(page: Page, firstName: string, path: string) {
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('templates'),
      password: 'templates password',
      firstName,
      business: `${firstName} Shop`,
    },
    path,
  );
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('the gallery filters, searches, likes and uses a template in a new funnel', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await newOwner(page, 'Tess', '/get-started');
  await expect(page.getByRole('heading', { name: 'Popular templates' })).toBeVisible();
  await page.getByRole('link', { name: 'See all templates' }).click();
  await expect(page).toHaveURL(/\/get-started\/templates$/);
  await expect(card(page, 'Two-step checkout')).toBeVisible();
  const thumbnail = card(page, 'Two-step checkout').getByRole('img', { name: 'Two-step checkout preview' });
  await expect(thumbnail).toHaveAttribute('src', '/templates/checkout-two-step.png');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'templates-gallery');

  // Filter by step type.
  await page.getByRole('group', { name: 'Step type' }).getByText('Upsell', { exact: true }).click();
  await expect(card(page, 'One-click upsell')).toBeVisible();
  await expect(card(page, 'Two-step checkout')).toBeHidden();
  await page.getByRole('group', { name: 'Step type' }).getByText('All', { exact: true }).click();

  // Search.
  await page.getByLabel('Search templates').fill('opt-in');
  await expect(card(page, 'Lead magnet opt-in')).toBeVisible();
  await expect(card(page, 'One-click upsell')).toBeHidden();
  await page.getByLabel('Search templates').fill('no such template words');
  await expect(page.getByText('No templates match your search')).toBeVisible();
  await page.getByLabel('Search templates').fill('');

  // Like and unlike.
  const checkout = card(page, 'Two-step checkout');
  await checkout.getByRole('button', { name: 'Like Two-step checkout' }).click();
  await expect(checkout.getByRole('button', { name: 'Unlike Two-step checkout' })).toBeVisible();
  await expect(checkout.getByTestId('likes')).toHaveText(/^[1-9]\d*$/);
  const liked = Number(await checkout.getByTestId('likes').textContent());
  await checkout.getByRole('button', { name: 'Unlike Two-step checkout' }).click();
  await expect(checkout.getByTestId('likes')).toHaveText(String(liked - 1));

  // Use template → a new funnel with the step.
  await checkout.getByRole('button', { name: 'Use template' }).click();
  const popup = page.getByRole('dialog', { name: 'Use template' });
  await popup.getByText('Create a new funnel').click();
  await popup.getByLabel('Funnel name').fill('Template Funnel');
  await expect(popup.getByLabel('Step name')).toHaveValue('Two-step checkout');
  await popup.getByRole('button', { name: 'Create step' }).click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Two-step checkout' })).toBeVisible();
});

test('adds a step from a built-in template and opens it in the editor', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await newOwner(page, 'Uma', '/funnels');
  await page.getByRole('button', { name: 'Add funnel' }).first().click();
  const addFunnel = page.getByRole('dialog', { name: 'Add funnel' });
  await addFunnel.getByLabel('Funnel name').fill('Upsell Funnel');
  await addFunnel.getByRole('button', { name: 'Create funnel' }).click();
  await expect(addFunnel).toBeHidden();

  await page.getByRole('button', { name: 'New step' }).click();
  const popup = page.getByRole('dialog', { name: 'Add new step' });
  await popup.getByRole('group', { name: 'Template step type' }).getByText('Upsell', { exact: true }).click();
  await expect(popup.getByRole('radio', { name: 'Two-step checkout', exact: true })).toBeHidden();
  await popup.getByRole('radio', { name: 'One-click upsell' }).click();
  await shot(page, 'templates-add-step-builtin');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByLabel('Name')).toHaveValue('New Upsell');
  await popup.getByRole('button', { name: 'Create step' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('heading', { name: 'New Upsell' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit page' }).first().click();
  await expect(page).toHaveURL(/\/page-editor\//);
  const canvas = page.getByTestId('canvas');
  await expect(canvas.locator('[data-node-type="section"]').first()).toBeVisible();
  expect(await canvas.locator('[data-node-type="headline"]').count()).toBeGreaterThan(0);
  await expect(canvas.locator('[data-node-type="timer"]')).toHaveCount(1);
  await shot(page, 'templates-step-in-editor');
});
