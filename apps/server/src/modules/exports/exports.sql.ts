// The orders export. On PostgreSQL SELECTs whose columns are the CSV cells, built by the database and
// streamed by COPY, over keyset segments two at a time (two backends). On PGlite, whose one thread would
// both compute the cells and write them, keyset batches of the orders' plain columns and their items'
// rows read over the wire and turned into CSV lines here, by the TypeScript rule (exports.csv.ts), while
// the database reads the next batch. exports.sql.test.ts checks that both give the same bytes and cells
// for awkward values.
import { ADDRESS_FIELDS } from '@funnelwork/domain/customers/addresses';
import { GATEWAYS } from '@funnelwork/domain/rules';
import { sql } from 'drizzle-orm';
import { type Database, type Db, rowsOf } from '../../db/client.ts';
import type { ExportParams } from '../../db/schema/index.ts';
import { csvRecord } from './exports.csv.ts';
import { createExportLineWriter } from './exports.lines.ts';

/** The CSV columns, documented in docs/api.md (orders export). */
export const EXPORT_COLUMNS = [
  'Order number',
  'Date',
  'Status',
  'Customer name',
  'Customer e-mail',
  'Items',
  'Quantity',
  'Amount',
  'Currency',
  'Gateway',
  'Payment reference',
  'Canceled',
  'Refunded',
  'Fulfilled',
  'Archived',
  'Tracking number',
  'Shipping carrier',
  'Tracking URL',
  'Shipping address',
  'Shipping city',
  'Shipping state',
  'Shipping zip',
  'Shipping country',
  'Billing address',
  'Billing city',
  'Billing state',
  'Billing zip',
  'Billing country',
] as const;

/** A SQL string literal (standard_conforming_strings: only quotes are doubled). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const identifier = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * neutraliseCsvCell in SQL: a cell starting with =, +, -, @, tab or carriage return gets a quote. The
 * first character's code (`ascii`, 0 for an empty cell) is compared as an integer: no substring and no
 * text comparisons per cell, which made this check a third of the embedded database's export time.
 */
export const neutralisedSql = (cell: string) =>
  `case when ascii(${cell}) in (61, 43, 45, 64, 9, 13) then '''' || ${cell} else ${cell} end`;

/**
 * The same rule for a number's text: it can only start with '-', so it is neutralised when the number
 * is negative (`text` is computed in one branch only).
 */
const neutralisedNumberSql = (number: string, text: string) =>
  `case when ${number} < 0 then '''' || ${text} else ${text} end`;

/** The characters String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
const JS_WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** gatewayById(id).name as a CASE over the catalogue. */
const gatewayNameSql = `case o.gateway_id ${GATEWAYS.map((g) => `when ${g.id} then ${literal(g.name)}`).join(' ')} else 'Unknown' end`;

/** orderStatus (first match wins): Pending, Failed, Fulfilled, Refunded, Paid. */
const statusSql = `case when o.payment_status = 'processing' then 'Pending' when o.payment_status = 'failed' then 'Failed'
  when o.is_fulfilled then 'Fulfilled' when o.is_refunded then 'Refunded' else 'Paid' end`;

const yesNo = (column: string) => `case when ${column} then 'yes' else 'no' end`;

/** Items as "name (variant) x qty; …" in item order; 'Main Product' and empty variants are not shown. */
const itemsAggregateSql = `string_agg(i.name
      || coalesce(' (' || case when i.variant_title <> 'Main Product' then nullif(i.variant_title, '') end || ')', '')
      || ' x ' || i.qty, '; ' order by i.id)`;

/**
 * The items cell of each order: for a whole export a lateral aggregate per order (streams in id
 * order); for one id range (PGlite's batches; upTo null: to the end) the range's items grouped once
 * and joined, which costs about half as much on the embedded database.
 */
