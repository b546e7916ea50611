import {
  GA4_INTEGRATION_ID,
  GOOGLE_SHEETS_INTEGRATION_ID,
  MAILCHIMP_INTEGRATION_ID,
  SHOPIFY_INTEGRATION_ID,
} from '@funnelwork/domain/integrations/catalogue';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationRunSteps, automationRuns, orders, userIntegrations } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import {
  CARD_OK,
  leaveOffers,
  newKey,
  postJson,
  shopWithFunnel,
} from '../../runtime/checkout/checkout.fixtures.ts';
import { type TestApp, waitFor } from '../../test/harness.ts';
import { type SmtpPeer, startSmtpApp, stopSmtpApp } from '../../test/smtp.ts';
import { GA4_API_SECRET, GA4_MEASUREMENT_ID, startFakeGa4 } from '../integrations/ga4/ga4.fixtures.ts';
import { type FakeGoogle, startFakeGoogle } from '../integrations/google-sheets/google-sheets.fixtures.ts';
import { MAILCHIMP_GOOD_KEY, startFakeMailchimp } from '../integrations/mailchimp/mailchimp.fixtures.ts';
import { SHOPIFY_GOOD_TOKEN, startFakeShopify } from '../integrations/shopify/shopify.fixtures.ts';

// Issue 16: "Actions: … add a spreadsheet row, call an integration method"; "a failing action retries,
// shows in the history, and Retry completes it".
const CLIENT = { clientId: 'funnelwork-test.apps.googleusercontent.com', clientSecret: 'GOCSPX-test-secret' };
const SPREADSHEET = 'sheet-abc_123';
const AUDIENCE = 'a1b2c3d4e5';

let t: TestApp;
let smtp: SmtpPeer;
let google: FakeGoogle;
let mailchimp: Awaited<ReturnType<typeof startFakeMailchimp>>;
let shopify: Awaited<ReturnType<typeof startFakeShopify>>;
let ga4: Awaited<ReturnType<typeof startFakeGa4>>;

beforeAll(async () => {
  google = await startFakeGoogle(CLIENT);
  mailchimp = await startFakeMailchimp();
  shopify = await startFakeShopify();
  ga4 = await startFakeGa4();
  ({ t, smtp } = await startSmtpApp({
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
    config: {
      mailchimpApiBase: mailchimp.url,
      shopifyApiBase: shopify.apiBase,
      ga4ApiBase: ga4.url,
      outboundAllowHosts: [google.host, mailchimp.host, shopify.host, ga4.host],
      google: {
        ...CLIENT,
        authorizeUrl: google.authorizeUrl,
        oauthBase: google.base,
        sheetsApiBase: google.base,
        writesPerMinute: 60,
        writeWindowMs: 60_000,
        maxWaitMs: 2000,
        retryBaseMs: 5,
        retryMaxMs: 40,
        maxRetries: 1,
        stateTtlMs: 600_000,
      },
    },
  }));
});
afterAll(async () => {
  await stopSmtpApp({ t, smtp });
  await google.close();
  await mailchimp.close();
  await shopify.close();
  await ga4.close();
});

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;
let n = 0;

