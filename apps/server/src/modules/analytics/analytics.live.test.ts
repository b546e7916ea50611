import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optinEvents, orders } from '../../db/schema/index.ts';
import { CARD_OK, newKey, postJson, shopWithFunnel } from '../../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, createFunnel, createStep, publishFunnel } from '../funnels/funnels.fixtures.ts';
import { eventWriter } from './analytics.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const VISITOR = 'analytics-visitor-0001';

const today = () => {
  const now = Math.floor(Date.now() / 1000);
  return { start: now - 86_400, end: now + 60 };
};

describe('live: a purchase shows in the dashboard at once, with its attribution', () => {
  it('a shopper who came from a newsletter buys; revenue, orders and the funnel row move', async () => {
    const shop = await shopWithFunnel(t);
    const w = eventWriter(t.database.db, shop.owner.accountId);
    const now = Math.floor(Date.now() / 1000);
    // The shopper's first view of the funnel (as the page runtime writes it) carries the tags.
    await w.view({
      funnelId: shop.funnel.id,
      stepId: shop.checkout.id,
      pageId: shop.checkoutPage,
      visitorId: VISITOR,
      at: now - 60,
      utmSource: 'newsletter',
      utmCampaign: 'spring',
      referrerDomain: 'mail.example.org',
      country: 'DE',
    });
    const before = (await shop.api.get('dashboard-summary', today())).json().data;
    expect(before.revenue.value).toBe(0);

    const bought = await postJson(
      t.app,
      '/_fw/checkout',
      {
        step_id: shop.checkout.id,
        page_id: shop.checkoutPage,
        customer: { email: 'live@example.test', first_name: 'Liv', last_name: 'E' },
        payment: CARD_OK,
        idempotency_key: newKey(),
        items: [{ product_id: shop.main.id, qty: 1 }],
        order_bump: true,
      },
      { cookie: `fw_vid=${VISITOR}` },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.accountId, shop.owner.accountId));
    expect(order).toMatchObject({
      visitorId: VISITOR,
      utmSource: 'newsletter',
      utmCampaign: 'spring',
      referrerDomain: 'mail.example.org',
      visitorCountry: 'DE',
      hasOrderBump: true,
      upsellsTaken: 0,
    });

    const after = (await shop.api.get('dashboard-summary', today())).json().data;
    expect(after.revenue.value).toBe(57.49);
    expect(after.orders.value).toBe(1);
    expect(after.conversion_rate.value).toBe(100);
    expect(after.top_funnels[0]).toMatchObject({
      funnel_id: shop.funnel.id,
      revenue: 57.49,
      orders: 1,
      visits: 1,
    });
    const filtered = await shop.api.get('dashboard-summary', {
      ...today(),
      conditions: JSON.stringify([{ key: 'utm_source', operand: '=', value: 'Newsletter' }]),
    });
    expect(filtered.json().data.revenue.value).toBe(57.49);
    const others = await shop.api.get('dashboard-summary', {
      ...today(),
      conditions: JSON.stringify([{ key: 'country', operand: 'NOT IN', values: ['de'] }]),
    });
    expect(others.json().data.revenue.value).toBe(0);

    // The one-click upsell is counted on the same order.
    const upsell = await postJson(
      t.app,
      '/_fw/upsell',
      {
        step_id: shop.upsell.id,
        page_id: shop.upsell.pages[0]?.id,
        order_token: bought.json().data.order_token,
        answer: 'yes',
        product_id: shop.offer.id,
      },
      { cookie: `fw_vid=${VISITOR}` },
    );
    expect(upsell.statusCode, upsell.body).toBeLessThan(300);
    const breakdown = (await shop.api.get(`funnels/${shop.funnel.id}/performance-breakdown`)).json().data;
    const checkoutRow = breakdown.steps.find((s: { step_id: number }) => s.step_id === shop.checkout.id);
    expect(checkoutRow).toMatchObject({
      views: 1,
      unique_views: 1,
      orders: 1,
      orders_with_bump: 1,
      order_bump_rate: 100,
      orders_with_upsell: 1,
      upsell_rate: 100,
      revenue: 154.49,
    });
  });

  it('a purchase without the visitor cookie is counted, with no attribution', async () => {
    const shop = await shopWithFunnel(t);
    const res = await postJson(t.app, '/_fw/checkout', {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      customer: { email: 'anon@example.test', first_name: 'A', last_name: 'Non' },
      payment: CARD_OK,
      idempotency_key: newKey(),
      items: [{ product_id: shop.main.id, qty: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.accountId, shop.owner.accountId));
    expect(order).toMatchObject({ visitorId: null, utmSource: null, hasOrderBump: false });
    const d = (await shop.api.get('dashboard-summary', today())).json().data;
    expect(d.orders.value).toBe(1);
  });
});

describe('opt-ins carry the visitor’s attribution', () => {
  it('records an opt-in event with the tags of the visitor’s first view', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    expect((await api.post('change-subdomain', { subdomain: 'optin-live' })).statusCode).toBe(200);
    const funnel = await createFunnel(api, { name: 'Guide', path: 'guide' });
    const landing = await createStep(api, funnel.id, {
      name: 'Opt in',
      type: 5,
      url: 'free',
      template_id: 'landing-lead-magnet',
    });
    await createStep(api, funnel.id, {
      name: 'Thanks',
      type: 3,
      url: 'thanks',
      template_id: 'thank-you-next-steps',
    });
    await publishFunnel(api, funnel.id);
    const host = 'optin-live.localhost:3000';
    const page = await t.app.inject({
      method: 'GET',
      url: '/guide/free?utm_source=podcast',
      headers: { host, 'user-agent': BROWSER, cookie: `fw_vid=${VISITOR}`, 'cf-ipcountry': 'FR' },
    });
    expect(page.statusCode).toBe(200);
    // The page's script reports the view (the page itself is the same for everyone).
    const view = await t.app.inject({
      method: 'POST',
      url: '/_fw/view',
      headers: { host, 'user-agent': BROWSER, cookie: `fw_vid=${VISITOR}`, 'cf-ipcountry': 'FR' },
      payload: { page_id: landing.pages[0]?.id, url: `http://${host}/guide/free?utm_source=podcast` },
    });
    expect(view.statusCode).toBe(204);
    await t.app.runtime.views.flush();
    const res = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host, accept: 'application/json', cookie: `fw_vid=${VISITOR}` },
      payload: { fw_page_id: landing.pages[0]?.id, first_name: 'Jo', email: 'jo@example.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.database.db
      .select()
      .from(optinEvents)
      .where(eq(optinEvents.accountId, owner.accountId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      funnelId: funnel.id,
      stepId: landing.id,
      pageId: landing.pages[0]?.id,
      visitorId: VISITOR,
      utmSource: 'podcast',
      country: 'FR',
    });
    const d = (
      await api.get('dashboard-summary', {
        ...today(),
        conditions: JSON.stringify([{ key: 'utm_source', operand: 'IN', values: ['podcast'] }]),
      })
    ).json().data;
    expect(d.optins.value).toBe(1);
    expect(d.visits.value).toBe(1);
    expect(d.optin_rate.value).toBe(100);
  });
});
