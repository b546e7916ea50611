import { describe, expect, it } from 'vitest';
import { abbreviateNumber, delta, rate, roundPrice } from './numbers.ts';

describe('numbers (spec §9)', () => {
  it('"Rates are percentages capped at 100 and 0 when the value is 0"', () => {
    expect(rate(0, 50)).toBe(0);
    expect(rate(5, 0)).toBe(0);
    expect(rate(1, 3)).toBe(33.33);
    expect(rate(150, 100)).toBe(100);
  });
  it('"Chart delta is a percent with two decimals; if the old value is zero and the new value nonzero it is 100"', () => {
    expect(delta(150, 100)).toBe(50);
    expect(delta(1, 3)).toBe(-66.67);
    expect(delta(7, 0)).toBe(100);
    expect(delta(0, 0)).toBe(0);
  });
  it('"Large numbers abbreviate as k, M, G, T, P, E"', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(999_950)).toBe('1M');
    expect(abbreviateNumber(3e9)).toBe('3G');
    expect(abbreviateNumber(4e12)).toBe('4T');
    expect(abbreviateNumber(5e15)).toBe('5P');
    expect(abbreviateNumber(6e18)).toBe('6E');
    expect(abbreviateNumber(-1200)).toBe('-1.2k');
  });
  it('"Prices round to two decimals"', () => {
    expect(roundPrice(1.005)).toBe(1.01);
    expect(roundPrice(19.999)).toBe(20);
  });
});
