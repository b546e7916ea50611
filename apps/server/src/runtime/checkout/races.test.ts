import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCounters, customers, discounts, orders } from '../../db/schema/index.ts';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway } from '../../gateways/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  CARD_DECLINED,
  CARD_OK,
  newKey,
  postJson,
  publishedLanding,
  shopWithFunnel,
} from './checkout.fixtures.ts';
import { DISCOUNT_USED_UP } from './commerce.ts';

/**
 * Concurrent shoppers: one new e-mail from many requests makes one customer, and a code's last use
 * goes to one checkout only. On PostgreSQL the transactions really overlap (a pool of connections);
 * on PGlite they are serialised, but the charge before them is not.
 */
const sandbox = createSandboxGateway();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ gateways: createGatewayRegistry({ adapters: [sandbox] }) });
});
afterAll(() => t.close());

const shopper = (email: string) => ({ email, first_name: 'Robin', last_name: 'Racer' });
type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;

/** One checkout submit of the shop's main product by this e-mail, with its own idempotency key. */
function buy(shop: Shop, email: string, options: { discountCode?: string; payment?: object } = {}) {
  return postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    items: [{ product_id: shop.main.id }],
    ...(options.discountCode && { discount_code: options.discountCode }),
    customer: shopper(email),
    payment: options.payment ?? CARD_OK,
    idempotency_key: newKey(),
  });
}

async function customersOf(accountId: number) {
  return t.database.db.select().from(customers).where(eq(customers.accountId, accountId));
}
async function customersCount(accountId: number) {
  const [row] = await t.database.db
    .select({ n: accountCounters.customersCount })
    .from(accountCounters)
    .where(eq(accountCounters.accountId, accountId));
  return row?.n ?? 0;
}

