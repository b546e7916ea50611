import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, endpoints, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

/** A new owner (signing up is session.spec.ts's subject), on `path`. */
async function newOwner(page: Page, firstName: string, path = '/get-started') {
  await signUpThroughApi(
    page,
    { email: uniqueEmail('kits'), password: 'kits password', firstName, business: `${firstName} Shop` },
    path,
  );
}

const WIDTHS = [390, 768, 1280] as const;

test('each of the 32 templates fits the screen at 390, 768 and 1280 px', async ({ page }) => {
  test.setTimeout(600_000);
  await newOwner(page, 'Rory');
  const templates = await api(page).call(endpoints.templates.listPageTemplates);
  expect(templates).toHaveLength(32);
  const overflowing: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const template of templates) {
      // The page as published: its document rendered by the server, images from /_fw/template-images.
      await page.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:0}\n${template.css}</style></head><body>${template.html}</body></html>`,
        { waitUntil: 'load' },
      );
      const problems = await page.evaluate((viewport) => {
        const found: string[] = [];
        const scroll = document.documentElement.scrollWidth;
        if (scroll > viewport) found.push(`page scrolls to ${scroll}px`);
        for (const element of document.querySelectorAll<HTMLElement>('[class*="fw-n"]')) {
          const box = element.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          if (box.left < -1 || box.right > viewport + 1) {
            const node = [...element.classList].find((name) => /^fw-n\d+$/.test(name));
            found.push(`${node} spans ${Math.round(box.left)}…${Math.round(box.right)}`);
          }
        }
        const broken = [...document.images].filter((image) => image.complete && image.naturalWidth === 0);
        for (const image of broken) found.push(`image ${image.getAttribute('src')} did not load`);
        return found;
      }, width);
      for (const problem of problems) overflowing.push(`${template.id} at ${width}px: ${problem}`);
      if (
        width === 390 &&
        ['webinar-registration', 'tripwire-checkout', 'free-shipping-upsell'].includes(template.id)
      )
        await shot(page, `template-${template.id}-390`);
    }
  }
  expect(overflowing).toEqual([]);
});

test('the gallery shows the 32 templates by funnel kit and type, and a kit makes its funnel', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await newOwner(page, 'Kit', '/get-started/templates');
  await expect(page.getByText('32 templates in 5 funnel kits.', { exact: false })).toBeVisible();
  const sections = page.getByTestId('kit-section');
  await expect(sections).toHaveCount(5);
  await expect(page.getByRole('article')).toHaveCount(32);
  for (const kit of ['Lead magnet', 'Tripwire', 'Product launch', 'Webinar', 'Free plus shipping'])
    await expect(page.getByRole('heading', { name: kit, exact: true })).toBeVisible();
  // The new templates' thumbnails are shipped too.
  const thumbnail = page.getByRole('img', { name: 'E-book opt-in preview' });
  await expect(thumbnail).toHaveAttribute('src', '/templates/lead-magnet-ebook.jpg');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'template-kits-gallery');

  // By type: the order bump variants, one in each of two kits.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Order bump' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Checkout with two order bumps' })).toBeVisible();
  await expect(sections).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Webinar replay' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(
    page.getByRole('article', { name: 'Webinar replay' }).getByTestId('template-format'),
  ).toHaveText('Webinar replay');

  // By kit (a reload starts the filters afresh).
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(32);
  await page.getByRole('combobox', { name: 'Funnel kit' }).click();
  await page.getByRole('option', { name: 'Webinar' }).click();
  await expect(sections).toHaveCount(1);

  // A kit makes a whole funnel, its steps in order.
  const webinar = sections.filter({ has: page.getByRole('heading', { name: 'Webinar' }) });
  await webinar.getByRole('button', { name: 'Create the webinar funnel' }).click();
  const popup = page.getByRole('dialog', { name: 'Create funnel from kit' });
  await expect(popup.getByLabel('Funnel name')).toHaveValue('Webinar funnel');
  await popup.getByLabel('Funnel name').fill('Thursday class');
  await popup.getByRole('button', { name: 'Create funnel' }).click();
  await expect(page).toHaveURL(/\/wfunnel\/\d+\/steps/);
  const steps = page.getByRole('list', { name: 'Steps' });
  for (const name of ['Registration', 'Confirmation', 'Replay', 'Checkout', 'Thank you'])
    await expect(steps.getByText(name, { exact: true })).toBeVisible();
  await shot(page, 'template-kits-webinar-funnel');
});

test('the editor lists what needs attention: a link to set and an upsell with nothing to sell', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1500, height: 1000 });
  await newOwner(page, 'Flo');
  const funnel = await api(page).call(endpoints.templates.createTemplatesKitFunnel, {
    params: { id: 'tripwire' },
    body: {
      data: {
        name: 'Seven dollars',
      },
    },
  });
  type Step = { id: number; name: string; pages: { id: number }[] };
  const steps = await api(page).call(endpoints.steps.listWfunnelSteps, { params: { id: funnel.id } });
  const me = await page.evaluate(
    () => JSON.parse(localStorage.getItem('fw.user') ?? '{}') as { id?: number },
  );
  const editorOf = (step: Step) =>
    `/page-editor/wfunnel/${funnel.id}/steps/${step.id}/pages/${step.pages[0]!.id}/${me.id ?? 0}`;
  const thanks = steps.find((step) => step.name === 'Thank you')!;
  const upsell = steps.find((step) => step.name === 'Upsell')!;
  await api(page).call(endpoints.store.createProduct, {
    body: { data: { name: 'Content course', price: 47, currency: 'USD' } },
  });

  // The thank-you page's download button still points to the template's example address.
  await page.goto(editorOf(thanks));
  const attention = page.getByTestId('needs-attention');
  await expect(attention.getByTestId('links-to-set')).toHaveText('1 link to set');
  await shot(page, 'template-kits-link-to-set');
  await attention.getByRole('button', { name: 'Set the link of “Download my templates”' }).click();
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  await shot(page, 'template-kits-link-opened');
  await expect(page.getByTestId('block-link-to-set')).toBeVisible();
  const url = page.getByLabel('URL', { exact: true });
  await url.fill('https://courses.flo-shop.io/downloads');
  await url.press('Tab');
  await expect(attention).toBeHidden();
  await expect(page.getByTestId('block-link-to-set')).toBeHidden();

  // The upsell sells nothing yet: shoppers skip it, and the editor says so until its Yes button sells.
  await page.goto(editorOf(upsell));
  await expect(page.getByTestId('needs-attention').getByTestId('step-gap')).toContainText('Nothing to sell');
  await shot(page, 'template-kits-upsell-nothing-to-sell');
  await page.getByTestId('canvas').getByText('Yes, add the course').click();
  await page.getByRole('combobox', { name: 'Product', exact: true }).click();
  await page.getByRole('option', { name: /Content course/ }).click();
  await expect(page.getByTestId('needs-attention')).toBeHidden();
});
