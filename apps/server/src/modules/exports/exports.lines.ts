// The embedded database's export lines, written as bytes. A batch's rows arrive as the database's
// UTF-8 text of each column (`RawRow`), its items' rows first and then its orders' (the items cell is
// joined here, not by the database); each line is written straight from those bytes into one buffer
// by the export's TypeScript rule, `exportRecord` (csvRecord over exportCells): no string per field, no
// cell arrays, and the buffer is the batch's chunk of the file. A row this writer does not read the
// common way (a time not in UTC, a name with spaces at its ends, an amount beyond 2^53, …) is written by
// `exportRecord` itself. exports.lines.test.ts compares the two on awkward rows; exports.sql.test.ts
// compares the whole file with COPY over the SQL cells.
import { gatewayById, orderStatus, startsFormula } from '@funnelwork/domain/rules';
import { type RawRow, type TextRow, textRow } from '../../db/client.ts';
import {
  csvRecord,
  type ExportedOrder,
  exportCells,
  quotedBy,
  utcTimeCodeFits,
  utcTimeLengthFits,
} from './exports.csv.ts';

const text = (value: string | null | undefined) => value ?? null;
const flag = (value: string | null | undefined) => value === 't';

/**
 * A CSV line of one row of `exportPlainRowsSql` (the database's text output of each column), with the
 * text of its items cell in place of the order's id (field 8).
 */
export function exportRecord(row: TextRow): string {
  return csvRecord(
    exportCells(
      {
        orderNumber: row[0] as string,
        createdAt: row[1] as string,
        paymentStatus: text(row[2]) as ExportedOrder['paymentStatus'],
        isFulfilled: flag(row[3]),
        isRefunded: flag(row[4]),
        firstName: row[5] as string,
        lastName: row[6] as string,
        email: row[7] as string,
        itemsCount: Number(row[9]),
        amountMinor: Number(row[10]),
        currency: row[11] as string,
        gatewayId: row[12] === null ? null : Number(row[12]),
        reference: text(row[13]),
        isCanceled: flag(row[14]),
        isArchived: flag(row[15]),
        trackingNumber: text(row[16]),
        shippingCarrier: text(row[17]) as ExportedOrder['shippingCarrier'],
        trackingUrl: text(row[18]),
        shippingAddress: row[19] ?? '',
        shippingCity: row[20] ?? '',
        shippingState: row[21] ?? '',
        shippingZip: row[22] ?? '',
        shippingCountry: row[23] ?? '',
        address: row[24] ?? '',
        city: row[25] ?? '',
        state: row[26] ?? '',
        zip: row[27] ?? '',
        country: row[28] ?? '',
      },
      row[8] as string,
    ),
  );
}

const COMMA = 44;
const QUOTE = 34;
const APOSTROPHE = 39;
const ascii = (word: string) => Buffer.from(word, 'latin1');
const YES = ascii('yes');
const NO = ascii('no');

/**
 * Whether the UTF-8 text bytes[from, to) starts (`edge` 'start') or ends with a character
 * String.prototype.trim removes: ECMAScript WhiteSpace and LineTerminator, i.e. tab, LF, VT, FF, CR,
 * space, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.
 */
function trimmable(bytes: Uint8Array, from: number, to: number, edge: 'start' | 'end'): boolean {
  const ascii = bytes[edge === 'start' ? from : to - 1] as number;
  if (ascii < 0x80) return ascii === 32 || (ascii >= 9 && ascii <= 13);
  // The character's first byte and the one or two after it.
  let at = from;
  if (edge === 'end') {
    at = to - 1;
    while (at > from && ((bytes[at] as number) & 0xc0) === 0x80) at--;
  }
  const b0 = bytes[at] as number;
  const b1 = bytes[at + 1] as number;
  const b2 = bytes[at + 2] as number;
  if (b0 === 0xc2) return b1 === 0xa0;
  if (b0 === 0xe1) return b1 === 0x9a && b2 === 0x80;
  if (b0 === 0xe2) {
    if (b1 === 0x80) return (b2 >= 0x80 && b2 <= 0x8a) || b2 === 0xa8 || b2 === 0xa9 || b2 === 0xaf;
    return b1 === 0x81 && b2 === 0x9f;
  }
  if (b0 === 0xe3) return b1 === 0x80 && b2 === 0x80;
  if (b0 === 0xef) return b1 === 0xbb && b2 === 0xbf;
  return false;
}
/** Whether a non-empty name part keeps both its ends under trim. */
const solid = (bytes: Uint8Array, from: number, to: number) =>
  !trimmable(bytes, from, to, 'start') && !trimmable(bytes, from, to, 'end');

