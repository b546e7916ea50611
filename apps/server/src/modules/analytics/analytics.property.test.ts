import { bucketStart, bucketStarts, nextBucketStart } from '@funnelwork/domain/analytics/buckets';
import type { FilterCondition } from '@funnelwork/domain/analytics/filters';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsHourly,
  analyticsHourVisitors,
  analyticsHourVisits,
  analyticsMonthly,
  analyticsVisitorSpans,
  optinEvents,
  orders,
  pageViewEvents,
} from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, createFunnel } from '../funnels/funnels.fixtures.ts';
import { at, date, hourVisitCounts, rolledUpZoneOf, setTimeZone } from './analytics.fixtures.ts';
import { createRawStore } from './analytics.raw-store.ts';
import { registerRollupJob, runRollup } from './analytics.rollup.ts';
import { createRollupStore } from './analytics.rollup-store.ts';
import type { StoreScope } from './analytics.store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Zones with a daylight-saving change in the generated fortnight, and one with a half-hour offset. */
const ZONES = [
  { zone: 'Europe/London', around: '2026-03-29T12:00' },
  { zone: 'America/New_York', around: '2026-11-01T12:00' },
  { zone: 'Australia/Sydney', around: '2026-04-05T12:00' },
  { zone: 'Asia/Kolkata', around: '2026-06-01T12:00' },
];
const SOURCES = [null, 'facebook', 'Google', 'news%letter'];
const COUNTRIES = [null, 'GB', 'US'];
/**
 * The text keys a run's generated tag is written to (one per run): the conditions drawn on utm_source
 * below are asked of that key, so every filter key is checked against the raw events.
 */
const TAG_FIELDS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_content: 'utmContent',
  utm_term: 'utmTerm',
  referrer: 'referrer',
  referrer_domain: 'referrerDomain',
} as const;
type TagKey = keyof typeof TAG_FIELDS;

/** Minutes from noon of the generated fortnight's middle day: anywhere, or close to a local midnight. */
const minute = fc.oneof(
  fc.integer({ min: -7 * 1440, max: 7 * 1440 }),
  fc
    .tuple(fc.integer({ min: -7, max: 6 }), fc.integer({ min: -90, max: 90 }))
    .map(([day, offset]) => day * 1440 + 720 + offset),
);
const event = fc.record({
  visitor: fc.integer({ min: 0, max: 25 }),
  funnel: fc.integer({ min: 0, max: 2 }),
  page: fc.integer({ min: 0, max: 3 }),
  minute,
  source: fc.constantFrom(...SOURCES),
  country: fc.constantFrom(...COUNTRIES),
});
const sale = fc.record({
  funnel: fc.integer({ min: 0, max: 2 }),
  page: fc.integer({ min: 0, max: 3 }),
  minute,
  cents: fc.integer({ min: 0, max: 50_000 }),
  refundAfter: fc.option(fc.integer({ min: 0, max: 5 * 1440 }), { nil: null }),
  failed: fc.boolean(),
  bump: fc.boolean(),
  /** What happens to the order after it is placed (the trigger's update path). */
  later: fc.constantFrom('nothing', 'refund', 'delete', 'upsell', 'paid'),
  source: fc.constantFrom(...SOURCES),
  country: fc.constantFrom(...COUNTRIES),
});
const condition: fc.Arbitrary<FilterCondition> = fc.oneof(
  fc.record({
    key: fc.constant('utm_source' as const),
    operand: fc.constantFrom('IN' as const, 'NOT IN' as const),
    values: fc.subarray(['facebook', 'GOOGLE', 'x'], { minLength: 1 }),
  }),
  fc.record({
    key: fc.constantFrom('utm_source' as const, 'country' as const),
    operand: fc.constantFrom('LIKE' as const, 'NOT LIKE' as const, '=' as const),
    value: fc.constantFrom('g', 'face', 'gb', 'us', '%'),
  }),
  // One key equal to a value the data has: the fast path's visitor spans per filter value.
  fc.record({
    key: fc.constantFrom('utm_source' as const, 'country' as const),
    operand: fc.constant('=' as const),
    value: fc.constantFrom('google', 'Facebook', 'GB', 'us'),
  }),
);
const query = fc.record({
  unit: fc.constantFrom('hour' as const, 'day' as const, 'week' as const, 'month' as const),
  // Short ranges inside the generated fortnight, and long ones holding whole months (the month rows).
  span: fc.oneof(
    fc.record({ startDay: fc.integer({ min: -8, max: 4 }), days: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ startDay: fc.integer({ min: -45, max: -8 }), days: fc.integer({ min: 20, max: 70 }) }),
  ),
  conditions: fc.array(condition, { maxLength: 2 }),
  funnels: fc.constantFrom('all', 'one', 'none'),
  rollupShare: fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10),
  tagKey: fc.constantFrom(...(Object.keys(TAG_FIELDS) as TagKey[])),
});

