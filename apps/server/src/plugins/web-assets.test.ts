import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { isHashedAsset } from './web-assets.ts';

describe('isHashedAsset', () => {
  it('is true for Vite’s content-named files under assets/, with their compressed siblings', () => {
    expect(isHashedAsset('assets/index-B9r-t7oU.js')).toBe(true);
    expect(isHashedAsset('assets/index-B9r-t7oU.js.br')).toBe(true);
    expect(isHashedAsset('assets/grid-chart.module-BOlKji18.css')).toBe(true);
    expect(isHashedAsset('index.html')).toBe(false);
    expect(isHashedAsset('email-assets/social/facebook.png')).toBe(false);
    expect(isHashedAsset('templates/checkout.png')).toBe(false);
    expect(isHashedAsset('assets/unnamed.js')).toBe(false);
  });
});

// Issue 37 §1: the dashboard's text assets compressed by content negotiation, hashed ones kept a year,
// index.html revalidated, API JSON compressed above a small size.
describe('the dashboard as delivered', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  let webDist: string;
  let t: TestApp;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    const asset = path.join(webDist, 'assets', 'index-B9r-t7oU.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, gzipSync(script));
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the build’s brotli or gzip file to a browser that accepts it, the plain file otherwise', async () => {
    const url = '/assets/index-B9r-t7oU.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps a hashed asset a year without revalidation, and revalidates index.html with an ETag', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-B9r-t7oU.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await t.app.inject({ method: 'GET', url: '/orders' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/orders', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses API JSON above 1 KB and leaves small answers as they are', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.status).toBe('ok');
  });
});
