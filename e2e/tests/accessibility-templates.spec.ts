import { publishedTemplateFunnel } from '../template-funnel.ts';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { api, chooseSubdomain, closeWelcome, e2ePort, shot, signUp, uniqueEmail } from './helpers.ts';

/**
 * Issue 39: the published page of every built-in template has no axe violation (the rules of axe.ts), at a
 * desktop width and on a phone: a merchant makes one funnel with a step from each template and publishes it.
 */
test('the published pages of all 32 built-in templates have no axe violation', async ({ page }) => {
  test.setTimeout(1_800_000);
  await signUp(page, {
    email: uniqueEmail('a11y-templates'),
    password: 'templates password',
    firstName: 'Ada',
    business: 'Ada Goods',
  });
  await closeWelcome(page);
  const subdomain = `ada${Date.now().toString(36)}`;
  await chooseSubdomain(page, subdomain);
  const { steps } = await publishedTemplateFunnel(api(page), { name: 'Every template', path: 'every' });
  expect(steps).toHaveLength(32);

  const origin = `http://${subdomain}.localhost:${e2ePort}`;
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const { template } of steps) {
      const answer = await page.goto(`${origin}/every/${template.template_id}`);
      expect(answer?.status(), template.template_id).toBe(200);
      // Loaded, images and fonts included ('networkidle' waits out the page-view beacon for nothing).
      await page.waitForLoadState('load');
      await expectAccessible(page, `${template.template_id} at ${size.width} px`);
      console.log(`axe: ${template.template_id} at ${size.width} px checked`);
    }
  }
  await shot(page, `a11y-template-${steps.at(-1)?.template.template_id}-390`);
});
