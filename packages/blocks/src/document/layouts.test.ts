import { describe, expect, it } from 'vitest';
import { COLUMN_LAYOUTS, columnLayoutSchema, EMAIL_WIDTH, SECTION_WIDTHS, VIEW_WIDTHS } from './layouts.ts';

describe('widths (spec §4, §9)', () => {
  it('"Page widths 1200 (desktop), 850 (tablets), 420 (mobile)."', () => {
    expect(VIEW_WIDTHS).toEqual({ desktop: 1200, tablets: 850, mobile: 420 });
  });

  it('"Email default width 650, maximum 1200"', () => {
    expect(EMAIL_WIDTH).toMatchObject({ default: 650, max: 1200 });
  });

  it('"section widths full 100%, wide 75%, half 50%"', () => {
    expect(SECTION_WIDTHS).toEqual({ full: 100, wide: 75, half: 50 });
  });

  it('"Column layouts one to six": every layout is named by the schema and fills the row', () => {
    expect(columnLayoutSchema.options).toEqual(Object.keys(COLUMN_LAYOUTS));
    for (const widths of Object.values(COLUMN_LAYOUTS)) {
      expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(100, 3);
    }
  });
});
