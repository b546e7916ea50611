// Issue 17: the API integrations' screens draw their connect form from the adapter's connect_fields.
// Shopify against a local fake of its Admin API (playwright.config.ts points SHOPIFY_API_BASE at it).

import {
  SHOPIFY_GOOD_TOKEN,
  startFakeShopify,
} from '../../apps/server/src/modules/integrations/shopify/shopify.fixtures.ts';
import { expect, test } from './fixtures.ts';
import { e2eShopifyPort, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

let shopify: Awaited<ReturnType<typeof startFakeShopify>>;
test.beforeAll(async () => {
  shopify = await startFakeShopify({ port: e2eShopifyPort });
});
test.afterAll(() => shopify.close());

test('a merchant connects Shopify from its form, tests it, and disconnects it; the token is never shown', async ({
  page,
}) => {
  // A form, a test call and a disconnect: more than one page's time on a loaded machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('sho'),
      password: 'shop password',
      firstName: 'Sho',
      business: 'Sho Shop',
    },
    '/integrations',
  );
  const card = page.getByRole('region', { name: 'Shopify' });
  await expect(card).toContainText('Not connected');
  await card.getByRole('link', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/integrations\/shopify$/);

  const form = page.getByRole('form', { name: 'Connect Shopify' });
  await form.getByLabel('Store address').fill('funnel-test');
  await form.getByLabel('Admin API access token').fill('shpat_wrongwrongwrong');
  await form.getByRole('button', { name: 'Connect' }).click();
  // Shopify's refusal is shown under the field it names.
  await expect(form).toContainText('Shopify refused the access token');

  await form.getByLabel('Admin API access token').fill(SHOPIFY_GOOD_TOKEN);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const saved = page.getByRole('form', { name: 'Connect Shopify' });
  await expect(saved.getByLabel('Store address')).toHaveValue('funnel-test.myshopify.com');
  await expect(saved.getByLabel('Admin API access token')).toHaveValue('');
  await expect(saved.getByLabel('Admin API access token')).toHaveAttribute(
    'placeholder',
    /leave empty to keep it/,
  );
  expect(await page.content()).not.toContain(SHOPIFY_GOOD_TOKEN);

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('test-result')).toHaveText('Connected to Funnel Test Store');
  await shot(page, 'integrations-shopify-connected');

  // Saving with the token left empty keeps it.
  await saved.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  expect(shopify.requests.at(-1)?.headers['x-shopify-access-token']).toBe(SHOPIFY_GOOD_TOKEN);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
});
