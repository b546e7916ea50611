import { parse } from 'csv-parse/sync';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';
import { itemsOf } from '../orders/orders.queries.ts';
import { csvLine, EXPORT_COLUMNS } from './exports.service.ts';
import { type ExportScope, exportCsvChunks, exportSelectSql } from './exports.sql.ts';

// The export's cells are built in SQL (COPY); csvLine is the same rule in TypeScript. Both must give
// the same cells, including neutralising (=, +, -, @, tab, CR), trimming, variants and money.
let t: TestApp;
let accountId: number;

const awkward = [
  { firstName: '=SUM(A1:A9)', lastName: 'Doe', email: '+1@example.test' },
  { firstName: '-minus', lastName: '', email: '@at.test' },
  { firstName: '\tTabbed', lastName: 'Name', email: '\rcr@example.test' },
  { firstName: '', lastName: '', email: '' },
  { firstName: ' \u00a0Spaced ', lastName: ' Out\n', email: 'quote"comma,@example.test' },
  { firstName: 'Zoë', lastName: 'Ünïcode 😀', email: 'zoe@example.test' },
];

beforeAll(async () => {
  t = await createTestApp();
  accountId = (await signUpOwner(t.app)).accountId;
  const db = t.database.db;
  let n = 0;
  for (const person of awkward) {
    const customer = await createCustomer(db, accountId, person);
    n++;
    await createOrder(db, accountId, {
      customerId: customer.id,
      gatewayId: n % 2 ? 5 : 99,
      reference: n % 3 ? `=ref${n}` : null,
      paymentStatus: n === 1 ? 'processing' : n === 2 ? 'failed' : null,
      items: [
        { name: '-Tee', variantTitle: 'Large', amountMinor: 1999, qty: 2 },
        { name: 'Cap, "red"', variantTitle: 'Main Product', amountMinor: 1, qty: 1 },
        { name: 'Pin', variantTitle: '', amountMinor: 0, qty: 3 },
      ].slice(0, (n % 3) + 1),
      createdAt: new Date(Date.UTC(2025, 0, n, 10, 0, 0, 123)),
    });
  }
  await createOrder(db, accountId, { items: [] });
  // A negative amount's text starts with '-': neutralised by its sign in SQL, by its text in TypeScript.
  await createOrder(db, accountId, { items: [{ name: 'Credit', amountMinor: -1250, qty: 1 }] });
  // Fulfilled with tracking, refunded, archived and canceled states.
  await db
    .update(orders)
    .set({
      isFulfilled: true,
      trackingNumber: '@TRK1',
      shippingCarrier: 'other',
      trackingUrl: '=http://x.test',
    })
    .where(and(eq(orders.accountId, accountId), eq(orders.orderNumber, '1003')));
  await db
    .update(orders)
    .set({ isRefunded: true, isCanceled: true, isArchived: true })
    .where(and(eq(orders.accountId, accountId), eq(orders.orderNumber, '1004')));
  // Addresses as shoppers type them: formulas, commas, quotes, line breaks and non-ASCII letters.
  await db
    .update(orders)
    .set({
      shippingAddress: '=HYPERLINK("http://evil.test")',
      shippingCity: '-Minus, "Town"',
      shippingState: '@ST',
      shippingZip: '+40',
      shippingCountry: 'RO',
      address: 'Strada\nÎntâi 1',
      city: '\tCluj',
      state: '\rCJ',
      zip: '400000',
      country: 'Ünïted 😀',
    })
    .where(and(eq(orders.accountId, accountId), eq(orders.orderNumber, '1002')));
  await db
    .update(orders)
    .set({ shippingAddress: '1 Main St', shippingCity: 'Springfield', shippingCountry: 'US' })
    .where(and(eq(orders.accountId, accountId), eq(orders.orderNumber, '1005')));
});
afterAll(() => t.close());

async function exported(batchSize: number) {
  const scope: ExportScope = {
    accountId,
    funnelId: null,
    params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 },
  };
  const { text, count } = await readAll(
    exportCsvChunks({ db: t.database.db, database: t.database }, scope, batchSize),
  );
  return { rows: parse(text) as string[][], count };
}

/** An export's whole text and the row count its generator returns. */
async function readAll(source: AsyncGenerator<Uint8Array, number>) {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const next = await source.next();
    if (next.done) return { text: Buffer.concat(chunks).toString('utf8'), count: next.value };
    chunks.push(next.value);
  }
}

