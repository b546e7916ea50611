import { SMS_BALANCE_TOO_LOW_MESSAGE, SMS_NOT_CONFIGURED_MESSAGE } from '@funnelwork/domain';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationRunSteps, automationRuns, smsMessages, smsSuppressions } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import {
  CARD_OK,
  leaveOffers,
  newKey,
  postJson,
  shopWithFunnel,
} from '../../runtime/checkout/checkout.fixtures.ts';
import {
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  type FakeTwilio,
  startFakeTwilio,
} from '../../sms/fake-twilio.fixtures.ts';
import { SmsProviderError } from '../../sms/provider.ts';
import { createTwilioProvider, twilioSignature } from '../../sms/twilio.ts';
import { createTestApp, signUpOwner, type TestApp, waitFor } from '../../test/harness.ts';
import { apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const DECLINED = { ...CARD, number: '4000 0000 0000 0002' };

let twilio: FakeTwilio;
let t: TestApp;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestApp({
    config: { sms: { apiBase: twilio.url, accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN } },
    startQueue: true,
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const topUp = (amount: number, key = newKey().replace(/[^\w-]/g, ''), card = CARD) => ({
  amount_minor: amount,
  idempotency_key: key,
  card,
});

async function owner() {
  const o = await signUpOwner(t.app);
  return { ...o, api: apiClient(t.app, o.auth) };
}

describe('the Twilio adapter', () => {
  it("signs webhooks as Twilio's documented example does", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it('speaks form-encoded bodies with Basic auth, tries a 429 again and then reports it as retryable', async () => {
    const provider = createTwilioProvider({
      apiBase: twilio.url,
      accountSid: FAKE_TWILIO_SID,
      authToken: FAKE_TWILIO_TOKEN,
      rateLimitRetries: 2,
    });
    twilio.rateLimitNext(2);
    const numbers = await provider.availableNumbers('GB');
    expect(numbers.map((n) => n.phoneNumber)).toContain('+447700900101');
    twilio.rateLimitNext(3);
    const error = await provider.availableNumbers('GB').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ status: 429, code: 20429, retryable: true });
    twilio.rateLimitNext(0);
    const wrong = createTwilioProvider({
      apiBase: twilio.url,
      accountSid: FAKE_TWILIO_SID,
      authToken: 'nope',
    });
    await expect(wrong.availableNumbers('GB')).rejects.toMatchObject({
      status: 401,
      code: 20003,
      retryable: false,
    });
  });
});

describe('SMS without a provider', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('says so: configured false, and buying answers the not-configured message', async () => {
    const o = await signUpOwner(bare.app);
    const api = apiClient(bare.app, o.auth);
    const account = await api.get('sms-account');
    expect(account.json().data).toMatchObject({ configured: false, balance_minor: 0, currency: 'USD' });
    const buy = await api.post('sms-numbers', { phone_number: '+447700900101', country: 'GB' });
    expect(buy.statusCode).toBe(503);
    expect(buy.json().error.message).toBe(SMS_NOT_CONFIGURED_MESSAGE);
    // A merchant reads whom to ask, not the operator's settings (those are in the README).
    expect(SMS_NOT_CONFIGURED_MESSAGE).toContain('not available on this installation');
    expect(SMS_NOT_CONFIGURED_MESSAGE).not.toMatch(/SMS_[A-Z_]+|\bset [A-Z_]{4,}/);
    const available = await api.get('available-numbers', { country: 'GB' });
    expect(available.statusCode).toBe(503);
  });
});

describe('SMS numbers and the prepaid balance', () => {
  it('lists tariffs and available numbers by country; an unknown country is a 400 naming the field', async () => {
    const { api } = await owner();
    const tariffs = await api.get('country-tariffs');
    expect(tariffs.json().data).toContainEqual(
      expect.objectContaining({ country: 'GB', message_minor: 5, number_minor: 200, currency: 'USD' }),
    );
    const gb = await api.get('available-numbers', { country: 'gb' });
    expect(gb.statusCode, gb.body).toBe(200);
    expect(gb.json().data[0]).toMatchObject({ country: 'GB', locality: 'London' });
    const bad = await api.get('available-numbers', { country: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('country');
  });

  it('refuses to buy on a short balance and leaves everything as it was', async () => {
    const { api } = await owner();
    const buy = await api.post('sms-numbers', { phone_number: '+12125550103', country: 'US' });
    expect(buy.statusCode).toBe(402);
    expect(buy.json().error.message).toBe(SMS_BALANCE_TOO_LOW_MESSAGE);
    expect([...twilio.owned.values()]).not.toContain('+12125550103');
    expect((await api.get('sms-numbers')).json().data).toEqual([]);
  });

  it('tops up by card exactly once per key; a declined card changes nothing', async () => {
    const { api } = await owner();
    const declined = await api.post('top-up', topUp(2000, undefined, DECLINED));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ message: 'Your card was declined.', field: 'data.card' });
    expect((await api.get('sms-account')).json().data.balance_minor).toBe(0);

    const body = topUp(2000);
    const [first, second] = await Promise.all([api.post('top-up', body), api.post('top-up', body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'paid', amount_minor: 2000, currency: 'USD' });
    expect(second.json().data.id).toBe(first.json().data.id);
    const again = await api.post('top-up', body);
    expect(again.json().data).toMatchObject({ id: first.json().data.id, balance_minor: 2000 });
    expect((await api.get('sms-account')).json().data.balance_minor).toBe(2000);

    const other = await api.post('top-up', { ...body, amount_minor: 3000 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.field).toBe('data.idempotency_key');
    const small = await api.post('top-up', topUp(100));
    expect(small.statusCode).toBe(400);
    expect(small.body).toContain('amount_minor');
  });

  it('buys a number for its country price, keeps it per account, and releases it', async () => {
    const a = await owner();
    const b = await owner();
    await a.api.post('top-up', topUp(1000));
    const buy = await a.api.post('sms-numbers', { phone_number: '+447700900101', country: 'GB' });
    expect(buy.statusCode, buy.body).toBe(201);
    const number = buy.json().data;
    expect(number).toMatchObject({ phone_number: '+447700900101', country: 'GB', funnel_id: null });
    expect((await a.api.get('sms-account')).json().data.balance_minor).toBe(1000 - 200);
    const purchase = twilio.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path.endsWith('/IncomingPhoneNumbers.json') &&
        r.form.get('PhoneNumber') === '+447700900101',
    );
    expect(purchase?.form.get('SmsUrl')).toBe(`${t.config.publicUrl}/_fw/sms/inbound`);

    // Gone from the market: buying it again is a 409 and the price is given back.
    await b.api.post('top-up', topUp(1000));
    const taken = await b.api.post('sms-numbers', { phone_number: '+447700900101', country: 'GB' });
    expect(taken.statusCode).toBe(409);
    expect((await b.api.get('sms-account')).json().data.balance_minor).toBe(1000);
    const wrongCountry = await b.api.post('sms-numbers', { phone_number: '+447700900102', country: 'US' });
    expect(wrongCountry.statusCode).toBe(400);
    expect(wrongCountry.json().error.field).toBe('data.phone_number');

    // Another account neither sees nor releases it.
    expect((await b.api.get('sms-numbers')).json().data).toEqual([]);
    expect((await b.api.delete(`sms-numbers/${number.id}`)).statusCode).toBe(404);
    expect((await b.api.put('sms-account', { default_number_id: number.id })).statusCode).toBe(404);

    const chosen = await a.api.put('sms-account', { default_number_id: number.id });
    expect(chosen.json().data.default_number_id).toBe(number.id);
    const released = await a.api.delete(`sms-numbers/${number.id}`);
    expect(released.statusCode, released.body).toBe(200);
    expect([...twilio.owned.values()]).not.toContain('+447700900101');
    expect((await a.api.get('sms-numbers')).json().data).toEqual([]);
    expect((await a.api.get('sms-account')).json().data.default_number_id).toBeNull();
  });

  it('answers a rate-limited provider with a 503 that says to try again', async () => {
    const { api } = await owner();
    twilio.rateLimitNext(10);
    const busy = await api.get('available-numbers', { country: 'US' });
    twilio.rateLimitNext(0);
    expect(busy.statusCode).toBe(503);
    expect(busy.json().error.message).toBe('The SMS provider is busy: try again in a moment');
  });

  it("sets a funnel's SMS numbers (only the account's own)", async () => {
    const a = await owner();
    await a.api.post('top-up', topUp(1000));
    const number = (await a.api.post('sms-numbers', { phone_number: '+4915100000101', country: 'DE' })).json()
      .data;
    const funnel = await createFunnel(a.api);
    const set = await a.api.put(`funnels/${funnel.id}/sms-numbers`, { number_ids: [number.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject([{ id: number.id, funnel_id: funnel.id }]);
    const b = await owner();
    const foreignFunnel = await createFunnel(b.api);
    expect((await a.api.put(`funnels/${foreignFunnel.id}/sms-numbers`, { number_ids: [] })).statusCode).toBe(
      404,
    );
    expect(
      (await b.api.put(`funnels/${foreignFunnel.id}/sms-numbers`, { number_ids: [number.id] })).statusCode,
    ).toBe(404);
    const cleared = await a.api.put(`funnels/${funnel.id}/sms-numbers`, { number_ids: [] });
    expect(cleared.json().data).toEqual([]);
    await a.api.delete(`sms-numbers/${number.id}`);
  });

  it('leaves buying, releasing and topping up to admins', async () => {
    const a = await owner();
    const { api } = await memberOf(t, a, { editor: true });
    expect((await api.get('sms-account')).statusCode).toBe(200);
    for (const res of [
      await api.post('top-up', topUp(1000)),
      await api.post('sms-numbers', { phone_number: '+447700900102', country: 'GB' }),
      await api.put('sms-account', { default_number_id: null }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(ACCESS_DENIED_SERVER_MESSAGE);
    }
  });
});

describe('Send SMS in automations and STOP replies', () => {
  const inbound = (params: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/_fw/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ?? twilioSignature(FAKE_TWILIO_TOKEN, `${t.config.publicUrl}/_fw/sms/inbound`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });

  async function buyer(shop: Awaited<ReturnType<typeof shopWithFunnel>>, phone: string) {
    const res = await postJson(t.app, '/_fw/checkout', {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      customer: {
        email: `sms-${newKey()}@example.test`,
        first_name: 'Bea',
        phone,
        shipping_address: '2 Low Road',
        shipping_city: 'York',
      },
      payment: CARD_OK,
      idempotency_key: newKey(),
      items: [{ product_id: shop.main.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    // The shopper declines the offer: the order is confirmed ('order.paid') at once.
    await leaveOffers(t.app, shop, res.json().data);
  }

  async function smsAutomation(shop: Awaited<ReturnType<typeof shopWithFunnel>>) {
    const created = await shop.api.post('automations', {
      name: 'Thank by SMS',
      trigger: { id: 'purchase' },
      steps: [{ type: 'send_sms', text: 'Thanks {{first_name}}, your {{product_name}} is on its way' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await shop.api.post(`automations/${id}/activate`, {})).statusCode).toBe(200);
    return id;
  }

  async function finishedRun(automationId: number) {
    const [run] = await waitFor(async () => {
      const runs = await t.database.db
        .select()
        .from(automationRuns)
        .where(eq(automationRuns.automationId, automationId));
      return runs[0] && ['done', 'failed'].includes(runs[0].status) ? runs : undefined;
    });
    return run;
  }

  it('sends the merged text once from the funnel number, debits the tariff, and skips a phone that replied STOP', async () => {
    const shop = await shopWithFunnel(t);
    await shop.api.post('top-up', topUp(1000));
    const number = (
      await shop.api.post('sms-numbers', { phone_number: '+14155550101', country: 'US' })
    ).json().data;
    const automation = await smsAutomation(shop);

    await buyer(shop, '+44 7700 900555');
    const sent = await waitFor(() => twilio.sent.find((m) => m.to === '+447700900555'));
    expect(sent).toMatchObject({ from: number.phone_number, body: 'Thanks Bea, your Course is on its way' });
    const run = await finishedRun(automation);
    expect(run?.status).toBe('done');
    expect((await shop.api.get('sms-account')).json().data.balance_minor).toBe(1000 - 150 - 5);
    // The step's job again: no second message, no second debit.
    await t.app.services.automationsEngine.step(run?.id as number);
    await new Promise((r) => setTimeout(r, 500));
    expect(twilio.sent.filter((m) => m.to === '+447700900555')).toHaveLength(1);
    const [message] = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.to, '+447700900555'));
    expect(message).toMatchObject({ status: 'sent', priceMinor: 5, country: 'GB' });

    // A forged STOP changes nothing; a signed one opts the phone out of this account's messages.
    const stop = { From: '+447700900555', To: number.phone_number, Body: 'Stop', MessageSid: 'SM1' };
    expect((await inbound(stop, 'forged')).statusCode).toBe(403);
    expect(
      await t.database.db.select().from(smsSuppressions).where(eq(smsSuppressions.phone, '+447700900555')),
    ).toEqual([]);
    const replied = await inbound(stop);
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.headers['content-type']).toContain('text/xml');

    await buyer(shop, '+447700900555');
    const runs = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(automationRunSteps)
        .where(
          and(
            eq(automationRunSteps.type, 'send_sms'),
            eq(automationRunSteps.accountId, shop.owner.accountId),
          ),
        );
      return rows.length === 2 && rows.every((r) => r.status === 'done') ? rows : undefined;
    });
    expect(runs.map((r) => r.result)).toContainEqual({ skipped: 'unsubscribed', to: '+447700900555' });
    expect(twilio.sent.filter((m) => m.to === '+447700900555')).toHaveLength(1);
    expect((await shop.api.get('sms-account')).json().data.balance_minor).toBe(1000 - 150 - 5);
    await shop.api.delete(`sms-numbers/${number.id}`);
  });

  it('fails the step visibly when the balance is short, and sends nothing', async () => {
    const shop = await shopWithFunnel(t);
    await shop.api.post('top-up', topUp(500));
    const number = (
      await shop.api.post('sms-numbers', { phone_number: '+14155550102', country: 'US' })
    ).json().data;
    const second = (
      await shop.api.post('sms-numbers', { phone_number: '+447700900102', country: 'GB' })
    ).json().data;
    // 500 - 150 - 200 leaves 150; a 23-part UCS-2 text to Germany costs 23 × 9 = 207.
    const created = await shop.api.post('automations', {
      name: 'Expensive',
      trigger: { id: 'purchase' },
      steps: [{ type: 'send_sms', text: `Grüße ✓ ${'ł'.repeat(1500)}` }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    await shop.api.post(`automations/${id}/activate`, {});
    // Attempts are retried with backoff; drive them here instead of waiting for the queue.
    await buyer(shop, '+4915199999999');
    const [run] = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(automationRuns)
        .where(eq(automationRuns.automationId, id));
      return rows[0] ? rows : undefined;
    });
    for (let i = 0; i < 6; i++)
      await t.app.services.automationsEngine.step(run?.id as number).catch(() => undefined);
    const [step] = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(automationRunSteps)
        .where(eq(automationRunSteps.runId, run?.id as number));
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(step?.error).toBe(SMS_BALANCE_TOO_LOW_MESSAGE);
    expect(twilio.sent.filter((m) => m.to === '+4915199999999')).toEqual([]);
    expect((await shop.api.get('sms-account')).json().data.balance_minor).toBe(150);
    await shop.api.delete(`sms-numbers/${number.id}`);
    await shop.api.delete(`sms-numbers/${second.id}`);
  });
});
