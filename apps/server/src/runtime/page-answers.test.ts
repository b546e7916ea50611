import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type ApiClient, apiClient, createFunnel, createStep } from '../modules/funnels/funnels.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { rawRequest } from '../test/server-process.ts';
import { pageBody } from './cdn.ts';
import { createPageAnswers, type PageAnswer, type PageAnswers } from './page-answers.ts';
import type { SiteData } from './site-data.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

describe('shared published pages answered before routing', () => {
  let t: TestApp;
  let api: ApiClient;
  let port: number;
  let funnelId: number;
  let step: { id: number; pages: Array<{ id: number }> };
  const host = 'answers-shop.localhost';
  /** A GET over a socket (the answers sit in front of Fastify's handler, which `inject` calls directly). */
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(port, url, { method, headers: { host, 'user-agent': BROWSER, ...headers } });
  /** Whether each request since the last call was sent from the kept answers. */
  let served: MockInstance<PageAnswers['serve']>;
  const fromAnswers = () => {
    const results = served.mock.results.map((result) => result.value);
    served.mockClear();
    return results;
  };
  const withoutDate = (headers: Answer['headers']) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const owner = await signUpOwner(t.app);
    api = apiClient(t.app, { authorization: `Bearer ${owner.token}` });
    expect((await api.post('change-subdomain', { subdomain: 'answers-shop' })).statusCode).toBe(200);
    funnelId = (await createFunnel(api, { name: 'Guide', path: 'guide' })).id;
    step = await createStep(api, funnelId, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    expect((await api.post(`funnels/${funnelId}/publish`)).statusCode).toBe(200);
    served = vi.spyOn(t.app.runtime.answers, 'serve');
    // A fresh app, an account and a published template page: over a minute on a loaded 2-core machine.
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('sends a page again with the bytes and headers the route sent, and 304 to its ETag', async () => {
    for (const encoding of ['gzip', 'br', 'identity']) {
      const first = await get('/guide/free', { 'accept-encoding': encoding });
      const again = await get('/guide/free', { 'accept-encoding': encoding });
      expect(again.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(again.headers['content-security-policy']).toBeDefined();
    }
    // The first gzip request went through the route; every repeat came from the answers (brotli's first
    // too: its copy was made by the route before).
    expect(fromAnswers()).toEqual([false, true, false, true, true, true]);

    const etag = String((await get('/guide/free')).headers.etag);
    const notModified = await get('/guide/free', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
    expect(fromAnswers()).toEqual([true, true]);
  });

  it('sends what a publish made live on the next request', async () => {
    const pageId = step.pages[0]!.id;
    const path = `wfunnels/${funnelId}/steps/${step.id}/pages/${pageId}`;
    const page = (await api.get(path)).json().data as { config: { children: Record<string, object> } };
    const [headlineId, headline] = Object.entries(page.config.children).find(
      ([, node]) => (node as { type: string }).type === 'headline',
    ) as [string, object];
    const children = {
      ...page.config.children,
      [headlineId]: { ...headline, content: 'Fresh from a publish' },
    };
    await get('/guide/free');
    expect((await get('/guide/free')).body.toString()).not.toContain('Fresh from a publish');
    expect((await api.patch(path, { config: { ...page.config, children } })).statusCode).toBe(200);
    expect((await api.post(`${path}/publish`)).statusCode).toBe(200);
    const after = await get('/guide/free');
    expect(after.body.toString()).toContain('Fresh from a publish');
    // The publish replaced the site data the kept answer was made from: the route answered again.
    expect(fromAnswers().at(-1)).toBe(false);
    expect((await get('/guide/free')).body.equals(after.body)).toBe(true);
    expect(fromAnswers()).toEqual([true]);
  });

  it('never keeps a preview, a HEAD or an unpublished funnel', async () => {
    await get('/guide/free?fw_preview=1');
    const preview = await get('/guide/free?fw_preview=1');
    expect(preview.headers['cache-control']).toBe('no-store');
    await get('/guide/free', {}, 'HEAD');
    expect(fromAnswers()).toEqual([false, false, false]);

    await get('/guide/free');
    expect((await api.post(`funnels/${funnelId}/unpublish`)).statusCode).toBe(200);
    const gone = await get('/guide/free');
    expect(gone.status).not.toBe(200);
    expect(fromAnswers()).toEqual([true, false]);
  });
});

describe('a kept answer', () => {
  const raw = Buffer.from('<!doctype html><title>Kept</title>');
  const gzip = Buffer.from('pretend gzip');
  const answer = (): PageAnswer => ({
    ref: { kind: 'subdomain', subdomain: 'kept' },
    host: { accountId: 1, domainId: null },
    site: {} as SiteData,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0' },
    body: { ...pageBody(raw), sent: { gzip } },
  });
  const request = (headers: Record<string, string>) =>
    ({ method: 'GET', url: '/story', headers: { host: 'kept.localhost', ...headers } }) as IncomingMessage;
  const response = () => {
    const writeHead = vi.fn();
    return { writeHead, as: { writeHead, end: vi.fn() } as unknown as ServerResponse };
  };

  it('builds its headers once per variant and sends them with each request', () => {
    const answers = createPageAnswers({ hostOf: (r) => r.headers.host, isCurrent: () => true });
    const kept = answer();
    answers.keep(request({}), '/story', kept);
    const sent = (headers: Record<string, string>) => {
      const res = response();
      expect(answers.serve(request(headers), res.as)).toBe(true);
      const [status, head] = res.writeHead.mock.calls[0] as [number, Record<string, unknown>];
      return { status, head };
    };

    const first = sent({ 'accept-encoding': 'gzip' });
    const second = sent({ 'accept-encoding': 'gzip, br;q=0' });
    expect(first.status).toBe(200);
    expect(first.head).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0',
      etag: kept.body.etag,
      vary: 'Accept-Encoding',
      'content-encoding': 'gzip',
      'content-length': gzip.length,
    });
    // The same object again: nothing is copied or spread per request.
    expect(second.head).toBe(first.head);

    const identity = sent({});
    expect(identity.head).not.toBe(first.head);
    expect(identity.head['content-encoding']).toBeUndefined();
    expect(identity.head['content-length']).toBe(raw.length);
    expect(sent({}).head).toBe(identity.head);

    const notModified = sent({ 'if-none-match': kept.body.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.head.etag).toBe(kept.body.etag);
    expect(notModified.head['content-length']).toBeUndefined();
    expect(sent({ 'if-none-match': kept.body.etag }).head).toBe(notModified.head);

    // Kept again (a new render): its headers are built anew.
    answers.keep(request({}), '/story', { ...answer(), headers: { 'content-type': 'text/plain' } });
    expect(sent({ 'accept-encoding': 'gzip' }).head['content-type']).toBe('text/plain');
  });
});
