import { describe, expect, it } from 'vitest';
import { PAGINATION_RANGE, pageWindow } from './page-window.ts';

describe('pageWindow ("a visible range of 7 pages")', () => {
  it('shows 7 pages', () => {
    expect(PAGINATION_RANGE).toBe(7);
    expect(pageWindow(0, 160)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('keeps the current page in the middle', () => {
    expect(pageWindow(10, 160)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it('slides to the last pages at the end', () => {
    expect(pageWindow(159, 160)).toEqual([153, 154, 155, 156, 157, 158, 159]);
    expect(pageWindow(157, 160)).toEqual([153, 154, 155, 156, 157, 158, 159]);
  });

  it('shows every page when there are fewer than 7', () => {
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 1)).toEqual([0]);
  });

  it('shows nothing without pages and clamps a page beyond the end', () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(50, 4)).toEqual([0, 1, 2, 3]);
  });
});