/** isoTime's fast form (the database's text of a time in UTC) in the answer's bytes. */
function isUtcTime(bytes: Uint8Array, start: number, end: number): boolean {
  const length = end - start;
  if (!utcTimeLengthFits(length)) return false;
  if (bytes[end - 3] !== 43 || bytes[end - 2] !== 48 || bytes[end - 1] !== 48) return false;
  for (let i = 0; i < length - 3; i++) if (!utcTimeCodeFits(i, bytes[start + i] as number)) return false;
  return true;
}

/** The integer a field holds when it is an optional '-' and 1 to `digits` digits; otherwise null. */
function integerOf(bytes: Uint8Array, start: number, end: number, digits: number): number | null {
  const negative = bytes[start] === 45;
  const from = negative ? start + 1 : start;
  if (end <= from || end - from > digits) return null;
  let value = 0;
  for (let i = from; i < end; i++) {
    const code = bytes[i] as number;
    if (code < 48 || code > 57) return null;
    value = value * 10 + code - 48;
  }
  return negative ? -value : value;
}

/** The yes/no cells' fields: Canceled, Refunded, Fulfilled, Archived. */
const FLAGS = [14, 4, 3, 15];
/** The text cells after the yes/no cells: tracking number, carrier and URL, then the shipping and billing address. */
const TRAILING = [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28];
/** The fields of a row of `exportPlainRowsSql`; the order's id is field 8, where its items cell goes. */
const FIELDS = 29;
const ORDER_ID = 8;

// The writing functions take the output and the position to write at and answer the position after
// what they wrote: locals and arguments, which V8 keeps in registers, for every byte of a million lines.

function needsQuotes(src: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (quotedBy(src[i] as number)) return true;
  return false;
}

function copy(out: Buffer, at: number, src: Buffer, from: number, to: number, quoted: boolean): number {
  if (quoted) {
    for (let i = from; i < to; i++) {
      const code = src[i] as number;
      out[at++] = code;
      if (code === QUOTE) out[at++] = QUOTE;
    }
    return at;
  }
  if (to - from > 32) return at + src.copy(out, at, from, to);
  for (let i = from; i < to; i++) out[at++] = src[i] as number;
  return at;
}

/**
 * A cell as csvRecord writes neutraliseCsvCell's text: quoted when empty or holding , " CR LF, its
 * quotes doubled. With a second part (`then` ≥ 0), the two parts joined by a space (the customer's name).
 */
function cell(
  out: Buffer,
  at: number,
  src: Buffer,
  from: number,
  to: number,
  then = -1,
  thenTo = -1,
): number {
  if (from === to && then < 0) {
    out[at] = QUOTE;
    out[at + 1] = QUOTE;
    return at + 2;
  }
  const quoted = needsQuotes(src, from, to) || (then >= 0 && needsQuotes(src, then, thenTo));
  if (quoted) out[at++] = QUOTE;
  if (startsFormula(src[from] as number)) out[at++] = APOSTROPHE;
  at = copy(out, at, src, from, to, quoted);
  if (then >= 0) {
    out[at++] = 32;
    at = copy(out, at, src, then, thenTo, quoted);
  }
  if (quoted) out[at++] = QUOTE;
  return at;
}

