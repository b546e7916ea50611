import { describe, expect, it } from 'vitest';
import {
  discountIsLive,
  discountValueFromStored,
  discountValueToStored,
  joinIdList,
  parseIdList,
} from './rules.ts';

describe('discount values', () => {
  it('store whole numbers: hundredths of a percent, or minor units; "Prices round to two decimals."', () => {
    expect(discountValueToStored('percent', 12.5)).toBe(1250);
    expect(discountValueToStored('percent', 100)).toBe(10000);
    expect(discountValueToStored('fixed', 9.995)).toBe(1000);
    expect(discountValueFromStored('percent', 1250)).toBe(12.5);
    expect(discountValueFromStored('fixed', 1000)).toBe(10);
  });
  it('a discount is live when active, inside its window and under its limit', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const base = { active: true, starts_at: null, ends_at: null, usage_limit: null, used_count: 0 };
    expect(discountIsLive(base, now)).toBe(true);
    expect(discountIsLive({ ...base, active: false }, now)).toBe(false);
    expect(discountIsLive({ ...base, starts_at: '2026-03-11T00:00:00Z' }, now)).toBe(false);
    expect(discountIsLive({ ...base, ends_at: '2026-03-10T12:00:00Z' }, now)).toBe(false);
    expect(discountIsLive({ ...base, usage_limit: 2, used_count: 2 }, now)).toBe(false);
    expect(discountIsLive({ ...base, usage_limit: 2, used_count: 1 }, now)).toBe(true);
  });
});

describe('id lists', () => {
  it('"product images (ids joined by a vertical bar …)"', () => {
    expect(joinIdList([12, 7])).toBe('12|7');
    expect(parseIdList('12|7|12')).toEqual([12, 7]);
    expect(parseIdList('12||7|')).toEqual([12, 7]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList('12|x')).toBeNull();
    expect(parseIdList('0')).toBeNull();
    expect(parseIdList('99999999999999999999')).toBeNull();
  });
});
