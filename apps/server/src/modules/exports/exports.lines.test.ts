import { describe, expect, it } from 'vitest';
import type { RawRow, TextRow } from '../../db/client.ts';
import { createExportLineWriter, exportRecord } from './exports.lines.ts';

/** The rows as the database's UTF-8 text of each column, one buffer for all (as one answer). */
function rawRows(rows: TextRow[]): RawRow[] {
  const bytes = Buffer.from(
    rows
      .flat()
      .map((v) => v ?? '')
      .join(''),
    'utf8',
  );
  let at = 0;
  return rows.map((row) => {
    const fields = new Int32Array(2 * row.length);
    row.forEach((value, i) => {
      if (value === null) {
        fields[2 * i] = -1;
        fields[2 * i + 1] = -1;
        return;
      }
      fields[2 * i] = at;
      at += Buffer.byteLength(value);
      fields[2 * i + 1] = at;
    });
    return { bytes, fields, count: row.length };
  });
}

/** The item rows (order id, name, variant, quantity) an items cell's text was joined from. */
function itemRows(orderId: string, items: string): TextRow[] {
  if (items === '') return [];
  return items.split('; ').map((item) => {
    const [, name, variant, qty] = /^(.*?)(?: \((.*)\))? x (-?\d+)$/s.exec(item) ?? [];
    if (name === undefined || qty === undefined) throw new Error(`not an item: ${item}`);
    return [orderId, name, variant ?? null, qty];
  });
}

/**
 * The rows written the way the export reads them: a batch's item rows first (with items of an order
 * that is not exported, and variants that are not shown), then its order rows, whose field 8 is the
 * order's id instead of the items cell's text.
 */
function written(rows: TextRow[], sizeHint?: number) {
  const writer = createExportLineWriter(sizeHint);
  const items: TextRow[] = [];
  const orders = rows.map((row, n) => {
    const id = String(2 * n + 2);
    items.push([String(2 * n + 1), 'Not exported', null, '1']);
    items.push(...itemRows(id, row[8] ?? ''));
    return row.map((value, i) => (i === 8 ? id : value));
  });
  // 'Main Product' and empty variants are not shown: these rows' cells have none.
  for (const item of items) if (item[2] === null && Number(item[0]) % 4 === 0) item[2] = 'Main Product';
  for (const item of items) if (item[2] === null && Number(item[0]) % 6 === 0) item[2] = '';
  for (const row of rawRows(items)) writer.item(row);
  for (const row of rawRows(orders)) writer.write(row);
  return { text: writer.take().toString('utf8'), fallbacks: writer.fallbacks, rows: writer.rows };
}

const row = (overrides: Record<number, string | null> = {}): TextRow => {
  const base: TextRow = [
    '1001',
    '2025-01-05 10:00:00.123456+00',
    null,
    'f',
    'f',
    'Jane',
    'Doe',
    'jane@example.test',
    'Yoga mat x 1',
    '1',
    '2500',
    'USD',
    '14',
    'sbx_ch_1',
    'f',
    'f',
    null,
    null,
    null,
    '1 Main St',
    'Springfield',
    'IL',
    '62701',
    'US',
    '',
    '',
    '',
    '',
    '',
  ];
  for (const [i, value] of Object.entries(overrides)) base[Number(i)] = value;
  return base;
};