function word(out: Buffer, at: number, bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) out[at++] = bytes[i] as number;
  return at;
}

/** A non-negative integer's decimal digits. */
function digits(out: Buffer, at: number, value: number): number {
  let length = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length++;
  for (let i = length - 1; i >= 0; i--) {
    out[at + i] = 48 + (value % 10);
    value = Math.floor(value / 10);
  }
  return at + length;
}

/** The cell of text field `i`, NULL read as '' (the export's `?? ''`). */
function textCell(out: Buffer, at: number, src: Buffer, fields: Int32Array, i: number): number {
  const from = fields[2 * i] as number;
  return from < 0 ? word(out, at, EMPTY) : cell(out, at, src, from, fields[2 * i + 1] as number);
}

/** Whether field `i` is the boolean text 't'. */
function isTrue(src: Buffer, fields: Int32Array, i: number): boolean {
  const from = fields[2 * i] as number;
  return from >= 0 && (fields[2 * i + 1] as number) - from === 1 && src[from] === 116;
}

/** The items cell's text of items [first, last) as the export's SQL builds it (itemsText). */
const itemsTextOf = (items: ItemRows, first: number, last: number) => {
  const parts: string[] = [];
  for (let k = first; k < last; k++) {
    const variant = items.variant(k);
    parts.push(`${items.name(k)}${variant === null ? '' : ` (${variant})`} x ${items.qty(k)}`);
  }
  return parts.join('; ');
};

const MAIN_PRODUCT = ascii('Main Product');

/** A whole field's digits (an id) as a number; null when it is not all digits. */
function idOf(bytes: Uint8Array, from: number, to: number): number | null {
  if (from < 0 || from === to) return null;
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = bytes[i] as number;
    if (code < 48 || code > 57) return null;
    value = value * 10 + code - 48;
  }
  return value;
}

/**
 * A batch's item rows (order id, name, variant, quantity: `exportItemRowsSql`), kept in arrival order:
 * their bytes copied (a raw row lives only during its call), the variant only when shown.
 */
