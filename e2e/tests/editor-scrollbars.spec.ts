// The editor's canvas where scrollbars take room (Windows, Linux): the page is scaled to the stage's width,
// and the stage's scrollbar must not change that width. Lighthouse's desktop run of the demo's opt-in page
// saw it rescale at every frame (CLS 0.437): with the scrollbar the page was narrower and so shorter, which
// needed no scrollbar; without it wider and taller, which did; and so on for ever.
import { expect, test } from './fixtures.ts';
import { demoEditorPath, openAsDemo, shot } from './helpers.ts';

test.use({ viewport: { width: 1350, height: 940 } });

test('the canvas keeps still at every window height: its scrollbar does not rescale the page', async ({
  page,
}) => {
  await openAsDemo(page, '/');
  // The yoga course's opt-in page: one screen high at 1350 × 940, where the jitter was seen.
  await page.goto(await demoEditorPath(page, 'yoga-course'));
  await expect(page.getByTestId('canvas')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // This browser's scrollbars take room (else the test would prove nothing).
  const gutter = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.cssText = 'overflow:scroll;width:100px;height:100px;position:absolute';
    document.body.append(probe);
    const width = probe.offsetWidth - probe.clientWidth;
    probe.remove();
    return width;
  });
  expect(gutter).toBeGreaterThan(0);
  await page.evaluate(() => {
    const counted = window as unknown as { shifts: number };
    counted.shifts = 0;
    new PerformanceObserver((list) => {
      counted.shifts += list.getEntries().length;
    }).observe({ type: 'layout-shift' });
  });
  // The page's height against the stage's, in steps narrower than a scrollbar's effect on it (~13 px):
  // at each window height, nothing may move once the window has settled.
  const moving: number[] = [];
  for (let height = 880; height <= 1000; height += 5) {
    await page.setViewportSize({ width: 1350, height });
    await page.waitForTimeout(150);
    const before = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    await page.waitForTimeout(250);
    const after = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    if (after > before) moving.push(height);
  }
  expect(moving, 'window heights at which the canvas kept moving').toEqual([]);
  await page.setViewportSize({ width: 1350, height: 940 });
  await shot(page, 'editor-scrollbars');
});

test('a page taller than the window fits the stage across: no sideways scrollbar', async ({ page }) => {
  await openAsDemo(page, '/');
  await page.goto(await demoEditorPath(page));
  await expect(page.getByTestId('canvas')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const stage = page.getByTestId('canvas-stage');
  // The checkout scrolls down; scaled to the stage's width, it must not scroll across (it did by the
  // scrollbar's width when the width was read before the scrollbar came).
  const size = await stage.evaluate((element) => ({
    down: element.scrollHeight - element.clientHeight,
    across: element.scrollWidth - element.clientWidth,
  }));
  expect(size.down).toBeGreaterThan(0);
  expect(size.across).toBe(0);
  await shot(page, 'editor-scrollbars-checkout');
});
