import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, createFunnel, createStep } from '../funnels/funnels.fixtures.ts';
import { at, eventWriter, setTimeZone } from './analytics.fixtures.ts';

let t: TestApp;
const ZONE = 'America/New_York';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A shop in New York with two funnels and a week of data (2–8 March 2026; US clocks go forward on the
 * 8th) and a little in the week before:
 * - Alpha (kind 1): v1 views it 3 times from facebook and opts in, buys 100.00; v2 views it once from
 *   google in GB and buys 50.00, refunded on the 5th; in the week before v9 viewed it once and bought
 *   40.00, refunded on the 4th (this week).
 * - Beta (kind 0): v3 views it twice on the 8th; v1 once (no tags); a paid 30.00 order, a failed 20.00
 *   one and a deleted 999.00 one.
 */
async function shop() {
  const owner = await signUpOwner(t.app);
  const api = apiClient(t.app, owner.auth);
  await setTimeZone(t.database.db, owner.accountId, ZONE);
  const alpha = await createFunnel(api, { name: 'Alpha', funnel_type: 1 });
  const beta = await createFunnel(api, { name: 'Beta', funnel_type: 0 });
  const w = eventWriter(t.database.db, owner.accountId);
  const local = (s: string) => at(s, ZONE);
  const fb = { utmSource: 'Facebook', referrerDomain: 'facebook.com', country: 'US', currency: 'USD' };
  const google = { utmSource: 'google', utmMedium: 'cpc', country: 'GB', currency: 'USD' };
  for (const hour of ['10:00', '10:05', '10:10'])
    await w.view({ funnelId: alpha.id, visitorId: 'v1', at: local(`2026-03-02T${hour}`), ...fb });
  await w.optin({ funnelId: alpha.id, at: local('2026-03-02T10:06'), ...fb });
  await w.order({ funnelId: alpha.id, amount: 100, at: local('2026-03-02T10:08'), ...fb });
  // 03:30 UTC on the 3rd is 22:30 on the 2nd in New York.
  await w.view({ funnelId: alpha.id, visitorId: 'v2', at: Date.UTC(2026, 2, 3, 3, 30) / 1000, ...google });
  await w.order({
    funnelId: alpha.id,
    amount: 50,
    at: local('2026-03-03T09:00'),
    refundedAt: local('2026-03-05T09:00'),
    ...google,
  });
  await w.view({ funnelId: beta.id, visitorId: 'v1', at: local('2026-03-04T12:00') });
  await w.view({ funnelId: beta.id, visitorId: 'v3', at: local('2026-03-08T12:00') });
  await w.view({ funnelId: beta.id, visitorId: 'v3', at: local('2026-03-08T12:01') });
  await w.order({ funnelId: beta.id, amount: 30, at: local('2026-03-08T12:02') });
  await w.order({ funnelId: beta.id, amount: 20, at: local('2026-03-08T12:03'), failed: true });
  await w.order({ funnelId: beta.id, amount: 999, at: local('2026-03-08T12:04'), deleted: true });
  // The week before.
  await w.view({ funnelId: alpha.id, visitorId: 'v9', at: local('2026-02-25T08:00') });
  await w.order({
    funnelId: alpha.id,
    amount: 40,
    at: local('2026-02-26T08:00'),
    refundedAt: local('2026-03-04T08:00'),
  });
  const start = local('2026-03-02T00:00');
  const end = local('2026-03-09T00:00') - 1;
  return { owner, api, alpha, beta, start, end };
}

type Shop = Awaited<ReturnType<typeof shop>>;
const summary = (s: Shop, query: Record<string, string | number> = {}) =>
  s.api.get('dashboard-summary', { start: s.start, end: s.end, ...query });
const withConditions = (s: Shop, conditions: unknown[]) =>
  summary(s, { conditions: JSON.stringify(conditions) });

