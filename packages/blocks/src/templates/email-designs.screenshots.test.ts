import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../e2e/chromium.ts';
import { compileEmail, personaliseEmail } from '../render/email/index.ts';
import { EMAIL_DESIGNS } from './email-designs.ts';

/**
 * Issue 20 "screenshots of the rendered e-mail at 420 and 650 px looked at": each shared design compiled
 * as it is sent, shown by Chromium at a phone's width and at the e-mail's own, saved under
 * e2e/test-results/email-screenshots/ to look at, and checked for what a reader would see broken.
 */
const OUT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../e2e/test-results/email-screenshots',
);
const WIDTHS = [420, 650] as const;
const READER = {
  first_name: 'Greta',
  order_number: '1042',
  order_total: '$89.00',
  product_name: 'Yoga mat',
};

let browser: Browser;
beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(EMAIL_DESIGNS.map((design) => [design.id, design] as const))(
  'the shared design %s',
  (id, design) => {
    it.each(WIDTHS)(
      'at %i px: fits the width, images inside it, text readable; screenshot saved',
      async (width) => {
        const { html } = personaliseEmail(await compileEmail(design.document()), READER);
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        try {
          // Offline, as a mail client that blocks remote images until asked shows it.
          await page.route('**/*', (route) => route.abort());
          await page.setContent(html, { waitUntil: 'load' });
          await page.screenshot({ path: path.join(OUT, `${id}-${width}.png`), fullPage: true });
          const layout = await page.evaluate(() => {
            const view = document.documentElement.clientWidth;
            const beyond = [...document.querySelectorAll('img, table, div, a')]
              .map((node) => node.getBoundingClientRect())
              .filter((box) => box.width > 0 && box.right > view + 1).length;
            const smallText = [...document.querySelectorAll('p, span, div, td, a, h1, h2, h3')]
              .filter(
                (node) =>
                  node.childNodes.length > 0 &&
                  [...node.childNodes].some((c) => c.nodeType === 3 && (c.textContent ?? '').trim() !== ''),
              )
              .map((node) => Number.parseFloat(getComputedStyle(node).fontSize))
              .filter((size) => size > 0 && size < 11).length;
            return {
              scrollWidth: document.documentElement.scrollWidth,
              view,
              beyond,
              smallText,
              text: document.body.textContent ?? '',
            };
          });
          expect(layout.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(layout.view);
          expect(layout.beyond, 'nothing past the right edge').toBe(0);
          expect(layout.smallText, 'no text below 11 px').toBe(0);
          expect(layout.text).not.toMatch(/\{\{|\}\}/);
        } finally {
          await page.close();
        }
      },
    );
  },
);
