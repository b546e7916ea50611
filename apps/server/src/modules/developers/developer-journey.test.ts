import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import {
  CARD_OK,
  leaveOffers,
  newKey,
  postJson,
  shopWithFunnel,
} from '../../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, type TestApp, waitFor } from '../../test/harness.ts';

// Issue 38: what a merchant's developer does with docs/api.md and docs/webhooks.md alone, over HTTP:
// make an API key, read orders with it, subscribe to an event and verify the delivery's signature
// with the Standard Webhooks library.

type Delivery = { headers: IncomingHttpHeaders; body: string };

let t: TestApp;
let base = '';
let receiver: Server;
let receiverUrl = '';
const deliveries: Delivery[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
    // The developer's endpoint is on this machine: OUTBOUND_ALLOW_HOSTS lets it through, as docs say.
    config: { outboundAllowHosts: [new URL(receiverUrl).host] },
    startQueue: true,
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A call as the developer makes it: JSON over HTTP with a bearer token. */
async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read as an untyped client reads JSON; the assertions check it.
  return { status: response.status, json: (await response.json()) as { data: any } };
}

describe("a merchant's developer, from the docs alone", () => {
  it('makes an API key, reads orders with it, subscribes to order.paid and verifies the delivery with standardwebhooks', async () => {
    const shop = await shopWithFunnel(t);
    // docs/api.md "Public API": an administrator makes an app with scopes, then a key (shown once).
    const app = await call('POST', '/api/developers/me/apps', shop.owner.token, {
      data: { name: 'Fulfilment bridge', scopes: ['orders:read', 'webhooks'] },
    });
    expect(app.status).toBe(201);
    const made = await call('POST', `/api/developers/me/apps/${app.json.data.id}/keys`, shop.owner.token, {});
    expect(made.status).toBe(201);
    const key = made.json.data.key as string;
    expect(key).toMatch(/^fw_/);

    const before = await call('GET', '/api/orders', key);
    expect(before.status).toBe(200);
    expect(before.json.data).toEqual([]);

    // "REST hooks": {target_url, event} unwrapped; the answer's secret signs every delivery.
    const hook = await call('POST', '/api/hooks', key, {
      target_url: `${receiverUrl}/orders`,
      event: 'order.paid',
    });
    expect(hook.status).toBe(201);
    const secret = hook.json.data.secret as string;
    expect(secret).toMatch(/^whsec_/);

    // A shopper buys in the merchant's funnel.
    const checkout = await postJson(t.app, '/_fw/checkout', {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      customer: { email: 'shopper@example.test', first_name: 'Sam' },
      payment: CARD_OK,
      idempotency_key: newKey(),
      items: [{ product_id: shop.main.id }],
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    await leaveOffers(t.app, shop, checkout.json().data);
    const orderId = checkout.json().data.order_id as number;

    // docs/webhooks.md "Checking the signature": the library verifies the raw body and the three headers.
    const delivery = await waitFor(() => deliveries.find((d) => d.body.includes(`"order_id":${orderId}`)));
    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    const event = new Webhook(secret).verify(delivery.body, headers) as {
      type: string;
      data: { order_id: number; amount_minor: number; currency: string };
    };
    expect(event.type).toBe('order.paid');
    expect(event.data).toMatchObject({ order_id: orderId, currency: 'USD' });
    expect(() => new Webhook(secret).verify(delivery.body.replace('USD', 'EUR'), headers)).toThrow(
      WebhookVerificationError,
    );

    // The order the event names is the one the API answers.
    const after = await call('GET', '/api/orders', key);
    expect(after.json.data.map((order: { id: number }) => order.id)).toContain(orderId);
    const order = await call('GET', `/api/orders/${orderId}`, key);
    expect(order.status).toBe(200);
  });
});
