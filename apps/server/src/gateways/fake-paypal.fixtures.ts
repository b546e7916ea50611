import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the PayPal REST endpoints the adapter (paypal.ts) calls, in PayPal's shapes:
 * `POST /v1/oauth2/token` (client credentials), Orders v2 (create, get, patch, capture) and
 * `POST /v2/payments/captures/{id}/refund`. A repeated PayPal-Request-Id answers the first answer
 * again, as PayPal does. It also serves a small JS SDK at `/sdk/js` (PAYPAL_SDK_URL): `paypal.Buttons`
 * renders a 'PayPal' button that opens PayPal's approval in a popup window of the fake's origin, as
 * PayPal's SDK does (opened in the click, filled once `createOrder` answers; Pay now / Cancel, or the
 * shopper closing it), closes it, then calls `onApprove` or `onCancel`.
 */

export const GOOD_CLIENT_ID = 'AQkquBDf1zctJOWGKWUEtKXm6qVhueUEMvXO_-MCI4DQQ4-LWvkDLIN2fGsd';
export const GOOD_CLIENT_SECRET = 'EL1tVxAjhT7cJimnz5-Nsx9k2reTKSVfErNQF-CmrwJgxRtylkGTKlU4RvrX';

type Amount = { currency_code: string; value: string };
type Capture = { id: string; status: string; amount: Amount; refunded: number };
export type FakePayPalOrder = {
  id: string;
  clientId: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: Amount;
  customId: string | null;
  description: string | null;
  capture: Capture | null;
};
export type FakePayPalRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    'paypal-debug-id': randomBytes(6).toString('hex'),
  });
  res.end(JSON.stringify(body));
};

const issue = (status: number, name: string, issueCode: string, description: string) => ({
  status,
  body: { name, message: description, details: [{ issue: issueCode, description }] },
});

