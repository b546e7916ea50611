/** "pagination with Prev and Next and a visible range of 7 pages". */
export const PAGINATION_RANGE = 7;

/**
 * The zero-based page numbers the pagination shows: a window of `range` pages that keeps the
 * current page in the middle where it can, and slides to the first or last pages near the ends.
 */
export function pageWindow(page: number, totalPages: number, range: number = PAGINATION_RANGE): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(range, totalPages);
  const current = Math.min(Math.max(page, 0), totalPages - 1);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 0), totalPages - size);
  return Array.from({ length: size }, (_, i) => start + i);
}