function itemsJoinSql(range?: { accountId: number; after: number; upTo: number | null }): string {
  if (!range) {
    return `left join lateral (select ${itemsAggregateSql} as items
      from order_items i where i.order_id = o.id and i.account_id = o.account_id) it on true`;
  }
  const upTo = range.upTo === null ? '' : ` and i.order_id <= ${integer(range.upTo)}`;
  return `left join (select i.order_id, ${itemsAggregateSql} as items from order_items i
      where i.account_id = ${integer(range.accountId)} and i.order_id > ${integer(range.after)}${upTo}
      group by i.order_id) it
    on it.order_id = o.id`;
}

/**
 * The CSV cells of EXPORT_COLUMNS, in order, over `orders o` and its items `it.items`; `true` marks
 * the text cells neutralised against formula injection after they are computed (numbers are
 * neutralised by their sign in place; the others are constants or dates).
 */
const CELLS: Array<[sql: string, neutralised: boolean]> = [
  ['o.order_number', true],
  [`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, false],
  [statusSql, false],
  [`btrim(o.first_name || ' ' || o.last_name, ${literal(JS_WHITESPACE)})`, true],
  ['o.email', true],
  [`coalesce(it.items, '')`, true],
  [neutralisedNumberSql('o.items_count', 'o.items_count::text'), false],
  [neutralisedNumberSql('o.amount_minor', '(o.amount_minor / 100.0)::numeric(20, 2)::text'), false],
  ['o.currency', true],
  [gatewayNameSql, false],
  [`coalesce(o.reference, '')`, true],
  [yesNo('o.is_canceled'), false],
  [yesNo('o.is_refunded'), false],
  [yesNo('o.is_fulfilled'), false],
  [yesNo('o.is_archived'), false],
  [`coalesce(o.tracking_number, '')`, true],
  [`coalesce(o.shipping_carrier, '')`, true],
  [`coalesce(o.tracking_url, '')`, true],
  ...ADDRESS_FIELDS.map((column): [string, boolean] => [`o.${column}`, true]),
];

const integer = (value: unknown) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${value}`);
  return n;
};

export type ExportScope = { accountId: number; funnelId: number | null; params: ExportParams };

/** The WHERE of an export's live orders; values are validated integers (COPY takes no parameters). */
export function exportWhereSql({ accountId, funnelId, params }: ExportScope): string {
  const conditions = [`o.account_id = ${integer(accountId)}`, 'o.deleted_at is null'];
  if (funnelId !== null) conditions.push(`o.funnel_id = ${integer(funnelId)}`);
  if (params.exportType === 'by_date') {
    conditions.push(`o.created_at >= to_timestamp(${integer(params.rangeStart)})`);
    conditions.push(`o.created_at <= to_timestamp(${integer(params.rangeEnd)})`);
  }
  return conditions.join(' and ');
}

/**
 * The export's rows as CSV cells named like the header, ordered by id; with `range` only the orders
 * with after < id ≤ upTo (one PGlite batch; upTo null: to the end).
 */
export function exportSelectSql(scope: ExportScope, range?: { after: number; upTo: number | null }): string {
  let where = exportWhereSql(scope);
  let items = itemsJoinSql();
  if (range) {
    where += ` and o.id > ${integer(range.after)}`;
    if (range.upTo !== null) {
      where += ` and o.id <= ${integer(range.upTo)}`;
      items = itemsJoinSql({ accountId: scope.accountId, after: range.after, upTo: range.upTo });
    }
  }
  // Each cell is computed once in the inner query (`offset 0` keeps the planner from inlining it into
  // the neutralising CASE, which would evaluate it up to three times), then neutralised outside.
  const inner = CELLS.map(([cell], i) => `${cell} as c${i}`).join(', ');
  const outer = CELLS.map(
    ([, neutralised], i) =>
      `${neutralised ? neutralisedSql(`c.c${i}`) : `c.c${i}`} as ${identifier(EXPORT_COLUMNS[i] as string)}`,
  ).join(', ');
  return `select ${outer} from (select o.id, ${inner} from orders o ${items} where ${where} order by o.id offset 0) c order by c.id`;
}

