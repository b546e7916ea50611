import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, orderNotes } from '../db/schema/index.ts';
import { createCustomer, createOrder } from '../modules/orders/orders.fixtures.ts';
import { validInputFor, validQueryFor } from './fake-input.ts';
import { createTestApp, signUpOwner, type TestApp, uniqueEmail } from './harness.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpOwner>>;
let b: Awaited<ReturnType<typeof signUpOwner>>;

/** Every row of account A in every table that has an account_id, as JSON, to prove nothing changed. */
async function snapshotOf(accountId: number) {
  const tables = await t.database.executeSql(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'account_id' order by table_name`,
  );
  const snapshot: Record<string, unknown[]> = {};
  const ids = new Set<number>([accountId]);
  for (const { table_name } of tables.rows as Array<{ table_name: string }>) {
    // sessions change on every request (last use), they hold no merchant data.
    // Nor do the API request counts of each minute, which the next minute's pruning drops.
    if (table_name === 'sessions' || table_name === 'api_request_counts') continue;
    const rows = await t.database.executeSql(
      `select * from "${table_name}" r where account_id = $1 order by r::text`,
      [accountId],
    );
    snapshot[table_name] = rows.rows;
    // The first and last row of each table stand for the table: every route is tried with an id of
    // each kind of A's rows (all rows of tables a signup fills by the dozen would be minutes of calls).
    for (const row of [rows.rows[0], rows.rows.at(-1)]) {
      if (row === undefined) continue;
      if (row.id !== undefined && row.id !== null) ids.add(Number(row.id));
      if (row.user_id !== undefined && row.user_id !== null) ids.add(Number(row.user_id));
    }
  }
  const account = await t.database.executeSql('select * from accounts where id = $1', [accountId]);
  snapshot.accounts = account.rows;
  return { snapshot, ids: [...ids] };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpOwner(t.app, { account_name: 'Account A' });
  b = await signUpOwner(t.app, { account_name: 'Account B' });
  // Give A rows in its tables: a staff member and an e-mail, a payment gateway.
  await t.app.inject({
    method: 'POST',
    url: '/api/settings/staff',
    headers: a.auth,
    payload: { data: { email: uniqueEmail('a-staff'), permissions: { orders: true } } },
  });
  const gateway = await t.app.inject({
    method: 'POST',
    url: '/api/user-gateways',
    headers: a.auth,
    payload: { data: { gateway_id: 5 } },
  });
  expect(gateway.statusCode).toBe(201);
  // A customer with an order, a note on it and an export.
  const db = t.database.db;
  const customer = await createCustomer(db, a.accountId);
  const order = await createOrder(db, a.accountId, { customerId: customer.id });
  await db.insert(orderNotes).values({ accountId: a.accountId, orderId: order.id, value: 'A note' });
  await db.insert(exportJobs).values({
    accountId: a.accountId,
    params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 },
    expiryDate: new Date(Date.now() + 86_400_000),
  });
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) =>
  [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

/** Path parameters naming a public catalogue entry (a gateway id), not one of A's rows. */
const catalogueParamsOf = (route: RouteOptions) => route.config?.catalogueParams ?? [];
const accountParamsOf = (route: RouteOptions) =>
  [...route.url.matchAll(/:(\w+)/g)]
    .map((m) => m[1])
    .filter((p) => !catalogueParamsOf(route).includes(p ?? ''));

describe('tenancy: every route with an id refuses another account’s ids', () => {
  it('answers 404 or 403 to account B for each of account A’s ids, and A’s data stays as it was', async () => {
    const before = await snapshotOf(a.accountId);
    // An id of A's rows that is also one of B's own (B's account is 2, and some table of A has a row 2)
    // would rightly answer B: only the ids B has no row under are tried.
    const own = new Set((await snapshotOf(b.accountId)).ids);
    const foreignIds = before.ids.filter((id) => !own.has(id));
    // A route whose only ids are catalogue ids acts on the caller's own account (tested in its module).
    const routes = t.app.apiRoutes.filter((route) => accountParamsOf(route).length > 0);
    expect(routes.length).toBeGreaterThan(3);

    const checked: string[] = [];
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        for (const id of foreignIds) {
          const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
          const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
            catalogueParamsOf(route).includes(name) ? '1' : String(id),
          );
          const query = schema?.querystring ? validQueryFor(schema.querystring) : undefined;
          const res = await t.app.inject({
            method,
            url,
            query,
            headers: b.auth,
            ...(schema?.body ? { payload: validInputFor(schema.body) as object } : {}),
          });
          expect(
            [403, 404],
            `${method} ${url} as account B answered ${res.statusCode}: ${res.body}`,
          ).toContain(res.statusCode);
          checked.push(`${method} ${route.url}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(0);
    expect(foreignIds.length).toBeGreaterThan(0);
    const after = await snapshotOf(a.accountId);
    expect(after.snapshot).toEqual(before.snapshot);
  });
});
