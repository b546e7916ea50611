/** "Prices round to two decimals." */
export function roundPrice(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** "Rates are percentages capped at 100 and 0 when the value is 0." */
export function rate(value: number, total: number): number {
  if (value === 0 || total === 0) return 0;
  return Math.min(100, roundPrice((value / total) * 100));
}

/** "Chart delta is a percent with two decimals; if the old value is zero and the new value nonzero it is 100." */
export function delta(newValue: number, oldValue: number): number {
  if (oldValue === 0) return newValue === 0 ? 0 : 100;
  return roundPrice(((newValue - oldValue) / oldValue) * 100);
}

const UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** "Large numbers abbreviate as k, M, G, T, P, E." One decimal at most, none when it is zero. */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  let n = Math.abs(value);
  let unit = 0;
  while (n >= 1000 && unit < UNITS.length - 1) {
    n /= 1000;
    unit++;
  }
  const rounded = Math.round(n * 10) / 10;
  // 999,950 rounds to 1000k: carry into the next unit.
  if (rounded >= 1000 && unit < UNITS.length - 1) return `${sign}1${UNITS[unit + 1]}`;
  return `${sign}${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}${UNITS[unit]}`;
}
