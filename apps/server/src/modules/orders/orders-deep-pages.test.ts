import fs from 'node:fs';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { orderDayCounts } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel } from '../funnels/funnels.fixtures.ts';
import { createOrder } from './orders.fixtures.ts';
import { createOrderListQueries, DAY_START_OFFSET, type OrderListFilter } from './orders.queries.ts';

// Issue 3: "the first page, a middle page and the last page answer through the API within the time of
// the same SQL run directly plus 1.5 ms"; a deep page starts from the day its offset falls in
// (order_day_counts), which must give exactly the page the list index walked from its end gives.

let t: TestApp;
let shop: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
let funnelId: number;

const db = () => t.database.db;
const backfill = fs.readFileSync(
  new URL('../../db/migrations/0014_order-day-counts-backfill.sql', import.meta.url),
  'utf8',
);

/** The account's day counters that hold orders, in key order. */
function dayCounts(db: Db) {
  return db
    .select({
      funnel_key: orderDayCounts.funnelKey,
      archived: orderDayCounts.archived,
      day: orderDayCounts.day,
      count: orderDayCounts.count,
    })
    .from(orderDayCounts)
    .where(and(eq(orderDayCounts.accountId, shop.accountId), ne(orderDayCounts.count, 0)))
    .orderBy(orderDayCounts.funnelKey, orderDayCounts.archived, orderDayCounts.day);
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await signUpOwner(t.app, { account_name: 'Deep pages' });
  api = apiClient(t.app, shop.auth);
  funnelId = (await createFunnel(api)).id;
  // 64 orders over nine UTC days with two empty ones, some exactly at midnight and some a moment
  // before it, every third in the funnel.
  const at = (day: number, ms: number) => new Date(Date.UTC(2025, 2, 1 + day) + ms);
  const times: Date[] = [];
  for (const [day, n] of [
    [0, 5],
    [1, 12],
    [3, 1],
    [4, 20],
    [5, 2],
    [7, 15],
    [8, 9],
  ] as const) {
    times.push(at(day, 0), at(day, 86_399_999));
    for (let i = 2; i < n; i++) times.push(at(day, 3_600_000 * (i % 23) + i));
  }
  for (const [i, createdAt] of times.entries())
    await createOrder(db(), shop.accountId, { createdAt, funnelId: i % 3 === 0 ? funnelId : null });
  // Microseconds a stored time may carry (the API's dates have milliseconds) stay on their day.
  await t.database.executeSql(
    `update orders set created_at = created_at + interval '987 microseconds'
      where account_id = $1 and created_at = '2025-03-05T23:59:59.999Z'`,
    [shop.accountId],
  );
  // Archived and deleted orders leave their days' counters through the API's actions.
  const { data } = (await api.get('orders', { per_page: 100 })).json() as { data: Array<{ id: number }> };
  for (const order of data.filter((_, i) => i % 7 === 2)) await api.put(`orders/${order.id}/archive`);
  for (const order of data.filter((_, i) => i % 11 === 5)) await api.delete(`orders/${order.id}`);
  const back = data.find((_, i) => i % 7 === 2 && i % 11 !== 5);
  await api.put(`orders/${back?.id}/archive`);
});
afterAll(() => t.close());

describe('order_day_counts: live orders per UTC day, kept in step with the orders', () => {
  it('holds what the migration that fills it for existing orders counts, after creates, archives and deletes', async () => {
    const kept = await dayCounts(db());
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.filter((row) => row.archived).length).toBeGreaterThan(0);
    const all = (await api.get('orders', { archived: 'all' })).json().meta.count;
    const accountRows = kept.filter((row) => row.funnel_key === 0);
    expect(accountRows.reduce((sum, row) => sum + row.count, 0)).toBe(all);
    let counted: unknown[] = [];
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`delete from order_day_counts`);
        await tx.execute(sql.raw(backfill));
        counted = await dayCounts(tx);
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
    expect(counted).toEqual(kept);
  });
});

