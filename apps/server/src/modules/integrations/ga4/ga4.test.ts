import { PassThrough } from 'node:stream';
import { GA4_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIntegrations } from '../../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../../test/harness.ts';
import { type ApiClient, apiClient } from '../../funnels/funnels.fixtures.ts';
import {
  GA4_API_SECRET,
  GA4_MEASUREMENT_ID,
  GA4_UNKNOWN_MEASUREMENT_ID,
  startFakeGa4,
} from './ga4.fixtures.ts';

const logLines: string[] = [];
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeGa4>>;
/** A second collection address (as region1.google-analytics.com), for custom-connect. */
let regional: Awaited<ReturnType<typeof startFakeGa4>>;

beforeAll(async () => {
  fake = await startFakeGa4();
  regional = await startFakeGa4();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  t = await createTestApp({
    logStream,
    config: { logLevel: 'trace', ga4ApiBase: fake.url, outboundAllowHosts: [fake.host, regional.host] },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await regional.close();
});

const ID = GA4_INTEGRATION_ID;
const fields = { measurement_id: GA4_MEASUREMENT_ID, api_secret: GA4_API_SECRET };

async function connected(): Promise<{ api: ApiClient; id: number }> {
  const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
  const res = await api.post('connect', { integration_id: ID, fields });
  expect(res.statusCode, res.body).toBe(200);
  return { api, id: res.json().data.id };
}

let sharedConnection: ReturnType<typeof connected> | undefined;
/** One connected account for the tests that do not change the connection (sign-ups are slow). */
const shared = () => {
  sharedConnection ??= connected();
  return sharedConnection;
};

const purchase = {
  client_id: '1234567890.1700000000',
  transaction_id: 'FW-1001',
  value: 59.5,
  currency: 'eur',
  items: [
    { item_id: 'SKU-1', item_name: 'Course', price: 49.5, quantity: 1 },
    { item_name: 'Workbook', price: 10 },
  ],
};

describe('connecting Google Analytics 4', () => {
  it('checks the form, naming the field, before asking Google', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const before = fake.requests.length;
    for (const [data, field, message] of [
      [{ api_secret: GA4_API_SECRET }, 'measurement_id', 'measurement_id is required'],
      [{ measurement_id: 'UA-12345-1', api_secret: GA4_API_SECRET }, 'measurement_id', 'starts with G-'],
      [{ measurement_id: GA4_MEASUREMENT_ID }, 'api_secret', 'api_secret is required'],
      [{ measurement_id: GA4_MEASUREMENT_ID, api_secret: 'has spaces in it' }, 'api_secret', 'api_secret:'],
    ] as const) {
      const res = await api.post('connect', { integration_id: ID, fields: data });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toContain(message);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('sends a sample event to the validation server; its validationMessages refuse the connect', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const refused = await api.post('connect', {
      integration_id: ID,
      fields: { measurement_id: GA4_UNKNOWN_MEASUREMENT_ID, api_secret: GA4_API_SECRET },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      `Google Analytics refused a sample event: measurement_id: Unable to find a web stream with measurement ID ${GA4_UNKNOWN_MEASUREMENT_ID}.`,
    );
    expect((await api.get('user-integrations')).json().data).toEqual([]);

    const ok = await api.post('connect', {
      integration_id: ID,
      fields: { measurement_id: ' g-funnel1234 ', api_secret: GA4_API_SECRET },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      settings: { measurement_id: GA4_MEASUREMENT_ID },
      secrets: ['api_secret'],
    });
    expect(ok.body).not.toContain(GA4_API_SECRET);
    const check = fake.requests.at(-1);
    expect(check).toMatchObject({ method: 'POST', path: '/debug/mp/collect' });
    expect(check?.query.get('measurement_id')).toBe(GA4_MEASUREMENT_ID);
    expect(check?.query.get('api_secret')).toBe(GA4_API_SECRET);
    expect(check?.json).toMatchObject({ client_id: expect.any(String), events: [{ name: 'generate_lead' }] });
    // Nothing reached the reports.
    expect(fake.recorded).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(userIntegrations)
      .where(eq(userIntegrations.id, ok.json().data.id));
    expect(JSON.stringify(row)).not.toContain(GA4_API_SECRET);
  });

  it('the test method asks the validation server again', async () => {
    const { api, id } = await shared();
    const res = await api.post(`call-integration-method/${id}/test`, {});
    expect(res.json().data).toMatchObject({ ok: true });
    expect(res.json().data.message).toMatch(/^The GA4 validation server accepted a sample event/);
    expect(fake.requests.at(-1)?.path).toBe('/debug/mp/collect');
  });
});

describe('GA4 events', () => {
  it('send-purchase POSTs a purchase event to /mp/collect with the measurement id and secret', async () => {
    const { api, id } = await shared();
    const res = await api.post(`call-integration-method/${id}/send-purchase`, purchase);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: true, event: 'purchase', client_id: '1234567890.1700000000' });
    expect(res.body).not.toContain(GA4_API_SECRET);
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/mp/collect' });
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.json).toEqual({
      client_id: '1234567890.1700000000',
      events: [
        {
          name: 'purchase',
          params: {
            transaction_id: 'FW-1001',
            value: 59.5,
            currency: 'EUR',
            items: [
              { item_id: 'SKU-1', item_name: 'Course', price: 49.5, quantity: 1 },
              { item_name: 'Workbook', price: 10, quantity: 1 },
            ],
          },
        },
      ],
    });
    expect(fake.recorded.at(-1)?.event.name).toBe('purchase');
  });

  it('send-lead sends generate_lead, with a new gtag-style client id when none is given', async () => {
    const { api, id } = await shared();
    const res = await api.post(`call-integration-method/${id}/send-lead`, {
      user_id: 'customer-42',
      value: 5,
      currency: 'USD',
      lead_source: 'optin-page',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.client_id).toMatch(/^\d{10}\.\d{10}$/);
    expect(fake.requests.at(-1)?.json).toEqual({
      client_id: res.json().data.client_id,
      user_id: 'customer-42',
      events: [{ name: 'generate_lead', params: { value: 5, currency: 'USD', lead_source: 'optin-page' } }],
    });
    expect(fake.recorded.at(-1)).toMatchObject({ user_id: 'customer-42', event: { name: 'generate_lead' } });
  });

  it('validate_only answers the validation server and records nothing', async () => {
    const { api, id } = await shared();
    const before = fake.recorded.length;
    const res = await api.post(`call-integration-method/${id}/send-purchase`, {
      ...purchase,
      validate_only: true,
    });
    expect(res.json().data).toMatchObject({ validated: true, valid: true, validation_messages: [] });
    expect(fake.requests.at(-1)?.path).toBe('/debug/mp/collect');
    expect(fake.recorded.length).toBe(before);
  });

  it('bad event input is a 400 naming the field; GA4 is not asked', async () => {
    const { api, id } = await shared();
    const before = fake.requests.length;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['send-purchase', { ...purchase, transaction_id: undefined }, 'transaction_id'],
      ['send-purchase', { ...purchase, currency: 'euro' }, 'currency'],
      ['send-purchase', { ...purchase, value: -1 }, 'value'],
      ['send-purchase', { ...purchase, items: [] }, 'items'],
      ['send-purchase', { ...purchase, items: [{ price: 1 }] }, 'items.0.item_id'],
      ['send-purchase', { ...purchase, transaction_id: 'x'.repeat(101) }, 'transaction_id'],
      ['send-lead', { value: 5 }, 'currency'],
      ['send-lead', { client_id: 'has spaces' }, 'client_id'],
    ];
    for (const [method, data, field] of cases) {
      const res = await api.post(`call-integration-method/${id}/${method}`, data);
      expect(res.statusCode, `${method} ${field}`).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    }
    expect(fake.requests.length).toBe(before);
  });

  it('an outage is a 422 that names Google Analytics, not the URL with the secret', async () => {
    const { api, id } = await shared();
    fake.state.outage = true;
    try {
      const res = await api.post(`call-integration-method/${id}/send-purchase`, purchase);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(
        'Google Analytics is not answering properly (503); try again later',
      );
      const test = await api.post(`call-integration-method/${id}/test`, {});
      expect(test.statusCode).toBe(422);
    } finally {
      fake.state.outage = false;
    }
    const unreachable = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const closed = await startFakeGa4();
    await closed.close();
    const res = await unreachable.post('custom-connect', {
      integration_id: ID,
      api_base: closed.url,
      fields,
    });
    // Not on the allow list: refused as a private address before anything is sent.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('api_base');
    expect(res.body).not.toContain(GA4_API_SECRET);
  });

  it('custom-connect sends to the regional address; disconnect forgets the secret', async () => {
    const api = apiClient(t.app, (await signUpOwner(t.app)).auth);
    const res = await api.post('custom-connect', { integration_id: ID, api_base: regional.url, fields });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    expect(res.json().data.api_base).toBe(regional.url);
    expect(regional.requests.at(-1)?.path).toBe('/debug/mp/collect');
    const before = fake.requests.length;
    await api.post(`call-integration-method/${id}/send-purchase`, purchase);
    expect(regional.recorded.at(-1)?.event.name).toBe('purchase');
    expect(fake.requests.length).toBe(before);
    const gone = await api.post('disconnect', { id });
    expect(gone.json().data).toMatchObject({ connected: false, secrets: [] });
    const after = await api.post(`call-integration-method/${id}/send-purchase`, purchase);
    expect(after.statusCode).toBe(422);
    expect(regional.recorded.filter((r) => r.event.name === 'purchase')).toHaveLength(1);
  });

  it('the API secret is never written to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(GA4_API_SECRET);
  });
});
