// Issue 18, onboarding: "choosing a plan (goes to /billing) … sets onboarding_finished by a user
// update", and "a checklist on /get-started … that ticks itself from real data".
import { expect, test } from './fixtures.ts';
import { api, endpoints, shot, signUp, uniqueEmail } from './helpers.ts';

test('the welcome popup\'s "Choose a plan" goes to /billing for good; the checklist ticks a created funnel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, {
    email: uniqueEmail('onboard'),
    password: 'onboard password',
    firstName: 'Olga',
    business: 'Olga Oils',
  });
  await expect(page).toHaveURL(/\/get-started$/);
  const checklist = page.getByTestId('onboarding-checklist');
  await expect(checklist).toContainText('0 of 4 done');
  await shot(page, 'onboarding-welcome');

  const welcome = page.getByRole('dialog', { name: 'Welcome to Funnelwork, Olga!' });
  await welcome.getByRole('button', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId('plan-name')).toHaveText('14-day trial');
  // onboarding_finished was saved: a reload neither reopens the popup nor goes back to /get-started.
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('14-day trial');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('dialog')).toBeHidden();

  await api(page).call(endpoints.funnels.createFunnel, {
    body: { data: { name: 'First funnel', funnel_type: 1 } },
  });
  await page.goto('/get-started');
  await expect(checklist).toContainText('1 of 4 done');
  await expect(checklist.locator('[data-done="true"]')).toHaveText('Create a funnel');
  await expect(checklist.getByRole('link', { name: 'Connect a payment gateway' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await shot(page, 'onboarding-checklist');
});

test('creating a funnel from the welcome popup sets onboarding_finished; cancelling brings the popup back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, {
    email: uniqueEmail('onboard-funnel'),
    password: 'onboard password',
    firstName: 'Finn',
    business: 'Finn Foods',
  });
  await expect(page).toHaveURL(/\/get-started$/);
  const welcome = page.getByRole('dialog', { name: 'Welcome to Funnelwork, Finn!' });
  await welcome.getByRole('button', { name: 'Create a funnel' }).click();
  const add = page.getByRole('dialog', { name: 'Add funnel' });
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(welcome).toBeVisible();

  await welcome.getByRole('button', { name: 'Create a funnel' }).click();
  await add.getByLabel('Funnel name').fill('First funnel');
  await shot(page, 'onboarding-create-funnel');
  await add.getByRole('button', { name: 'Create funnel' }).click();
  await expect(page).toHaveURL(/\/(w?funnel)\/\d+\/steps/);
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await api(page).call(endpoints.users.getUsersMe)).onboarding_finished).toBe(true);
  // Finished: a reload stays on the funnel, with no welcome popup and no trip to /get-started.
  const url = page.url();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(welcome).toBeHidden();
});