const APPROVAL_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal</title>
<style>body{margin:0;padding:20px;font:15px system-ui,sans-serif;background:#fff;color:#2c2e2f}h1{font-size:20px;margin:0 0 8px;color:#003087}
button{display:block;width:100%;margin:10px 0 0;padding:12px;border:0;border-radius:24px;font:600 16px system-ui,sans-serif;cursor:pointer}
#pay{background:#0070ba;color:#fff}#cancel{background:#eee;color:#2c2e2f}</style></head>
<body><h1>PayPal</h1><p>Sandbox buyer: sb-buyer@personal.example.com</p><p id="amount"></p>
<button id="pay" type="button">Pay now</button><button id="cancel" type="button">Cancel and return to store</button><script>
const params = new URLSearchParams(location.hash.slice(1));
document.getElementById('amount').textContent = 'Pay ' + params.get('amount');
async function finish(result) {
  if (result === 'approve') await fetch('/v2/checkout/orders/' + encodeURIComponent(params.get('order')) + '/fake_approve', { method: 'POST' });
  opener.postMessage({ type: 'paypal-' + result, fakePayPal: true, orderID: params.get('order') }, params.get('parent'));
}
document.getElementById('pay').onclick = () => finish('approve');
document.getElementById('cancel').onclick = () => finish('cancel');
</script></body></html>`;

/** The script at PAYPAL_SDK_URL: `paypal.Buttons({ createOrder, onApprove, onCancel, onError })`. */
export function fakePayPalSdk(origin: string, clientId: string): string {
  return `(() => {
const ORIGIN = ${JSON.stringify(origin)};
const CLIENT_ID = ${JSON.stringify(clientId)};
/** Fills PayPal's window with the approval of the order; true when approved, false when cancelled or closed. */
function approval(popup, orderID, amount) {
  popup.location.href = ORIGIN + '/checkoutnow.html?token=' + encodeURIComponent(orderID) + '#' + new URLSearchParams({ order: orderID, parent: location.origin, amount });
  return new Promise((resolve) => {
    function done(approved) {
      window.removeEventListener('message', on);
      clearInterval(watch);
      if (!popup.closed) popup.close();
      resolve(approved);
    }
    function on(event) {
      if (event.origin !== ORIGIN || !event.data || !event.data.fakePayPal) return;
      done(event.data.type === 'paypal-approve');
    }
    window.addEventListener('message', on);
    // A shopper who closes PayPal's window cancels, as with PayPal.
    const watch = setInterval(() => { if (popup.closed) done(false); }, 250);
  });
}
window.paypal = {
  Buttons(options) {
    if (!CLIENT_ID) throw new Error('PayPal SDK: client-id not recognized');
    return {
      isEligible() { return true; },
      render(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-button';
        button.textContent = 'PayPal';
        button.setAttribute('aria-label', 'PayPal');
        button.style.cssText = 'display:block;width:100%;min-height:45px;border:0;border-radius:4px;background:#ffc439;color:#003087;font:italic 700 20px Verdana,sans-serif;cursor:pointer';
        button.onclick = async () => {
          // Opened within the click (a window opened after an await may be blocked), filled when the order exists.
          const popup = window.open('', 'fake-paypal-approval', 'popup,width=450,height=600');
          if (!popup) {
            if (options.onError) options.onError(new Error('PayPal window blocked'));
            return;
          }
          // As PayPal's SDK (zoid's watchForUnload) does: a page that is left or reloaded closes its window.
          window.addEventListener('pagehide', () => { if (!popup.closed) popup.close(); });
          let orderID;
          try {
            orderID = await options.createOrder({}, {});
          } catch (error) {
            popup.close();
            if (options.onError) options.onError(error);
            return;
          }
          if (!orderID) return popup.close();
          const order = await fetch(ORIGIN + '/fake_sdk/orders/' + encodeURIComponent(orderID)).then((r) => r.json());
          const approved = await approval(popup, orderID, order.amount ? order.amount.value + ' ' + order.amount.currency_code : '');
          try {
            if (approved) await options.onApprove({ orderID, payerID: 'FAKEPAYER1' }, {});
            else if (options.onCancel) await options.onCancel({ orderID });
          } catch (error) {
            if (options.onError) options.onError(error);
          }
        };
        host.appendChild(button);
        return Promise.resolve();
      },
    };
  },
};
})();`;
}

export async function startFakePayPal(
  options: {
    port?: number;
    /** Sends a webhook event to the app instead of POSTing it to its URL (an API test's inject). */
    deliver?: (url: string, payload: string, headers: Record<string, string>) => Promise<unknown>;
  } = {},
) {
  const requests: FakePayPalRequest[] = [];
  /** Webhooks the merchants' apps registered (POST /v1/notifications/webhooks), with the fake's signing secret. */
  const webhooks: Array<{ id: string; url: string; clientId: string; secret: string; events: string[] }> = [];
  const deliveries: Promise<unknown>[] = [];
  /** What the fake signs: PayPal signs transmission id, time, webhook id and the body's CRC32 with its cert. */
  const signatureOf = (secret: string, id: string, time: string, webhookId: string, payload: string) =>
    createHmac('sha256', secret).update(`${id}|${time}|${webhookId}|${payload}`).digest('base64');
  const orders = new Map<string, FakePayPalOrder>();
  const tokens = new Map<string, string>();
  const refunds: Array<{ id: string; captureId: string; amount: Amount; requestId: string | null }> = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const pairs = new Map([[GOOD_CLIENT_ID, GOOD_CLIENT_SECRET]]);
  let origin = '';
  /** Runs once before the next capture is answered (a test's moment between asking and capturing). */
  let beforeCapture: (() => Promise<void>) | null = null;

  const orderBody = (order: FakePayPalOrder) => ({
    id: order.id,
    status: order.status,
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'default',
        amount: order.amount,
        ...(order.customId ? { custom_id: order.customId } : {}),
        ...(order.capture
          ? {
              payments: {
                captures: [
                  {
                    id: order.capture.id,
                    status: order.capture.status,
                    amount: order.capture.amount,
                    final_capture: true,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${origin}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      { href: `${origin}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ],
  });

  function answer(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    raw: string,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const [scheme, encoded = ''] = (headers.authorization ?? '').split(' ');
      const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString().split(':');
      if (scheme !== 'Basic' || pairs.get(id) !== secret || !raw.includes('grant_type=client_credentials')) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.set(token, id);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: randomBytes(8).toString('hex'),
        },
      };
    }
    const bearer = (headers.authorization ?? '').replace(/^Bearer /, '');
    const clientId = tokens.get(bearer);
    if (!clientId) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (method === 'POST' && path === '/v1/notifications/webhooks') {
      const url = String(body.url ?? '');
      const events = ((body.event_types as Array<{ name: string }> | undefined) ?? []).map((e) => e.name);
      if (!/^https?:\/\//.test(url) || events.length === 0) {
        return issue(400, 'VALIDATION_ERROR', 'INVALID_PARAMETER_VALUE', 'Invalid data provided');
      }
      const webhook = {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        url,
        clientId,
        secret: randomBytes(16).toString('hex'),
        events,
      };
      webhooks.push(webhook);
      return {
        status: 201,
        body: { id: webhook.id, url, event_types: events.map((name) => ({ name })), links: [] },
      };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const webhook = webhooks.find((w) => w.id === body.webhook_id && w.clientId === clientId);
      const expected = webhook
        ? signatureOf(
            webhook.secret,
            String(body.transmission_id),
            String(body.transmission_time),
            webhook.id,
            JSON.stringify(body.webhook_event),
          )
        : null;
      const good =
        expected !== null &&
        body.transmission_sig === expected &&
        body.auth_algo === 'SHA256withRSA' &&
        typeof body.cert_url === 'string';
      return { status: 200, body: { verification_status: good ? 'SUCCESS' : 'FAILURE' } };
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (body.purchase_units as Array<Record<string, unknown>> | undefined)?.[0];
      const amount = unit?.amount as Amount | undefined;
      if (body.intent !== 'CAPTURE' || !amount || !/^\d+(\.\d{2})?$/.test(amount.value)) {
        return issue(
          422,
          'UNPROCESSABLE_ENTITY',
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid.',
        );
      }
      const order: FakePayPalOrder = {
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        clientId,
        status: 'CREATED',
        amount: { currency_code: amount.currency_code, value: amount.value },
        customId: typeof unit?.custom_id === 'string' ? unit.custom_id : null,
        description: typeof unit?.description === 'string' ? unit.description : null,
        capture: null,
      };
      orders.set(order.id, order);
      return { status: 201, body: orderBody(order) };
    }
    const orderMatch = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    if (orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1] ?? ''));
      if (!order || order.clientId !== clientId) {
        return issue(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      }
      if (method === 'GET' && !orderMatch[2]) return { status: 200, body: orderBody(order) };
      if (method === 'POST' && orderMatch[2]) {
        if (order.status === 'COMPLETED') {
          return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        }
        if (order.status !== 'APPROVED') {
          return issue(
            422,
            'UNPROCESSABLE_ENTITY',
            'ORDER_NOT_APPROVED',
            'Payer has not yet approved the Order for payment.',
          );
        }
        order.status = 'COMPLETED';
        order.capture = {
          id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
          status: 'COMPLETED',
          amount: { ...order.amount },
          refunded: 0,
        };
        return { status: 201, body: orderBody(order) };
      }
    }
    const refundMatch = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (method === 'POST' && refundMatch) {
      const captureId = decodeURIComponent(refundMatch[1] ?? '');
      const order = [...orders.values()].find((o) => o.capture?.id === captureId && o.clientId === clientId);
      const capture = order?.capture;
      if (!capture) {
        return issue(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      }
      const amount = (body.amount as Amount | undefined) ?? capture.amount;
      const minor = Math.round(Number(amount.value) * 100);
      if (capture.refunded + minor > Math.round(Number(capture.amount.value) * 100)) {
        return issue(
          422,
          'UNPROCESSABLE_ENTITY',
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      }
      capture.refunded += minor;
      capture.status =
        capture.refunded === Math.round(Number(capture.amount.value) * 100)
          ? 'REFUNDED'
          : 'PARTIALLY_REFUNDED';
      const refund = {
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        captureId,
        amount,
        requestId: (headers['paypal-request-id'] as string | undefined) ?? null,
      };
      refunds.push(refund);
      return { status: 201, body: { id: refund.id, status: 'COMPLETED', amount } };
    }
    return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `No route ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/sdk/js') {
        res.writeHead(200, { 'content-type': 'application/javascript' });
        res.end(fakePayPalSdk(origin, url.searchParams.get('client-id') ?? ''));
        return;
      }
      if (method === 'GET' && url.pathname === '/checkoutnow.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(APPROVAL_FRAME);
        return;
      }
      // The SDK's own look at the order it shows (PayPal's popup knows its order).
      const sdkOrder = url.pathname.match(/^\/fake_sdk\/orders\/([^/]+)$/);
      if (method === 'GET' && sdkOrder) {
        const order = orders.get(decodeURIComponent(sdkOrder[1] ?? ''));
        res.writeHead(order ? 200 : 404, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        });
        res.end(JSON.stringify(order ? { id: order.id, amount: order.amount } : {}));
        return;
      }
      // The buyer's approval in PayPal's window (no API call of the merchant).
      const approve = url.pathname.match(/^\/v2\/checkout\/orders\/([^/]+)\/fake_approve$/);
      if (method === 'POST' && approve) {
        const order = orders.get(decodeURIComponent(approve[1] ?? ''));
        if (order?.status === 'CREATED') order.status = 'APPROVED';
        json(res, order ? 200 : 404, order ? { id: order.id, status: order.status } : {});
        return;
      }
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // A form body (the token call) is kept as text.
      }
      requests.push({ method, path: url.pathname, headers: req.headers, body });
      const requestId = req.headers['paypal-request-id'];
      const scope =
        typeof requestId === 'string'
          ? `${req.headers.authorization ? tokens.get(req.headers.authorization.replace(/^Bearer /, '')) : ''}:${url.pathname}:${requestId}`
          : null;
      const known = scope ? idempotent.get(scope) : undefined;
      let result: { status: number; body: unknown };
      if (method === 'POST' && url.pathname.endsWith('/capture') && beforeCapture) {
        const run = beforeCapture;
        beforeCapture = null;
        await run();
      }
      try {
        result = known ?? answer(method, url.pathname, req.headers, raw);
      } catch {
        result = issue(
          400,
          'INVALID_REQUEST',
          'MALFORMED_REQUEST_JSON',
          'The request JSON is not well formed.',
        );
      }
      if (scope && !known && result.status < 500) idempotent.set(scope, result);
      json(res, result.status, result.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  function sendEvent(
    eventType: string,
    resource: Record<string, unknown>,
    tamperWith?: (payload: string) => string,
  ) {
    const event = {
      id: `WH-EVT-${randomBytes(6).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType.startsWith('PAYMENT.') ? 'capture' : 'checkout-order',
      event_type: eventType,
      summary: eventType,
      resource,
    };
    const payload = JSON.stringify(event);
    for (const webhook of webhooks.filter((w) => w.events.includes(eventType))) {
      const id = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const headers = {
        'content-type': 'application/json',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signatureOf(webhook.secret, id, time, webhook.id, payload),
        'paypal-cert-url': `${origin}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`,
        'paypal-auth-algo': 'SHA256withRSA',
      };
      const sent = tamperWith ? tamperWith(payload) : payload;
      deliveries.push(
        options.deliver
          ? options.deliver(webhook.url, sent, headers)
          : fetch(webhook.url, { method: 'POST', headers, body: sent }).catch(() => undefined),
      );
    }
    return event.id;
  }
  return {
    apiBase: origin,
    /** Where the fake serves its JS SDK (PAYPAL_SDK_URL). */
    sdkUrl: `${origin}/sdk/js`,
    requests,
    orders,
    refunds,
    webhooks,
    /**
     * The buyer approves the order in PayPal's window; PayPal then sends CHECKOUT.ORDER.APPROVED (`webhook:
     * false`: the event is lost on its way).
     */
    approve(orderId: string, { webhook = true }: { webhook?: boolean } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      if (order.status === 'CREATED') order.status = 'APPROVED';
      if (webhook) sendEvent('CHECKOUT.ORDER.APPROVED', orderBody(order));
    },
    /** `run` happens once, when the next capture has arrived and before PayPal answers it. */
    onceBeforeCapture(run: () => Promise<void>) {
      beforeCapture = run;
    },
    /** Sends an event to every webhook registered for it, as PayPal does (`tamperWith` forges the body). */
    sendEvent,
    /** Waits for the webhooks sent so far to be answered. */
    settled: () => Promise.all(deliveries),
    /** Changes an order's amount at PayPal (as the SDK's `actions.order.patch` could from the page). */
    tamper(orderId: string, value: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.amount = { ...order.amount, value };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
