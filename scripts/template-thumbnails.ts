// `npm run templates:thumbnails`: renders every built-in step template and screenshots it, 1200 px wide,
// into apps/web/public/templates/<id>.png or .jpg (the gallery's thumbnail_url; JPEG keeps the 32 small).
// Uses the system Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import {
  OFFER_PRICE_TAG,
  pageDocumentHtml,
  renderPage,
  STEP_TEMPLATES,
} from '../packages/blocks/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/templates');
const imagesDir = path.join(root, 'packages/blocks/assets/template-images');
/** The pages' own images come from the repository; nothing else is fetched. */
const ORIGIN = 'http://thumbnails.invalid';
/** "Page widths 1200 (desktop)"; the shot shows the top 1500 px of the page, at half scale to keep files small. */
const WIDTH = 1200;
const HEIGHT = 1500;

fs.mkdirSync(outDir, { recursive: true });
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-thumbnails-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  viewport: { width: WIDTH, height: HEIGHT },
  deviceScaleFactor: 0.5,
});
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  // The page must not reach the network: thumbnails are drawn from the document alone.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const name = url.pathname.replace('/_fw/template-images/', '');
    if (url.origin === ORIGIN && /^[a-z0-9-]+\.svg$/.test(name))
      return route.fulfill({
        contentType: 'image/svg+xml',
        body: fs.readFileSync(path.join(imagesDir, name)),
      });
    return route.abort();
  });
  for (const template of STEP_TEMPLATES) {
    const first = template.pages[0];
    if (!first) continue;
    // An offer's price comes from its product on a real page; the thumbnail shows a sample one.
    const document = JSON.parse(JSON.stringify(first.document()).replaceAll(OFFER_PRICE_TAG, '$37'));
    const html = pageDocumentHtml(renderPage(document), {
      title: template.name,
      head: `<base href="${ORIGIN}/">`,
    });
    await page.setContent(html, { waitUntil: 'load' });
    const file = path.join(outDir, path.basename(template.thumbnailUrl));
    const jpeg = file.endsWith('.jpg');
    const height = await page.evaluate(
      () => document.querySelector('.fw-page')?.getBoundingClientRect().height ?? 0,
    );
    await page.screenshot({
      path: file,
      ...(jpeg ? { type: 'jpeg' as const, quality: 70 } : {}),
      clip: { x: 0, y: 0, width: WIDTH, height: Math.min(Math.ceil(height), HEIGHT) || HEIGHT },
    });
    console.log(`${template.id}: ${path.relative(root, file)}`);
  }
} finally {
  await browser.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