describe(`deep pages (from ${DAY_START_OFFSET} rows skipped) start from the day they fall in`, () => {
  const filters = (): Array<[string, OrderListFilter]> => [
    ['live', { accountId: shop.accountId, archived: [false] }],
    ['archived', { accountId: shop.accountId, archived: [true] }],
    ['all', { accountId: shop.accountId, archived: [false, true] }],
    ['funnel', { accountId: shop.accountId, archived: [false], funnelId }],
    ['funnel, all', { accountId: shop.accountId, archived: [false, true], funnelId }],
  ];

  it('gives every page of every list shape, both ways, exactly as walking the list index gives it', async () => {
    const fromDay = createOrderListQueries(db(), { dayStartOffset: 1 });
    const walked = createOrderListQueries(db(), { dayStartOffset: Number.POSITIVE_INFINITY });
    for (const [label, filter] of filters()) {
      const total = await walked.count(filter);
      expect(total, label).toBeGreaterThan(0);
      for (const direction of ['desc', 'asc'] as const)
        for (let offset = 0; offset <= total; offset++) {
          const options = { direction, limit: 3, offset };
          const expected = await walked.page(filter, options);
          expect(await fromDay.page(filter, options), `${label} ${direction} ${offset}`).toEqual(expected);
          expect(expected.rows, `${label} ${direction} ${offset}`).toBe(Math.min(3, total - offset));
        }
    }
  });

  it('answers the API’s deep pages of a 6,000-order account in the list’s order, the last one included', async () => {
    const big = await signUpOwner(t.app, { account_name: 'Six thousand orders' });
    const bigApi = apiClient(t.app, big.auth);
    // Orders 37 minutes apart over about 154 days, the counters filled as the migration fills them.
    await t.database.executeSql(
      `insert into orders (account_id, order_number, currency, amount_minor, items_count, created_at, updated_at)
       select $1, (1000 + g)::text, 'USD', 100 * g, 1, timestamptz '2025-01-01' + g * interval '37 minutes', now()
       from generate_series(1, 6000) g`,
      [big.accountId],
    );
    await t.database.executeSql(
      `insert into order_counts (account_id, funnel_key, archived, count) values ($1, 0, false, 6000)`,
      [big.accountId],
    );
    await t.database.executeSql(
      `${backfill.replace(/WHERE "deleted_at" IS NULL/g, `WHERE "deleted_at" IS NULL AND "account_id" = ${big.accountId}`)}`,
    );
    const numbers = async (offset: number) =>
      (
        await t.database.executeSql(
          `select order_number from orders where account_id = $1 order by created_at desc, id desc offset $2 limit 25`,
          [big.accountId, offset],
        )
      ).rows.map((row) => (row as { order_number: string }).order_number);
    // Page 100 skips 2,500 newest first; page 139 is read from the oldest end, skipping 2,500 there.
    for (const page of [0, 80, 100, 119, 120, 139, 200, 239]) {
      const res = (await bigApi.get('orders', { page })).json();
      expect(res.meta).toEqual({ count: 6000, per_page: 25, total_pages: 240 });
      expect(
        res.data.map((o: { order_number: string }) => o.order_number),
        `page ${page}`,
      ).toEqual(await numbers(page * 25));
    }
    expect((await bigApi.get('orders', { page: 240 })).json().data).toEqual([]);
  });
});

describe('concurrent archive toggles (on PostgreSQL the transactions overlap)', () => {
  it('move the counters of 24 orders both ways at once without a deadlock, and the totals stay exact', async () => {
    const busy = await signUpOwner(t.app, { account_name: 'Busy back office' });
    const busyApi = apiClient(t.app, busy.auth);
    const day = Date.UTC(2025, 5, 1);
    const made = [];
    for (let i = 0; i < 24; i++)
      made.push(await createOrder(db(), busy.accountId, { createdAt: new Date(day + i) }));
    // Half archived first: the toggles below archive twelve and unarchive twelve, in both lock orders.
    for (const order of made.slice(0, 12)) await busyApi.put(`orders/${order.id}/archive`);
    const answers = await Promise.all(made.map((order) => busyApi.put(`orders/${order.id}/archive`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
    expect((await busyApi.get('orders')).json().meta.count).toBe(12);
    expect((await busyApi.get('orders', { archived: 'true' })).json().meta.count).toBe(12);
    const days = await db()
      .select({ archived: orderDayCounts.archived, count: orderDayCounts.count })
      .from(orderDayCounts)
      .where(and(eq(orderDayCounts.accountId, busy.accountId), eq(orderDayCounts.funnelKey, 0)))
      .orderBy(orderDayCounts.archived);
    expect(days).toEqual([
      { archived: false, count: 12 },
      { archived: true, count: 12 },
    ]);
  });
});
