// Issue 37 §1: the dashboard as the browser receives it: compressed, hashed files kept without asking
// again, a tab's screen fetched when the tab is hovered.
import { expect, test } from './fixtures.ts';
import { demoEditorPath, openAsDemo, shot } from './helpers.ts';

const isAsset = (url: string) => new URL(url).pathname.startsWith('/assets/');
/**
 * The cold /orders' hashed files and their compressed bytes (bench/README: lighthouse). The build
 * makes them the same every time (16 files, 297 KB); issue 37's goals are ~25 files and 350 KB.
 */
const COLD_ORDERS_MAX_FILES = 18;
const COLD_ORDERS_MAX_KB = 310;

test('the dashboard arrives compressed, a warm reload asks for no hashed file, tabs fetch on hover', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Hashed files that crossed the network (not answered from the browser's cache), by request id.
  const fromNetwork = new Map<string, { url: string; encoding?: string; length: number; cache?: string }>();
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!isAsset(response.url) || response.fromDiskCache || response.fromPrefetchCache) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    fromNetwork.set(requestId, {
      url: response.url,
      encoding: headers['content-encoding'],
      length: Number(headers['content-length'] ?? 0),
      cache: headers['cache-control'],
    });
  });
  const networkAssets = () => [...fromNetwork].filter(([id]) => !fromCache.has(id)).map(([, a]) => a);
  // Bytes on the wire (headers and compressed body) of each request, by request id.
  const wireBytes = new Map<string, number>();
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) =>
    wireBytes.set(requestId, encodedDataLength),
  );

  await openAsDemo(page, '/orders');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const cold = networkAssets();
  expect(cold.length).toBeGreaterThan(0);
  // Issue 37 §1: a few files, not one per Mantine component and icon (95 before the vendor chunk, 32 before
  // the shared chunk and the contracts' leaving the first load).
  expect(cold.length).toBeLessThanOrEqual(COLD_ORDERS_MAX_FILES);
  const coldKb = [...fromNetwork.keys()].reduce((sum, id) => sum + (wireBytes.get(id) ?? 0), 0) / 1024;
  expect(coldKb).toBeLessThanOrEqual(COLD_ORDERS_MAX_KB);
  for (const asset of cold) {
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
    // Files under 1 KB are not worth compressing; every other one comes as the build's brotli file.
    if (asset.length === 0 || asset.length >= 1024) expect(asset.encoding, asset.url).toBe('br');
  }

  fromNetwork.clear();
  await page.reload();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(networkAssets().map((asset) => asset.url)).toEqual([]);

  // Hovering a tab fetches its screen before the click (Funnels: a chunk /orders does not load).
  const funnels = page.getByRole('link', { name: 'Funnels', exact: true }).first();
  await funnels.hover();
  await expect.poll(() => networkAssets().length).toBeGreaterThan(0);
  await funnels.click();
  await expect(page).toHaveURL(/\/funnels$/);
  await expect(page.getByText('Summer sale', { exact: true }).first()).toBeVisible();
  await shot(page, 'delivery-funnels-after-hover');
});

test('the page editor loads without the server renderer and keeps its fonts as files', async ({ page }) => {
  // Every script and stylesheet the dashboard and the editor fetch, with their text.
  const assets: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response) => {
    if (isAsset(response.url()) && /\.(js|css)$/.test(new URL(response.url()).pathname))
      assets.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  await openAsDemo(page, '/');
  await page.goto(await demoEditorPath(page));
  await expect(page.getByTestId('canvas')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(assets);
  expect(loaded.some((asset) => asset.url.includes('/editor-'))).toBe(true);
  for (const { url, text } of loaded) {
    // react-dom/server (81 KB brotli) is the server's renderer: the canvas and previews draw without it.
    expect(text.includes('renderToString'), url).toBe(false);
    // A font inlined in a stylesheet is downloaded whether or not the page uses it, before the first paint.
    expect(text.includes('data:font/'), url).toBe(false);
  }
  await shot(page, 'delivery-page-editor');
});
