import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { api, demoEditorPath, demoIds, e2ePort, endpoints, openAsDemo, shot } from './helpers.ts';

/**
 * Issue 39: no axe violation (WCAG 2.0 A and AA, 2.1 AA, 2.2 AA) on the dashboard's screens, their popups,
 * drawers and menus, the editors, the demo's published pages and the checkout with its errors showing. The rules and their documented exceptions are in axe.ts.
 */

/** Waits for a screen to have drawn its data: a heading, no loader, and a moment of network quiet. */
async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
}

test('every dashboard route of the route tables has no axe violation', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAsDemo(page, '/');
  const { funnelId, steps, automationId } = await demoIds(page);
  const step = steps[0]?.id;
  // Spec §2.2 and §2.3 of funnels-builders-account.md and §2 of orders-customers-search.md.
  const routes = [
    '/get-started',
    '/get-started/templates',
    '/',
    '/help',
    '/funnels',
    '/funnels/archive',
    '/orders',
    '/customers',
    '/analytics',
    '/automations',
    '/automations/archive',
    '/automations/global',
    `/automations/${automationId}`,
    '/apps',
    '/apps/tracking-pixels',
    '/integrations',
    '/integrations/google-sheets',
    '/store/discounts',
    '/developers/apps',
    '/billing',
    '/settings/profile',
    '/settings/account',
    '/settings/staff',
    '/settings/staff/new',
    '/settings/mailbox',
    '/settings/store-emails',
    '/settings/sms',
    '/settings/payment-gateways',
    '/settings/billing/choose-your-plan',
    `/wfunnel/${funnelId}/overview`,
    `/wfunnel/${funnelId}/settings`,
    `/wfunnel/${funnelId}/orders`,
    `/wfunnel/${funnelId}/analytics`,
    `/wfunnel/${funnelId}/automations/v2`,
    `/wfunnel/${funnelId}/steps/${step}`,
    `/wfunnel/${funnelId}/steps/${step}/settings`,
  ];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    await expectAccessible(page, route);
    if (route === '/') await expectActivityAmountsWhole(page);
  }
});

test('the popups, drawers and menus have no axe violation, each open in turn', async ({ page }) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAsDemo(page, '/orders');
  await settle(page);

  // The header's menus and the changelog.
  for (const name of ['Help', 'Settings', 'Profile', /^What’s new/]) {
    const button = page.getByRole('button', { name });
    await button.click();
    await expect(page.locator('[role="menu"], [data-testid="changelog"]').first()).toBeVisible();
    await expectAccessible(page, `header menu ${name}`);
    // The button closes its popup again.
    await button.click();
    await expect(page.locator('[role="menu"], [data-testid="changelog"]')).toHaveCount(0);
  }

  // An order's row menu, its details panel and that panel's actions menu.
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Actions for order/ }) });
  await row
    .first()
    .getByRole('button', { name: /^Actions for order/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'order row menu');
  await page.keyboard.press('Escape');
  await row.first().getByRole('cell').first().click();
  const panel = page.getByRole('dialog', { name: /^Order #\d+$/ });
  await expect(panel).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'order panel');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The export wizard's first step.
  await page.getByRole('button', { name: 'Export orders' }).click();
  const wizard = page.getByRole('dialog', { name: 'Export orders' });
  await expect(wizard).toBeVisible();
  await expectAccessible(page, 'export wizard');
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();

  // The customer panel.
  await page.goto('/customers');
  await settle(page);
  await page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1).click();
  const customer = page.getByRole('dialog', { name: 'Customer details' });
  await expect(customer).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'customer panel');
  await page.keyboard.press('Escape');

  // The new-funnel popup.
  await page.goto('/funnels');
  await settle(page);
  await page.getByRole('button', { name: 'Add funnel' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Add funnel' })).toBeVisible();
  await expectAccessible(page, 'add funnel popup');
});

/** The Activity panel shows each purchase's amount whole, never cut to '$2…'. */
async function expectActivityAmountsWhole(page: Page) {
  const list = page.getByRole('list', { name: 'Recent activity' });
  const amount = list.getByText(/\$\d/).first();
  await expect(amount).toBeVisible();
  const cut = await list
    .getByText(/\$\d/)
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
  expect.soft(cut, 'Activity amounts cut').toEqual([]);
}

/** A screenshot of what the phone's screen shows (not the whole page), in e2e/screenshots/ beside shot()'s. */
const screenShot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)) });