/**
 * The plain columns of a PGlite batch, in the order `exportRecord` reads them; the order's id where
 * its items cell goes (the writer puts its items there, from `exportItemRowsSql`).
 */
const PLAIN_COLUMNS = `o.order_number, o.created_at, o.payment_status, o.is_fulfilled, o.is_refunded, o.first_name,
  o.last_name, o.email, o.id, o.items_count, o.amount_minor, o.currency, o.gateway_id, o.reference,
  o.is_canceled, o.is_archived, o.tracking_number, o.shipping_carrier, o.tracking_url,
  ${ADDRESS_FIELDS.map((column) => `o.${column}`).join(', ')}`;

type BatchRange = { after: number; upTo: number | null };

/** One PGlite batch: the orders with after < id ≤ upTo (null: to the end), their plain columns by id. */
export function exportPlainRowsSql(scope: ExportScope, range: BatchRange): string {
  const upTo = range.upTo === null ? '' : ` and o.id <= ${integer(range.upTo)}`;
  return `select ${PLAIN_COLUMNS} from orders o
    where ${exportWhereSql(scope)} and o.id > ${integer(range.after)}${upTo} order by o.id`;
}

/**
 * The items of one PGlite batch's id range as rows (order id, name, variant, quantity) in the items
 * cell's order, read by its index: grouping them into the cell in SQL took about 40% of the database
 * thread's time for a batch; the line writer (exports.lines.ts) joins them instead.
 */
export function exportItemRowsSql(scope: ExportScope, range: BatchRange): string {
  const upTo = range.upTo === null ? '' : ` and i.order_id <= ${integer(range.upTo)}`;
  return `select i.order_id, i.name, i.variant_title, i.qty from order_items i
    where i.account_id = ${integer(scope.accountId)} and i.order_id > ${integer(range.after)}${upTo}
    order by i.order_id, i.id`;
}

/**
 * Orders per read on the embedded database (its answer is one buffer): about 1.4 MB of CSV, so memory
 * stays flat whatever the account's size, and small enough that the first read and the last batch's
 * writing, which nothing overlaps, are a small part of the export.
 */
export const EXPORT_BATCH_SIZE = 10_000;
/**
 * Orders per COPY on PostgreSQL, two at a time: the one read ahead is kept in memory (about 11 MB of
 * CSV). A 200k export: 10,000 gave 175k rows/s, 25,000 197k, 50,000 237k (bench/orders.ts, one run each).
 */
export const EXPORT_SEGMENT_SIZE = 50_000;

/** Keyset ranges of `batchSize` orders by id, each bounded by the id that ends it (upTo null: to the end). */
async function batchRanges(db: Db, scope: ExportScope, batchSize: number): Promise<BatchRange[]> {
  // Every batch's last id at once: one index read (an `offset` read per batch took 930 ms against 93 on PGlite).
  const bounds = rowsOf<{ id: string | number }>(
    await db.execute(
      sql.raw(
        `select b.id from (select o.id, row_number() over (order by o.id) as n from orders o where ${exportWhereSql(scope)}) b
          where b.n % ${integer(batchSize)} = 0 order by b.id`,
      ),
    ),
  ).map((bound) => integer(bound.id));
  return [...bounds, null].map((upTo, i) => ({
    after: i === 0 ? 0 : (bounds[i - 1] as number),
    upTo,
  }));
}

/**
 * Runs a generator to its end at once, keeping what it yields until asked for: the next COPY works on
 * its own connection while the one before it is written. What it keeps is one segment at most. `stop`
 * ends it early (the export failed or was left) and waits until its COPY has let its connection go.
 */
