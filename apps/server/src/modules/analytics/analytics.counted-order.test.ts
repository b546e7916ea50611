import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  type CountableOrder,
  countedOrderSql,
  isCountedOrder,
  moneyBackAt,
  moneyBackAtSql,
  moneyWentBackSql,
} from '@funnelwork/domain/analytics/counted-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteWasmModule } from '../../db/client.ts';

const MIGRATIONS = new URL('../../db/migrations/', import.meta.url);
const normal = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
const count = (text: string, part: string) => text.split(part).length - 1;

/** The orders trigger function as the newest migration that (re)defines it writes it. */
function triggerFunction(): string {
  const defining = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(new URL(name, MIGRATIONS), 'utf8'))
    .filter((text) => /FUNCTION analytics_orders_rows_changed\(/i.test(text));
  const last = defining.at(-1) ?? '';
  const start = last.search(/CREATE OR REPLACE FUNCTION analytics_orders_rows_changed\(/i);
  return normal(last.slice(start, last.indexOf('END $$;', start)));
}

describe('a counted order (paid, not refunded), one rule for TypeScript and SQL', () => {
  let pg: PGlite;
  // Starting PGlite takes a while on a loaded machine: the hook has its own time.
  beforeAll(async () => {
    pg = await PGlite.create({ pgliteWasmModule: await pgliteWasmModule() });
  }, 300_000);
  afterAll(() => pg?.close());

  it("the stores' SQL agrees with isCountedOrder and moneyBackAt on every kind of order", async () => {
    const early = new Date('2026-03-01T10:00:00Z');
    const late = new Date('2026-03-02T10:00:00Z');
    const orders: CountableOrder[] = [];
    for (const paymentStatus of [null, 'pending', 'failed'])
      for (const deletedAt of [null, early])
        for (const isRefunded of [false, true])
          for (const isCanceled of [false, true])
            for (const refundedAt of [null, early, late])
              for (const canceledAt of [null, early, late])
                orders.push({ paymentStatus, deletedAt, isRefunded, isCanceled, refundedAt, canceledAt });
    const rows = (
      await pg.query<{ counted: boolean; back_at: string | null; went_back: boolean }>(
        `select ${countedOrderSql()} as counted, ${moneyBackAtSql()}::text as back_at,
                coalesce(${moneyWentBackSql()}, false) as went_back
           from jsonb_to_recordset($1::jsonb)
             as o(payment_status text, deleted_at timestamptz, is_refunded boolean, is_canceled boolean,
                  refunded_at timestamptz, canceled_at timestamptz, n bigint)
          order by n`,
        [
          JSON.stringify(
            orders.map((o, n) => ({
              n,
              payment_status: o.paymentStatus,
              deleted_at: o.deletedAt,
              is_refunded: o.isRefunded,
              is_canceled: o.isCanceled,
              refunded_at: o.refundedAt,
              canceled_at: o.canceledAt,
            })),
          ),
        ],
      )
    ).rows;
    expect(rows).toHaveLength(orders.length);
    rows.forEach((row, i) => {
      const order = orders[i] as CountableOrder;
      const backAt = moneyBackAt(order);
      expect(row.counted, JSON.stringify(order)).toBe(isCountedOrder(order));
      expect(row.went_back, JSON.stringify(order)).toBe(backAt !== null);
      if (backAt !== null) expect(new Date(row.back_at as string).getTime()).toBe(backAt.getTime());
    });
  }, 120_000);

  it("the orders trigger function (PL/pgSQL) writes the rule as the domain's SQL does, and no other way", () => {
    const body = triggerFunction();
    expect(body).toContain(normal(countedOrderSql('c.')));
    expect(count(body, 'payment_status is')).toBe(count(body, normal(countedOrderSql('c.'))));
    expect(body).toContain(normal(moneyWentBackSql()));
    expect(body).toContain(normal(moneyWentBackSql('c.')));
    expect(count(body, 'is_refunded or')).toBe(
      count(body, normal(moneyWentBackSql())) + count(body, normal(moneyWentBackSql('c.'))),
    );
    expect(count(body, 'least(')).toBe(
      count(body, normal(moneyBackAtSql())) + count(body, normal(moneyBackAtSql('c.'))),
    );
  });
});