/** No element reaches past the viewport's right edge: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect
    .soft(widths.scroll, `${where}: page width ${widths.scroll} in a ${widths.inner} px window`)
    .toBeLessThanOrEqual(widths.inner);
}

/** The element's box lies within the window's width (visible, not cut at the right edge). */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(box && box.x >= 0 && box.x + box.width <= width, `${what} within ${width} px`).toBe(true);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
])
  test(`at ${size.width}×${size.height} orders and customers are readable cards, without sideways scroll`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(size);
    await openAsDemo(page, '/orders');
    await settle(page);
    const table = page.getByRole('table', { name: 'Orders' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Actions for order/ }) });
    const first = row.first();
    // Status, customer, amount and the row menu of an order, whole and on screen.
    const status = first.getByRole('cell').nth(1).locator('.mantine-Badge-label').first();
    await expectWithinWidth(page, status, 'status tag');
    const label = await status.evaluate((el) => ({
      text: el.textContent,
      cut: el.scrollWidth > el.clientWidth,
    }));
    expect(label.cut, `status tag '${label.text}' cut`).toBe(false);
    await expectWithinWidth(page, first.getByRole('cell').nth(2), 'customer');
    await expectWithinWidth(page, first.getByRole('cell').nth(4), 'amount');
    await expect(first.getByRole('cell').nth(4)).toHaveText(/\$\d/);
    await expectWithinWidth(page, first.getByRole('button', { name: /^Actions for order/ }), 'row menu');
    await expectNoSidewaysScroll(page, '/orders');
    await expectAccessible(page, `/orders at ${size.width} px`);
    await screenShot(page, `a11y-orders-${size.width}`);

    // An order's panel fits too.
    await first.getByRole('cell').first().click();
    const panel = page.getByRole('dialog', { name: /^Order #\d+$/ });
    await expect(panel).toBeVisible();
    await settle(page);
    await expectWithinWidth(page, panel.getByRole('heading').first(), 'order panel title');
    await expectNoSidewaysScroll(page, 'order panel');
    await screenShot(page, `a11y-order-panel-${size.width}`);
    await page.keyboard.press('Escape');

    await page.goto('/customers');
    await settle(page);
    const customer = page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1);
    await expectWithinWidth(page, customer.getByRole('cell').first(), 'customer');
    // The name is whole, not cut to 'Olivia…'.
    const name = customer.getByRole('cell').first().getByRole('button');
    const nameCut = await name.evaluate((el) => ({
      text: el.textContent,
      cut: el.scrollWidth > el.clientWidth,
    }));
    expect.soft(nameCut.cut, `customer name '${nameCut.text}' cut`).toBe(false);
    await expectWithinWidth(page, customer.getByRole('cell').nth(3), 'first seen');
    await expectNoSidewaysScroll(page, '/customers');
    await expectAccessible(page, `/customers at ${size.width} px`);
    await screenShot(page, `a11y-customers-${size.width}`);

    await page.goto('/');
    await settle(page);
    await expectActivityAmountsWhole(page);
    await expectNoSidewaysScroll(page, 'Dashboard');
    await screenShot(page, `a11y-dashboard-${size.width}`);
  });

test('the page editor has no axe violation', async ({ page }) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAsDemo(page, '/');
  await page.goto(await demoEditorPath(page));
  await expect(page.getByTestId('canvas')).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expectAccessible(page, 'page editor');
  // The Layout panel's tree (treeitems with levels, open states and their action buttons).
  await page.getByRole('button', { name: 'Layout', exact: true }).click();
  const tree = page.getByRole('tree', { name: 'Page layout' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  // A focused item shows its action buttons.
  await tree.getByRole('treeitem').nth(1).focus();
  await expectAccessible(page, 'page editor with its layout tree');
  // A block selected on the canvas shows its toolbar (drag, move, clone, delete): its buttons keep WCAG 2.2's
  // 24 by 24 CSS px (axe's target-size, among the wcag22aa rules) however far the canvas is zoomed out.
  const headline = tree.getByRole('treeitem', { name: 'Headline', exact: true }).first();
  await headline.focus();
  await page.keyboard.press('Enter');
  const toolbar = page.getByTestId('selection-outline').locator('[data-editor-ui]');
  await expect(toolbar.getByRole('button', { name: /^Clone / })).toBeVisible();
  const canvas = page.getByTestId('canvas');
  for (const width of [1440, 1100]) {
    await page.setViewportSize({ width, height: 1000 });
    const zoom = () =>
      canvas.evaluate((frame) => frame.getBoundingClientRect().width / (frame as HTMLElement).offsetWidth);
    // The canvas is drawn smaller than its width here, as the toolbar used to be (15 px buttons).
    await expect.poll(zoom, `the canvas is zoomed out at ${width} px`).toBeLessThan(0.95);
    const sizes = await toolbar.getByRole('button').evaluateAll((buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return `${button.getAttribute('aria-label')}: ${Math.min(box.width, box.height) >= 23.95 ? 'at least 24 px' : `${box.width} by ${box.height}`}`;
      }),
    );
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    for (const size of sizes) expect(size).toMatch(/: at least 24 px$/);
    await expectAccessible(page, `page editor with a block's toolbar at ${width} px (zoom ${await zoom()})`);
    await shot(page, `a11y-editor-toolbar-${width}`);
  }
});

test('the e-mail editor has no axe violation', async ({ page }) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAsDemo(page, '/');
  const me = await api(page).call(endpoints.users.getUsersMe);
  // A new e-mail opens on the shared templates' picker, over the editor.
  await page.goto(`/email-editor/global/none/${me.id}/new`);
  await expect(page.getByRole('dialog', { name: 'Start from a shared template' })).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expectAccessible(page, 'e-mail editor with the template picker');
});

test("the demo store's published pages and its checkout with errors showing have no axe violation", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const origin = `http://demo-store.localhost:${e2ePort}`;
  for (const path of [
    '/summer-sale/checkout',
    '/summer-sale/upsell',
    '/summer-sale/thank-you',
    '/yoga-course/free-class',
    '/yoga-course/thank-you',
  ]) {
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await expectAccessible(page, path);
  }
  // Step 1 sent empty: each required field shows its error.
  await page.goto(`${origin}/summer-sale/checkout`);
  await page.getByRole('button', { name: 'Go to step #2' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'checkout with its errors');
  await shot(page, 'a11y-checkout-errors');
});
