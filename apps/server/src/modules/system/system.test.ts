import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp, testDatabaseKind } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('GET /api/health answers {data: {status: "ok", database}}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ data: { status: 'ok', database: testDatabaseKind } });
  });

  it('serves the OpenAPI document generated from the zod contracts at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/sign_in', '/api/settings/staff/{id}']),
    );
    expect(
      doc.paths['/api/users/signup'].post.requestBody.content['application/json'].schema.properties.data,
    ).toBeTruthy();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('sets the dashboard_version cookie that the version check reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.headers['set-cookie']).toMatch(/^dashboard_version=\d+\.\d+\.\d+/);
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an unknown API route with a 404 error object once signed in (401 before)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(401);
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: owner.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('session expiry', () => {
  it('ends a session after the idle time and after the absolute time', async () => {
    for (const config of [{ sessionIdleMs: 800 }, { sessionMaxMs: 800 }]) {
      const short = await createTestApp({ config });
      try {
        const owner = await signUpOwner(short.app);
        expect(
          (await short.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth })).statusCode,
        ).toBe(200);
        await new Promise((r) => setTimeout(r, 1000));
        const res = await short.app.inject({ method: 'GET', url: '/api/users/me', headers: owner.auth });
        expect(res.statusCode, JSON.stringify(config)).toBe(401);
      } finally {
        await short.close();
      }
    }
  });
});

describe('the web app’s static files', () => {
  it('serves e-mail images to other origins (mail clients, preview frames), the rest same-origin', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-web-'));
    fs.mkdirSync(path.join(webDist, 'email-assets', 'social'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(webDist, 'email-assets', 'social', 'facebook.png'), 'png');
    fs.writeFileSync(path.join(webDist, 'logo.png'), 'png');
    const web = await createTestApp({ config: { webDist } });
    try {
      const icon = await web.app.inject({ method: 'GET', url: '/email-assets/social/facebook.png' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const logo = await web.app.inject({ method: 'GET', url: '/logo.png' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  // Issue 36 §6: an API path that does not exist is the API's 404, not the dashboard's HTML.
  it('answers an unknown /api/… path with the 404 error object, the dashboard’s routes with its HTML', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    const web = await createTestApp({ config: { webDist } });
    try {
      const owner = await signUpOwner(web.app);
      for (const url of ['/api/nothing-here', '/api/funnels/1/nothing?x=1', '/api']) {
        for (const headers of [{}, owner.auth]) {
          const res = await web.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type'], url).toMatch(/^application\/json/);
          expect(res.json(), url).toEqual({
            error: { message: `Route GET ${url.split('?')[0]} not found`, code: 'not_found', status: 404 },
          });
        }
      }
      const page = await web.app.inject({ method: 'GET', url: '/funnels/12' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>app</title>');
      const apiLike = await web.app.inject({ method: 'GET', url: '/apis-guide' });
      expect(apiLike.statusCode).toBe(200);
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
