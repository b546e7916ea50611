import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  api,
  chooseSubdomain,
  e2ePort,
  endpoints,
  funnelWithStep,
  shopperPage,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

// Issue 36 §3: A/B page variants from the step screen, served by visitor and counted apart.
const A_HEADLINE = '7 proven steps to double your sales';
/** Fixed visitor ids (the runtime's `fw_vid` cookie): each always gets the same variant. */
const VISITORS = Array.from({ length: 12 }, (_, i) => `e2e-fixed-visitor-${String(i).padStart(3, '0')}`);

/** Which variant a fixed visitor is served at `url`: 'A' (the lead-magnet template) or 'B'. */
async function servedTo(context: BrowserContext, shopper: Page, url: string, visitor: string) {
  await context.clearCookies();
  await context.addCookies([{ name: 'fw_vid', value: visitor, url }]);
  const answer = await shopper.goto(url);
  expect(answer?.status()).toBe(200);
  return (await shopper.getByText(A_HEADLINE).count()) > 0 ? 'A' : 'B';
}

test('adds a variant at 50 %, serves both by visitor, counts them apart and declares a winner', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('splitter'),
      password: 'splitter password',
      firstName: 'Sam',
      business: 'Sam Splits',
    },
    '/settings/account',
  );
  const subdomain = `sam${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);
  const { funnel, step } = await funnelWithStep(
    page,
    { name: 'Split guide', path: 'guide' },
    { name: 'Opt in', type: 5, url: 'free', url2: 'free-b', template_id: 'landing-lead-magnet' },
  );
  const origin = `http://${subdomain}.localhost:${e2ePort}`;
  const stepUrl = `${origin}/guide/free`;

  // The step screen: one page, 'Add variant' from a template at 50 %.
  await page.goto(`/wfunnel/${funnel.id}/steps/${step.id}`);
  const rows = page.getByTestId('variant-row');
  await expect(rows).toHaveCount(1, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Add variant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add variant' });
  await dialog.getByText('Template', { exact: true }).click();
  // Sent without a template: the browser names the field.
  await dialog.getByRole('button', { name: 'Add variant' }).click();
  await expect(dialog.getByText('Choose a template')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'E-book opt-in' }).click();
  await expect(dialog.getByLabel('Share of visitors')).toHaveValue('50 %');
  await dialog.getByLabel('Name (optional)').fill('E-book variant');
  await dialog.getByRole('button', { name: 'Add variant' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('50 % of visitors');
  await expect(rows.nth(1)).toContainText('E-book variant');
  await expect(rows.nth(1)).toContainText('50 % of visitors');
  await expect(rows.nth(1)).toContainText('Draft');

  // Shares that do not add up to 100 are refused in the browser, naming the rule.
  const shareA = page.getByRole('textbox', { name: 'Share of Opt in' });
  await shareA.fill('70');
  await expect(page.getByTestId('shares-total')).toHaveText(
    'The shares of the running variants must add up to 100 % (now 120 %)',
  );
  await expect(page.getByRole('button', { name: 'Save shares' })).toBeDisabled();
  await shot(page, 'ab-variants-shares-error');
  await shareA.fill('50');
  await expect(page.getByTestId('shares-total')).toHaveText('Total: 100 %');

  // Publish the step: both variants go live.
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  const publish = page.getByRole('dialog', { name: 'Publish' });
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publish).toBeHidden();
  await expect(rows.nth(1)).toContainText('Published');
  await shot(page, 'ab-variants-step');
  const pages = await api(page).call(endpoints.steps.listWfunnelStepPages, {
    params: { id: funnel.id, stepId: step.id },
  });
  const [aId, bId] = pages.map((p) => p.id);

  // Shoppers: each fixed visitor id gets one variant, again on return; both variants are served.
  const { context, shopper } = await shopperPage(browser, page);
  const served = new Map<string, string>();
  for (const visitor of VISITORS) {
    const first = await servedTo(context, shopper, stepUrl, visitor);
    expect(await servedTo(context, shopper, stepUrl, visitor)).toBe(first);
    served.set(visitor, first);
  }
  expect(new Set(served.values())).toEqual(new Set(['A', 'B']));
  // The variant URL serves the variant it names.
  expect(await servedTo(context, shopper, `${origin}/guide/free-b/${aId}`, VISITORS[0]!)).toBe('A');
  expect(await servedTo(context, shopper, `${origin}/guide/free-b/${bId}`, VISITORS[0]!)).toBe('B');
  await shot(shopper, 'ab-variants-shopper-b');

  // Counted apart: each visitor's two visits, plus one variant-URL view each.
  const views = (variant: string) => [...served.values()].filter((v) => v === variant).length * 2 + 1;
  const stats = page.getByTestId('split-stats');
  await expect
    .poll(
      async () => {
        await page.reload();
        const row = (id: number) => stats.locator(`[data-page-id="${id}"]`).getByTestId('split-views');
        return [await row(aId!).textContent(), await row(bId!).textContent()];
      },
      { timeout: 60_000 },
    )
    .toEqual([String(views('A')), String(views('B'))]);
  await expect(page.getByTestId('split-verdict')).toBeVisible();
  // The analytics screen, filtered to the step, shows both variants.
  await page.getByRole('link', { name: 'Open in analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/wfunnel/${funnel.id}/analytics\\?step=${step.id}`));
  await expect(page.getByTestId('breakdown-variant')).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId('breakdown-step')).toHaveCount(1);
  await shot(page, 'ab-variants-analytics');

  // Declare the winner: B gets 100 %, A is kept as history; only B is served.
  await page.goto(`/wfunnel/${funnel.id}/steps/${step.id}`);
  await rows.nth(1).getByRole('button', { name: 'Declare winner' }).click();
  const winner = page.getByRole('dialog', { name: 'Declare the winner' });
  await winner.getByRole('button', { name: 'Declare winner' }).click();
  await expect(winner).toBeHidden();
  const history = page.getByTestId('variant-history');
  await expect(history.getByTestId('variant-row')).toHaveCount(1);
  await expect(history).toContainText('Opt in');
  await expect(history).toContainText('History');
  await expect(rows.first()).toContainText('100 % of visitors');
  await shot(page, 'ab-variants-winner');
  for (const visitor of VISITORS) expect(await servedTo(context, shopper, stepUrl, visitor)).toBe('B');

  // At 390 px the card fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows).toHaveCount(2, { timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The results table fits the card too (no column cut off behind a scroll).
  const table = await page.getByTestId('split-stats').locator('table').boundingBox();
  expect((table?.x ?? 0) + (table?.width ?? 999)).toBeLessThanOrEqual(390);
  await shot(page, 'ab-variants-390');
  await context.close();
});