describe('rollups answer what the raw events answer', () => {
  it('for generated views, opt-ins, orders and refunds, any zone, filters and ranges across a DST change', async () => {
    const raw = createRawStore(t.database.db);
    const rolled = createRollupStore(t.database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(event, { maxLength: 60 }),
        fc.array(event, { maxLength: 15 }),
        fc.array(sale, { maxLength: 15 }),
        query,
        async ({ zone, around }, views, optins, sales, q) => {
          const owner = await signUpOwner(t.app);
          const api = apiClient(t.app, owner.auth);
          await setTimeZone(t.database.db, owner.accountId, zone);
          const funnelIds = [
            (await createFunnel(api, { name: 'A' })).id,
            (await createFunnel(api, { name: 'B' })).id,
          ];
          const base = at(around, zone);
          const funnelOf = (i: number) => (i === 0 ? null : (funnelIds[i - 1] as number));
          const pageOf = (i: number) => (i === 0 ? null : 1000 + i);
          const when = (minute: number) => date(base + minute * 60);
          const tagged = (value: string | null) => ({ [TAG_FIELDS[q.tagKey]]: value });
          const conditions = q.conditions.map((c) => (c.key === 'utm_source' ? { ...c, key: q.tagKey } : c));
          const viewRows = views.map((v) => ({
            accountId: owner.accountId,
            funnelId: funnelOf(v.funnel),
            stepId: pageOf(v.page) === null ? null : 500 + (v.page % 2),
            pageId: pageOf(v.page),
            visitorId: `v${v.visitor}`,
            ...tagged(v.source),
            country: v.country,
            currency: 'USD',
            createdAt: when(v.minute),
          }));
          // Part of the events is rolled up, the rest is left past the watermark (the live tail).
          const cut = Math.floor(viewRows.length * q.rollupShare);
          if (cut > 0) await t.database.db.insert(pageViewEvents).values(viewRows.slice(0, cut));
          if (optins.length > 0)
            await t.database.db.insert(optinEvents).values(
              optins.map((o) => ({
                accountId: owner.accountId,
                funnelId: funnelOf(o.funnel),
                stepId: pageOf(o.page) === null ? null : 500 + (o.page % 2),
                pageId: pageOf(o.page),
                visitorId: `v${o.visitor}`,
                ...tagged(o.source),
                country: o.country,
                createdAt: when(o.minute),
              })),
            );
          await runRollup(t.database.db, { batch: 7 });
          if (cut < viewRows.length) await t.database.db.insert(pageViewEvents).values(viewRows.slice(cut));
          let n = 0;
          for (const s of sales) {
            const placed = base + s.minute * 60;
            const refunded = s.refundAfter === null ? null : date(placed + s.refundAfter * 60);
            await t.database.db.insert(orders).values({
              accountId: owner.accountId,
              orderNumber: `P${++n}`,
              funnelId: funnelOf(s.funnel),
              stepId: pageOf(s.page) === null ? null : 500 + (s.page % 2),
              pageId: pageOf(s.page),
              currency: 'USD',
              amountMinor: s.cents,
              paymentStatus: s.failed ? 'failed' : null,
              isRefunded: refunded !== null,
              refundedAt: refunded,
              isCanceled: refunded !== null,
              canceledAt: refunded,
              hasOrderBump: s.bump,
              ...tagged(s.source),
              visitorCountry: s.country,
              createdAt: date(placed),
            });
            const [row] = await t.database.db
              .select({ id: orders.id })
              .from(orders)
              .where(and(eq(orders.accountId, owner.accountId), eq(orders.orderNumber, `P${n}`)));
            const id = row?.id as number;
            const change =
              s.later === 'refund'
                ? {
                    isRefunded: true,
                    refundedAt: date(placed + 3 * 3600),
                    isCanceled: true,
                    canceledAt: date(placed + 3 * 3600),
                  }
                : s.later === 'delete'
                  ? { deletedAt: date(placed + 60) }
                  : s.later === 'upsell'
                    ? { amountMinor: s.cents + 999, upsellsTaken: 1 }
                    : s.later === 'paid'
                      ? { paymentStatus: null }
                      : { updatedAt: date(placed + 5) };
            await t.database.db.update(orders).set(change).where(eq(orders.id, id));
          }

          const start = at(around, zone) + q.span.startDay * 86_400;
          const first = bucketStarts(start, start, 'day', zone)[0] as number;
          let end = first;
          for (let i = 0; i < q.span.days; i++) end = nextBucketStart(end, 'day', zone);
          const unit = q.span.days > 2 && q.unit === 'hour' ? 'day' : q.unit;
          const starts = bucketStarts(first, end - 1, unit, zone);
          const edges = [first, ...starts.slice(1), end];
          const scope: StoreScope = {
            accountId: owner.accountId,
            timeZone: zone,
            funnelIds: q.funnels === 'all' ? null : q.funnels === 'one' ? [funnelIds[0] as number] : [],
            conditions,
          };
          const period = { from: first, to: end };
          const round = <T>(value: T): T =>
            JSON.parse(
              JSON.stringify(value, (_k, v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)),
            );
          expect(round(await rolled.series(scope, edges))).toEqual(round(await raw.series(scope, edges)));
          expect(round([...(await rolled.perFunnel(scope, period))].sort())).toEqual(
            round([...(await raw.perFunnel(scope, period))].sort()),
          );
          const byPage = (rows: Array<{ step_id: number; page_id: number }>) =>
            [...rows].sort((a, b) => a.page_id - b.page_id || a.step_id - b.step_id);
          expect(round(byPage(await rolled.perPage(scope, null)))).toEqual(
            round(byPage(await raw.perPage(scope, null))),
          );
          expect(round(byPage(await rolled.perPage(scope, period)))).toEqual(
            round(byPage(await raw.perPage(scope, period))),
          );
          // Every run also reads one value of each key at account and funnel level (visitor spans per value).
          for (const exact of [
            { key: q.tagKey, operand: '=' as const, value: 'Google' },
            { key: 'country' as const, operand: 'IN' as const, values: ['gb'] },
          ]) {
            const one = { ...scope, funnelIds: null, conditions: [exact] };
            expect(round(await rolled.series(one, edges))).toEqual(round(await raw.series(one, edges)));
            expect(round([...(await rolled.perFunnel(one, period))].sort())).toEqual(
              round([...(await raw.perFunnel(one, period))].sort()),
            );
          }
          const byValue = (rows: Array<{ value: string }>) =>
            [...rows].sort((a, b) => a.value.localeCompare(b.value));
          expect(round(byValue(await rolled.byValue(scope, q.tagKey, period)))).toEqual(
            round(byValue(await raw.byValue(scope, q.tagKey, period))),
          );
        },
      ),
      { numRuns: 40, seed: 1515, endOnFailure: true },
    );
  }, 240_000);

  it('counts each event once when run again, in small batches, and after the zone changes', async () => {
    const owner = await signUpOwner(t.app);
    await setTimeZone(t.database.db, owner.accountId, 'Europe/London');
    const base = at('2026-10-24T22:30', 'Europe/London');
    await t.database.db.insert(pageViewEvents).values(
      Array.from({ length: 30 }, (_, i) => ({
        accountId: owner.accountId,
        visitorId: `v${i % 4}`,
        createdAt: date(base + i * 600),
      })),
    );
    await runRollup(t.database.db, { batch: 4 });
    await runRollup(t.database.db, { batch: 4 });
    const raw = createRawStore(t.database.db);
    const rolled = createRollupStore(t.database.db);
    const scopeIn = (timeZone: string): StoreScope => ({
      accountId: owner.accountId,
      timeZone,
      funnelIds: null,
      conditions: [],
    });
    const days = (zone: string) => {
      const first = at('2026-10-24T00:00', zone);
      const second = nextBucketStart(first, 'day', zone);
      return [first, second, nextBucketStart(second, 'day', zone)];
    };
    const london = await rolled.series(scopeIn('Europe/London'), days('Europe/London'));
    expect(london).toEqual(await raw.series(scopeIn('Europe/London'), days('Europe/London')));
    expect(london.total.page_views).toBe(30);
    // The merchant moves to New York: answers stay exact at once (raw visitors), and the next run
    // rebuilds the visitor sets in New York days.
    await setTimeZone(t.database.db, owner.accountId, 'America/New_York');
    const ny = days('America/New_York');
    expect(await rolled.series(scopeIn('America/New_York'), ny)).toEqual(
      await raw.series(scopeIn('America/New_York'), ny),
    );
    await runRollup(t.database.db);
    expect(await rolled.series(scopeIn('America/New_York'), ny)).toEqual(
      await raw.series(scopeIn('America/New_York'), ny),
    );
  });
});

