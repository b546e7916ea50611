import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  api,
  chooseSubdomain,
  closeWelcome,
  e2ePort,
  endpoints,
  logOut,
  openAsDemo,
  shot,
  signUp,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

/*
 * Issue 39: the merchant's main paths done with the keyboard alone — Tab, Shift+Tab, Enter, Space, the
 * arrows and Escape, never the mouse — with the focus always showing, landing where a person expects, and
 * coming back to the button that opened a popup once it closes. Typing a screen's address stands in for
 * the browser's address bar; everything else is keys.
 */

/** Whether the focus is on `target` itself. */
const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Whether the focus is somewhere inside `container`. */
const focusInside = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement));

/**
 * Walks an open menu with the arrows to `item`, as a person does once the focus is in the menu: the menu
 * moves the focus onto its first item a moment after it opens, and arrows pressed before that are lost.
 */
async function arrowTo(page: Page, item: Locator) {
  await expect(item).toBeVisible();
  const menu = page.getByRole('menu');
  await expect.poll(() => focusInside(menu), 'the focus moves into the menu').toBe(true);
  for (let press = 0; press < 8 && !(await focused(item)); press++) await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
}

/**
 * The focused element shows that it has the focus: it (or the field box around it, for Mantine's password
 * and select fields, or a hidden radio's label) draws an outline, a shadow, or a border in the theme's primary colour. Polled: a field's
 * border colour eases in.
 */