describe('one new e-mail from concurrent requests', () => {
  it('20 concurrent checkouts make 20 orders of exactly one customer', async () => {
    const shop = await shopWithFunnel(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // The e-mail in different cases is one shopper.
        buy(shop, i % 2 ? 'New.Buyer@Example.test' : 'new.buyer@example.test'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const rows = await customersOf(shop.owner.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'new.buyer@example.test', firstName: 'Robin' });
    const placed = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.accountId, shop.owner.accountId));
    expect(placed).toHaveLength(20);
    expect(new Set(placed.map((o) => o.customerId))).toEqual(new Set([rows[0]?.id]));
    expect(await customersCount(shop.owner.accountId)).toBe(1);
  });

  it('20 concurrent opt-ins, and opt-ins racing checkouts, make exactly one customer', async () => {
    const shop = await shopWithFunnel(t);
    const { landing } = await publishedLanding(shop);
    const pageId = landing.pages[0]?.id as number;
    const optin = (email: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/_fw/optin',
        headers: { accept: 'application/json' },
        payload: { fw_page_id: pageId, first_name: 'Olive', email, ...extra },
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => optin('Lead@Example.test', { [`answer_${i}`]: `yes ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    // Exactly one request created the customer; the others updated it.
    expect(answers.filter((a) => a.json().data.customer_created)).toHaveLength(1);
    const rows = await customersOf(shop.owner.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'lead@example.test', optinEmail: 'lead@example.test' });
    // Every request's form fields reached the one customer (updates wait for each other).
    expect(rows[0]?.metadata).toHaveLength(20);

    // A second e-mail: opt-ins and checkouts at once.
    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? optin('both@example.test') : buy(shop, 'Both@Example.test'),
      ),
    );
    expect(mixed.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 200 : 201)));
    const both = (await customersOf(shop.owner.accountId)).filter((c) => c.email === 'both@example.test');
    expect(both).toHaveLength(1);
    expect(await customersCount(shop.owner.accountId)).toBe(2);
  });
});

describe("a discount code's last use", () => {
  async function codeWithUsesLeft(accountId: number, code: string, left: number) {
    const [row] = await t.database.db
      .insert(discounts)
      .values({ accountId, code, kind: 'percent', valueMinor: 5000, usageLimit: 5, usedCount: 5 - left })
      .returning();
    return row as typeof discounts.$inferSelect;
  }
  const usedCount = async (id: number) =>
    (await t.database.db.select().from(discounts).where(eq(discounts.id, id)))[0]?.usedCount;

  it('goes to exactly one of 20 concurrent checkouts; the others are refused and not charged', async () => {
    const shop = await shopWithFunnel(t);
    const code = await codeWithUsesLeft(shop.owner.accountId, 'LAST1', 1);
    const charges = sandbox.charges.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(shop, `buyer-${i}@example.test`, { discountCode: 'last1' })),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    const lost = answers.filter((a) => a.statusCode !== 201);
    expect(won).toHaveLength(1);
    expect(won[0]?.json().data).toMatchObject({ amount: 24.99, discount: 25 });
    expect(lost).toHaveLength(19);
    for (const answer of lost) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error).toMatchObject({
        message: DISCOUNT_USED_UP,
        code: 'discount_used_up',
        field: 'discount_code',
      });
    }
    // One charge, one order (no failed orders either), and the code is used up exactly.
    expect(sandbox.charges.length).toBe(charges + 1);
    const placed = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.accountId, shop.owner.accountId));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ discountCode: 'LAST1', discountMinor: 2500, paymentStatus: null });
    expect(await usedCount(code.id)).toBe(5);
  });

  it('a once-per-customer code goes to one of 10 concurrent checkouts of one shopper, each other shopper still gets it', async () => {
    const shop = await shopWithFunnel(t);
    const [code] = await t.database.db
      .insert(discounts)
      .values({
        accountId: shop.owner.accountId,
        code: 'ONCE',
        kind: 'percent',
        valueMinor: 5000,
        usageLimitPerCustomer: 1,
      })
      .returning();
    const charges = sandbox.charges.length;
    const checkout = (email: string) => buy(shop, email, { discountCode: 'once' });
    // Ten submits of one shopper (in two spellings of the e-mail) and two of another, all at once.
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        checkout(i % 2 ? 'Once.Buyer@Example.test' : 'once.buyer@example.test'),
      ),
      checkout('other@example.test'),
      checkout('other@example.test'),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, 10).filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.slice(10).filter((s) => s === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error).toMatchObject({ message: DISCOUNT_USED_UP, field: 'discount_code' });
    }
    expect(sandbox.charges.length).toBe(charges + 2);
    const placed = await t.database.db
      .select({ email: orders.email, code: orders.discountCode })
      .from(orders)
      .where(eq(orders.accountId, shop.owner.accountId));
    expect(placed.map((o) => o.email).sort()).toEqual(['once.buyer@example.test', 'other@example.test']);
    expect(
      (
        await t.database.db
          .select()
          .from(discounts)
          .where(eq(discounts.id, code?.id as number))
      )[0]?.usedCount,
    ).toBe(2);
  });

  it('a declined card gives the use back: the next shopper still gets it', async () => {
    const shop = await shopWithFunnel(t);
    const code = await codeWithUsesLeft(shop.owner.accountId, 'ONEMORE', 1);
    const declined = await buy(shop, 'decliner@example.test', {
      discountCode: 'ONEMORE',
      payment: CARD_DECLINED,
    });
    expect(declined.statusCode).toBe(402);
    expect(await usedCount(code.id)).toBe(4);
    const paid = await buy(shop, 'decliner@example.test', { discountCode: 'ONEMORE' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await usedCount(code.id)).toBe(5);
    const after = await buy(shop, 'decliner@example.test', { discountCode: 'ONEMORE' });
    expect(after.statusCode).toBe(422);
    expect(after.json().error.message).toBe(DISCOUNT_USED_UP);
    const rows = await t.database.db
      .select({ status: orders.paymentStatus, code: orders.discountCode })
      .from(orders)
      .where(and(eq(orders.accountId, shop.owner.accountId), sql`${orders.discountCode} is not null`));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', null]);
  });
});