/** A new account's zone (the owner's default) and the hours of yesterday and today there. */
const ZONE = 'Europe/London';
/** The zone the rollups keep an account's days in. */
const rolledUpZone = (accountId: number) => rolledUpZoneOf(t.database.db, accountId);

/** The Dashboard's summary of the day up to a minute past `at` (epoch seconds). */
function summaryOfDayTo(owner: Awaited<ReturnType<typeof signUpOwner>>, at: number) {
  return apiClient(t.app, owner.auth).get('dashboard-summary', { start: at - 86_400, end: at + 60 });
}

function twoDays(now: number): number[] {
  const today = bucketStart(now, 'day', ZONE);
  const from = bucketStart(today - 1, 'day', ZONE);
  const to = nextBucketStart(today, 'day', ZONE);
  return Array.from({ length: (to - from) / 3600 + 1 }, (_, i) => from + i * 3600);
}

describe("the recent hours' visitors (the Dashboard's last 24 hours)", () => {
  it('answer what the raw events answer, from the hour counts, across the window and the watermark, in charts too', async () => {
    const raw = createRawStore(t.database.db);
    const rolled = createRollupStore(t.database.db);
    const HOUR = 3600;
    await fc.assert(
      fc.asyncProperty(
        // Minutes ago, up to 52 hours: inside the counted window (48 hours) and past it, and within the
        // last two hours (a visitor's views in one hour, on both sides of the watermark).
        fc.array(
          fc.record({
            visitor: fc.integer({ min: 0, max: 6 }),
            ago: fc.oneof(
              fc.integer({ min: 0, max: 52 * 60 }),
              fc.integer({ min: 44 * 60, max: 52 * 60 }),
              fc.integer({ min: 0, max: 120 }),
            ),
            funnel: fc.constantFrom(0, 1, 2),
            source: fc.constantFrom(null, 'google', 'Google', 'bing'),
          }),
          { minLength: 10, maxLength: 60 },
        ),
        fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10),
        // The first of 24 hours: among the last 30, or around the window's edge.
        fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 44, max: 52 })),
        async (views, rollupShare, firstHourAgo) => {
          const owner = await signUpOwner(t.app);
          const api = apiClient(t.app, owner.auth);
          const funnel = (await createFunnel(api, { name: 'A' })).id;
          const other = (await createFunnel(api, { name: 'B' })).id;
          const now = Math.floor(Date.now() / 1000);
          const rows = views.map((v) => ({
            accountId: owner.accountId,
            funnelId: [null, funnel, other][v.funnel] ?? null,
            visitorId: `h${v.visitor}`,
            utmSource: v.source,
            createdAt: date(now - v.ago * 60),
          }));
          // Part is rolled up, the rest is left past the watermark (the live tail).
          const cut = Math.floor(rows.length * rollupShare);
          if (cut > 0) await t.database.db.insert(pageViewEvents).values(rows.slice(0, cut));
          await runRollup(t.database.db, { batch: 5 });
          if (cut < rows.length) await t.database.db.insert(pageViewEvents).values(rows.slice(cut));
          const hour = now - (now % HOUR);
          const edges = Array.from({ length: 25 }, (_, i) => hour - (firstHourAgo - i) * HOUR);
          const scope: StoreScope = {
            accountId: owner.accountId,
            timeZone: 'UTC',
            funnelIds: null,
            conditions: [],
          };
          // The scopes with hour counts: the account or one funnel, with no filter or one key's value.
          const google = [{ key: 'utm_source', operand: '=', value: 'google' }] as const;
          const counted: StoreScope[] = [
            scope,
            { ...scope, funnelIds: [funnel] },
            { ...scope, conditions: google },
            {
              ...scope,
              funnelIds: [other],
              conditions: [{ key: 'utm_source', operand: 'IN', values: ['GOOGLE'] }],
            },
          ];
          // The others, from the events: two funnels, a missing value, another operand.
          const general: StoreScope[] = [
            { ...scope, funnelIds: [funnel, other] },
            { ...scope, conditions: [{ key: 'utm_source', operand: '=', value: '' }] },
            { ...scope, conditions: [{ key: 'utm_source', operand: 'NOT IN', values: ['bing'] }] },
          ];
          // And charts of hours (every count and the range's total): the same 24, and yesterday and today
          // in the account's zone, whose total comes from the day spans.
          const days = twoDays(now);
          for (const one of [...counted, ...general]) {
            expect(await rolled.bucketVisitors(one, edges)).toEqual(await raw.bucketVisitors(one, edges));
            expect(await rolled.series(one, edges)).toEqual(await raw.series(one, edges));
            const local = { ...one, timeZone: ZONE };
            expect(await rolled.series(local, days)).toEqual(await raw.series(local, days));
          }
        },
      ),
      { numRuns: 30, seed: 2424, endOnFailure: true },
    );
  }, 240_000);

  it('are counted once per visitor, scope and hour, and dropped once the hour is past the window', async () => {
    const owner = await signUpOwner(t.app);
    const funnel = (await createFunnel(apiClient(t.app, owner.auth), { name: 'A' })).id;
    const now = Math.floor(Date.now() / 1000);
    const hour = now - (now % 3600);
    const at = (s: number, visitorId = 'same') => ({
      accountId: owner.accountId,
      funnelId: funnel,
      visitorId,
      utmSource: visitorId === 'same' ? 'Ads' : null,
      createdAt: date(s),
    });
    await t.database.db.insert(pageViewEvents).values([at(hour + 1), at(hour + 2), at(hour - 10)]);
    await runRollup(t.database.db);
    await t.database.db.insert(pageViewEvents).values([at(hour + 3), at(hour + 4, 'other')]);
    await runRollup(t.database.db);
    const counts = await hourVisitCounts(t.database.db, owner.accountId);
    // The account and the funnel, each without a filter and with the one value the views have.
    const scopes = (at: Date, all: number) => [
      { kind: 0, key: '', value: '', funnelId: 0, hour: at, visitors: all },
      { kind: 0, key: 'utm_source', value: 'ads', funnelId: 0, hour: at, visitors: 1 },
      { kind: 1, key: '', value: '', funnelId: funnel, hour: at, visitors: all },
      { kind: 1, key: 'utm_source', value: 'ads', funnelId: funnel, hour: at, visitors: 1 },
    ];
    expect(counts).toEqual([...scopes(date(hour - 3600), 1), ...scopes(date(hour), 2)]);
    // The filtered scope's hours are read from those counts (a count changed here shows in the answer).
    const ads: StoreScope = {
      accountId: owner.accountId,
      timeZone: 'UTC',
      funnelIds: [funnel],
      conditions: [{ key: 'utm_source', operand: '=', value: 'ADS' }],
    };
    const last = Array.from({ length: 3 }, (_, i) => hour - (1 - i) * 3600);
    expect(await createRollupStore(t.database.db).bucketVisitors(ads, last)).toEqual([1, 1]);
    await t.database.db
      .update(analyticsHourVisits)
      .set({ visitors: 7 })
      .where(
        and(
          eq(analyticsHourVisits.accountId, owner.accountId),
          eq(analyticsHourVisits.kind, 1),
          eq(analyticsHourVisits.value, 'ads'),
          eq(analyticsHourVisits.hour, date(hour)),
        ),
      );
    expect(await createRollupStore(t.database.db).bucketVisitors(ads, last)).toEqual([1, 7]);
    // A chart of hours reads them too, and its total of whole days from the day spans.
    const chart = await createRollupStore(t.database.db).series(ads, last);
    expect(chart.buckets.map((b) => b.visits)).toEqual([1, 7]);
    expect(chart.total.visits).toBe(1);
    // Yesterday and today, where a view in the hour before this one may be.
    const days = twoDays(now);
    const local = { ...ads, timeZone: ZONE };
    const spans = and(
      eq(analyticsVisitorSpans.accountId, owner.accountId),
      eq(analyticsVisitorSpans.kind, 1),
      eq(analyticsVisitorSpans.value, 'ads'),
    );
    await t.database.db.update(analyticsVisitorSpans).set({ visitors: 5 }).where(spans);
    expect((await createRollupStore(t.database.db).series(local, days)).total.visits).toBe(5);
    await t.database.db.update(analyticsVisitorSpans).set({ visitors: 1 }).where(spans);
    await t.database.db
      .update(analyticsHourVisits)
      .set({ visitors: 1 })
      .where(and(eq(analyticsHourVisits.accountId, owner.accountId), eq(analyticsHourVisits.visitors, 7)));
    // A visitor counted in the hour without the value, seen again with it past the watermark: new to the
    // filtered scope, though not to the account's.
    await t.database.db.insert(pageViewEvents).values([{ ...at(hour + 5, 'other'), utmSource: 'ads' }]);
    expect(await createRollupStore(t.database.db).bucketVisitors(ads, last)).toEqual([1, 2]);
    await runRollup(t.database.db);
    expect(await createRollupStore(t.database.db).bucketVisitors(ads, last)).toEqual([1, 2]);
    // A view 49 hours ago is past the counted window: 24 hours from there are read from the events.
    await t.database.db.insert(pageViewEvents).values([at(hour - 49 * 3600 + 60)]);
    await runRollup(t.database.db);
    const scope: StoreScope = {
      accountId: owner.accountId,
      timeZone: 'UTC',
      funnelIds: null,
      conditions: [],
    };
    const edges = Array.from({ length: 25 }, (_, i) => hour - (49 - i) * 3600);
    const visitors = await createRollupStore(t.database.db).bucketVisitors(scope, edges);
    expect(visitors.slice(0, 2)).toEqual([1, 0]);
    expect(visitors).toEqual(await createRawStore(t.database.db).bucketVisitors(scope, edges));
    // An hour 50 hours ago is past the window: its views are not counted, and rows left there are pruned.
    const old = hour - 50 * 3600;
    await t.database.db
      .insert(analyticsHourVisitors)
      .values({ hour: date(old), accountId: owner.accountId, visitorId: 'x' });
    await t.database.db
      .insert(analyticsHourVisits)
      .values({ hour: date(old), accountId: owner.accountId, visitors: 1 });
    await t.database.db.insert(pageViewEvents).values([at(old + 5)]);
    await runRollup(t.database.db);
    const left = await t.database.db
      .select({ hour: analyticsHourVisitors.hour })
      .from(analyticsHourVisitors)
      .where(eq(analyticsHourVisitors.accountId, owner.accountId))
      .orderBy(analyticsHourVisitors.hour);
    expect([...new Set(left.map((r) => r.hour.toISOString()))]).toEqual([
      date(hour - 3600).toISOString(),
      date(hour).toISOString(),
    ]);
    const oldCounts = await t.database.db
      .select()
      .from(analyticsHourVisits)
      .where(
        and(eq(analyticsHourVisits.accountId, owner.accountId), eq(analyticsHourVisits.hour, date(old))),
      );
    expect(oldCounts).toEqual([]);
  });
});