describe('GET dashboard-summary', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop();
  });

  it('answers every Dashboard number with the prior period, refunds in the period they happen', async () => {
    const res = await summary(s);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.unit).toBe('day');
    expect(d.time_zone).toBe(ZONE);
    expect(d.revenue).toEqual({ value: 180, old_value: 40, delta: 350 });
    // 50 + 40 refunded this week (the 40 was bought the week before); net = 180 − 90.
    expect(d.refunded).toEqual({ value: 90, old_value: 0, delta: 100 });
    expect(d.net_revenue).toEqual({ value: 90, old_value: 40, delta: 125 });
    expect(d.orders).toEqual({ value: 3, old_value: 1, delta: 200 });
    expect(d.aov).toEqual({ value: 60, old_value: 40, delta: 50 });
    expect(d.page_views).toEqual({ value: 7, old_value: 1, delta: 600 });
    expect(d.visits).toEqual({ value: 3, old_value: 1, delta: 200 });
    expect(d.optins).toEqual({ value: 1, old_value: 0, delta: 100 });
    expect(d.conversion_rate).toEqual({ value: 100, old_value: 100, delta: 0 });
    expect(d.optin_rate).toEqual({ value: 33.33, old_value: 0, delta: 100 });
    expect(d.on_boarding).toBe(false);
    expect(d.hourly_visitors).toHaveLength(24);
  });

  it('buckets by the account’s days across the daylight-saving change', async () => {
    const d = (await summary(s)).json().data;
    const revenue = d.trends.revenue;
    expect(revenue.map((p: { brief: string }) => p.brief)).toEqual([
      '02 Mar',
      '03 Mar',
      '04 Mar',
      '05 Mar',
      '06 Mar',
      '07 Mar',
      '08 Mar',
    ]);
    expect(revenue.map((p: { value: number }) => p.value)).toEqual([100, 50, 0, 0, 0, 0, 30]);
    // The 8th is 23 hours long in New York.
    expect(revenue[6].date - revenue[5].date).toBe(86_400);
    expect(at('2026-03-09T00:00', ZONE) - revenue[6].date).toBe(23 * 3600);
    // v2's view at 03:30 UTC on the 3rd is on the 2nd in New York.
    expect(d.trends.page_views.map((p: { value: number }) => p.value)).toEqual([4, 0, 1, 0, 0, 0, 2]);
    expect(d.trends.net_revenue.map((p: { value: number }) => p.value)).toEqual([
      100, 50, -40, -50, 0, 0, 30,
    ]);
    // The prior week's buckets beside these.
    expect(revenue[0].oldDate).toBe(at('2026-02-23T00:00', ZONE));
    expect(revenue.map((p: { oldValue: number }) => p.oldValue)).toEqual([0, 0, 0, 40, 0, 0, 0]);
  });

  it('lists the top funnels by revenue with conversion against the previous period', async () => {
    const d = (await summary(s)).json().data;
    expect(d.top_funnels).toEqual([
      {
        funnel_id: s.alpha.id,
        funnel_name: 'Alpha',
        funnel_type: 1,
        updated_at: expect.any(String),
        revenue: 150,
        orders: 2,
        visits: 2,
        currency_code: expect.toSatisfy((v) => v === null || typeof v === 'string'),
        conversion_rate: { value: 100, old_value: 100, delta: 0 },
      },
      {
        funnel_id: s.beta.id,
        funnel_name: 'Beta',
        funnel_type: 0,
        updated_at: expect.any(String),
        revenue: 30,
        orders: 1,
        visits: 2,
        currency_code: expect.toSatisfy((v) => v === null || typeof v === 'string'),
        conversion_rate: { value: 50, old_value: 0, delta: 100 },
      },
    ]);
  });

  it('keeps to the funnels asked for', async () => {
    const d = (await summary(s, { funnel_ids: `${s.beta.id}` })).json().data;
    expect(d.revenue.value).toBe(30);
    expect(d.refunded.value).toBe(0);
    expect(d.page_views.value).toBe(3);
    expect(d.visits.value).toBe(2);
    expect(d.top_funnels.map((f: { funnel_id: number }) => f.funnel_id)).toEqual([s.beta.id]);
  });

  it('applies every operand to every number (case ignored, missing values empty)', async () => {
    const pick = async (conditions: unknown[]) => {
      const res = await withConditions(s, conditions);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      return [
        d.page_views.value,
        d.visits.value,
        d.optins.value,
        d.orders.value,
        d.revenue.value,
        d.refunded.value,
      ];
    };
    expect(await pick([{ key: 'utm_source', operand: 'IN', values: ['facebook'] }])).toEqual([
      3, 1, 1, 1, 100, 0,
    ]);
    // Direct visits and orders have no utm_source: they are none of facebook.
    expect(await pick([{ key: 'utm_source', operand: 'NOT IN', values: ['FACEBOOK'] }])).toEqual([
      4, 3, 0, 2, 80, 90,
    ]);
    expect(await pick([{ key: 'utm_source', operand: 'LIKE', value: 'OOG' }])).toEqual([1, 1, 0, 1, 50, 50]);
    expect(await pick([{ key: 'utm_source', operand: 'NOT LIKE', value: 'face' }])).toEqual([
      4, 3, 0, 2, 80, 90,
    ]);
    expect(await pick([{ key: 'country', operand: '=', value: 'gb' }])).toEqual([1, 1, 0, 1, 50, 50]);
    // '%' is a literal character, not a wildcard.
    expect(await pick([{ key: 'referrer_domain', operand: 'LIKE', value: '%' }])).toEqual([0, 0, 0, 0, 0, 0]);
    // Conditions join with AND.
    expect(
      await pick([
        { key: 'utm_source', operand: 'IN', values: ['facebook', 'google'] },
        { key: 'country', operand: 'NOT IN', values: ['us'] },
      ]),
    ).toEqual([1, 1, 0, 1, 50, 50]);
    expect(await pick([{ key: 'currency', operand: '=', value: 'usd' }])).toEqual([4, 2, 1, 3, 180, 90]);
  });

  it('applies the conditions to the trends and Top Funnels too', async () => {
    const res = await withConditions(s, [{ key: 'utm_source', operand: 'IN', values: ['google'] }]);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    // Only v2's view (the 2nd, New York time) and its 50.00 order of the 3rd, refunded on the 5th.
    expect(d.trends.page_views.map((p: { value: number }) => p.value)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(d.trends.revenue.map((p: { value: number }) => p.value)).toEqual([0, 50, 0, 0, 0, 0, 0]);
    expect(d.trends.net_revenue.map((p: { value: number }) => p.value)).toEqual([0, 50, 0, -50, 0, 0, 0]);
    // Every funnel keeps its row (as without conditions), with the numbers of the conditions.
    expect(
      d.top_funnels.map((f: { funnel_name: string; revenue: number; orders: number; visits: number }) => [
        f.funnel_name,
        f.revenue,
        f.orders,
        f.visits,
      ]),
    ).toEqual([
      ['Alpha', 50, 1, 1],
      ['Beta', 0, 0, 0],
    ]);
  });

  it('answers zeros and on_boarding for an account without data, never another account’s numbers', async () => {
    const other = await signUpOwner(t.app);
    const api = apiClient(t.app, other.auth);
    const res = await api.get('dashboard-summary', {
      start: s.start,
      end: s.end,
      funnel_ids: `${s.alpha.id}`,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.on_boarding).toBe(true);
    expect([d.revenue.value, d.orders.value, d.page_views.value, d.visits.value]).toEqual([0, 0, 0, 0]);
    expect(d.top_funnels).toEqual([]);
    // This account keeps London time: New York's week spans 8 of its days.
    expect(d.time_zone).toBe('Europe/London');
    expect(d.trends.revenue).toHaveLength(8);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ end: s.end }, 'start'],
      [{ start: s.start, end: s.start - 1 }, 'end'],
      [{ start: 'yesterday', end: s.end }, 'start'],
      [{ start: s.start, end: s.end, unit: 'minute' }, 'unit'],
      [{ start: 0, end: 500 * 86_400, unit: 'hour' }, 'unit'],
      [{ start: s.start, end: s.end, funnel_ids: '1,x' }, 'funnel_ids'],
      [{ start: s.start, end: s.end, conditions: '[{' }, 'conditions'],
      [
        {
          start: s.start,
          end: s.end,
          conditions: JSON.stringify([{ key: 'city', operand: '=', value: 'x' }]),
        },
        'conditions',
      ],
      [
        {
          start: s.start,
          end: s.end,
          conditions: JSON.stringify([{ key: 'country', operand: 'IN', values: [] }]),
        },
        'conditions',
      ],
      [
        { start: s.start, end: s.end, conditions: JSON.stringify([{ key: 'country', operand: '=' }]) },
        'conditions',
      ],
    ];
    for (const [query, field] of cases) {
      const res = await s.api.get('dashboard-summary', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.message).toContain(field);
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard-summary?start=${s.start}&end=${s.end}`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST analytics/trends and analytics/summary', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop();
  });

  it('answers a metric’s trend with the previous period’s and the chart', async () => {
    const res = await s.api.post('analytics/trends', {
      metric: 'revenue',
      funnel_id: 0,
      start: s.start,
      end: s.end,
      old_start: at('2026-02-23T00:00', ZONE),
      old_end: s.start - 1,
      unit: 'day',
      conditions: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.trend.map((p: { value: number }) => p.value)).toEqual([100, 50, 0, 0, 0, 0, 30]);
    expect(d.old_trend.map((p: { value: number }) => p.value)).toEqual([0, 0, 0, 40, 0, 0, 0]);
    expect(d.chart[0]).toMatchObject({ value: 100, brief: '02 Mar', oldValue: 0 });
    expect(d.time_zone).toBe(ZONE);
  });

  it('takes the funnel and the conditions, and the spec granularity when no unit is given', async () => {
    const res = await s.api.post('analytics/trends', {
      metric: 'orders',
      funnel_id: s.alpha.id,
      start: s.start,
      end: s.start + 86_400 - 1,
      conditions: [{ key: 'utm_source', operand: '=', value: 'facebook' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.unit).toBe('hour');
    expect(d.trend).toHaveLength(24);
    expect(d.trend.reduce((sum: number, p: { value: number }) => sum + p.value, 0)).toBe(1);
    expect(d.old_trend).toBeUndefined();
  });

  it('answers a metric’s summary for two periods', async () => {
    const res = await s.api.post('analytics/summary', {
      metric: 'net_revenue',
      funnel_id: 0,
      start: s.start,
      end: s.end,
      old_start: at('2026-02-23T00:00', ZONE),
      old_end: s.start - 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ metric: 'net_revenue', value: 90, old_value: 40, delta: 125 });
  });

  it('refuses bad input and another account’s funnel', async () => {
    const bad = await s.api.post('analytics/summary', {
      metric: 'profit',
      start: 1,
      end: 2,
      old_start: 0,
      old_end: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('metric');
    const missing = await s.api.post('analytics/trends', { metric: 'revenue', start: 5, end: 4 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('end');
    const other = await signUpOwner(t.app);
    const api = apiClient(t.app, other.auth);
    const res = await api.post('analytics/summary', {
      metric: 'revenue',
      funnel_id: s.alpha.id,
      start: s.start,
      end: s.end,
      old_start: 0,
      old_end: 1,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST analytics/breakdown-v2', () => {
  it('splits the period by the values of a key, busiest first', async () => {
    const s = await shop();
    const res = await s.api.post('analytics/breakdown-v2', { key: 'utm_source', start: s.start, end: s.end });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = res.json().data;
    expect(rows).toEqual([
      {
        value: '',
        visits: 2,
        page_views: 3,
        optins: 0,
        optin_rate: 0,
        orders: 1,
        conversion_rate: 50,
        revenue: 30,
      },
      {
        value: 'facebook',
        visits: 1,
        page_views: 3,
        optins: 1,
        optin_rate: 100,
        orders: 1,
        conversion_rate: 100,
        revenue: 100,
      },
      {
        value: 'google',
        visits: 1,
        page_views: 1,
        optins: 0,
        optin_rate: 0,
        orders: 1,
        conversion_rate: 100,
        revenue: 50,
      },
    ]);
    const limited = await s.api.post('analytics/breakdown-v2', {
      key: 'country',
      start: s.start,
      end: s.end,
      limit: 1,
      conditions: [{ key: 'country', operand: 'IN', values: ['GB', 'US'] }],
    });
    // One visitor each: the more revenue first.
    expect(limited.json().data.rows.map((r: { value: string }) => r.value)).toEqual(['us']);
    const bad = await s.api.post('analytics/breakdown-v2', { key: 'city', start: s.start, end: s.end });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('key');
  });
});

describe('GET funnel-analytics', () => {
  it('answers every metric’s summary and trend of one funnel', async () => {
    const s = await shop();
    const res = await s.api.get('funnel-analytics', {
      funnel_id: s.alpha.id,
      start: s.start,
      end: s.end,
      previous_start: at('2026-02-23T00:00', ZONE),
      previous_end: s.start - 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.funnel_id).toBe(s.alpha.id);
    expect(d.summary.revenue).toEqual({ value: 150, old_value: 40, delta: 275 });
    expect(d.summary.refunded.value).toBe(90);
    expect(d.summary.visits).toEqual({ value: 2, old_value: 1, delta: 100 });
    expect(d.trends.orders.map((p: { value: number }) => p.value)).toEqual([1, 1, 0, 0, 0, 0, 0]);

    const other = await signUpOwner(t.app);
    const foreign = await apiClient(t.app, other.auth).get('funnel-analytics', {
      funnel_id: s.alpha.id,
      start: s.start,
      end: s.end,
      previous_start: 0,
      previous_end: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await s.api.get('funnel-analytics', { funnel_id: s.alpha.id, start: s.start, end: s.end });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('previous_start');
  });
});

describe('GET funnels/{id}/performance-breakdown', () => {
  it('answers per step and page variant, with the A/B verdict of a step with variants', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const funnel = await createFunnel(api, { name: 'Split' });
    const step = await createStep(api, funnel.id, { name: 'Optin', type: 4, url: 'join' });
    const a = step.pages[0]?.id as number;
    const variant = await api.post(`wfunnels/${funnel.id}/steps/${step.id}/pages`, { name: 'B' });
    expect(variant.statusCode, variant.body).toBe(201);
    const b = variant.json().data.id as number;
    const w = eventWriter(t.database.db, owner.accountId);
    const now = Math.floor(Date.now() / 1000) - 3600;
    for (let i = 0; i < 40; i++) {
      await w.view({ funnelId: funnel.id, stepId: step.id, pageId: a, visitorId: `a${i}`, at: now });
      await w.view({ funnelId: funnel.id, stepId: step.id, pageId: b, visitorId: `b${i}`, at: now });
    }
    await w.view({ funnelId: funnel.id, stepId: step.id, pageId: a, visitorId: 'a0', at: now });
    for (let i = 0; i < 4; i++) await w.optin({ funnelId: funnel.id, stepId: step.id, pageId: a, at: now });
    for (let i = 0; i < 20; i++) await w.optin({ funnelId: funnel.id, stepId: step.id, pageId: b, at: now });
    await w.order({ funnelId: funnel.id, stepId: step.id, pageId: a, amount: 10, at: now, bump: true });
    await w.order({ funnelId: funnel.id, stepId: step.id, pageId: a, amount: 30, at: now, upsells: 1 });
    const res = await api.get(`funnels/${funnel.id}/performance-breakdown`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.steps.find((x: { step_id: number }) => x.step_id === step.id);
    expect(row).toMatchObject({ views: 81, unique_views: 80, optins: 24, orders: 2, revenue: 40 });
    const [va, vb] = row.variants;
    expect(va).toMatchObject({
      page_id: a,
      views: 41,
      unique_views: 40,
      optins: 4,
      optin_rate: 10,
      orders: 2,
      sales_rate: 5,
      orders_with_bump: 1,
      order_bump_rate: 50,
      orders_with_upsell: 1,
      upsell_rate: 50,
      revenue: 40,
      average_cart_value: 20,
      earnings_per_view: 0.98,
    });
    expect(vb).toMatchObject({
      page_id: b,
      views: 40,
      unique_views: 40,
      optins: 20,
      optin_rate: 50,
      orders: 0,
    });
    // Orders decide the verdict when the step has any (A: 2 of 40, B: 0 of 40).
    expect(row.verdict.enough_data).toBe(true);
    expect(row.verdict.text).toMatch(/^A beats B with \d+ % probability$/);

    const ranged = await api.get(`funnels/${funnel.id}/performance-breakdown`, {
      start: now + 1,
      end: now + 10,
    });
    expect(ranged.json().data.steps.find((x: { step_id: number }) => x.step_id === step.id).views).toBe(0);

    // A range without an end runs to today and beyond.
    const open = await api.get(`funnels/${funnel.id}/performance-breakdown`, { start: now });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.steps.find((x: { step_id: number }) => x.step_id === step.id).views).toBe(81);

    const other = await signUpOwner(t.app);
    const foreign = await apiClient(t.app, other.auth).get(`funnels/${funnel.id}/performance-breakdown`);
    expect(foreign.statusCode).toBe(404);
    const bad = await api.get(`funnels/${funnel.id}/performance-breakdown`, { start: 10, end: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('end');
  });
});

describe('every filter key, and the conditions of every call that takes them', () => {
  // One visitor and one order per key, tagged with that key only; one untagged visit and order.
  const TAGGED = [
    ['referrer', 'referrer', 'https://news.example/story'],
    ['utm_campaign', 'utmCampaign', 'spring'],
    ['utm_medium', 'utmMedium', 'email'],
    ['utm_content', 'utmContent', 'banner-b'],
    ['utm_term', 'utmTerm', 'running shoes'],
  ] as const;
  const amountOf = (i: number) => 10 * (i + 1);
  const TOTAL = TAGGED.reduce((sum, _, i) => sum + amountOf(i), 0) + 1;
  let api: ReturnType<typeof apiClient>;
  let funnelId: number;
  let stepId: number;
  const end = Math.floor(Date.now() / 1000);
  const start = end - 86_400;

  beforeAll(async () => {
    const owner = await signUpOwner(t.app);
    api = apiClient(t.app, owner.auth);
    const funnel = await createFunnel(api, { name: 'Tagged' });
    const step = await createStep(api, funnel.id, { name: 'Sales', type: 4, url: 'sales' });
    funnelId = funnel.id;
    stepId = step.id;
    const pageId = step.pages[0]?.id as number;
    const w = eventWriter(t.database.db, owner.accountId);
    const where = { funnelId, stepId, pageId, at: end - 3600 };
    for (const [i, [, field, value]] of TAGGED.entries()) {
      await w.view({ ...where, visitorId: `k${i}`, [field]: value });
      await w.order({ ...where, amount: amountOf(i), [field]: value });
    }
    await w.view({ ...where, visitorId: 'plain' });
    await w.order({ ...where, amount: 1 });
  });

  const dashboard = async (conditions: unknown[]) => {
    const res = await api.get('dashboard-summary', { start, end, conditions: JSON.stringify(conditions) });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    return [d.page_views.value, d.visits.value, d.orders.value, d.revenue.value];
  };

  it('applies referrer, utm_campaign, utm_medium, utm_content and utm_term to every number', async () => {
    expect(await dashboard([])).toEqual([6, 6, 6, TOTAL]);
    for (const [i, [key, , value]] of TAGGED.entries()) {
      expect(await dashboard([{ key, operand: '=', value: value.toUpperCase() }]), key).toEqual([
        1,
        1,
        1,
        amountOf(i),
      ]);
      expect(await dashboard([{ key, operand: 'NOT IN', values: [value] }]), key).toEqual([
        5,
        5,
        5,
        TOTAL - amountOf(i),
      ]);
      expect(await dashboard([{ key, operand: 'LIKE', value: value.slice(1, 5) }]), key).toEqual([
        1,
        1,
        1,
        amountOf(i),
      ]);
    }
  });

  it('analytics/summary, funnel-analytics and performance-breakdown keep to the conditions', async () => {
    const conditions = [{ key: 'utm_medium', operand: 'IN', values: ['email'] }];
    const metric = await api.post('analytics/summary', {
      metric: 'revenue',
      funnel_id: funnelId,
      start,
      end,
      old_start: start - 86_400,
      old_end: start - 1,
      conditions,
    });
    expect(metric.statusCode, metric.body).toBe(200);
    expect(metric.json().data.value).toBe(30);

    const funnel = await api.get('funnel-analytics', {
      funnel_id: funnelId,
      start,
      end,
      previous_start: start - 86_400,
      previous_end: start - 1,
      conditions: JSON.stringify(conditions),
    });
    expect(funnel.statusCode, funnel.body).toBe(200);
    const summary = funnel.json().data.summary;
    expect([summary.page_views.value, summary.orders.value, summary.revenue.value]).toEqual([1, 1, 30]);

    const breakdown = await api.get(`funnels/${funnelId}/performance-breakdown`, {
      start,
      end,
      conditions: JSON.stringify([{ key: 'utm_medium', operand: 'NOT LIKE', value: 'mail' }]),
    });
    expect(breakdown.statusCode, breakdown.body).toBe(200);
    const row = breakdown.json().data.steps.find((x: { step_id: number }) => x.step_id === stepId);
    expect(row).toMatchObject({ views: 5, orders: 5, revenue: TOTAL - 30 });
  });

  it('analytics/trends and analytics/breakdown-v2 do not read another account’s funnel', async () => {
    const other = await signUpOwner(t.app);
    const foreign = apiClient(t.app, other.auth);
    const calls = [
      ['analytics/trends', { metric: 'revenue' }],
      ['analytics/breakdown-v2', { key: 'utm_medium' }],
    ] as const;
    for (const [path, body] of calls) {
      const res = await foreign.post(path, { ...body, funnel_id: funnelId, start, end });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
    }
    // The owner reads the same.
    const own = await api.post('analytics/breakdown-v2', {
      key: 'utm_medium',
      funnel_id: funnelId,
      start,
      end,
    });
    expect(
      own
        .json()
        .data.rows.map((r: { value: string }) => r.value)
        .sort(),
    ).toEqual(['', 'email']);
  });
});