/** The ids of the account's live orders, in the export's order. */
async function liveOrderIds() {
  const rows = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), isNull(orders.deletedAt)))
    .orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

async function expectedRows() {
  const db = t.database.db;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), isNull(orders.deletedAt)))
    .orderBy(asc(orders.id));
  const items = await itemsOf(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => csvLine(row, items.get(row.id) ?? []));
}

describe('the export SQL and the TypeScript CSV rule', () => {
  it('give the same cells for every order, neutralised', async () => {
    const expected = await expectedRows();
    const { rows, count } = await exported(1000);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.slice(1)).toEqual(expected);
    expect(count).toBe(expected.length);
    expect(rows.flat().filter((cell) => cell.startsWith("'")).length).toBeGreaterThan(8);
    expect(rows.every((row) => row.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);
  });

  it('on every database writes the very bytes of COPY over the SQL cells (quoting, empty cells, UTF-8)', async () => {
    const scope: ExportScope = {
      accountId,
      funnelId: null,
      params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 },
    };
    const copied: Uint8Array[] = [];
    for await (const chunk of t.database.copyOut(exportSelectSql(scope), 'format csv, header'))
      copied.push(chunk);
    for (const batchSize of [1000, 3, 1]) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of exportCsvChunks(
        { db: t.database.db, database: t.database },
        scope,
        batchSize,
      ))
        chunks.push(chunk);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(Buffer.concat(copied).toString('utf8'));
    }
  });

  it('read in small keyset batches, gives the same file with one header', async () => {
    const whole = await exported(1000);
    const batched = await exported(2);
    expect(batched.rows).toEqual(whole.rows);
    expect(batched.count).toBe(whole.count);
  });
});

describe('the PostgreSQL export', () => {
  const scope: ExportScope = {
    accountId: 0,
    funnelId: null,
    params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 },
  };
  /** A COPY per segment that answers the segment's first id; `failAfter` fails the segment after that id. */
  function copies(failAfter?: number) {
    const seen = { active: 0, most: 0, queries: 0 };
    const copyOut = async function* (query: string, options: string): AsyncGenerator<Uint8Array, number> {
      seen.active++;
      seen.queries++;
      seen.most = Math.max(seen.most, seen.active);
      try {
        const after = Number(/o\.id > (\d+)/.exec(query)?.[1]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (after === failAfter) throw new Error('the connection was lost');
        yield Buffer.from(`${options.includes('header') ? 'header\n' : ''}${after}\n`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 1;
      } finally {
        seen.active--;
      }
    };
    return {
      seen,
      database: { kind: 'postgres' as const, copyOut, forEachRawRow: t.database.forEachRawRow },
    };
  }

  it('copies the next segment beside the one being written, in order, with one header', async () => {
    const { seen, database } = copies();
    const { text, count } = await readAll(
      exportCsvChunks({ db: t.database.db, database }, { ...scope, accountId }, 2),
    );
    const lines = text.trim().split('\n');
    const ids = await liveOrderIds();
    // Segments of two orders: each starts after the id that ended the one before.
    const starts = [0, ...ids.filter((_, i) => i % 2 === 1)].slice(0, Math.ceil((ids.length + 1) / 2));
    expect(lines).toEqual(['header', ...starts.map(String)]);
    expect(count).toBe(starts.length);
    expect(seen.queries).toBe(starts.length);
    expect(seen.most).toBe(2);
  });

  it('fails when a segment read ahead fails, and leaves no COPY running', async () => {
    const ids = await liveOrderIds();
    const { seen, database } = copies(ids[3]);
    const written: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of exportCsvChunks(
          { db: t.database.db, database },
          { ...scope, accountId },
          2,
        ))
          written.push(Buffer.from(chunk).toString('utf8'));
      })(),
    ).rejects.toThrow('the connection was lost');
    expect(written.join('')).toBe(`header\n0\n${ids[1]}\n`);
    expect(seen.active).toBe(0);
  });

  it('left half-way by its reader, leaves no COPY running', async () => {
    const { seen, database } = copies();
    let read = 0;
    for await (const _chunk of exportCsvChunks({ db: t.database.db, database }, { ...scope, accountId }, 2)) {
      if (++read === 3) break;
    }
    expect(seen.queries).toBeGreaterThan(3);
    expect(seen.active).toBe(0);
  });
});
