import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import {
  type FakeStripe,
  GOOD_KEY,
  GOOD_PUBLISHABLE_KEY,
  STRIPE_TEST_CARDS,
  type StripeRequest,
  startFakeStripe,
} from '../../gateways/fake-stripe.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { freePort, type ServerProcess, spawnServer, until } from '../../test/server-process.ts';
import { newKey, paidRecords, shopWithFunnel } from './checkout.fixtures.ts';

// Issue 34: the Sandbox's crash guarantee with Stripe as the gateway. A server process is killed with
// kill -9 while its checkout's request is at Stripe, and again while it asks Stripe how a confirmed
// payment went; the shopper's retry on another process makes one PaymentIntent, one order, paid once.
// Whole processes on one PostgreSQL database: only the PostgreSQL run includes this file.

let fake: FakeStripe;
let t: TestApp;
const servers: Array<ServerProcess & { dataDir: string }> = [];
/** Requests the fake keeps at Stripe until the test lets them go. */
let holding: ((req: StripeRequest) => boolean) | null = null;
let held: Array<{ req: StripeRequest; release: () => void }> = [];

beforeAll(async () => {
  fake = await startFakeStripe({
    hold: (req) =>
      holding?.(req)
        ? new Promise<void>((release) => {
            held.push({ req, release });
          })
        : undefined,
  });
  t = await createTestApp({ config: { stripeApiBase: fake.apiBase } });
  // Webhooks would settle the order on their own: this test is about the page's retries.
  fake.pauseWebhooks(true);
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await t.close();
  await fake.close();
  for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function startServer(name: string) {
  const url = t.database.url;
  const key = t.config.gatewaySecretKey;
  if (!url || !key) throw new Error('a PostgreSQL test database and a gateway key');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `funnelwork-${name}-`));
  const server = Object.assign(
    spawnServer(name, await freePort(), {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      GATEWAY_SECRET_KEY: key.toString('base64'),
      STRIPE_API_BASE: fake.apiBase,
    }),
    { dataDir },
  );
  servers.push(server);
  await server.ready();
  return server;
}

const post = (server: ServerProcess, url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${server.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('kill -9 of a server mid-checkout, Stripe connected', () => {
  it('one PaymentIntent, one order, paid once, after crashes at both Stripe calls', async () => {
    const shop = await shopWithFunnel(t);
    const connected = await shop.api.post('gateways/1/connect', {
      credentials: { secret_key: GOOD_KEY, publishable_key: GOOD_PUBLISHABLE_KEY },
    });
    expect(connected.json().data).toMatchObject({ status: 'connected', is_default: true });
    const key = newKey();
    const body = {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      items: [{ product_id: shop.main.id }],
      customer: { email: 'kim@example.test', first_name: 'Kim', last_name: 'Killed' },
      payment: { kind: 'intent' },
      idempotency_key: key,
    };
    const ids = { step_id: shop.checkout.id, page_id: shop.checkoutPage, idempotency_key: key };

    // 1. The checkout's PaymentIntent is at Stripe when its server dies.
    const first = await startServer('first');
    holding = (req) => req.method === 'POST' && req.path === '/v1/payment_intents';
    const lost = post(first, '/_fw/checkout', body).catch(() => null);
    await until(60_000, async () => (held.length > 0 ? true : undefined), 'the intent is at Stripe');
    await first.kill();
    expect(await lost).toBeNull();
    // Stripe goes on with the request the dead server sent.
    holding = null;
    for (const { release } of held) release();
    held = [];

    // The shopper's retry (same key) on another process: the same intent, not a second one.
    const second = await startServer('second');
    const retried = await post(second, '/_fw/checkout', body);
    expect(retried.status).toBe(202);
    const secret = ((await retried.json()) as { data: { client_secret: string } }).data.client_secret;
    const intentId = secret.split('_secret_')[0] as string;
    const created = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(new Set(created.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`checkout-${shop.owner.accountId}-${key}`]),
    );
    const intentsOfShop = () =>
      [...fake.intents.values()].filter(
        (i) => i.metadata.funnelwork_account === String(shop.owner.accountId),
      );
    expect(intentsOfShop().map((i) => i.id)).toEqual([intentId]);

    // 2. Paid in the browser; the server dies while it asks Stripe how the payment went.
    fake.confirmWithCard(intentId, STRIPE_TEST_CARDS.succeeds);
    holding = (req) => req.method === 'GET' && req.path === `/v1/payment_intents/${intentId}`;
    const lostReport = post(second, '/_fw/checkout/complete', ids).catch(() => null);
    await until(60_000, async () => (held.length > 0 ? true : undefined), 'the report is at Stripe');
    await second.kill();
    expect(await lostReport).toBeNull();
    holding = null;
    for (const { release } of held) release();
    held = [];

    const third = await startServer('third');
    const reports = await Promise.all([
      post(third, '/_fw/checkout/complete', ids),
      post(third, '/_fw/checkout/complete', ids),
    ]);
    expect(reports.map((r) => r.status)).toEqual([201, 201]);
    const answers = (await Promise.all(reports.map((r) => r.json()))) as Array<{
      data: { order_id: number };
    }>;
    const rows = await t.database.db.select().from(orders).where(eq(orders.accountId, shop.owner.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentStatus: null, reference: intentId, amountMinor: 4999 });
    expect(answers.map((a) => a.data.order_id)).toEqual([rows[0]?.id, rows[0]?.id]);
    expect(await paidRecords(t.database.db, rows[0]?.id as number)).toEqual({ succeeded: 1, purchases: 1 });
    expect(intentsOfShop()).toHaveLength(1);
  }, 600_000);
});