describe('the rollup job', () => {
  it('brings the rollups up to date on each run and sends the next run a few seconds later', async () => {
    const sent: Array<{ options: { startAfter?: Date; singletonKey?: string } | undefined }> = [];
    let handler: (() => Promise<void>) | undefined;
    const queue = {
      send: async (_job: unknown, _data: unknown, options?: { startAfter?: Date; singletonKey?: string }) => {
        sent.push({ options });
        return 'id';
      },
      work: (_job: unknown, h: () => Promise<void>) => {
        handler = h;
      },
      onSignal: () => {},
    } as unknown as JobQueue;
    const job = registerRollupJob(queue, t.database.db, { everyMs: 3_000 });
    await job.kick();
    expect(sent[0]?.options).toEqual({ singletonKey: 'analytics.rollup' });
    const owner = await signUpOwner(t.app);
    const old = Math.floor(Date.now() / 1000) - 3600;
    await t.database.db
      .insert(pageViewEvents)
      .values([{ accountId: owner.accountId, visitorId: 'job-v1', createdAt: date(old) }]);
    const before = Date.now();
    await handler?.();
    const [row] = await t.database.db
      .select()
      .from(analyticsHourly)
      .where(eq(analyticsHourly.accountId, owner.accountId));
    expect(row?.pageViews).toBe(1);
    const next = sent[1]?.options;
    expect(next?.singletonKey).toBe('analytics.rollup:soon');
    expect((next?.startAfter?.getTime() ?? 0) - before).toBeGreaterThanOrEqual(3_000);
    // A second run counts nothing twice, and having found nothing sends the next a minute later.
    const idleAt = Date.now();
    await handler?.();
    const again = await t.database.db
      .select()
      .from(analyticsHourly)
      .where(eq(analyticsHourly.accountId, owner.accountId));
    expect(again.map((r) => r.pageViews)).toEqual([1]);
    const asleep = sent[2]?.options;
    expect(asleep?.singletonKey).toBe('analytics.rollup');
    expect((asleep?.startAfter?.getTime() ?? 0) - idleAt).toBeGreaterThanOrEqual(60_000);
  });
});

