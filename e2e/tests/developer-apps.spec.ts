// Issue 17, "Developer apps and the public API": the demo creates a developer app with orders:read,
// copies the key shown once, and calls the API with it: its orders answer, a customers route is 403.
import { expect, test } from './fixtures.ts';
import { api, endpoints, openAsDemo, shot } from './helpers.ts';

test('a developer app key reads the demo orders and nothing outside its scope', async ({ page, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAsDemo(page, '/developers');
  await expect(page).toHaveURL(/\/developers\/apps$/);
  await expect(page.getByRole('heading', { name: 'Developer apps' })).toBeVisible();

  const name = `Reporting ${Date.now()}`;
  await page.getByRole('button', { name: 'New app' }).click();
  const popup = page.getByRole('dialog', { name: 'New developer app' });
  await popup.getByLabel('Name').fill(name);
  await popup.getByLabel(/^orders:read/).check();
  await popup.getByRole('button', { name: 'Create app' }).click();
  await expect(popup).toBeHidden();

  const card = page.getByRole('region', { name });
  await expect(card).toContainText('orders:read');
  await card.getByRole('button', { name: 'New API key' }).click();
  const keyPopup = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(keyPopup).toContainText('it is shown only once');
  const shown = ((await keyPopup.getByTestId('new-api-key').textContent()) ?? '').trim();
  expect(shown).toMatch(/^fw_[A-Za-z0-9_-]{43}$/);
  await keyPopup.getByRole('button', { name: 'Copy key' }).click();
  await expect(keyPopup.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await shot(page, 'developer-apps-new-key');
  await keyPopup.getByRole('button', { name: 'Done' }).click();
  // The list shows only the key's first characters from now on.
  await expect(card).toContainText(`${shown.slice(0, 11)}…`);
  await expect(page.getByText(shown)).toHaveCount(0);

  const auth = { authorization: `Bearer ${copied}` };
  const orders = await request.get('/api/orders', { headers: auth });
  expect(orders.status()).toBe(200);
  const body = await orders.json();
  expect(body.data.length).toBe(25);
  // The same orders the demo sees signed in (the seeded store has thousands).
  const asDemo = await api(page).call(endpoints.orders.listOrders);
  expect(body.data.map((order: { id: number }) => order.id)).toEqual(asDemo.map((order) => order.id));
  expect(body.meta.count).toBeGreaterThan(1000);
  const customers = await request.get('/api/customer-briefs', { headers: auth });
  expect(customers.status()).toBe(403);
  expect((await customers.json()).error.message).toBe('This API key lacks the scope customers:read');

  // Revoked on the screen: the key answers 401 from the next request on.
  await card.getByRole('button', { name: `Revoke ${shown.slice(0, 11)}` }).click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(card).toContainText('Revoked');
  await shot(page, 'developer-apps-revoked');
  expect((await request.get('/api/orders', { headers: auth })).status()).toBe(401);
});