/** "Connect with Google": the consent (the fake agrees at once) and Google's redirect to the callback. */
async function connectSheets(shop: Shop) {
  const start = await shop.api.post('integrations/google-sheets/oauth/start');
  expect(start.statusCode, start.body).toBe(200);
  const back = await fetch(start.json().data.authorize_url as string, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(res.statusCode, res.body).toBe(303);
}

async function connectMailchimp(shop: Shop) {
  const res = await shop.api.post('connect', {
    integration_id: MAILCHIMP_INTEGRATION_ID,
    fields: { api_key: MAILCHIMP_GOOD_KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function activeAutomation(shop: Shop, steps: unknown[]) {
  const created = await shop.api.post('automations', {
    name: `Integration automation ${++n}`,
    trigger: { id: 'purchase' },
    steps,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await shop.api.post(`automations/${id}/activate`, {})).statusCode).toBe(200);
  return id;
}

async function buy(shop: Shop) {
  const email = `buyer-${++n}-${Date.now()}@example.test`;
  // shipping_country: Shopify's order needs a country.
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: {
      email,
      first_name: 'Ines',
      last_name: 'Ortiz',
      shipping_address: '2 Low Road',
      shipping_city: 'York',
      shipping_country: 'GB',
    },
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  // The shopper declines the offer: the order is confirmed ('order.paid') at once.
  await leaveOffers(t.app, shop, res.json().data);
  return { email, orderId: res.json().data.order_id as number };
}

const runOf = (automationId: number) =>
  waitFor(async () => {
    const [run] = await t.database.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automationId));
    return run;
  });

const doneRun = (automationId: number) =>
  waitFor(async () => {
    const run = await runOf(automationId);
    return run.status === 'done' ? run : undefined;
  });

const appendRow = (spreadsheetId: string) => ({
  type: 'integration',
  integration_id: GOOGLE_SHEETS_INTEGRATION_ID,
  method: 'append-row',
  caption: 'Add row to spreadsheet',
  params: {
    spreadsheet_id: spreadsheetId,
    sheet: 'Orders',
    values: ['{{order_number}}', '{{email}}', '{{first_name}}', '{{order_total}}'],
  },
});

describe('automation steps that call integrations', () => {
  it("a purchase appends a row to the spreadsheet exactly once, with the order's merge values", async () => {
    const shop = await shopWithFunnel(t);
    await connectSheets(shop);
    const automation = await activeAutomation(shop, [appendRow(SPREADSHEET)]);
    const { email } = await buy(shop);
    const run = await doneRun(automation);
    const rows = () => google.appends.filter((a) => JSON.stringify(a.body).includes(email));
    expect(rows()).toHaveLength(1);
    const [cells] = (rows()[0]?.body as { values: string[][] } | undefined)?.values ?? [];
    expect(cells?.slice(1, 3)).toEqual([email, 'Ines']);
    expect(cells?.[0]).toMatch(/\d/);
    const [step] = await t.database.db
      .select()
      .from(automationRunSteps)
      .where(eq(automationRunSteps.runId, run.id));
    expect(step).toMatchObject({ type: 'integration', status: 'done', attempts: 0 });
    expect(step?.result).toMatchObject({
      idempotency_key: `automation-run-${run.id}-step-0`,
      method: 'append-row',
      answer: { updated_rows: 1 },
    });

    // The run's job again, five at once: the step is done, nothing more is appended.
    await Promise.all(Array.from({ length: 5 }, () => t.app.services.automationsEngine.step(run.id)));
    expect(rows()).toHaveLength(1);
  });

  it('a purchase adds the customer to the Mailchimp audience exactly once, with tags', async () => {
    const shop = await shopWithFunnel(t);
    await connectMailchimp(shop);
    const automation = await activeAutomation(shop, [
      {
        type: 'integration',
        integration_id: MAILCHIMP_INTEGRATION_ID,
        method: 'add-subscriber',
        caption: 'Add subscriber to audience',
        params: { list_id: AUDIENCE, email: '{{email}}', first_name: '{{first_name}}', tags: ['buyer'] },
      },
    ]);
    const { email } = await buy(shop);
    await doneRun(automation);
    const upserts = mailchimp.requests.filter(
      (r) => r.method === 'PUT' && (r.json as { email_address?: string } | null)?.email_address === email,
    );
    expect(upserts).toHaveLength(1);
    const member = [...(mailchimp.lists.get(AUDIENCE)?.members.values() ?? [])].find(
      (m) => m.email_address === email,
    );
    expect(member).toMatchObject({ merge_fields: { FNAME: 'Ines' }, tags: ['buyer'] });
  });

  it('steps of different runs run side by side: a batch of step jobs calls a slow service at once', async () => {
    const shop = await shopWithFunnel(t);
    await connectMailchimp(shop);
    const automation = await activeAutomation(shop, [
      {
        type: 'integration',
        integration_id: MAILCHIMP_INTEGRATION_ID,
        method: 'add-subscriber',
        caption: 'Add subscriber to audience',
        params: { list_id: AUDIENCE, email: '{{email}}' },
      },
    ]);
    const { orderId } = await buy(shop);
    await doneRun(automation);
    const RUNS = 8;
    mailchimp.load.latencyMs = 400;
    mailchimp.load.maxInFlight = 0;
    try {
      // The same purchase event recorded again (as a burst would be): one run each.
      await t.database.db.execute(sql`
        insert into outbox_events (account_id, type, key, payload)
        select account_id, type, key || '-again-' || g, payload
        from outbox_events, generate_series(1, ${RUNS}) g
        where account_id = ${shop.owner.accountId} and type = 'order.paid'
          and (payload->>'orderId')::bigint = ${orderId}`);
      // Written behind recordEvent's back: nothing else wakes the outbox before its poll.
      t.app.services.outbox.wake();
      await waitFor(async () => {
        const runs = await t.database.db
          .select()
          .from(automationRuns)
          .where(eq(automationRuns.automationId, automation));
        return runs.length === RUNS + 1 && runs.every((r) => r.status === 'done') ? runs : undefined;
      }, 30_000);
      // One step at a time (a batch of one) would never have two calls open at once.
      expect(mailchimp.load.maxInFlight).toBeGreaterThan(1);
    } finally {
      mailchimp.load.latencyMs = 0;
    }
  });

  it("a purchase creates the order in Shopify exactly once, with the order's lines, address and the step's key", async () => {
    const shop = await shopWithFunnel(t);
    const connected = await shop.api.post('connect', {
      integration_id: SHOPIFY_INTEGRATION_ID,
      fields: { shop_domain: 'funnel-test', access_token: SHOPIFY_GOOD_TOKEN },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const automation = await activeAutomation(shop, [
      {
        type: 'integration',
        integration_id: SHOPIFY_INTEGRATION_ID,
        method: 'create-order',
        caption: 'Create order in Shopify',
        params: { email: '{{email}}', note: 'Funnelwork order {{order_number}}', tags: ['funnelwork'] },
      },
    ]);
    const { email, orderId } = await buy(shop);
    const run = await doneRun(automation);
    const created = () => shopify.orders.filter((o) => o.email === email);
    expect(created()).toHaveLength(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(created()[0]).toMatchObject({
      line_items: [{ title: 'Course', quantity: 1, price: ((order?.amountMinor ?? 0) / 100).toFixed(2) }],
      shipping_address: {
        first_name: 'Ines',
        last_name: 'Ortiz',
        address1: '2 Low Road',
        city: 'York',
        country_code: 'GB',
      },
      currency: order?.currency,
      note: `Funnelwork order ${order?.orderNumber}`,
      tags: 'funnelwork',
      source_identifier: `automation-run-${run.id}-step-0`,
    });
    // The run's job again, five at once: the step is done, no second order.
    await Promise.all(Array.from({ length: 5 }, () => t.app.services.automationsEngine.step(run.id)));
    expect(created()).toHaveLength(1);
  });

  it("a purchase sends GA4 one purchase event with the order's number, value and items", async () => {
    const shop = await shopWithFunnel(t);
    const connected = await shop.api.post('connect', {
      integration_id: GA4_INTEGRATION_ID,
      fields: { measurement_id: GA4_MEASUREMENT_ID, api_secret: GA4_API_SECRET },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const automation = await activeAutomation(shop, [
      {
        type: 'integration',
        integration_id: GA4_INTEGRATION_ID,
        method: 'send-purchase',
        caption: 'Send purchase event to GA4',
        params: { user_id: 'customer-{{customer_id}}', coupon: '' },
      },
    ]);
    const { orderId } = await buy(shop);
    await doneRun(automation);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const events = ga4.recorded.filter(
      (r) => r.event.name === 'purchase' && r.event.params?.transaction_id === order?.orderNumber,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.user_id).toBe(`customer-${order?.customerId}`);
    expect(events[0]?.event.params).toMatchObject({
      value: (order?.amountMinor ?? 0) / 100,
      currency: order?.currency,
      items: [{ item_name: 'Course', item_id: String(shop.main.id), quantity: 1 }],
    });
    // A blank optional text is left out, not sent empty (GA4 refuses an empty coupon).
    expect(events[0]?.event.params).not.toHaveProperty('coupon');
  });

  it('a refusal by the service is retried, then shows failed in the history; Retry completes it', async () => {
    const shop = await shopWithFunnel(t);
    await connectSheets(shop);
    const later = `sheet-later-${++n}`;
    const automation = await activeAutomation(shop, [appendRow(later)]);
    const { email } = await buy(shop);
    const run = await runOf(automation);
    // Each attempt is a job; here they are driven at once instead of waiting out the backoff.
    for (let i = 0; i < 10; i++) {
      await t.app.services.automationsEngine.step(run.id).catch(() => undefined);
      if ((await runOf(automation)).status === 'failed') break;
    }
    const failed = await shop.api.get(`automation-runs/${run.id}`);
    expect(failed.json().data).toMatchObject({
      status: 'failed',
      steps: [
        {
          path: '0',
          type: 'integration',
          status: 'failed',
          attempts: 5,
          error: `spreadsheet_id: Google Sheets has no spreadsheet ${later} this Google account can open`,
        },
      ],
    });
    const history = await shop.api.get(`automations/${automation}/runs`, { status: 'failed' });
    expect(history.json().data.map((r: { id: number }) => r.id)).toEqual([run.id]);
    expect(google.appends.filter((a) => a.spreadsheetId === later)).toHaveLength(0);

    // The merchant creates the spreadsheet, then presses Retry.
    google.spreadsheets.set(later, ['Orders']);
    const retried = await shop.api.post(`automation-runs/${run.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await doneRun(automation);
    const rows = google.appends.filter((a) => a.spreadsheetId === later);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.body)).toContain(email);
  });

  it('a call refused for a private address fails the step at its first attempt', async () => {
    const shop = await shopWithFunnel(t);
    const connected = await shop.api.post('connect', {
      integration_id: GA4_INTEGRATION_ID,
      fields: { measurement_id: GA4_MEASUREMENT_ID, api_secret: GA4_API_SECRET },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    // As a custom API base whose name was re-pointed at the loopback after it was checked.
    await t.database.db
      .update(userIntegrations)
      .set({ apiBase: 'http://[::127.0.0.1]:9' })
      .where(eq(userIntegrations.id, connected.json().data.id));
    const automation = await activeAutomation(shop, [
      {
        type: 'integration',
        integration_id: GA4_INTEGRATION_ID,
        method: 'send-purchase',
        caption: 'Send purchase event to GA4',
        params: { user_id: 'customer-{{customer_id}}', coupon: '' },
      },
    ]);
    await buy(shop);
    const run = await waitFor(async () => {
      const found = await runOf(automation);
      return found.status === 'failed' ? found : undefined;
    });
    const failed = await shop.api.get(`automation-runs/${run.id}`);
    expect(failed.json().data).toMatchObject({ status: 'failed' });
    expect(failed.json().data.steps[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.json().data.steps[0].error).toMatch(/Refused \[::7f00:1\]: not a public address/);
  });

  it('a step of an integration the account has not connected fails saying so', async () => {
    const shop = await shopWithFunnel(t);
    const automation = await activeAutomation(shop, [appendRow(SPREADSHEET)]);
    await buy(shop);
    const run = await runOf(automation);
    for (let i = 0; i < 10; i++) {
      await t.app.services.automationsEngine.step(run.id).catch(() => undefined);
      if ((await runOf(automation)).status === 'failed') break;
    }
    const failed = await shop.api.get(`automation-runs/${run.id}`);
    expect(failed.json().data.steps[0]).toMatchObject({
      status: 'failed',
      error: 'Google Sheets is not connected',
    });
  });

  it('refuses a step without its required fields, naming the field (400)', async () => {
    const shop = await shopWithFunnel(t);
    const res = await shop.api.post('automations', {
      name: 'Missing sheet',
      trigger: { id: 'purchase' },
      steps: [{ ...appendRow(SPREADSHEET), params: { spreadsheet_id: SPREADSHEET, sheet: ' ', values: [] } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('steps.0.params.sheet');
    const unknown = await shop.api.post('automations', {
      name: 'Unknown method',
      trigger: { id: 'purchase' },
      steps: [{ ...appendRow(SPREADSHEET), method: 'delete-spreadsheet' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('steps.0.method');
    const noEmail = await shop.api.post('automations', {
      name: 'Shopify without an e-mail',
      trigger: { id: 'purchase' },
      steps: [
        {
          type: 'integration',
          integration_id: SHOPIFY_INTEGRATION_ID,
          method: 'create-order',
          caption: 'Create order in Shopify',
          params: { email: ' ', tags: [] },
        },
      ],
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain('steps.0.params.email');
  });
});
