import { WEB_FONT_FAMILIES } from '@funnelwork/blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { webFonts } from './fonts.ts';
import { fontsLink } from './render.ts';

/** Published pages load the editor's web fonts from Funnelwork's own origin, never from a font service. */
describe('web fonts of published pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'shop-one.localhost:3000' } });

  it('links a hosted style sheet for each offered family, Google Fonts only for a typed family it does not host', () => {
    const link = fontsLink(['Open Sans', 'Roboto', 'Arial', 'Raleway']);
    expect(link).toMatch(/^<link rel="stylesheet" href="\/_fw\/fonts\/open-sans-[\d.]+\.css">\n/);
    expect(link).toMatch(/<link rel="stylesheet" href="\/_fw\/fonts\/roboto-[\d.]+\.css">/);
    expect(link).toContain('fonts.googleapis.com/css2?family=Raleway:wght@400;700');
    expect(link).not.toContain('Arial');
    expect(link).not.toMatch(/family=(Roboto|Open)/);
    expect(fontsLink(['Montserrat', 'Georgia'])).not.toContain('googleapis');
    expect(fontsLink(['Georgia'])).toBe('');
  });

  it('serves every offered family: a versioned style sheet and its woff2 files, cached for a year', async () => {
    for (const family of WEB_FONT_FAMILIES) {
      const font = webFonts().hosted(family);
      expect(font, family).toBeDefined();
      const sheet = await get(font?.stylesheet as string);
      expect(sheet.statusCode).toBe(200);
      expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(sheet.body).toContain(`font-family: '${family}'`);
      expect(sheet.body).toContain('font-weight: 400');
      expect(sheet.body).toContain('font-weight: 700');
      const files = [...sheet.body.matchAll(/url\((\/_fw\/fonts\/[\w.-]+\.woff2)\?v=[\d.]+\)/g)].map(
        (m) => m[1],
      );
      expect(files.length).toBeGreaterThan(1);
      const file = await get(files[0] as string);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('font/woff2');
      expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('answers 404 for a family or weight it does not host, and for names that are not font files', async () => {
    for (const url of [
      '/_fw/fonts/raleway-latin-400-normal.woff2',
      '/_fw/fonts/roboto-latin-300-normal.woff2',
      '/_fw/fonts/roboto-0.0.1.css',
      '/_fw/fonts/..%2Fpackage.json',
      '/_fw/fonts/roboto-latin-400-normal.woff2.map',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