function createItemRows() {
  let bytes = Buffer.allocUnsafe(1 << 16);
  let at = 0;
  let count = 0;
  let orderIds = new Float64Array(1024);
  /** Per item: name from, to; shown variant from, to (-1 when none); quantity from, to. */
  let spans = new Int32Array(6 * 1024);
  /** Per item: whether its name or variant holds a character that quotes a CSV cell. */
  let quotes = new Uint8Array(1024);

  // The answer's bytes as a Buffer, made once per answer (as the line writer does).
  let rowBytes: Uint8Array | null = null;
  let src: Buffer = Buffer.alloc(0);

  /** Copies src[from, to) to the kept bytes; answers where it starts. */
  const keep = (from: number, to: number) => {
    if (at + (to - from) > bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(bytes.length * 2, at + (to - from)));
      bytes.copy(bigger, 0, 0, at);
      bytes = bigger;
    }
    const start = at;
    at = copy(bytes, at, src, from, to, false);
    return start;
  };

  /** Whether src[from, to) is 'Main Product'. */
  const isMainProduct = (from: number, to: number) => {
    if (to - from !== MAIN_PRODUCT.length) return false;
    for (let i = 0; i < MAIN_PRODUCT.length; i++) if (src[from + i] !== MAIN_PRODUCT[i]) return false;
    return true;
  };

  return {
    get count() {
      return count;
    },
    add(row: RawRow) {
      const fields = row.fields;
      if (row.bytes !== rowBytes) {
        rowBytes = row.bytes;
        src = Buffer.from(rowBytes.buffer, rowBytes.byteOffset, rowBytes.byteLength);
      }
      if (count === orderIds.length) {
        const grown = new Float64Array(2 * count);
        grown.set(orderIds);
        orderIds = grown;
        const grownSpans = new Int32Array(12 * count);
        grownSpans.set(spans);
        spans = grownSpans;
        const grownQuotes = new Uint8Array(2 * count);
        grownQuotes.set(quotes);
        quotes = grownQuotes;
      }
      const id = idOf(src, fields[0] as number, fields[1] as number);
      if (id === null || (fields[2] as number) < 0 || (fields[6] as number) < 0)
        throw new Error('an export item row without its order id, name or quantity');
      orderIds[count] = id;
      const nameFrom = keep(fields[2] as number, fields[3] as number);
      const nameTo = at;
      // shownVariantTitle: a variant that is not empty and not 'Main Product'.
      const variant = fields[4] as number;
      const variantEnd = fields[5] as number;
      const shown = variant >= 0 && variantEnd > variant && !isMainProduct(variant, variantEnd);
      const variantFrom = shown ? keep(variant, variantEnd) : -1;
      const variantTo = shown ? at : -1;
      const qtyFrom = keep(fields[6] as number, fields[7] as number);
      const base = 6 * count;
      spans[base] = nameFrom;
      spans[base + 1] = nameTo;
      spans[base + 2] = variantFrom;
      spans[base + 3] = variantTo;
      spans[base + 4] = qtyFrom;
      spans[base + 5] = at;
      quotes[count] =
        needsQuotes(bytes, nameFrom, nameTo) || (shown && needsQuotes(bytes, variantFrom, variantTo)) ? 1 : 0;
      count++;
    },
    orderId: (k: number) => orderIds[k] as number,
    name: (k: number) => bytes.toString('utf8', spans[6 * k] as number, spans[6 * k + 1] as number),
    variant: (k: number) =>
      (spans[6 * k + 2] as number) < 0
        ? null
        : bytes.toString('utf8', spans[6 * k + 2] as number, spans[6 * k + 3] as number),
    qty: (k: number) => bytes.toString('utf8', spans[6 * k + 4] as number, spans[6 * k + 5] as number),
    /** The bytes a line may take for items [first, last), quotes doubled at most. */
    size(first: number, last: number) {
      if (first === last) return 2;
      return 2 * ((spans[6 * last - 1] as number) - (spans[6 * first] as number)) + 8 * (last - first) + 3;
    },
    /**
     * The items cell of items [first, last) as csvRecord writes neutraliseCsvCell's text of
     * "name (variant) x qty; …": quoted when a part needs it, an apostrophe before a formula's first
     * character (only a name can start the cell: the other parts start with a space).
     */
    writeCell(out: Buffer, at: number, first: number, last: number): number {
      if (first === last) {
        out[at] = QUOTE;
        out[at + 1] = QUOTE;
        return at + 2;
      }
      let quoted = false;
      for (let k = first; k < last; k++) if (quotes[k]) quoted = true;
      if (quoted) out[at++] = QUOTE;
      const firstName = spans[6 * first] as number;
      if (firstName < (spans[6 * first + 1] as number) && startsFormula(bytes[firstName] as number))
        out[at++] = APOSTROPHE;
      for (let k = first; k < last; k++) {
        const base = 6 * k;
        if (k > first) {
          out[at++] = 59;
          out[at++] = 32;
        }
        at = copy(out, at, bytes, spans[base] as number, spans[base + 1] as number, quoted);
        const variantFrom = spans[base + 2] as number;
        if (variantFrom >= 0) {
          out[at++] = 32;
          out[at++] = 40;
          at = copy(out, at, bytes, variantFrom, spans[base + 3] as number, quoted);
          out[at++] = 41;
        }
        out[at++] = 32;
        out[at++] = 120;
        out[at++] = 32;
        at = copy(out, at, bytes, spans[base + 4] as number, spans[base + 5] as number, false);
      }
      if (quoted) out[at++] = QUOTE;
      return at;
    },
  };
}
type ItemRows = ReturnType<typeof createItemRows>;

const asCell = (value: string) => ascii(csvRecord([value]).slice(0, -1));
const EMPTY = ascii('""');