function readAhead(source: AsyncGenerator<Uint8Array, number>) {
  const kept: Uint8Array[] = [];
  let end: { rows: number } | { error: unknown } | null = null;
  let stopped = false;
  const asleep = () => {};
  let wake: () => void = asleep;
  const pumped = (async () => {
    try {
      for (;;) {
        const next = await source.next();
        if (next.done) {
          end = { rows: next.value };
          break;
        }
        if (stopped) {
          await source.return(0);
          break;
        }
        kept.push(next.value);
        wake();
      }
    } catch (error) {
      end = { error };
    }
    wake();
  })();
  const chunks = (async function* () {
    for (let taken = 0; ; ) {
      if (taken < kept.length) {
        const chunk = kept[taken] as Uint8Array;
        kept[taken++] = EMPTY;
        yield chunk;
        continue;
      }
      const ended = end as { rows: number } | { error: unknown } | null;
      if (ended) {
        if ('error' in ended) throw ended.error;
        return ended.rows;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = asleep;
    }
  })();
  return {
    chunks,
    stop() {
      stopped = true;
      kept.length = 0;
      return pumped;
    },
  };
}
const EMPTY = new Uint8Array(0);

/**
 * The export's CSV bytes, header first, in keyset batches of `batchSize` orders by id (by default
 * EXPORT_SEGMENT_SIZE on PostgreSQL, EXPORT_BATCH_SIZE on PGlite): on PostgreSQL
 * streamed COPYs, the next one running beside the one being written; on PGlite read by the database
 * thread while this one turns the batch before it into CSV. The generator returns the row count.
 */
export async function* exportCsvChunks(
  { db, database }: { db: Db; database: Pick<Database, 'kind' | 'copyOut' | 'forEachRawRow'> },
  scope: ExportScope,
  batchSize = database.kind === 'postgres' ? EXPORT_SEGMENT_SIZE : EXPORT_BATCH_SIZE,
): AsyncGenerator<Uint8Array, number> {
  const ranges = await batchRanges(db, scope, batchSize);
  if (database.kind === 'postgres') {
    // Two segments in flight: while one segment's COPY is streamed here, the next one's cells are computed
    // by a second backend (bench/orders.ts: 1.7× one COPY of the whole export, on two cores).
    const copy = (range: BatchRange, header: boolean) =>
      database.copyOut(exportSelectSql(scope, range), header ? 'format csv, header' : 'format csv');
    let count = 0;
    let current = copy(ranges[0] as BatchRange, true);
    const ahead: Array<ReturnType<typeof readAhead>> = [];
    try {
      for (let i = 1; ; i++) {
        const range = ranges[i];
        const next = range ? readAhead(copy(range, false)) : null;
        if (next) ahead.push(next);
        count += yield* current;
        if (!next) return count;
        current = next.chunks;
      }
    } finally {
      // A failed or abandoned export leaves no COPY running behind it.
      await Promise.all(ahead.map((segment) => segment.stop()));
    }
  }
  // Each batch's lines are written as bytes into one buffer (exports.lines.ts); a writer per batch, as the
  // next batch is asked for before this one is turned into CSV, so the database thread never waits for it.
  const read = (range: BatchRange) => {
    const lines = createExportLineWriter();
    // Two statements, both sent at once: the embedded database answers them in order (one query of
    // both statements took longer). The orders' lines need their items first: checked, not assumed.
    let itemsRead = false;
    const items = database.forEachRawRow(exportItemRowsSql(scope, range), lines.item).then(() => {
      itemsRead = true;
    });
    const orders = database.forEachRawRow(exportPlainRowsSql(scope, range), (row) => {
      if (!itemsRead) throw new Error("an export batch's orders arrived before its items");
      lines.write(row);
    });
    const done = Promise.all([items, orders]).then(() => ({ rows: lines.rows, bytes: lines.take() }));
    // Awaited below; until then a failure must not count as unhandled.
    done.catch(() => {});
    return done;
  };

  yield Buffer.from(csvRecord(EXPORT_COLUMNS));
  let count = 0;
  let reading = read(ranges[0] as BatchRange);
  for (let i = 1; ; i++) {
    const range = ranges[i];
    const next = range ? read(range) : null;
    const { rows, bytes } = await reading;
    count += rows;
    if (rows > 0) yield bytes;
    if (!next) return count;
    reading = next;
  }
}