describe('export lines written as bytes (the embedded database’s export)', () => {
  it('write a common row the way exportRecord does, without falling back to it', () => {
    const rows = [
      row(),
      row({ 1: '2025-12-31 23:59:59+00', 2: 'processing', 3: 't', 12: null, 13: null }),
      row({ 1: '2025-01-05 10:00:00.1+00', 2: 'failed', 4: 't', 10: '-1250', 12: '99' }),
      row({ 3: 't', 10: '0', 14: 't', 15: 't', 16: '@TRK1', 17: 'other', 18: '=http://x.test' }),
      row({ 4: 't', 10: '123456789012345', 11: '=X' }),
      row({ 5: '=SUM(A1:A9)', 6: 'Doe', 7: '+1@example.test', 8: '-Tee (Large) x 2; Cap, "red" x 1' }),
      row({ 5: '-minus', 6: '', 7: '@at.test', 8: '', 9: '-2' }),
      row({ 5: '', 6: 'Only', 7: '', 8: '' }),
      row({ 5: '', 6: '' }),
      row({ 5: 'Zoë', 6: 'Ünïcode 😀', 7: 'quote"comma,@example.test', 13: 'a\nb', 16: 'x\ry' }),
      row({ 5: 'Émile', 6: '王', 7: 'e@x.test' }),
      row({ 5: 'In\u00a0side', 6: 'Mid dle' }),
      row({ 5: 'Say "hi"', 6: 'Q,R', 13: '=ref1', 0: '=1' }),
      row({ 8: 'Long item name that is well over thirty-two bytes long x 1; another one x 2' }),
      row({ 19: '=1 Formula Rd', 20: '-City', 21: '@st', 22: '+1234', 23: '\tUS' }),
      row({ 24: '9 "Bill" Rd, Apt 2', 25: 'Zürich', 26: 'ZH', 27: '8001', 28: 'CH', 19: '', 23: '' }),
      row({
        19: 'Line one\nLine two',
        24: '\rCR street',
        20: 'A very long city name well over thirty-two bytes',
      }),
      // No address at all, billing where it ships, and billing differing in one part only.
      row({ 19: '', 20: '', 21: '', 22: '', 23: '' }),
      row({ 19: null, 20: null, 21: '', 22: null, 23: '', 24: null, 25: '', 26: null, 27: '', 28: null }),
      row({ 24: '1 Main St', 25: 'Springfield', 26: 'IL', 27: '62701', 28: 'US' }),
      row({ 19: '=1 "Q", St', 24: '=1 "Q", St', 25: 'Springfield', 26: 'IL', 27: '62701', 28: 'US' }),
      row({ 24: '1 Main St', 25: 'Springfield', 26: 'IL', 27: '62702', 28: 'US' }),
      row({ 24: '1 Main St', 25: 'Springfield', 26: 'IL', 27: '62701', 28: 'USA' }),
      row({ 19: '', 20: '', 21: '', 22: '', 23: '', 28: 'RO' }),
    ];
    const { text, fallbacks } = written(rows);
    expect(text).toBe(rows.map(exportRecord).join(''));
    expect(fallbacks).toBe(0);
  });

  it('leave the uncommon rows to exportRecord, with the same bytes', () => {
    const rows = [
      row({ 1: '2025-01-05 12:00:00.5+02' }),
      row({ 1: '2025-01-05T10:00:00.123Z' }),
      row({ 5: ' \u00a0Spaced ', 6: ' Out\n' }),
      row({ 5: '\tTabbed', 6: 'Name' }),
      row({ 5: 'Trail\u00a0', 6: '' }),
      row({ 5: 'Ann', 6: 'Lee\u3000' }),
      row({ 5: '\ufeffBom', 6: 'Lee' }),
      row({ 5: 'Ann', 6: 'Lee\u2029' }),
      row({ 10: '9007199254740993' }),
      row({ 12: '12345678901' }),
    ];
    const { text, fallbacks } = written(rows);
    expect(text).toBe(rows.map(exportRecord).join(''));
    expect(fallbacks).toBe(rows.length);
  });

  it('write thousands of mixed rows into a buffer that grows from a small one', () => {
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
    ];
    const rows: TextRow[] = [];
    for (let n = 0; n < 3_000; n++) {
      rows.push(
        row({
          0: pick(['1001', '-7', '=1'], n),
          1: pick(['2025-01-05 10:00:00+00', '2025-01-05 10:00:00.12+00', '2025-01-05 12:00:00+02'], n),
          2: pick([null, 'processing', 'failed', 'paid'], n),
          3: pick(['t', 'f'], n >> 1),
          4: pick(['t', 'f'], n >> 2),
          5: pick(['Ann', '', ' Bo', 'Zoë', '\u00a0Nb', 'Émile'], n),
          6: pick(['Lee', '', 'Ünï ', '=x', 'End\u2003', '王'], n >> 2),
          7: pick(texts, n * 5 + 1),
          8: pick(
            ['', 'Pin x 3', 'Cap, "red" x 1', '=Cmd x 1; Line\nbreak (Blue "x") x 2', ' (Only variant) x 1'],
            n,
          ),
          9: pick(['1', '3', '-2'], n),
          10: pick(['0', '1999', '-1250', '5', '-5', '100'], n),
          11: pick(['USD', '=X'], n >> 3),
          12: pick([null, '5', '14', '99'], n),
          13: pick([null, ...texts], n * 3),
          14: pick(['t', 'f'], n >> 3),
          15: pick(['t', 'f'], n >> 4),
          16: pick([null, ...texts], n * 11),
          17: pick([null, 'ups', 'other'], n),
          18: pick([null, ...texts], n * 13),
          19: pick(texts, n * 7),
          23: pick(['', 'US', '=X'], n),
          // Billing street: none, the shipping one, or another; the other parts as shipped or not.
          24: pick(['', pick(texts, n * 7), pick(texts, n * 17)], n >> 1),
          25: pick(['', 'Springfield'], n >> 2),
          26: pick(['', 'IL'], n >> 2),
          27: pick(['', '62701'], n >> 2),
          28: pick(['', pick(['', 'US', '=X'], n), '-R'], n >> 3),
        }),
      );
    }
    const { text, fallbacks } = written(rows, 64);
    expect(text).toBe(rows.map(exportRecord).join(''));
    expect(fallbacks).toBeGreaterThan(0);
    // Both ways are taken: rows in UTC with solid names are written as bytes.
    expect(fallbacks).toBeLessThan(rows.length);
  });
});
