import type { Page } from '@playwright/test';
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

// Issue 36: the editor saves a draft, Publish makes it live, each publish is a version to restore.
const TEMPLATE_HEADLINE = '7 proven steps to double your sales';
const NEW_HEADLINE = 'Spring guide for busy shops';

/** A merchant with a subdomain and an unpublished funnel: one landing step from the lead-magnet template. */
async function merchantWithFunnel(page: Page) {
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('publisher'),
      password: 'publisher password',
      firstName: 'Paula',
      business: 'Paula Prints',
    },
    '/settings/account',
  );
  const subdomain = `paula${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);
  const { funnel, step } = await funnelWithStep(
    page,
    { name: 'Spring guide', path: 'guide' },
    { name: 'Opt in', type: 5, url: 'free', template_id: 'landing-lead-magnet' },
  );
  return { funnelId: funnel.id, step, origin: `http://${subdomain}.localhost:${e2ePort}` };
}

/** Publishes through the open Publish popup, with a note. */
async function publishWithNote(page: Page, note: string) {
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('edits a published page safely: shoppers keep the live version until Publish; restore and unpublish', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const { funnelId, step, origin } = await merchantWithFunnel(page);
  const { context, shopper } = await shopperPage(browser, page);

  // A new funnel is not live: shoppers get the published site's 'not available' page.
  const before = await shopper.goto(`${origin}/guide/free`);
  expect(before?.status()).toBe(404);
  await expect(shopper.getByRole('heading', { name: 'This page is not available' })).toBeVisible();
  await shot(shopper, 'publishing-not-available');

  // The overview says Draft; Publish makes the funnel live.
  await page.goto(`/wfunnel/${funnelId}/overview`);
  const address = page.getByTestId('published-address');
  // The first screens of a fresh dashboard load slowly on a busy machine.
  await expect(address.getByTestId('publish-status')).toHaveText('Draft', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishWithNote(page, 'Launch');
  await expect(address.getByTestId('publish-status')).toHaveText('Published');
  await shopper.goto(`${origin}/guide/free`);
  await expect(shopper.getByText(TEMPLATE_HEADLINE)).toBeVisible();

  // The merchant edits the headline: the draft is saved, shoppers still get the published page.
  await page.goto(`/wfunnel/${funnelId}/steps/${step.id}`);
  await page.getByRole('link', { name: 'Edit page' }).click();
  await expect(page).toHaveURL(/\/page-editor\//);
  const header = page.locator('header');
  await expect(header.getByTestId('publish-status')).toHaveText('Published');
  const headline = page.getByTestId('canvas').locator('[data-node-type="headline"]', {
    hasText: TEMPLATE_HEADLINE,
  });
  await headline.dblclick();
  await expect(page.getByTestId('inline-editor')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(NEW_HEADLINE);
  await page.keyboard.press('Enter');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(header.getByTestId('publish-status')).toHaveText('Changes not published');
  await shot(page, 'publishing-editor-changes');

  await shopper.reload();
  await expect(shopper.getByText(TEMPLATE_HEADLINE)).toBeVisible();
  await expect(shopper.getByText(NEW_HEADLINE)).toHaveCount(0);

  // Publish from the editor's header: shoppers get the change.
  await header.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishWithNote(page, 'New headline');
  await expect(header.getByTestId('publish-status')).toHaveText('Published');
  await shopper.reload();
  await expect(shopper.getByText(NEW_HEADLINE)).toBeVisible();
  await expect(shopper.getByText(TEMPLATE_HEADLINE)).toHaveCount(0);

  // The versions: who, when and the note; what changed since the first; its preview at every width.
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const versions = page.getByTestId('page-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('New headline');
  await expect(versions.first()).toContainText('Live');
  await expect(versions.first()).toContainText('Paula Tester');
  const launch = versions.filter({ hasText: 'Launch' });
  await launch.getByRole('button', { name: 'Changes' }).click();
  await expect(launch.getByTestId('version-changes')).toContainText('Edited in the draft');
  await expect(launch.getByTestId('version-changes')).toContainText('Headline #');
  await shot(page, 'publishing-versions');
  await launch.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('page-preview');
  await expect(preview.contentFrame().getByText(TEMPLATE_HEADLINE)).toBeVisible();
  for (const [label, width] of [
    ['Mobile', 420],
    ['Tablet', 850],
  ] as const) {
    await page
      .getByRole('dialog')
      .getByText(new RegExp(`^${label}`))
      .click();
    await expect.poll(async () => (await preview.boundingBox())?.width).toBeLessThanOrEqual(width);
  }
  await shot(page, 'publishing-version-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Restore the first version: it is the draft, not live until published.
  await launch.getByRole('button', { name: 'Restore' }).click();
  await page
    .getByRole('dialog', { name: 'Restore this version' })
    .getByRole('button', { name: 'Restore as draft' })
    .click();
  await expect(headline).toBeVisible();
  await expect(header.getByTestId('publish-status')).toHaveText('Changes not published');
  await shopper.reload();
  await expect(shopper.getByText(NEW_HEADLINE)).toBeVisible();
  await header.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishWithNote(page, 'Back to the first headline');
  await expect(header.getByTestId('publish-status')).toHaveText('Published');
  await shopper.reload();
  await expect(shopper.getByText(TEMPLATE_HEADLINE)).toBeVisible();
  await expect(versions).toHaveCount(3);

  // Unpublish the funnel: shoppers get 'not available', the merchant keeps the funnel.
  await page.goto(`/wfunnel/${funnelId}/overview`);
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unpublish' }).getByRole('button', { name: 'Unpublish' }).click();
  await expect(address.getByTestId('publish-status')).toHaveText('Draft');
  const gone = await shopper.reload();
  expect(gone?.status()).toBe(404);
  await expect(shopper.getByRole('heading', { name: 'This page is not available' })).toBeVisible();
  await expect(shopper.getByText(TEMPLATE_HEADLINE)).toHaveCount(0);
  await context.close();
});

test('shows the publish status on the funnel list, the overview and the step at 390 px', async ({ page }) => {
  test.setTimeout(300_000);
  const { funnelId, step } = await merchantWithFunnel(page);
  await api(page).call(endpoints.publishing.publishFunnel, { params: { id: funnelId } });
  await api(page).call(endpoints.steps.updateWfunnelStepPage, {
    params: { id: funnelId, stepId: step.id, pageId: step.pages[0]?.id as number },
    body: { data: { seo_title: 'A draft title' } },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const fitsTheWidth = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/funnels');
  const entry = page.getByTestId('funnel-entry').filter({ hasText: 'Spring guide' });
  await expect(entry.getByTestId('publish-status')).toHaveText('Changes not published');
  await fitsTheWidth();
  await shot(page, 'publishing-list-390');

  await page.goto(`/wfunnel/${funnelId}/steps/${step.id}`);
  await expect(page.getByTestId('publish-status').first()).toHaveText('Changes not published');
  await fitsTheWidth();
  await shot(page, 'publishing-step-390');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishWithNote(page, 'Title');
  await expect(page.getByTestId('publish-status').first()).toHaveText('Published');

  await page.goto(`/wfunnel/${funnelId}/overview`);
  await expect(page.getByTestId('published-address').getByTestId('publish-status')).toHaveText('Published');
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
  await fitsTheWidth();
  await shot(page, 'publishing-overview-390');
});
