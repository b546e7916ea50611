import { describe, expect, it } from 'vitest';
import { COLUMN_LAYOUTS, type ColumnLayout } from '../document/layouts.ts';
import { validateDocument } from '../document/schema.ts';
import { build, deepFreeze, samplePage, unwrap } from '../test-support.ts';
import { setColumnLayout } from './set-column-layout.ts';

/** Row 70 with four columns holding blocks 71 | 72 | 73, 74 | 75. */
function fourColumnPage() {
  const slot = (column: number) => ({ kind: 'column' as const, rowId: 70, column });
  return build(samplePage(), [
    [{ type: 'addRow', sectionId: 60, layout: 'four' }, 70],
    [{ type: 'addBlock', blockType: 'headline', slot: slot(0) }, 71],
    [{ type: 'addBlock', blockType: 'paragraph', slot: slot(1) }, 72],
    [{ type: 'addBlock', blockType: 'image', slot: slot(2) }, 73],
    [{ type: 'addBlock', blockType: 'link', slot: slot(2) }, 74],
    [{ type: 'addBlock', blockType: 'button', slot: slot(3) }, 75],
  ]);
}

describe('setColumnLayout', () => {
  it('"one = 100; two = 50/50; three = 3 x 33.3333; four = 4 x 25; five = 75/25; six = 25/75"', () => {
    expect(COLUMN_LAYOUTS).toEqual({
      one: [100],
      two: [50, 50],
      three: [33.3333, 33.3333, 33.3333],
      four: [25, 25, 25, 25],
      five: [75, 25],
      six: [25, 75],
    });
    const widths = (layout: ColumnLayout) =>
      unwrap(setColumnLayout(samplePage(), { type: 'setColumnLayout', rowId: 3, layout })).rows[3]?.cols.map(
        (column) => column.width,
      );
    expect(widths('one')).toEqual([100]);
    expect(widths('two')).toEqual([50, 50]);
    expect(widths('three')).toEqual([33.3333, 33.3333, 33.3333]);
    expect(widths('four')).toEqual([25, 25, 25, 25]);
    expect(widths('five')).toEqual([75, 25]);
    expect(widths('six')).toEqual([25, 75]);
  });

  it('"Changing layout keeps children by moving surplus children into the last column"', () => {
    const page = deepFreeze(fourColumnPage());
    const next = unwrap(setColumnLayout(page, { type: 'setColumnLayout', rowId: 70, layout: 'two' }));
    expect(next.rows[70]?.cols).toEqual([
      { width: 50, children: [71] },
      { width: 50, children: [72, 73, 74, 75] },
    ]);
    expect(next.rows[70]?.attributes.basic.columns).toBe('two');
    expect(validateDocument(next).ok).toBe(true);

    const single = unwrap(setColumnLayout(page, { type: 'setColumnLayout', rowId: 70, layout: 'one' }));
    expect(single.rows[70]?.cols).toEqual([{ width: 100, children: [71, 72, 73, 74, 75] }]);
  });

  it('more columns keep every child where it was and add empty columns', () => {
    const next = unwrap(setColumnLayout(samplePage(), { type: 'setColumnLayout', rowId: 2, layout: 'four' }));
    expect(next.rows[2]?.cols).toEqual([
      { width: 25, children: [10, 11] },
      { width: 25, children: [12] },
      { width: 25, children: [] },
      { width: 25, children: [] },
    ]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('says so when the row does not exist', () => {
    expect(setColumnLayout(samplePage(), { type: 'setColumnLayout', rowId: 999, layout: 'two' })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no row 999' },
    });
  });
});
