import { fromMinorUnits, toMinorUnits } from '../shared/money.ts';
import { roundTo } from '../shared/numbers.ts';

export const RECURRING_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * A discount's value as stored: for 'fixed' the amount in minor units; for 'percent' hundredths of a
 * percent (12.5 % → 1250), so both are whole numbers.
 */
export function discountValueToStored(kind: DiscountKind, value: number): number {
  return kind === 'percent' ? Math.round(roundTo(value, 2) * 100) : toMinorUnits(value);
}

/** The stored value back as the API shows it: a percent, or major units with two decimals. */
export function discountValueFromStored(kind: DiscountKind, stored: number): number {
  return kind === 'percent' ? roundTo(stored / 100, 2) : fromMinorUnits(stored);
}

/** Whether a discount is usable at `now`: active, inside its window, and under its usage limit. */
export function discountIsLive(
  discount: {
    active: boolean;
    starts_at: string | null;
    ends_at: string | null;
    usage_limit: number | null;
    used_count: number;
  },
  now: Date,
): boolean {
  if (!discount.active) return false;
  if (discount.starts_at && Date.parse(discount.starts_at) > now.getTime()) return false;
  if (discount.ends_at && Date.parse(discount.ends_at) <= now.getTime()) return false;
  if (discount.usage_limit !== null && discount.used_count >= discount.usage_limit) return false;
  return true;
}

/**
 * "product images (ids joined by a vertical bar …)": '12|7|12' → [12, 7]; empty parts are skipped,
 * repeats kept once. null when any part is not a positive whole number.
 */
export function parseIdList(joined: string, separator = '|'): number[] | null {
  const ids: number[] = [];
  for (const part of joined.split(separator)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    if (!/^\d+$/.test(trimmed)) return null;
    const id = Number(trimmed);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The ids joined for the call: [12, 7] → '12|7'. */
export function joinIdList(ids: readonly number[], separator = '|'): string {
  return ids.join(separator);
}