describe('the rollup job when nothing new arrived', () => {
  it('a run is one statement; views and a zone change right after it are counted by the next run', async () => {
    let handler: (() => Promise<void>) | undefined;
    const queue = {
      send: async () => 'id',
      work: (_job: unknown, h: () => Promise<void>) => {
        handler = h;
      },
      onSignal: () => {},
    } as unknown as JobQueue;
    let statements = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, key) {
        if (key === 'execute' || key === 'transaction')
          return (...args: unknown[]) => {
            statements += 1;
            return (Reflect.get(target, key) as (...a: unknown[]) => unknown).apply(target, args);
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    registerRollupJob(queue, counting, { everyMs: 3_000 });
    const owner = await signUpOwner(t.app);
    const old = Math.floor(Date.now() / 1000) - 3600;
    const views = (...visitors: string[]) =>
      db
        .insert(pageViewEvents)
        .values(
          visitors.map((visitorId) => ({ accountId: owner.accountId, visitorId, createdAt: date(old) })),
        );
    await views('idle-v1');
    await handler?.();
    const busy = statements;
    statements = 0;
    await handler?.();
    const idle = statements;
    console.log(`rollup run: ${busy} statements with a new view, ${idle} with nothing new`);
    expect(idle).toBe(1);
    expect(busy).toBeGreaterThan(idle);

    // Written right after the idle run: past the watermark still, so the next run counts them.
    await views('idle-v2', 'idle-v3');
    await setTimeZone(db, owner.accountId, 'Asia/Kolkata');
    await handler?.();
    const hourly = await db
      .select()
      .from(analyticsHourly)
      .where(eq(analyticsHourly.accountId, owner.accountId));
    expect(hourly.reduce((sum, row) => sum + row.pageViews, 0)).toBe(3);
    expect(await rolledUpZone(owner.accountId)).toBe('Asia/Kolkata');
    const res = await summaryOfDayTo(owner, old);
    expect(res.json().data.page_views.value).toBe(3);
    expect(res.json().data.visits.value).toBe(3);
    statements = 0;
    await handler?.();
    expect(statements).toBe(1);
  });
});

describe('the rollup job and zones the database does not know', () => {
  it('keeps counting (visitor days in the default zone) and the dashboard stays exact', async () => {
    const owner = await signUpOwner(t.app);
    await setTimeZone(t.database.db, owner.accountId, 'Not/AZone');
    const old = Math.floor(Date.now() / 1000) - 7200;
    await t.database.db
      .insert(pageViewEvents)
      .values([{ accountId: owner.accountId, visitorId: 'zone-v1', createdAt: date(old) }]);
    await runRollup(t.database.db);
    await runRollup(t.database.db);
    expect(await rolledUpZone(owner.accountId)).toBe('Europe/London');
    const res = await summaryOfDayTo(owner, old);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.time_zone).toBe('Europe/London');
    expect(res.json().data.page_views.value).toBe(1);
    expect(res.json().data.visits.value).toBe(1);
  });
});

