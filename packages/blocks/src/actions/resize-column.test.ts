import { describe, expect, it } from 'vitest';
import type { ColumnLayout } from '../document/layouts.ts';
import { build, deepFreeze, samplePage, unwrap } from '../test-support.ts';
import { MIN_COLUMN_WIDTH, resizeColumn } from './resize-column.ts';

const pageWith = (layout: ColumnLayout) =>
  deepFreeze(build(samplePage(), [[{ type: 'addRow', sectionId: 60, layout }, 70]]));

const widthsAfter = (layout: ColumnLayout, column: number, width: number) =>
  unwrap(
    resizeColumn(pageWith(layout), { type: 'resizeColumn', rowId: 70, column, width }),
  ).rows[70]?.cols.map((col) => col.width);

describe('resizeColumn', () => {
  it('"Resizing a column shifts the difference to the next column"', () => {
    expect(widthsAfter('two', 0, 60)).toEqual([60, 40]);
    expect(widthsAfter('four', 1, 15)).toEqual([25, 15, 35, 25]);
    expect(widthsAfter('three', 1, 40)).toEqual([33.3333, 40, 26.6666]);
  });

  it('keeps the children of both columns', () => {
    const next = unwrap(resizeColumn(samplePage(), { type: 'resizeColumn', rowId: 2, column: 0, width: 70 }));
    expect(next.rows[2]?.cols).toEqual([
      { width: 70, children: [10, 11] },
      { width: 30, children: [12] },
    ]);
  });

  it('the last column has no next one, so it shifts the difference to the one before', () => {
    expect(widthsAfter('four', 3, 30)).toEqual([25, 25, 20, 30]);
    expect(widthsAfter('five', 1, 35)).toEqual([65, 35]);
  });

  it(`never makes a column narrower than ${MIN_COLUMN_WIDTH}`, () => {
    expect(MIN_COLUMN_WIDTH).toBe(5);
    expect(widthsAfter('two', 0, 99)).toEqual([95, 5]);
    expect(widthsAfter('two', 0, -10)).toEqual([5, 95]);
    expect(widthsAfter('four', 0, 80)).toEqual([45, 5, 25, 25]);
  });

  it('a single column stays at 100', () => {
    const page = pageWith('one');
    expect(resizeColumn(page, { type: 'resizeColumn', rowId: 70, column: 0, width: 50 })).toEqual({
      ok: true,
      document: page,
    });
  });

  it('refuses a column that does not exist and a width that is not a number', () => {
    expect(resizeColumn(samplePage(), { type: 'resizeColumn', rowId: 2, column: 2, width: 50 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no column 2 in row 2' },
    });
    expect(
      resizeColumn(samplePage(), { type: 'resizeColumn', rowId: 2, column: 0, width: Number.NaN }),
    ).toEqual({
      ok: false,
      error: { code: 'invalid-target', message: 'Width NaN is not a number' },
    });
  });
});