/**
 * Writes export lines into one growing buffer: `item(row)` takes an item row of the batch (all of them
 * before its orders), `write(row)` appends an order's line, `take()` answers the bytes written and
 * starts over.
 */
export function createExportLineWriter(sizeHint = 1 << 16) {
  let out = Buffer.allocUnsafe(sizeHint);
  let at = 0;
  let fallbacks = 0;
  let rows = 0;
  const items = createItemRows();
  /** The first item not yet written (items and orders both arrive by order id). */
  let nextItem = 0;
  // The row's bytes as a Buffer (one element kind for every read), made once per answer.
  let rowBytes: Uint8Array | null = null;
  let src: Buffer = Buffer.alloc(0);
  /** The Gateway cell of each gateway id (a handful: the catalogue and 'Unknown'). */
  const gatewayCells = new Map<number | null, Buffer>();
  const statusCells = new Map<string, Buffer>();

  const reserve = (bytes: number) => {
    if (at + bytes <= out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, at + bytes));
    out.copy(bigger, 0, 0, at);
    out = bigger;
  };

  function write(row: RawRow) {
    const fields = row.fields;
    rows++;
    if (row.bytes !== rowBytes) {
      rowBytes = row.bytes;
      src = Buffer.from(rowBytes.buffer, rowBytes.byteOffset, rowBytes.byteLength);
      // A batch's lines take about the bytes of its answer: one buffer of that size to start with.
      reserve(src.length);
    }
    const bytes = src;
    // This order's items: those of orders not exported (deleted, another funnel) are passed over.
    const id = idOf(bytes, fields[2 * ORDER_ID] as number, fields[2 * ORDER_ID + 1] as number);
    if (id === null) throw new Error('an export row without its order id');
    while (nextItem < items.count && items.orderId(nextItem) < id) nextItem++;
    const firstItem = nextItem;
    while (nextItem < items.count && items.orderId(nextItem) === id) nextItem++;
    const lastItem = nextItem;
    // The cases written the common way; anything else is exportRecord's.
    const first = fields[10] as number;
    const firstEnd = fields[11] as number;
    const last = fields[12] as number;
    const lastEnd = fields[13] as number;
    const amount =
      (fields[20] as number) < 0 ? null : integerOf(bytes, fields[20] as number, fields[21] as number, 15);
    const gatewayId =
      (fields[24] as number) < 0 ? null : integerOf(bytes, fields[24] as number, fields[25] as number, 9);
    if (
      row.count !== FIELDS ||
      (fields[0] as number) < 0 ||
      (fields[2] as number) < 0 ||
      !isUtcTime(bytes, fields[2] as number, fields[3] as number) ||
      first < 0 ||
      last < 0 ||
      (first !== firstEnd && !solid(bytes, first, firstEnd)) ||
      (last !== lastEnd && !solid(bytes, last, lastEnd)) ||
      (fields[14] as number) < 0 ||
      (fields[18] as number) < 0 ||
      integerOf(bytes, fields[18] as number, fields[19] as number, 9) === null ||
      amount === null ||
      (fields[22] as number) < 0 ||
      ((fields[24] as number) >= 0 && gatewayId === null)
    ) {
      fallbacks++;
      const text = textRow(row);
      text[ORDER_ID] = itemsTextOf(items, firstItem, lastItem);
      const line = exportRecord(text);
      reserve(Buffer.byteLength(line));
      at += out.write(line, at, 'utf8');
      return;
    }
    // At most every byte doubled (quotes), plus each cell's quotes, apostrophe and comma, and the
    // fixed cells (time, status, amount, gateway, yes/no).
    let size = 256 + items.size(firstItem, lastItem);
    for (let i = 0; i < 2 * row.count; i += 2) {
      const from = fields[i] as number;
      if (from >= 0) size += 2 * ((fields[i + 1] as number) - from) + 4;
    }
    reserve(size);
    const o = out;
    let a = at;

    a = cell(o, a, bytes, fields[0] as number, fields[1] as number);
    o[a++] = COMMA;
    // isoTime: the date, 'T', the time, '.', the fraction's first three digits (padded), 'Z'.
    const time = fields[2] as number;
    for (let i = 0; i < 10; i++) o[a++] = bytes[time + i] as number;
    o[a++] = 84;
    for (let i = 11; i < 19; i++) o[a++] = bytes[time + i] as number;
    o[a++] = 46;
    const fraction = (fields[3] as number) - 3 - (time + 20);
    for (let i = 0; i < 3; i++) o[a++] = i < fraction ? (bytes[time + 20 + i] as number) : 48;
    o[a++] = 90;
    o[a++] = COMMA;
    const status = orderStatus({
      payment_status: ((fields[4] as number) < 0
        ? null
        : bytes.toString('utf8', fields[4] as number, fields[5] as number)) as ExportedOrder['paymentStatus'],
      is_fulfilled: isTrue(bytes, fields, 3),
      is_refunded: isTrue(bytes, fields, 4),
    });
    let statusCell = statusCells.get(status);
    if (!statusCell) {
      statusCell = asCell(status);
      statusCells.set(status, statusCell);
    }
    a = word(o, a, statusCell);
    o[a++] = COMMA;
    // `${first} ${last}`.trim(): the non-empty parts' ends are kept by trim, so only an empty part
    // changes the joined text.
    if (first === firstEnd && last === lastEnd) a = word(o, a, EMPTY);
    else if (first === firstEnd) a = cell(o, a, bytes, last, lastEnd);
    else if (last === lastEnd) a = cell(o, a, bytes, first, firstEnd);
    else a = cell(o, a, bytes, first, firstEnd, last, lastEnd);
    o[a++] = COMMA;
    a = cell(o, a, bytes, fields[14] as number, fields[15] as number);
    o[a++] = COMMA;
    a = items.writeCell(o, a, firstItem, lastItem);
    o[a++] = COMMA;
    a = cell(o, a, bytes, fields[18] as number, fields[19] as number);
    o[a++] = COMMA;
    // amountText, neutralised by its '-' when negative.
    if (amount < 0) {
      o[a++] = APOSTROPHE;
      o[a++] = 45;
    }
    const whole = Math.abs(amount);
    const cents = whole % 100;
    a = digits(o, a, (whole - cents) / 100);
    o[a++] = 46;
    o[a++] = 48 + Math.floor(cents / 10);
    o[a++] = 48 + (cents % 10);
    o[a++] = COMMA;
    a = cell(o, a, bytes, fields[22] as number, fields[23] as number);
    o[a++] = COMMA;
    let gatewayCell = gatewayCells.get(gatewayId);
    if (!gatewayCell) {
      gatewayCell = asCell(gatewayById(gatewayId).name);
      if (gatewayCells.size < 1_000) gatewayCells.set(gatewayId, gatewayCell);
    }
    a = word(o, a, gatewayCell);
    o[a++] = COMMA;
    a = textCell(o, a, bytes, fields, 13);
    for (const i of FLAGS) {
      o[a++] = COMMA;
      a = word(o, a, isTrue(bytes, fields, i) ? YES : NO);
    }
    for (const i of TRAILING) {
      o[a++] = COMMA;
      a = textCell(o, a, bytes, fields, i);
    }
    o[a++] = 10;
    at = a;
  }

  return {
    item: (row: RawRow) => items.add(row),
    write,
    /** How many order lines were written. */
    get rows() {
      return rows;
    },
    /** How many rows exportRecord wrote (the uncommon ones). */
    get fallbacks() {
      return fallbacks;
    },
    /** The bytes written since the last take (a buffer this writer does not write again). */
    take(): Buffer {
      const bytes = out.subarray(0, at);
      out = Buffer.allocUnsafe(sizeHint);
      at = 0;
      return bytes;
    },
  };
}
