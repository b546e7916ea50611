import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../modules/orders/orders.fixtures.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/harness.ts';
import {
  accountCounters,
  accounts,
  activityItems,
  customers,
  orderNotes,
  orders,
  subscriptions,
  users,
} from './schema/index.ts';

/**
 * Migration 0010 merges live customers that share an e-mail before 0011 makes it unique. The test
 * builds the duplicates a race could leave (with 0011's index dropped), runs the two migrations' own
 * SQL files, and checks what the merge kept.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const statements = async (file: string) =>
  (await readFile(path.join(migrations, file), 'utf8'))
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function account(name: string) {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: `${name}@owner.test`, passwordHash: 'x' })
    .returning();
  const [row] = await db
    .insert(accounts)
    .values({ name, ownerUserId: user?.id ?? 0 })
    .returning();
  return row?.id as number;
}

describe(`customers e-mail merge migration (${testDatabaseKind})`, () => {
  it('merges twins into the oldest, moves what pointed at them, and then the e-mail is unique', async () => {
    const { db } = database;
    await database.executeSql('drop index customers_account_email_idx');
    const shop = await account('shop');
    const other = await account('other');
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const [oldest, newer, newest, single, elsewhere, gone] = await db
      .insert(customers)
      .values([
        {
          accountId: shop,
          email: 'Twin@Example.test',
          firstName: 'Old',
          lastName: 'Name',
          phone: '111',
          metadata: [
            { key: 'a', value: '1' },
            { key: 'b', value: '1' },
          ],
          createdAt: at(0),
          updatedAt: at(0),
        },
        {
          accountId: shop,
          email: 'twin@example.test',
          firstName: 'Newer',
          city: 'Leeds',
          metadata: [{ key: 'b', value: '2' }],
          isAutoOptin: true,
          optinEmail: 'twin@example.test',
          createdAt: at(1),
          updatedAt: at(1),
        },
        {
          accountId: shop,
          email: 'TWIN@example.test',
          firstName: 'Newest',
          metadata: [{ key: 'c', value: '3' }],
          createdAt: at(2),
          updatedAt: at(2),
        },
        { accountId: shop, email: 'single@example.test', firstName: 'Single' },
        { accountId: other, email: 'twin@example.test', firstName: 'Elsewhere' },
        { accountId: shop, email: '', firstName: '', deletedAt: at(3) },
      ])
      .returning();
    if (!oldest || !newer || !newest || !single || !elsewhere || !gone) throw new Error('not inserted');
    await db.insert(accountCounters).values([
      { accountId: shop, customersCount: 4 },
      { accountId: other, customersCount: 1 },
    ]);
    const order = await createOrder(db, shop, { customerId: newer.id });
    const own = await createOrder(db, shop, { customerId: oldest.id });
    await db
      .insert(orderNotes)
      .values({ accountId: shop, orderId: order.id, customerId: newest.id, value: 'note' });
    await db.insert(activityItems).values({ accountId: shop, eventId: 3, customerId: newest.id });
    await db.insert(subscriptions).values({
      accountId: shop,
      customerId: newer.id,
      productId: 1,
      name: 'Plan',
      amountMinor: 100,
      currency: 'USD',
      interval: 'month',
      gatewayId: 14,
      nextChargeAt: at(10),
    });

    for (const statement of await statements('0010_customers-merge-duplicates.sql'))
      await database.executeSql(statement);
    const index = (await statements('0011_customers-email-unique.sql')).find((s) =>
      s.includes('customers_account_email_idx'),
    );
    await database.executeSql(index as string);

    const rows = await db.select().from(customers).orderBy(asc(customers.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The oldest survives with each field's newest non-blank value and every metadata key.
    expect(byId.get(oldest.id)).toMatchObject({
      email: 'Twin@Example.test',
      firstName: 'Newest',
      lastName: 'Name',
      phone: '111',
      city: 'Leeds',
      optinEmail: 'twin@example.test',
      isAutoOptin: true,
      deletedAt: null,
      metadata: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'c', value: '3' },
      ],
    });
    expect(new Date(byId.get(oldest.id)?.createdAt ?? 0)).toEqual(at(0));
    // The twins are deleted like a customer delete: erased, marked deleted.
    for (const twin of [newer, newest]) {
      expect(byId.get(twin.id)).toMatchObject({ email: '', firstName: '', metadata: [] });
      expect(byId.get(twin.id)?.deletedAt).not.toBeNull();
    }
    // Others are untouched.
    expect(byId.get(single.id)).toMatchObject({ firstName: 'Single', deletedAt: null });
    expect(byId.get(elsewhere.id)).toMatchObject({ firstName: 'Elsewhere', deletedAt: null });
    expect(byId.get(gone.id)?.deletedAt).not.toBeNull();
    // What pointed at the twins points at the survivor, and orders carry its name.
    const moved = await db.select().from(orders).where(eq(orders.accountId, shop));
    expect(moved.map((o) => [o.customerId, o.firstName]).sort()).toEqual(
      [order, own].map(() => [oldest.id, 'Newest']),
    );
    expect((await db.select().from(orderNotes))[0]?.customerId).toBe(oldest.id);
    expect((await db.select().from(activityItems))[0]?.customerId).toBe(oldest.id);
    expect((await db.select().from(subscriptions))[0]?.customerId).toBe(oldest.id);
    const counters = await db.select().from(accountCounters).orderBy(asc(accountCounters.accountId));
    expect(counters.map((c) => c.customersCount)).toEqual([2, 1]);
    // The index now refuses a twin in any case, but not in another account or a blank e-mail.
    await expect(
      db.insert(customers).values({ accountId: shop, email: 'tWiN@example.test' }),
    ).rejects.toThrow();
    await db.insert(customers).values([
      { accountId: shop, email: '' },
      { accountId: shop, email: '' },
    ]);
    // The work table is gone.
    await expect(db.execute(sql`select 1 from customer_merge`)).rejects.toThrow();
  });
});
