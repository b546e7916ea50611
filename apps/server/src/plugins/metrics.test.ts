import { gatewayById } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GATEWAY_ID } from '../gateways/sandbox.ts';
import {
  CARD_DECLINED,
  CARD_OK,
  newKey,
  postJson,
  shopWithFunnel,
} from '../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The Sandbox is the host's own gateway (id 14) by the name the spec gives it. */
const SANDBOX = gatewayById(SANDBOX_GATEWAY_ID).name;
const TOKEN = 'metrics-token-0123456789abcdef';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

let t: TestApp;
let off: TestApp;
// Two apps to start on a loaded machine: more than the default minute.
beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ config: { metricsToken: TOKEN }, startQueue: true }),
    createTestApp(),
  ]);
}, 180_000);
afterAll(async () => {
  await off?.close();
  await t?.close();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format's samples (name, labels, value), comments left out. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

async function scrape() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return samplesOf(res.body);
}

/** The sum of the samples of `name` whose labels include `labels`. */
const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('/metrics (Prometheus)', () => {
  it('is 404 without METRICS_TOKEN, 401 without the bearer token or with another', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(
      (
        await off.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).statusCode,
    ).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    expect(bare.body).not.toContain('funnelwork_');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('moves the request, published-page, checkout, queue and outbox series during a purchase', async () => {
    const shop = await shopWithFunnel(t);
    expect((await shop.api.post('change-subdomain', { subdomain: 'metrics-shop' })).statusCode).toBe(200);
    const before = await scrape();

    const pageUrl = `/p/metrics-shop/${shop.funnel.path}/special-offer`;
    const page = () => t.app.inject({ method: 'GET', url: pageUrl, headers: { 'user-agent': BROWSER } });
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    const buy = (payment: typeof CARD_OK) =>
      postJson(t.app, '/_fw/checkout', {
        step_id: shop.checkout.id,
        page_id: shop.checkoutPage,
        customer: { email: 'shopper@example.test', first_name: 'Sam', last_name: 'Shopper' },
        payment,
        idempotency_key: newKey(),
        items: [{ product_id: shop.main.id, qty: 1 }],
      });
    // Scraped while the purchase runs, and after it.
    const [bought, during] = await Promise.all([buy(CARD_OK), scrape()]);
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await buy(CARD_DECLINED)).statusCode).toBe(402);
    const after = await scrape();
    expect(during.length).toBeGreaterThan(0);

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(moved('funnelwork_checkout_outcomes_total', { gateway: SANDBOX, outcome: 'succeeded' })).toBe(1);
    expect(moved('funnelwork_checkout_outcomes_total', { gateway: SANDBOX, outcome: 'declined' })).toBe(1);
    expect(moved('funnelwork_published_pages_total', { cache: 'miss' })).toBe(1);
    expect(moved('funnelwork_published_pages_total', { cache: 'hit' })).toBe(1);
    // Route templates, not raw URLs; the status class.
    expect(
      moved('funnelwork_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/_fw/checkout',
        status: '2xx',
      }),
    ).toBe(1);
    expect(
      moved('funnelwork_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/_fw/checkout',
        status: '4xx',
      }),
    ).toBe(1);
    expect(after.some((s) => s.labels.route?.includes('metrics-shop'))).toBe(false);
    // Read from the database at each scrape: the outbox and the queue (the order's e-mails and hooks).
    expect(after.some((s) => s.name === 'funnelwork_outbox_pending_events')).toBe(true);
    expect(sumOf(after, 'funnelwork_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.some((s) => s.name === 'funnelwork_job_queue_depth')).toBe(true);
    expect(after.some((s) => s.name === 'funnelwork_job_queue_oldest_age_seconds')).toBe(true);
    expect(
      after.some((s) => s.name === 'funnelwork_rollup_backlog_events' && s.labels.source === 'page_views'),
    ).toBe(true);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    // PostgreSQL's pools (PGlite has one connection and no pool).
    if (t.database.kind === 'postgres')
      expect(sumOf(after, 'funnelwork_db_pool_connections', { pool: 'main', state: 'max' })).toBe(10);
    // Every series names the process's role.
    expect(after.every((s) => s.labels.role === 'all')).toBe(true);
  });
});
