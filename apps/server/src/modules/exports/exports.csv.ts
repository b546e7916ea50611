// The orders export's cells in TypeScript: `csvLine` is the rule the SQL cells (exports.sql.ts) are
// tested against, and on the embedded database the export itself (`csvRecord` over `exportCells`).
import {
  fromMinorUnits,
  gatewayById,
  neutraliseCsvCell,
  orderStatus,
  shownVariantTitle,
} from '@funnelwork/domain/rules';
import { iso } from '../../db/query-helpers.ts';
import type { itemsOf, OrderRow } from '../orders/orders.queries.ts';

/** An order's items as `itemsOf` reads them. */
type OrderItems = Awaited<ReturnType<typeof itemsOf>> extends Map<number, infer R> ? R : never;

/** The order fields the export reads; `createdAt` as the database's text or a Date. */
export type ExportedOrder = Pick<
  OrderRow,
  | 'orderNumber'
  | 'paymentStatus'
  | 'isFulfilled'
  | 'isRefunded'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'itemsCount'
  | 'amountMinor'
  | 'currency'
  | 'gatewayId'
  | 'reference'
  | 'isCanceled'
  | 'isArchived'
  | 'trackingNumber'
  | 'shippingCarrier'
  | 'trackingUrl'
  | 'shippingAddress'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingZip'
  | 'shippingCountry'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
> & { createdAt: Date | string };

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/**
 * `iso(value)` (ISO 8601 in UTC, milliseconds truncated as Date does), read directly from the
 * database's text of a time in UTC ('2025-01-05 10:00:00.123456+00', the fraction optional) without
 * building a Date; any other value goes through `iso`.
 */
export function isoTime(value: Date | string): string {
  if (typeof value !== 'string' || !isUtcDatabaseTime(value)) return iso(value);
  const fraction = value.length > 22 ? value.slice(20, -3) : '';
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction.length >= 3 ? fraction.slice(0, 3) : `${fraction}000`.slice(0, 3)}Z`;
}

/**
 * The database's text of a time in UTC is 'YYYY-MM-DD HH:MM:SS', an optional '.' and 1–6 digits, then
 * '+00': these are its possible lengths, and the character each position before the '+00' holds.
 * Strings (`isUtcDatabaseTime`) and answers' bytes (exports.lines.ts) are read by the same two rules.
 */
export const utcTimeLengthFits = (length: number) => length === 22 || (length >= 24 && length <= 29);
export function utcTimeCodeFits(i: number, code: number): boolean {
  const expected = i === 4 || i === 7 ? 45 : i === 10 ? 32 : i === 13 || i === 16 ? 58 : i === 19 ? 46 : 0;
  return expected ? code === expected : code >= 48 && code <= 57;
}

function isUtcDatabaseTime(value: string): boolean {
  const length = value.length;
  if (!utcTimeLengthFits(length) || !value.endsWith('+00')) return false;
  for (let i = 0; i < length - 3; i++) if (!utcTimeCodeFits(i, value.charCodeAt(i))) return false;
  return true;
}

/** `fromMinorUnits(minor).toFixed(2)`, by integer arithmetic for a safe integer. */
export function amountText(minor: number): string {
  if (!Number.isSafeInteger(minor)) return fromMinorUnits(minor).toFixed(2);
  const whole = Math.abs(minor);
  const cents = whole % 100;
  return `${minor < 0 ? '-' : ''}${(whole - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/** Items as "name (variant) x qty; …" in item order; 'Main Product' and empty variants are not shown. */
export function itemsText(items: OrderItems): string {
  return items
    .map((item) => {
      const variant = shownVariantTitle({
        ...item,
        product_id: item.productId,
        variant_title: item.variantTitle,
      });
      return `${item.name}${variant ? ` (${variant})` : ''} x ${item.qty}`;
    })
    .join('; ');
}

/** The cells of EXPORT_COLUMNS for one order, each through neutraliseCsvCell (formula injection). */
export function exportCells(order: ExportedOrder, items: string): string[] {
  const cells = [
    order.orderNumber,
    isoTime(order.createdAt),
    orderStatus({
      payment_status: order.paymentStatus,
      is_fulfilled: order.isFulfilled,
      is_refunded: order.isRefunded,
    }),
    `${order.firstName} ${order.lastName}`.trim(),
    order.email,
    items,
    String(order.itemsCount),
    amountText(order.amountMinor),
    order.currency,
    gatewayById(order.gatewayId).name,
    order.reference ?? '',
    yesNo(order.isCanceled),
    yesNo(order.isRefunded),
    yesNo(order.isFulfilled),
    yesNo(order.isArchived),
    order.trackingNumber ?? '',
    order.shippingCarrier ?? '',
    order.trackingUrl ?? '',
    order.shippingAddress,
    order.shippingCity,
    order.shippingState,
    order.shippingZip,
    order.shippingCountry,
    order.address,
    order.city,
    order.state,
    order.zip,
    order.country,
  ];
  for (let i = 0; i < cells.length; i++) cells[i] = neutraliseCsvCell(cells[i] as string);
  return cells;
}

/** One CSV line of an order, as cells. */
export function csvLine(order: ExportedOrder, items: OrderItems): string[] {
  return exportCells(order, itemsText(items));
}

/** Whether PostgreSQL's CSV output quotes this text: empty (unquoted would be NULL), or a comma, quote, CR or LF in it. */
function needsQuotes(cell: string): boolean {
  if (cell === '') return true;
  for (let i = 0; i < cell.length; i++) if (quotedBy(cell.charCodeAt(i))) return true;
  return false;
}

/** The characters that make a CSV cell quoted: comma, quote, LF, CR. */
export function quotedBy(code: number): boolean {
  return code === 44 || code === 34 || code === 10 || code === 13;
}

/**
 * A CSV record written exactly as PostgreSQL's `COPY … (format csv)` writes non-null text: a cell is
 * quoted when `needsQuotes`, with quotes inside doubled; the line ends with LF.
 */
export function csvRecord(cells: readonly string[]): string {
  const quoted = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as string;
    quoted[i] = needsQuotes(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  // One join writes the line as one flat string (no chain of concatenations to flatten later).
  return `${quoted.join(',')}\n`;
}