async function expectFocusShows(page: Page) {
  const ring = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'nothing (the page body) has the focus';
      const probe = document.createElement('span');
      probe.style.color = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      const shows = (box: Element) => {
        const style = getComputedStyle(box);
        const outline =
          style.outlineStyle !== 'none' &&
          Number.parseFloat(style.outlineWidth) > 0 &&
          style.outlineColor !== 'rgba(0, 0, 0, 0)';
        return outline || style.boxShadow !== 'none' || style.borderTopColor === primary;
      };
      // A field's ring may be drawn by the box around it, or (a visually hidden radio) by its label.
      const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
      const boxes = field
        ? [
            element,
            element.parentElement,
            element.parentElement?.parentElement,
            element.nextElementSibling,
            ...(element.labels ?? []),
          ]
        : [element];
      if (boxes.some((box) => box && shows(box))) return 'shows';
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return `no focus ring on <${element.tagName.toLowerCase()}> ${label}`;
    });
  await expect.poll(ring, { timeout: 5_000 }).toBe('shows');
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a person would, failing after
 * `limit` presses; each stop on the way must show its focus too.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 40 } = {}) {
  // Attached, not necessarily visible: a segmented control's radio is visually hidden behind its label.
  await target.waitFor({ state: 'attached' });
  for (let press = 0; press <= limit; press++) {
    if (await focused(target)) {
      await expectFocusShows(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}; at ${at}`);
}

/**
 * Tabs to `opener`, opens its popup `dialog` with Enter, checks the focus went inside, closes it with
 * Escape and expects the focus back on `opener`, showing (issue 39: "focus returned after a popup closes").
 */
async function expectFocusReturns(page: Page, opener: Locator, dialog: Locator) {
  await tabTo(page, opener, { limit: 120 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog), 'the focus moves into the popup').toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusShows(page);
}

/** A merchant with a subdomain, signed out again: the walk starts at the log-in screen. */
async function signedOutMerchant(page: Page) {
  const email = uniqueEmail('keyboard');
  const password = 'keyboard password';
  await signUp(page, { email, password, firstName: 'Kim', business: 'Kim Keys' });
  await closeWelcome(page);
  const subdomain = `kim${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);
  await logOut(page);
  return { email, password, origin: `http://${subdomain}.localhost:${e2ePort}` };
}

test('signs in, makes a funnel from a template, edits its headline and publishes it by keyboard', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const merchant = await signedOutMerchant(page);

  // Sign in: the e-mail field, the password, Enter.
  await page.goto('/log-in');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(merchant.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expectFocusShows(page);
  await page.keyboard.type(merchant.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/log-in/);

  // The template gallery: search, then the card's Use template.
  await page.goto('/get-started/templates');
  const search = page.getByLabel('Search templates');
  await tabTo(page, search, { limit: 60 });
  await page.keyboard.type('Lead magnet opt-in');
  const card = page.getByRole('article', { name: 'Lead magnet opt-in' });
  const use = card.getByRole('button', { name: 'Use template' });
  await tabTo(page, use);
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Use template' });
  await expect(popup).toBeVisible();
  await expect.poll(() => focusInside(popup), 'the focus moves into the popup').toBe(true);
  // Escape closes it and gives the focus back to Use template; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(use).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  // A new funnel: the choice is a radio group, the arrows pick.
  const newFunnel = popup.getByRole('radio', { name: 'Create a new funnel' });
  await tabTo(page, popup.getByRole('radio', { checked: true }));
  if (!(await newFunnel.isChecked())) await page.keyboard.press('ArrowRight');
  await expect(newFunnel).toBeChecked();
  await tabTo(page, popup.getByLabel('Funnel name'));
  await page.keyboard.type('Keyboard guide');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lead magnet opt-in' })).toBeVisible();
  const funnelId = Number(/\/wfunnel\/(\d+)\//.exec(page.url())?.[1]);

  // The page editor: Edit page, then the Layout panel's headline, then Edit text on the canvas.
  await tabTo(page, page.getByRole('link', { name: 'Edit page' }).first(), { limit: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/page-editor\//);
  const layout = page.getByRole('button', { name: 'Layout', exact: true });
  await tabTo(page, layout, { limit: 60 });
  await page.keyboard.press('Enter');
  const tree = page.getByRole('tree', { name: 'Page layout' });
  await expect(tree).toBeVisible();
  // The tree is one tab stop (the WAI-ARIA tree pattern): Tab reaches its first section, the arrows the rest.
  const section = tree.getByRole('treeitem', { name: 'Section 1', exact: true });
  await tabTo(page, section, { limit: 60 });
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await expect(section).toHaveAttribute('aria-level', '1');
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  const rows = tree.locator('[role="treeitem"][aria-level="2"]');
  const rowCount = await rows.count();
  // Right on an open section goes to its first row; Left on an open row closes it, then goes to the section.
  await page.keyboard.press('ArrowRight');
  const row = rows.first();
  await expect(row).toBeFocused();
  await expectFocusShows(page);
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(section).toBeFocused();
  // Left on the open section closes it (its rows leave the tree), Right opens it again.
  await page.keyboard.press('ArrowLeft');
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await expect(rows).not.toHaveCount(rowCount);
  await page.keyboard.press('ArrowRight');
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(rows).toHaveCount(rowCount);
  // Right, Right, Right: into the row, open it, onto its first block.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tree.locator('[role="treeitem"][aria-level="3"]').first()).toBeFocused();
  // End and Home: the last and the first item.
  await page.keyboard.press('End');
  await expect(tree.getByRole('treeitem').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(section).toBeFocused();
  // Down to the first headline; Enter selects it on the canvas.
  const headline = tree.getByRole('treeitem', { name: 'Headline', exact: true }).first();
  for (let press = 0; press < 60 && !(await focused(headline)); press++)
    await page.keyboard.press('ArrowDown');
  await expect(headline).toBeFocused();
  await expectFocusShows(page);
  await page.keyboard.press('Enter');
  await expect(headline).toHaveAttribute('aria-selected', 'true');
  // Its own actions follow it in the tab order, then Tab leaves the tree.
  await page.keyboard.press('Tab');
  await expect.poll(() => focusInside(headline), "Tab reaches the headline's actions").toBe(true);
  await expect(page.locator(':focus')).toHaveAccessibleName(/ Headline( up| down)?$/);
  let presses = 1;
  while ((await focusInside(tree)) && presses < 10) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(presses, 'Tab leaves the tree after the selected item and its four actions').toBeLessThanOrEqual(5);
  const editText = page.getByTestId('canvas').getByRole('button', { name: 'Edit text' });
  await tabTo(page, editText, { limit: 200 });
  await page.keyboard.press('Enter');
  const inline = page.getByTestId('inline-editor');
  await expect(inline).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Keys only, every step');
  await page.keyboard.press('Enter');
  await expect(inline).toBeHidden();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await shot(page, 'keyboard-editor-headline');

  // Publish from the editor's header: the popup's Publish button, then the focus back on the header's.
  const header = page.locator('header');
  const publish = header.getByRole('button', { name: 'Publish', exact: true });
  await tabTo(page, publish, { back: true, limit: 300 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog), 'the focus moves into the Publish popup').toBe(true);
  await tabTo(page, dialog.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(header.getByTestId('publish-status')).toHaveText('Published');
  await expect(publish).toBeFocused();
  // The shopper sees the new headline on the published page.
  const funnels = await api(page).call(endpoints.funnels.listFunnels);
  const funnel = funnels.find((candidate) => candidate.id === funnelId);
  expect(funnel?.name).toContain('Keyboard guide');
  const steps = await api(page).call(endpoints.steps.listFunnelSteps, {
    params: { id: funnel?.id as number },
  });
  const shopper = await page.context().newPage();
  await shopper.goto(`${merchant.origin}/${funnel?.path}/${steps[0]?.url}`);
  await expect(shopper.getByText('Keys only, every step')).toBeVisible();
  await shopper.close();
});

/** The widths the dashboard's walks run at: a desktop, and a phone where the header's links fold into a menu. */
/**
 * The widths the dashboard's walks run at: a desktop, and a phone where the header's links fold into a menu
 * and orders are cards. Each walks its own demo orders: one paid and not fulfilled, one paid through the
 * Sandbox gateway to refund (the seed's rules in apps/server/src/db/seed-orders.ts).
 */
const SCREENS = [
  { size: { width: 1440, height: 1000 }, fulfil: '1113', refund: '1109' },
  { size: { width: 390, height: 844 }, fulfil: '1117', refund: '1118' },
] as const;

/** Opens Orders from the header by keys: its link on a desktop, the navigation menu's on a phone. */
async function openOrdersFromHeader(page: Page, phone: boolean) {
  const header = page.locator('header');
  if (phone) {
    const burger = header.getByRole('button', { name: 'Open navigation' });
    await tabTo(page, burger, { limit: 60 });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Funnelwork' });
    await expect(menu).toBeVisible();
    await tabTo(page, menu.getByRole('link', { name: 'Orders', exact: true }));
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
  } else {
    await tabTo(page, header.getByRole('link', { name: 'Orders', exact: true }), { limit: 60 });
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/orders$/);
}

for (const { size, fulfil: fulfilNumber, refund: refundNumber } of SCREENS) {
  const phone = size.width < 768;
  test.describe(`at ${size.width} px`, () => {
    test('fulfils an order with tracking, refunds one and exports orders by keyboard', async ({ page }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(size);
      await openAsDemo(page, '/');
      await openOrdersFromHeader(page, phone);
      const search = page.getByLabel('Search orders');
      const range = page.getByTestId('orders-range');
      await expect(range).toHaveText(/^1 - 25 from \d+$/);

      const unfiltered = (await range.textContent()) ?? '';

      /**
       * Finds one order by its number with the search field and gives its row (the search also matches
       * other fields, so another order may be listed beside it: a phone number holding the digits).
       */
      const find = async (number: string) => {
        await tabTo(page, search, { limit: 60 });
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(number);
        await expect(range).not.toHaveText(unfiltered);
        const row = page.getByRole('row').filter({ hasText: `#${number}` });
        await expect(row).toHaveCount(1);
        return row;
      };
      if (phone) {
        // Each order is a card of its own lines: nothing runs off the phone's screen.
        const card = page.getByRole('row').filter({ hasText: '#' }).first();
        const box = await card.boundingBox();
        expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
        await shot(page, 'keyboard-orders-390');
      }

      // Fulfil an order (paid, not fulfilled) from its row menu, with a tracking number and a carrier.
      const row = await find(fulfilNumber);
      const menuButton = row.getByRole('button', { name: `Actions for order ${fulfilNumber}` });
      await tabTo(page, menuButton);
      await page.keyboard.press('Enter');
      const fulfil = page.getByRole('menuitem', { name: 'Fulfill order' });
      // The arrows walk the menu; Enter picks.
      await arrowTo(page, fulfil);
      await page.keyboard.press('Enter');
      const popup = page.getByRole('dialog', { name: `Fulfill order #${fulfilNumber}` });
      await expect(popup).toBeVisible();
      await expect.poll(() => focusInside(popup), 'the focus moves into the popup').toBe(true);
      await tabTo(page, popup.getByRole('button', { name: 'Tracking details' }));
      await page.keyboard.press('Enter');
      await tabTo(page, popup.getByLabel('Tracking number'));
      await page.keyboard.type(`1ZKEYS${fulfilNumber}`);
      const carrier = popup.getByRole('combobox', { name: 'Shipping carrier' });
      await tabTo(page, carrier);
      // The arrows open the list and walk it; Enter picks the option they are on.
      await page.keyboard.press('ArrowDown');
      const fedex = page.getByRole('option', { name: 'FedEx' });
      await expect(fedex).toBeVisible();
      for (
        let press = 0;
        press < 15 && (await fedex.getAttribute('data-combobox-selected')) === null;
        press++
      )
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(carrier).toHaveValue('FedEx');
      await tabTo(page, popup.getByRole('button', { name: 'Fulfill order' }));
      await page.keyboard.press('Enter');
      await expect(popup).toBeHidden();
      await expect(row).toContainText('Fulfilled');
      // The focus comes back to the menu's button, not to the top of the page: seen within a frame, so the
      // person can move on at once.
      await page.waitForFunction(
        (label) => document.activeElement?.getAttribute('aria-label') === label,
        `Actions for order ${fulfilNumber}`,
        { polling: 'raf' },
      );
      await expect(menuButton).toBeFocused();

      // The order's panel opens from its number with Enter, shows the tracking, and Escape closes it. The
      // person tabs there at once, and the focus stays there: nothing hands it back to the menu's button a
      // moment later (the orders screen once did, 50 ms after the popup closed, and Enter opened the menu).
      const open = row.getByRole('button', { name: `Open order #${fulfilNumber}` });
      await tabTo(page, open, { back: true });
      await page.waitForTimeout(200);
      expect(await focused(open), 'the focus stays on the order number the person tabbed to').toBe(true);
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: `Order #${fulfilNumber}` });
      await expect(panel.getByTestId('fulfillment-details')).toContainText(`1ZKEYS${fulfilNumber}`);
      await expect.poll(() => focusInside(panel), 'the focus moves into the panel').toBe(true);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      // The focus comes back to the order's number that opened the panel.
      await expect(open).toBeFocused();

      // Refund an order (Sandbox, paid) from its row menu.
      const refundRow = await find(refundNumber);
      const refundMenu = refundRow.getByRole('button', { name: `Actions for order ${refundNumber}` });
      await tabTo(page, refundMenu);
      await page.keyboard.press('Enter');
      await arrowTo(page, page.getByRole('menuitem', { name: 'Refund order' }));
      await page.keyboard.press('Enter');
      const refund = page.getByRole('dialog', { name: `Refund order #${refundNumber}` });
      await expect(refund).toBeVisible();
      await tabTo(page, refund.getByLabel('Reason'));
      await page.keyboard.type('Changed their mind');
      await tabTo(page, refund.getByRole('button', { name: 'Refund', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert').getByText('Order refunded', { exact: true })).toBeVisible();
      await expect(refund).toBeHidden();
      await expect(refundRow).toContainText('Refunded');

      // Export: the wizard's Export, then its download button, all by keys.
      const exportButton = page.getByRole('button', { name: 'Export orders' });
      await tabTo(page, exportButton, { back: true, limit: 60 });
      const wizard = page.getByRole('dialog', { name: 'Export orders' });
      // Escape, then Cancel, close the wizard with the focus back on Export orders.
      await page.keyboard.press('Enter');
      await expect(wizard).toBeVisible();
      await expect.poll(() => focusInside(wizard), 'the focus moves into the wizard').toBe(true);
      await page.keyboard.press('Escape');
      await expect(wizard).toBeHidden();
      await expect(exportButton).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(wizard).toBeVisible();
      await tabTo(page, wizard.getByRole('button', { name: 'Cancel' }));
      await page.keyboard.press('Enter');
      await expect(wizard).toBeHidden();
      await expect(exportButton).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(wizard).toBeVisible();
      await expect.poll(() => focusInside(wizard), 'the focus moves into the wizard').toBe(true);
      await tabTo(page, wizard.getByRole('button', { name: 'Export', exact: true }));
      await page.keyboard.press('Enter');
      const download = wizard.getByRole('button', { name: 'Download .CSV of orders' });
      await expect(download).toBeVisible({ timeout: 120_000 });
      await tabTo(page, download);
      const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(file.suggestedFilename()).toBe('export.csv');
      await expect(wizard).toBeHidden();
      await expect(exportButton).toBeFocused();
    });

    test('gives the focus back to the button that opened a popup closed with Escape, on every screen', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await openAsDemo(page, '/customers');
      // A customer's side panel, opened from its name in the list.
      const name = page.getByRole('table', { name: 'Customers' }).getByRole('button').first();
      await expectFocusReturns(page, name, page.getByRole('dialog', { name: 'Customer details' }));
      // The funnels' Add funnel popup.
      await page.goto('/funnels');
      const addFunnel = page.getByRole('button', { name: 'Add funnel' }).first();
      await expectFocusReturns(page, addFunnel, page.getByRole('dialog', { name: 'Add funnel' }));
      // The settings' time zone popup (rendered only while open).
      await page.goto('/settings/profile');
      const zone = page.getByRole('button', { name: 'Change time zone' });
      await expectFocusReturns(page, zone, page.getByRole('dialog', { name: 'Update your timezone' }));
    });

    test("gives the focus back to the automation builder's step buttons after its popups", async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await signUpThroughApi(page, {
        email: uniqueEmail('keyboard-popups'),
        password: 'keyboard password',
        firstName: 'Pia',
        business: 'Pia Popups',
      });
      const automation = await api(page).call(endpoints.automations.createAutomation, {
        body: {
          data: {
            name: 'Say thanks',
            funnel_id: null,
            trigger: { id: 'purchase', funnel_ids: [], product_ids: [] },
            steps: [{ type: 'send_sms', text: 'Thanks for your order' }],
          },
        },
      });
      await page.goto(`/automations/${automation.id}`);
      await expect(page.getByTestId('step-card')).toHaveCount(1);
      // A step's Edit opens its popup (rendered only while open).
      const edit = page.getByRole('button', { name: 'Edit step' }).first();
      await expectFocusReturns(page, edit, page.getByRole('dialog', { name: 'Send SMS' }));
      // "+" opens a menu whose item opens the popup: the focus returns to "+", the menu being gone.
      const add = page.getByRole('button', { name: /^Add a step at / }).first();
      await tabTo(page, add, { back: true, limit: 80 });
      await page.keyboard.press('Enter');
      await arrowTo(page, page.getByRole('menuitem', { name: 'Add wait' }));
      await page.keyboard.press('Enter');
      const popup = page.getByRole('dialog', { name: 'Add wait' });
      await expect(popup).toBeVisible();
      await expect.poll(() => focusInside(popup), 'the focus moves into the popup').toBe(true);
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
      await expect(add).toBeFocused();
      await expectFocusShows(page);
    });

    test("Escape closes the What's new popup while the focus is still on its button", async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await openAsDemo(page, '/');
      const button = page.getByRole('button', { name: /^What’s new/ });
      await tabTo(page, button, { limit: 60 });
      await page.keyboard.press('Enter');
      const changelog = page.getByTestId('changelog');
      await expect(changelog).toBeVisible();
      await expect(button).toBeFocused();
      await shot(page, 'keyboard-whats-new');
      await page.keyboard.press('Escape');
      await expect(changelog).toBeHidden();
      await expect(button).toBeFocused();
      // Inside the popup too: Tab moves into its list, Escape closes it and the focus returns to the button.
      await page.keyboard.press('Enter');
      await expect(changelog).toBeVisible();
      await page.keyboard.press('Tab');
      await expect.poll(() => focusInside(changelog)).toBe(true);
      await page.keyboard.press('Escape');
      await expect(changelog).toBeHidden();
      await expect(button).toBeFocused();
    });
  });
}

test("moves an automation's step with Move up by keyboard, hears where it went and saves the order", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signUpThroughApi(page, {
    email: uniqueEmail('keyboard-steps'),
    password: 'keyboard password',
    firstName: 'Moe',
    business: 'Moe Moves',
  });
  const automation = await api(page).call(endpoints.automations.createAutomation, {
    body: {
      data: {
        name: 'Thank and ask',
        funnel_id: null,
        trigger: { id: 'purchase', funnel_ids: [], product_ids: [] },
        steps: [
          { type: 'send_sms', text: 'Thanks for your order' },
          { type: 'wait', mode: 'delay', amount: 1, unit: 'days' },
          { type: 'send_sms', text: 'How is it going?' },
        ],
      },
    },
  });
  await page.goto(`/automations/${automation.id}`);
  const cards = page.getByTestId('step-card');
  await expect(cards).toHaveCount(3);

  // The Wait step's Move up, reached with Tab; Enter moves it and the live region says where it went.
  await tabTo(page, page.getByRole('button', { name: 'Move step up: Wait, step 2 of 3' }), { limit: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-move-announcement')).toHaveText('Wait step moved to position 1 of 3.');
  await expect(cards.nth(0)).toContainText('Wait 1 day');
  await expect(cards.nth(1)).toContainText('Thanks for your order');
  // The focus follows the step to the top, where Move up is disabled: onto its Move down.
  await expect(page.getByRole('button', { name: 'Move step down: Wait, step 1 of 3' })).toBeFocused();
  await expectFocusShows(page);

  // Save by keys; the order holds after a reload and in the stored automation.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save, { back: true, limit: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('Wait 1 day');
  await expect(cards.nth(1)).toContainText('Thanks for your order');
  await expect(cards.nth(2)).toContainText('How is it going?');
  const stored = await api(page).call(endpoints.automations.getAutomation, {
    params: { id: automation.id },
  });
  // The contract leaves steps open (`unknown[]`): each is one of the step kinds, all with a type.
  expect((stored.steps as Array<{ type: string }>).map((step) => step.type)).toEqual([
    'wait',
    'send_sms',
    'send_sms',
  ]);
});
