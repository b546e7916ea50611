import { fromMinorUnits } from '@funnelwork/domain/rules';
import { describe, expect, it } from 'vitest';
import type { TextRow } from '../../db/client.ts';
import { iso } from '../../db/query-helpers.ts';
import { amountText, csvRecord, type ExportedOrder, exportCells, isoTime } from './exports.csv.ts';
import { exportRecord } from './exports.sql.ts';

/** The order a row of exportPlainRowsSql holds, read field by field. */
function orderOfRow(row: TextRow): ExportedOrder {
  const text = (value: string | null | undefined) => value ?? null;
  return {
    orderNumber: row[0] as string,
    createdAt: row[1] as string,
    paymentStatus: text(row[2]) as ExportedOrder['paymentStatus'],
    isFulfilled: row[3] === 't',
    isRefunded: row[4] === 't',
    firstName: row[5] as string,
    lastName: row[6] as string,
    email: row[7] as string,
    itemsCount: Number(row[9]),
    amountMinor: Number(row[10]),
    currency: row[11] as string,
    gatewayId: row[12] === null ? null : Number(row[12]),
    reference: text(row[13]),
    isCanceled: row[14] === 't',
    isArchived: row[15] === 't',
    trackingNumber: text(row[16]),
    shippingCarrier: text(row[17]) as ExportedOrder['shippingCarrier'],
    trackingUrl: text(row[18]),
  };
}

describe('the export cells read straight from database text', () => {
  it('give the ISO time iso() gives, milliseconds truncated, and leave other texts to iso()', () => {
    for (const text of [
      '2025-01-05 10:00:00+00',
      '2025-01-05 10:00:00.1+00',
      '2025-01-05 10:00:00.12+00',
      '2025-01-05 10:00:00.123+00',
      '2025-01-05 10:00:00.1239+00',
      '2025-12-31 23:59:59.999999+00',
      '2025-01-05 12:00:00.5+02',
      '2025-01-05T10:00:00.123Z',
    ]) {
      expect(isoTime(text)).toBe(iso(text));
    }
    expect(isoTime('2025-01-05 10:00:00.1239+00')).toBe('2025-01-05T10:00:00.123Z');
    const date = new Date(Date.UTC(2025, 0, 5, 10, 0, 0, 7));
    expect(isoTime(date)).toBe(iso(date));
  });

  it('give the amount text fromMinorUnits(minor).toFixed(2) gives', () => {
    const values = [0, 1, 9, 10, 99, 100, 101, 1999, -1, -50, -1250, 123456789, -987654321, 2 ** 53 - 1];
    for (let minor = -1000; minor <= 1000; minor++) values.push(minor);
    for (const minor of values) expect(amountText(minor)).toBe(fromMinorUnits(minor).toFixed(2));
  });

  it('write a CSV record as COPY does: quoted when empty or holding a comma, quote, CR or LF', () => {
    expect(csvRecord(['a', '', 'b,c', 'say "hi"', 'x\ny', 'x\ry', "'=1", ' '])).toBe(
      'a,"","b,c","say ""hi""","x\ny","x\ry",\'=1, \n',
    );
  });

  it('write each database row as the line csvRecord(exportCells(…)) writes for its order, awkward values included', () => {
    const pick = <T>(values: readonly T[], n: number) => values[n % values.length] as T;
    const texts = [
      '',
      'plain',
      '=SUM(A1)',
      '+1',
      '-minus',
      '@at',
      '\tTab',
      '\rCR',
      'a,b',
      'say "hi"',
      'x\ny',
      ' spaced ',
      'Zoë 😀',
      "'quoted",
    ];
    const times = ['2025-01-05 10:00:00+00', '2025-01-05 10:00:00.123456+00', '2025-01-05 12:00:00.5+02'];
    let lines = 0;
    for (let n = 0; n < 2_000; n++) {
      const row: TextRow = [
        pick(['1001', '-7', '=1'], n),
        pick(times, n),
        pick([null, 'processing', 'failed', 'paid'], n),
        pick(['t', 'f'], n >> 1),
        pick(['t', 'f'], n >> 2),
        pick(texts, n),
        pick(texts, n * 7 + 3),
        pick(texts, n * 5 + 1),
        pick([null, '', '-Tee (Large) x 2; Cap, "red" x 1', 'Pin x 3'], n),
        pick(['1', '3', '-2'], n),
        pick(['0', '1999', '-1250', '123456789'], n),
        pick(['USD', '=X'], n >> 3),
        pick([null, '5', '14', '99'], n),
        pick([null, ...texts], n * 3),
        pick(['t', 'f'], n >> 3),
        pick(['t', 'f'], n >> 4),
        pick([null, ...texts], n * 11),
        pick([null, 'ups', 'other'], n),
        pick([null, ...texts], n * 13),
      ];
      expect(exportRecord(row), JSON.stringify(row)).toBe(
        csvRecord(exportCells(orderOfRow(row), row[8] ?? '')),
      );
      lines++;
    }
    expect(lines).toBe(2_000);
  });
});
