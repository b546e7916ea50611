import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  delta,
  formatCount,
  groupThousands,
  rate,
  roundPrice,
  roundTo,
} from './numbers.ts';

describe('"Rates are percentages capped at 100 and 0 when the value is 0."', () => {
  it('is value / total as a percent with two decimals', () => {
    expect(rate(50, 200)).toBe(25);
    expect(rate(1, 3)).toBe(33.33);
    expect(rate(2, 3)).toBe(66.67);
    expect(rate(99.99, 100)).toBe(99.99);
  });
  it('is capped at 100', () => {
    expect(rate(100, 100)).toBe(100);
    expect(rate(100.01, 100)).toBe(100);
    expect(rate(150, 100)).toBe(100);
  });
  it('is 0 when the value is 0 (and when the total is 0)', () => {
    expect(rate(0, 10)).toBe(0);
    expect(rate(0, 0)).toBe(0);
    expect(rate(5, 0)).toBe(0);
  });
});

describe(
  '"Chart delta is a percent with two decimals; if the old value is zero and the ' +
    'new value nonzero it is 100."',
  () => {
    it('is (new - old) / old as a percent with two decimals', () => {
      expect(delta(150, 100)).toBe(50);
      expect(delta(50, 100)).toBe(-50);
      expect(delta(1, 3)).toBe(-66.67);
      expect(delta(4, 3)).toBe(33.33);
      expect(delta(0, 5)).toBe(-100);
      expect(delta(100, 100)).toBe(0);
    });
    it('keeps the sign of the change when the old value is negative (net revenue after refunds)', () => {
      expect(delta(100, -100)).toBe(200);
      expect(delta(-150, -100)).toBe(-50);
      expect(delta(-50, -100)).toBe(50);
    });
    it('is 100 when the old value is zero and the new one is not; 0 when both are zero', () => {
      expect(delta(5, 0)).toBe(100);
      expect(delta(0.01, 0)).toBe(100);
      expect(delta(-3, 0)).toBe(100);
      expect(delta(0, 0)).toBe(0);
    });
  },
);

describe('"Large numbers abbreviate as k, M, G, T, P, E."', () => {
  it('keeps numbers under 1000 as they are', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(7)).toBe('7');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.34)).toBe('12.3');
  });
  it('uses k, M, G, T, P, E with at most one decimal and no trailing .0', () => {
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1049)).toBe('1k');
    expect(abbreviateNumber(1050)).toBe('1.1k');
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(999_949)).toBe('999.9k');
    expect(abbreviateNumber(999_950)).toBe('1M');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(1e9)).toBe('1G');
    expect(abbreviateNumber(3.21e12)).toBe('3.2T');
    expect(abbreviateNumber(1e15)).toBe('1P');
    expect(abbreviateNumber(1e18)).toBe('1E');
    expect(abbreviateNumber(1e21)).toBe('1000E');
  });
  it('keeps the sign of negatives', () => {
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
    expect(abbreviateNumber(-999)).toBe('-999');
    expect(abbreviateNumber(-2_000_000)).toBe('-2M');
  });
});

describe('"Prices round to two decimals"', () => {
  it('rounds half away from zero, free of binary noise', () => {
    expect(roundPrice(1.005)).toBe(1.01);
    expect(roundPrice(2.345)).toBe(2.35);
    expect(roundPrice(2.344)).toBe(2.34);
    expect(roundPrice(-1.005)).toBe(-1.01);
    expect(roundPrice(10)).toBe(10);
    expect(roundPrice(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(roundPrice(-0.001), 0)).toBe(true);
    expect(roundTo(1.25, 1)).toBe(1.3);
  });
});

describe('counts with thousands separators, as en-US writes them', () => {
  it('groups digits in threes from the right', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
  it('is what toLocaleString("en-US") gives for whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 1300, 65_536, 1_000_000, 123_456_789, -12_000, 2 ** 40])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
  it('rounds to a whole number and never shows -0', () => {
    expect(formatCount(1299.6)).toBe('1,300');
    expect(formatCount(-0.4)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
