import { z } from 'zod';

/**
 * "Column layouts one to six: one = 100; two = 50/50; three = 3 x 33.3333; four = 4 x 25; five = 75/25;
 * six = 25/75." §3.2's 'two+one' and 'one+two' are five and six.
 */
export const COLUMN_LAYOUTS = {
  one: [100],
  two: [50, 50],
  three: [33.3333, 33.3333, 33.3333],
  four: [25, 25, 25, 25],
  five: [75, 25],
  six: [25, 75],
} as const satisfies Record<string, readonly number[]>;

export type ColumnLayout = keyof typeof COLUMN_LAYOUTS;
export const columnLayoutSchema = z.enum(['one', 'two', 'three', 'four', 'five', 'six']);

/** "Page widths 1200 (desktop), 850 (tablets), 420 (mobile)." */
export const VIEW_WIDTHS = { desktop: 1200, tablets: 850, mobile: 420 } as const;
export type ViewMode = keyof typeof VIEW_WIDTHS;

/** "Email default width 650, maximum 1200." */
export const EMAIL_WIDTH = { default: 650, max: 1200, min: 480 } as const;

/** "section widths full 100%, wide 75%, half 50%". */
export const SECTION_WIDTHS = { full: 100, wide: 75, half: 50 } as const;
export type SectionWidth = keyof typeof SECTION_WIDTHS;