describe('reads that start together', () => {
  it('share one state query (the watermarks as floors) and answer what the raw events answer', async () => {
    const owner = await signUpOwner(t.app);
    const zone = 'Europe/London';
    await setTimeZone(t.database.db, owner.accountId, zone);
    const day = (n: number) => at('2026-03-01T00:00', zone) + n * 86_400;
    const view = (visitorId: string, n: number) => ({
      accountId: owner.accountId,
      visitorId,
      createdAt: date(day(n) + 9 * 3600),
    });
    await t.database.db.insert(pageViewEvents).values([view('v1', 1), view('v2', 2)]);
    await runRollup(t.database.db);
    // Past the watermark: a returning visitor and a new one.
    await t.database.db.insert(pageViewEvents).values([view('v1', 3), view('v3', 3)]);
    let statements = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, key) {
        if (key === 'execute')
          return (query: Parameters<typeof db.execute>[0]) => {
            statements += 1;
            return target.execute(query);
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const rolled = createRollupStore(counting);
    const raw = createRawStore(t.database.db);
    const scope: StoreScope = { accountId: owner.accountId, timeZone: zone, funnelIds: null, conditions: [] };
    const ranges = [
      [day(0), day(2), day(4)],
      [day(1), day(4)],
      [day(3), day(4)],
    ];
    const answers = await Promise.all(ranges.map((edges) => rolled.series(scope, edges)));
    // One state query and one counts statement per read: 4, where each read asking its own state made 6.
    expect(statements).toBe(4);
    for (const [i, edges] of ranges.entries()) expect(answers[i]).toEqual(await raw.series(scope, edges));
    expect(answers.map((a) => a.total.visits)).toEqual([3, 3, 2]);
  });
});

describe('exact unique visitors over long ranges (visitor spans)', () => {
  it('re-links a late day between two counted ones, and a year reads spans, not visitor sets', async () => {
    const owner = await signUpOwner(t.app);
    await setTimeZone(t.database.db, owner.accountId, 'Europe/London');
    const zone = 'Europe/London';
    const day = (n: number) => at('2026-01-01T00:00', zone) + n * 86_400;
    const view = (visitorId: string, n: number) => ({
      accountId: owner.accountId,
      visitorId,
      createdAt: date(day(n) + 12 * 3600),
    });
    // v1 on days 1 and 300, v2 on day 150; then late events: v1 on day 150, v2 on day 1.
    await t.database.db.insert(pageViewEvents).values([view('v1', 1), view('v1', 300), view('v2', 150)]);
    await runRollup(t.database.db);
    await t.database.db.insert(pageViewEvents).values([view('v1', 150), view('v2', 1)]);
    const raw = createRawStore(t.database.db);
    const rolled = createRollupStore(t.database.db);
    const scope: StoreScope = { accountId: owner.accountId, timeZone: zone, funnelIds: null, conditions: [] };
    const ranges = [
      [0, 365],
      [100, 200],
      [140, 301],
      [2, 300],
      [0, 2],
      [1, 151],
    ];
    const check = async () => {
      for (const [from, to] of ranges) {
        const edges = [day(from as number), day(((from as number) + (to as number)) >> 1), day(to as number)];
        expect(await rolled.series(scope, edges)).toEqual(await raw.series(scope, edges));
      }
    };
    // Past the watermark: the late events are read raw and their visitors counted once.
    await check();
    await runRollup(t.database.db);
    await check();
    const whole = await rolled.series(scope, [day(0), day(365)]);
    expect(whole.total.visits).toBe(2);
    expect((await rolled.series(scope, [day(100), day(200)])).total.visits).toBe(2);
    expect((await rolled.series(scope, [day(2), day(149)])).total.visits).toBe(0);
    // Account scope: v1 (1 → 150 → 300) and v2 (1 → 150): five days, four with a previous day.
    const spans = await t.database.db
      .select()
      .from(analyticsVisitorSpans)
      .where(and(eq(analyticsVisitorSpans.accountId, owner.accountId), eq(analyticsVisitorSpans.kind, 0)));
    expect(spans.reduce((sum, s) => sum + s.visitors, 0)).toBe(5);
    expect(spans.filter((s) => s.prevDay === '-infinity').reduce((sum, s) => sum + s.visitors, 0)).toBe(2);
  });
  it('keeps spans per filter value by neighbours: a late day re-links, other values stay apart', async () => {
    const owner = await signUpOwner(t.app);
    const zone = 'Europe/London';
    await setTimeZone(t.database.db, owner.accountId, zone);
    const funnelId = (await createFunnel(apiClient(t.app, owner.auth), { name: 'F' })).id;
    const day = (n: number) => at('2026-01-01T00:00', zone) + n * 86_400;
    const view = (visitorId: string, n: number, utmSource: string | null) => ({
      accountId: owner.accountId,
      funnelId,
      visitorId,
      utmSource,
      createdAt: date(day(n) + 12 * 3600),
    });
    // Google: v1 on days 1 and 300, v2 on day 150; facebook: v3 on day 150, v1 on day 200.
    await t.database.db
      .insert(pageViewEvents)
      .values([view('v1', 1, 'Google'), view('v1', 300, 'google'), view('v2', 150, 'Google')]);
    await t.database.db
      .insert(pageViewEvents)
      .values([view('v3', 150, 'facebook'), view('v1', 200, 'facebook')]);
    await runRollup(t.database.db);
    // Late: v1 on day 150 and v2 on day 1 with Google (between and before counted days), v3 without a value.
    await t.database.db
      .insert(pageViewEvents)
      .values([view('v1', 150, 'GOOGLE'), view('v2', 1, 'google'), view('v3', 100, null)]);
    const raw = createRawStore(t.database.db);
    const rolled = createRollupStore(t.database.db);
    const google: FilterCondition[] = [{ key: 'utm_source', operand: '=', value: 'Google' }];
    const scopes: StoreScope[] = [null, [funnelId]].flatMap((funnelIds) =>
      [google, [{ key: 'utm_source', operand: 'IN', values: ['facebook'] }] as FilterCondition[]].map(
        (conditions) => ({ accountId: owner.accountId, timeZone: zone, funnelIds, conditions }),
      ),
    );
    const ranges = [
      [0, 365],
      [100, 200],
      [140, 301],
      [151, 301],
      [2, 300],
      [0, 2],
      [1, 151],
    ];
    const check = async () => {
      for (const scope of scopes)
        for (const [from, to] of ranges) {
          const edges = [
            day(from as number),
            day(((from as number) + (to as number)) >> 1),
            day(to as number),
          ];
          expect(await rolled.series(scope, edges)).toEqual(await raw.series(scope, edges));
          const period = { from: day(from as number), to: day(to as number) };
          expect([...(await rolled.perFunnel(scope, period))]).toEqual([
            ...(await raw.perFunnel(scope, period)),
          ]);
        }
    };
    await check();
    await runRollup(t.database.db);
    await check();
    expect((await rolled.series(scopes[0] as StoreScope, [day(140), day(301)])).total.visits).toBe(2);
    // Google at account level: v1 (1 → 150 → 300) and v2 (1 → 150): five days, two first visits; no
    // spans for the empty value.
    const spans = await t.database.db
      .select()
      .from(analyticsVisitorSpans)
      .where(and(eq(analyticsVisitorSpans.accountId, owner.accountId), eq(analyticsVisitorSpans.kind, 0)));
    const googleSpans = spans.filter((s) => s.key === 'utm_source' && s.value === 'google');
    expect(googleSpans.reduce((sum, s) => sum + s.visitors, 0)).toBe(5);
    expect(googleSpans.filter((s) => s.prevDay === '-infinity').reduce((sum, s) => sum + s.visitors, 0)).toBe(
      2,
    );
    expect(spans.filter((s) => s.key === 'utm_source' && s.value === '')).toEqual([]);
  });
});

describe('month rows (analytics_monthly)', () => {
  it('whole months inside a bucket read the month rows and answer what the raw events answer', async () => {
    const owner = await signUpOwner(t.app);
    const zone = 'America/New_York';
    await setTimeZone(t.database.db, owner.accountId, zone);
    const api = apiClient(t.app, owner.auth);
    const funnelId = (await createFunnel(api, { name: 'Months' })).id;
    const local = (iso: string) => at(iso, zone);
    // Around the ends of February and of March (a DST change on 8 March), some at local midnight.
    const times = [
      '2026-02-01T00:00',
      '2026-02-28T23:59',
      '2026-03-01T00:00',
      '2026-03-08T03:00',
      '2026-03-31T23:30',
      '2026-04-01T00:10',
      '2026-04-15T12:00',
    ];
    await t.database.db.insert(pageViewEvents).values(
      times.flatMap((iso, i) => [
        {
          accountId: owner.accountId,
          funnelId,
          stepId: 7,
          pageId: 70,
          visitorId: `v${i % 3}`,
          utmSource: 'Google',
          createdAt: date(local(iso)),
        },
        {
          accountId: owner.accountId,
          funnelId,
          stepId: 7,
          pageId: 71,
          visitorId: `w${i}`,
          utmSource: null,
          createdAt: date(local(iso) + 60),
        },
      ]),
    );
    await t.database.db.insert(optinEvents).values(
      times.map((iso, i) => ({
        accountId: owner.accountId,
        funnelId,
        stepId: 7,
        pageId: 70,
        visitorId: `v${i % 3}`,
        utmSource: 'google',
        createdAt: date(local(iso)),
      })),
    );
    await t.database.db.insert(orders).values(
      times.map((iso, i) => ({
        accountId: owner.accountId,
        orderNumber: `M${i}`,
        funnelId,
        stepId: 7,
        pageId: 70,
        currency: 'USD',
        amountMinor: 1000 + i,
        utmSource: 'google',
        createdAt: date(local(iso)),
      })),
    );
    // A refund at the start of April of an order placed in March: the money leaves in April.
    await t.database.db
      .update(orders)
      .set({ isRefunded: true, refundedAt: date(local('2026-04-01T09:00')) })
      .where(and(eq(orders.accountId, owner.accountId), eq(orders.orderNumber, 'M3')));
    await runRollup(t.database.db, { batch: 5 });
    const months = await t.database.db
      .select()
      .from(analyticsMonthly)
      .where(and(eq(analyticsMonthly.accountId, owner.accountId), eq(analyticsMonthly.key, '')));
    expect(months.map((m) => m.month).sort()).toEqual([
      '2026-02-01',
      '2026-02-01',
      '2026-03-01',
      '2026-03-01',
      '2026-04-01',
      '2026-04-01',
    ]);
    const raw = createRawStore(t.database.db);
    const rolled = createRollupStore(t.database.db);
    const edges = [
      local('2026-01-20T00:00'),
      local('2026-02-01T00:00'),
      local('2026-03-01T00:00'),
      local('2026-04-01T00:00'),
      local('2026-04-10T00:00'),
    ];
    for (const conditions of [
      [],
      [{ key: 'utm_source', operand: '=', value: 'GOOGLE' }],
    ] as FilterCondition[][]) {
      for (const funnelIds of [null, [funnelId]]) {
        const scope: StoreScope = { accountId: owner.accountId, timeZone: zone, funnelIds, conditions };
        const series = await rolled.series(scope, edges);
        expect(series).toEqual(await raw.series(scope, edges));
        // March: the orders placed at 00:00, 03:00 and 23:30 on its days.
        expect(series.buckets[2]?.orders).toBe(3);
        const period = { from: edges[0] as number, to: edges[4] as number };
        expect([...(await rolled.perFunnel(scope, period))]).toEqual([
          ...(await raw.perFunnel(scope, period)),
        ]);
      }
    }
    const all: StoreScope = {
      accountId: owner.accountId,
      timeZone: zone,
      funnelIds: [funnelId],
      conditions: [],
    };
    const byPage = (rows: Array<{ page_id: number }>) => [...rows].sort((a, b) => a.page_id - b.page_id);
    expect(byPage(await rolled.perPage(all, null))).toEqual(byPage(await raw.perPage(all, null)));
    const march = await rolled.series(all, [
      local('2026-03-01T00:00'),
      local('2026-04-01T00:00'),
      local('2026-05-01T00:00'),
    ]);
    // Three views on March days and four a minute later (the one of 28 February 23:59 lands in March).
    expect(march.buckets[0]?.page_views).toBe(7);
    expect(march.buckets[1]?.refunded).toBe(10.03);
  });
});
