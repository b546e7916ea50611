/** The middle of `values`, or the average of the two middle ones when their count is even. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Nearest rank: the first value of the ascending `sorted` with at least `p` (0–1) of them at or below it. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/** Sorted `values` at index ⌊q·n⌋: a rank above `percentile` where q·n is whole (0.5: upper middle). */
export const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};

/** `n` rounded to `digits` decimal places. */
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
